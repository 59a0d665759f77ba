import CLibXML2
import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirHTML
@testable import YirReport
@testable import YirStats

/// SPEC §4.4 and docs/OUTPUT.md: the HTML slides and the overview, rendered from the real templates.
@Suite struct HTMLTests {
    /// English forms, as the pages write durations (CLDR's, through `LocaleFormat`).
    static let en = LocaleFormat(.english)

    /// Pictures fetched by the reader's browser from Wikimedia's host, as `--images remote`.
    static let remote = DeckImages(mode: .remote, hosts: ImageHosts(ImageHosts.defaultHosts)!, cache: nil)

    func renderer(overlay: String? = nil, images: DeckImages = remote) throws -> HTMLReport {
        let templates = try HTMLTemplates(folders: [templatesFolder] + (overlay.map { [$0] } ?? []))
        return HTMLReport(templates: templates, images: images)
    }

    /// The slides page of the run's first reader, or of `user`.
    func page(
        _ run: Run, locale: String = "en", overlay: String? = nil, images: DeckImages = remote, user: String? = nil
    )
        throws -> String
    {
        var run = run
        run.locale = locale
        let model = try run.model()
        let reader = try #require(
            user.map { u in model.statistics.readers.first { $0.user == u } } ?? model.statistics.readers.first)
        return try renderer(overlay: overlay, images: images)
            .readerPage(reader, model: model)
    }

    /// Text as Mustache writes it into an attribute.
    func attribute(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "&#39;") }

    /// A reader's year of five articles or more (a whole deck, not the short one): `days`
    /// views on consecutive days from 1 March, each of another article.
    func fullYear(days: Int = 5, seconds: String = "600") -> [String] {
        (0..<days).map {
            view("2025-03-\(String(format: "%02d", $0 + 1))T10:00:00Z", title: "Article_\($0)", seconds: seconds)
        }
    }

    func slideIDs(_ page: String) -> [String] {
        page.components(separatedBy: #"<section class="slide slide-"#).dropFirst().map {
            String($0.prefix { $0 != "\"" && $0 != " " })
        }
    }

    @Test func linksAreHttpsArticleURLsBuiltFromWikiAndTitle() {
        #expect(
            ArticleLinks.url(wiki: "en.wikipedia.org", title: "Ada Lovelace")
                == "https://en.wikipedia.org/wiki/Ada_Lovelace")
        #expect(
            ArticleLinks.url(wiki: "de.wikipedia.org", title: "Straße?a=1#x")
                == "https://de.wikipedia.org/wiki/Stra%C3%9Fe%3Fa%3D1%23x")
        for wiki in ["app", "javascript:alert(1)", "en.wikipedia.org/evil", "EN.wikipedia.org", "a..b", "-a.org", ""] {
            #expect(ArticleLinks.url(wiki: wiki, title: "T") == nil, "\(wiki)")
        }
    }

    @Test func everyTextFromTheDataIsEscaped() throws {
        let hostile = [
            #"{"type":"page_view","user":"\"><svg onload=alert(1)>","timestamp":"2025-05-01T10:00:00Z","wiki":"en.wikipedia.org","title":"<script>alert(1)</script>","seconds":600}"#,
            #"{"type":"page_view","user":"\"><svg onload=alert(1)>","timestamp":"2025-05-02T10:00:00Z","wiki":"<b>wiki</b>","title":"\"><img src=x onerror=alert(1)>","seconds":300}"#,
            #"{"type":"saved_article","user":"\"><svg onload=alert(1)>","timestamp":"2025-12-30T10:00:00Z","wiki":"en.wikipedia.org","title":"'><a href=javascript:x>","thumbnail":"https://x.org/\"onerror=\"alert(1)"}"#,
        ]
        let page = try page(Run(hostile))
        for raw in ["<script>alert", "<img src=x", "<svg onload", "<b>wiki", "<a href=javascript", "\"onerror=\""] {
            #expect(!page.contains(raw), "\(raw) reached the page unescaped")
        }
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        // The only script element is the page's own.
        #expect(page.components(separatedBy: "<script").count == 2)
    }

    /// Escaping goes by byte: an `&` or `<` followed by a combining mark is one character to
    /// Mustache's own escaping, which left it raw.
    @Test func anAmpersandBeforeACombiningMarkIsEscapedToo() throws {
        // A deck never shows its user id (docs/OUTPUT.md): the two cases are titles here.
        let page = try page(
            Run([
                view("2025-05-01T10:00:00Z", title: #"Tom &\u0301 Jerry"#),
                view("2025-05-01T10:01:00Z", title: #"a&\u0301b<\u0301"#),
            ]))
        let bytes = Data(page.utf8)
        #expect(bytes.range(of: Data("a&amp;\u{0301}b&lt;\u{0301}".utf8)) != nil)
        #expect(bytes.range(of: Data("Tom &amp;\u{0301} Jerry".utf8)) != nil)
        #expect(bytes.range(of: Data("&\u{0301}".utf8)) == nil)
        #expect(bytes.range(of: Data("<\u{0301}".utf8)) == nil)
    }

    /// Every template is given yir's escaping by a line put before it, which leaves no trace:
    /// a template's own first line, blank or not, is kept.
    @Test func templatesKeepTheirFirstLineWhateverItHolds() throws {
        let overlay = scratchFolder()
        try FileManager.default.createDirectory(
            at: overlay.appendingPathComponent("html"), withIntermediateDirectories: true)
        try "\n  \n<p>teal</p>".write(
            to: overlay.appendingPathComponent("html/slide-opening.mustache"), atomically: true, encoding: .utf8)
        let page = try page(Run([view("2025-03-01T10:00:00Z")]), overlay: overlay.path)
        #expect(page.contains("<div class=\"slide-inner\">\n\n  \n<p>teal</p>"))
    }

    /// A copy text's `{name}` is replaced when a value has that name; anything else in braces is
    /// kept as written, non-ASCII text around it too.
    @Test func copyTextsReplaceKnownPlaceholdersAndKeepTheRest() {
        let strings = HTMLStrings(
            locale: "en",
            texts: [
                "plain": "Jahr {year} – {user}’s Rückblick", "unknown": "{year} and {nope}", "doubled": "{{year}}",
                "open": "ends with {", "empty": "{}", "none": "no braces",
            ])
        let values = ["year": "2025", "user": "Zoë"]
        #expect(strings.text("plain", values) == "Jahr 2025 – Zoë’s Rückblick")
        #expect(strings.text("unknown", values) == "2025 and {nope}")
        #expect(strings.text("doubled", values) == "{2025}")
        #expect(strings.text("open", values) == "ends with {")
        #expect(strings.text("empty", values) == "{}")
        #expect(strings.text("none", values) == "no braces")
        #expect(strings.text("plain") == "Jahr {year} – {user}’s Rückblick", "no values: as written")
        #expect(strings.text("missing_key", values) == "missing_key")
    }

    @Test func slidesWithoutDataAreLeftOut() throws {
        let sessionOnly = try page(Run([session("2025-03-01T10:00:00Z", ms: "600000")]))
        #expect(slideIDs(sessionOnly) == ["opening", "time", "summary", "ending"])
        #expect(
            sessionOnly.contains(#"<p class="hero fit">10</p>"#) && sessionOnly.contains("minutes in the app"),
            "the app's time is the hero figure without reading")
        let reader = try page(
            Run(
                fullYear() + [
                    notification("2025-01-01T00:00:00Z", key: "echo-subscriptions-push-edit-thank", enabled: true)
                ]))
        #expect(
            slideIDs(reader) == [
                "opening", "time", "articles", "first-last", "top", "patterns", "monthly", "streak", "longest",
                "saved", "notifications", "summary", "ending",
            ])
        #expect(reader.contains("<bdi>Thanks</bdi>"))
        #expect(
            !reader.contains(#"<p class="hero fit">0</p>"#) && reader.contains("0 articles saved in 2025"),
            "the saved slide's empty state: a modest 0, not a hero")
        #expect(
            reader.contains(#"data-position="Slide {n} of 13""#) && reader.contains(#"id="slide-3" data-n="3""#)
                && reader.contains("<h1>Articles you read</h1>"),
            "a slide is named by its place; its heading follows inside")
    }

    /// docs/OUTPUT.md: fewer than five articles make one warm slide of what was read, and no
    /// slide of zeros.
    @Test func aHandfulOfArticlesGetsAShortDeck() throws {
        let deck = try page(
            Run([
                view("2025-03-01T10:00:00Z", title: "Ada_Lovelace", seconds: "120"),
                view("2025-03-02T10:00:00Z", title: "Charles_Babbage", seconds: "60"),
            ]))
        #expect(slideIDs(deck) == ["opening", "few", "summary", "ending"])
        #expect(deck.contains("This year you read 2 articles, for \(Self.en.duration(milliseconds: 180_000)) in all:"))
        #expect(deck.contains("<bdi>Ada Lovelace</bdi>") && deck.contains("<bdi>Charles Babbage</bdi>"))
        let four = try page(Run(fullYear(days: 4)))
        #expect(slideIDs(four).contains("few"))
        #expect(!slideIDs(try page(Run(fullYear(days: 5)))).contains("few"))
    }

    @Test func readingUnderAMinuteIsSaidInSeconds() throws {
        let deck = try page(Run(fullYear(seconds: "8")))
        #expect(deck.contains(#"<p class="hero fit">40</p>"#) && deck.contains("seconds reading"), "5 × 8 s")
        #expect(!deck.contains("0 minutes") && !deck.contains(">0</p>\n<p class=\"hero-label\">minutes"))
    }

    @Test func aStreakUnderThreeDaysIsLeftOutForTheDaysRead() throws {
        // Seven days, never two in a row: no streak, but a week of days read.
        let scattered = try page(
            Run((0..<7).map { view("2025-03-\(String(format: "%02d", 2 * $0 + 1))T10:00:00Z", title: "A\($0)") }))
        #expect(slideIDs(scattered).contains("streak"))
        #expect(scattered.contains("The days you read") && !scattered.contains("days in a row"))
        // Five days, two in a row at most: neither.
        let few = try page(
            Run((0..<5).map { view("2025-03-\(String(format: "%02d", 3 * $0 + 1))T10:00:00Z", title: "A\($0)") }))
        #expect(!slideIDs(few).contains("streak"))
        let three = try page(Run(fullYear(days: 5)))
        #expect(three.contains("5</p>\n<p class=\"hero-label\">days in a row"))
    }

    @Test func lastSavedAlwaysSaysItsDay() throws {
        let deck = try page(Run(fullYear() + [save("2025-12-31T09:30:00Z", title: "A")]))
        #expect(deck.contains("Last saved on December 31, 2025."))
    }

    /// A notification type the table does not know is shown as its key, as code, beside a neutral
    /// label in the page's language: never English words made from the key on a German page.
    @Test func anUnknownNotificationTypeShowsItsKeyAsCodeWithALocalizedLabel() throws {
        let lines =
            fullYear() + [
                notification("2025-01-01T00:00:00Z", key: "echo-subscriptions-push-new-thing", enabled: true)
            ]
        let deck = try page(Run(lines))
        #expect(
            deck.contains(
                "<bdi>Other notification</bdi> <code dir=\"ltr\" translate=\"no\">echo-subscriptions-push-new-thing</code>"
            ))
        let de = try page(Run(lines), locale: "de")
        #expect(de.contains("<bdi>Weitere Benachrichtigung</bdi> <code"), "the label in German")
        #expect(!de.contains("New thing") && !de.contains("Other notification"))
    }

    @Test func theTopListIsNumberedFromTwoWithViewsBesideTime() throws {
        let deck = try page(Run(fullYear()))
        let slide = deck.components(separatedBy: #"class="slide slide-top "#)[1].components(separatedBy: "</section>")[
            0]
        #expect(slide.contains(#"<ol class="top-list" start="2">"#))
        #expect(slide.components(separatedBy: "<li>").count - 1 == 4, "the first is the headline, not repeated")
        #expect(slide.contains("\(Self.en.duration(milliseconds: 600_000)) · 1 view"))
    }

    @Test func theBusiestMonthIsTheMonthWithTheMostReadingTime() throws {
        // March has more views, April more minutes.
        let deck = try page(
            Run(fullYear(seconds: "60") + [view("2025-04-10T10:00:00Z", title: "Long", seconds: "3000")]))
        #expect(deck.contains("Your busiest month was April"))
        #expect(!deck.contains("busiest month: March") && !deck.contains("Your busiest month was March"))
    }

    @Test func aSittingOfThreeArticlesOrMoreGetsTheRabbitHoleSlide() throws {
        let two = try page(
            Run(
                fullYear() + [
                    view("2025-05-01T10:00:00Z", title: "Ada_Lovelace"),
                    view("2025-05-01T10:05:00Z", title: "Analytical_Engine"),
                ]))
        #expect(!slideIDs(two).contains("rabbit-hole"))
        let three = try page(
            Run(
                fullYear() + [
                    view("2025-05-01T10:00:00Z", title: "Ada_Lovelace"),
                    view("2025-05-01T10:05:00Z", title: "Charles_Babbage"),
                    view("2025-05-01T10:10:00Z", title: "Analytical_Engine"),
                ]))
        #expect(slideIDs(three).contains("rabbit-hole"))
        let text = unmarked(three)
        #expect(three.contains("3</p>\n<p class=\"hero-label\">articles in one sitting"))
        #expect(
            three.contains(
                #"<a href="https://en.wikipedia.org/wiki/Ada_Lovelace" rel="noreferrer"><bdi>Ada Lovelace</bdi></a>"#))
        #expect(
            text.contains(
                #"<a href="https://en.wikipedia.org/wiki/Analytical_Engine" rel="noreferrer"><bdi>Analytical Engine</bdi></a>"#
            ))
    }

    /// docs/OUTPUT.md's bands: never a reproach when this year had less.
    @Test(arguments: [
        ("1000", "You read more than twice as much as in 2024."), ("600", "You read 20% more than in 2024."),
        ("520", "You read about as much as in 2024."),
        ("100", "2024 was a big year. Here is what stayed with you in 2025:"),
    ])
    func theChangeSlideSaysHowThisYearComparesKindly(seconds: String, says: String) throws {
        let deck = try page(
            Run([view("2024-05-01T10:00:00Z", seconds: "500"), view("2025-05-01T10:00:00Z", seconds: seconds)]))
        #expect(slideIDs(deck).contains("change"))
        #expect(deck.contains(says), "\(seconds) s")
        let slide = deck.components(separatedBy: #"class="slide slide-change "#)[1].components(
            separatedBy: "</section>")[0]
        if seconds == "100" {
            #expect(!slide.contains("in 2024<") && !slide.contains("%"), "no figure of the drop: \(slide)")
        }
    }

    @Test func theChangeSlideNeedsReadingInBothYears() throws {
        #expect(!slideIDs(try page(Run([view("2025-05-01T10:00:00Z")]))).contains("change"))
        #expect(
            !slideIDs(try page(Run([view("2024-05-01T10:00:00Z", seconds: "0"), view("2025-05-01T10:00:00Z")])))
                .contains("change"))
    }

    @Test func theOpeningSaysWhatTheFiguresRestOn() throws {
        let cleared = try page(Run([clear("2025-02-14T20:05:00Z"), view("2025-03-01T10:00:00Z")]))
        #expect(cleared.contains("Your history was cleared on February 14, 2025, so this year starts there."))
        let late = try page(Run([view("2025-03-03T10:00:00Z")]))
        #expect(late.contains("Your reading time is counted from March 3, 2025."))
        let early = try page(Run([view("2025-02-15T10:00:00Z")]))
        #expect(
            !early.contains("counted from") && !early.contains("cleared"), "a first view within 60 days says nothing")
    }

    @Test func rankSlideNeedsTenReadersWithReadingTime() throws {
        func lines(_ readers: Int) -> [String] {
            (0..<readers).map { view("2025-03-01T10:00:00Z", seconds: "\(60 * ($0 + 1))", user: "r\($0)") }
                + [session("2025-03-01T10:00:00Z", ms: "1000", user: "r99")]
        }
        #expect(!slideIDs(try page(Run(lines(9)), user: "r8")).contains("rank"))
        // r9 read more than 9 of the 10: good news; r0, the least, is told nothing of rank.
        let top = try page(Run(lines(10)), user: "r9")
        #expect(slideIDs(top).contains("rank"))
        #expect(top.contains("You spent more time reading than 9 of the 10 readers in this year&#39;s review."))
        #expect(!slideIDs(try page(Run(lines(10)), user: "r0")).contains("rank"))
        // Half of them is still good news; fewer is not said.
        #expect(slideIDs(try page(Run(lines(10)), user: "r5")).contains("rank"))
        #expect(!slideIDs(try page(Run(lines(10)), user: "r4")).contains("rank"))
    }

    @Test func localeFormatsNumbersAndDatesAndCopy() throws {
        let en = LocaleFormat(.english), de = LocaleFormat(LanguageTag("de-DE")!)
        #expect(en.integer(1_234_567) == "1,234,567" && de.integer(1_234_567) == "1.234.567")
        #expect(en.integer(999) == "999" && de.integer(-1000) == "-1.000")
        #expect(en.longDate(CivilDate(year: 2024, month: 2, day: 29)) == "February 29, 2024")
        #expect(de.longDate(CivilDate(year: 2024, month: 2, day: 29)) == "29. Februar 2024")
        #expect(en.hour(0) == "12\u{202F}AM" && en.hour(12) == "12\u{202F}PM" && de.hour(21) == "21 Uhr")
        let lines = (0..<40).map {
            view("2025-03-\(String(format: "%02d", $0 % 28 + 1))T10:00:00Z", title: "A\($0 % 5)", seconds: "2000")
        }
        let german = try page(Run(lines), locale: "de")
        #expect(german.contains(#"<html lang="de" dir="ltr">"#))
        #expect(german.contains("Dein Lesejahr 2025"))
        #expect(german.contains("1.333</p>"), "40 × 2000 s = 1333 min, German grouping")
    }

    @Test func aMissingKeyFallsBackToEnglishAndTemplatesOverrideFileByFile() throws {
        let overlay = scratchFolder()
        try FileManager.default.createDirectory(
            at: overlay.appendingPathComponent("strings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: overlay.appendingPathComponent("html"), withIntermediateDirectories: true)
        try #"{"opening_heading": "Jaro {year}"}"#.write(
            to: overlay.appendingPathComponent("strings/eo.json"), atomically: true, encoding: .utf8)
        try "body { color: rebeccapurple; }".write(
            to: overlay.appendingPathComponent("html/style.mustache"), atomically: true, encoding: .utf8)
        let page = try page(Run([view("2025-03-01T10:00:00Z")]), locale: "eo", overlay: overlay.path)
        #expect(page.contains("Jaro 2025"))
        #expect(page.contains(#"<html lang="eo" dir="ltr">"#), "labelled with the language of its own file")
        #expect(page.contains("A good read"), "English where eo.json has no text")
        #expect(page.contains("<style>body{color:rebeccapurple}</style>"), "the style as compacted for every page")
        #expect(page.contains(attribute(ContentSecurityPolicy.hashSource("body{color:rebeccapurple}"))))
    }

    @Test func contentSecurityPolicyAllowsOnlyThePagesOwnScriptAndStyle() throws {
        #expect(ContentSecurityPolicy.hashSource("abc") == "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
        #expect(ContentSecurityPolicy.hashSource("") == "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
        let html = try renderer()
        let page = try self.page(Run([view("2025-03-01T10:00:00Z")]))
        #expect(page.contains(attribute("script-src " + ContentSecurityPolicy.hashSource(html.templates.slidesScript))))
        #expect(
            page.contains(attribute("default-src 'none'"))
                && page.contains("img-src data: https://upload.wikimedia.org;"))
        let offline = try self.page(Run([view("2025-03-01T10:00:00Z")]), images: .none)
        #expect(offline.contains("img-src data:;"))
    }

    @Test func thumbnailsAreHttpsOnlyAndDroppedWithoutRemoteImages() throws {
        let lines = [
            save("2025-12-01T10:00:00Z", title: "A", extra: #","thumbnail":"https://upload.wikimedia.org/a.jpg""#),
            save("2025-12-02T10:00:00Z", title: "B", extra: #","thumbnail":"http://upload.wikimedia.org/b.jpg""#),
            save("2025-12-03T10:00:00Z", title: "C"),
        ]
        let page = try page(Run(lines))
        #expect(page.contains(#"<img class="thumb" src="https://upload.wikimedia.org/a.jpg""#))
        #expect(
            slide(page, "saved").components(separatedBy: "<img").count == 2,
            "one round thumbnail; none for B (http) or C")
        #expect(!(try self.page(Run(lines), images: .none)).contains("<img"))
    }

    /// The report keeps thumbnails of saves only: the top article shows the one its save
    /// carried, in place of the illustration, and none without remote images.
    @Test func theTopArticleShowsTheThumbnailItsSaveCarried() throws {
        let lines =
            fullYear(days: 6, seconds: "600") + [
                view("2025-03-10T10:00:00Z", title: "Article_0", seconds: "3000"),
                save(
                    "2025-12-01T10:00:00Z", title: "Article_0",
                    extra: #","thumbnail":"https://upload.wikimedia.org/top.jpg""#),
            ]
        let page = try page(Run(lines))
        #expect(page.contains(#"<img class="art photo" src="https://upload.wikimedia.org/top.jpg""#))
        #expect(!(try self.page(Run(lines), images: .none)).contains("top.jpg"))
        #expect(!(try self.page(Run(fullYear(days: 6)))).contains("art photo"), "no save, no picture: the illustration")
    }

    /// The ending thanks the reader and names the service (`--share-name`, yir by default),
    /// linked only to the address `--share-link` gives; the page carries both for the share cards.
    @Test func theEndingSlideThanksTheReaderAndLinksTheServiceOnlyWhenGiven() throws {
        let model = try Run(fullYear()).model()
        let reader = try #require(model.statistics.readers.first)
        let templates = try HTMLTemplates(folders: [templatesFolder])
        let plain = HTMLReport(templates: templates).readerPage(reader, model: model)
        #expect(plain.contains("Thank you for reading") && plain.contains("<bdi>yir</bdi>"))
        #expect(plain.contains(#"data-share-name="yir""#) && !plain.contains(#"data-share-link=""#))
        let linked = HTMLReport(templates: templates, shareName: "Wikipedia", shareLink: "https://www.wikipedia.org/")
            .readerPage(reader, model: model)
        #expect(linked.contains(#"<a href="https://www.wikipedia.org/" rel="noreferrer"><bdi>Wikipedia</bdi></a>"#))
        #expect(linked.contains(#"data-share-link="https://www.wikipedia.org/""#))
    }

    @Test func calendarHasOneCellPerDayOfTheYearInTheReadersZone() throws {
        // 2024 is a leap year; the view at 23:30Z on 31 Dec 2023 is 1 Jan 2024 in Berlin. Four
        // more articles on 2–4 January make a whole deck with a streak, so the calendar shows.
        let january = [
            ("2024-01-02T10:00:00Z", "B", "20"), ("2024-01-03T10:00:00Z", "C", "20"),
            ("2024-01-04T10:00:00Z", "D", "20"), ("2024-01-04T11:00:00Z", "E", "5"),
        ]
        .map { view($0.0, title: $0.1, seconds: $0.2, extra: #","tz":"Europe/Berlin""#) }
        let run = { (year: String) in
            var r = Run([view("\(year)", title: "A", seconds: "60", extra: #","tz":"Europe/Berlin""#)] + january)
            r.asOf = "2024-12-31T12:00:00Z"
            return r
        }
        let reader = try run("2023-12-31T23:30:00Z").reader()
        #expect(
            reader.activity?.days.first.map { CivilDate(daysSinceEpoch: $0.day) }
                == CivilDate(year: 2024, month: 1, day: 1))
        #expect(reader.activity?.hourViews[0] == 1)
        let days = { (page: String) in page.components(separatedBy: #"data-days=""#)[1].prefix { $0 != "\"" } }
        let page = try page(run("2023-12-31T23:30:00Z"))
        #expect(days(page).count == 366)
        #expect(days(page).prefix(5) == "21110", "1 January in Berlin the best day, then 2–4 January")
        #expect(page.contains("<tr><th>January</th><td>4</td><td>\(Self.en.duration(milliseconds: 125_000))</td></tr>"))
        // As-of 31 Dec 12:00: no day after it is in the window, none is "future" (3).
        #expect(!days(page).contains("3"))
        var early = run("2024-03-31T01:30:00Z")  // the night Berlin moves to summer time
        early.asOf = "2024-06-30T12:00:00Z"
        let partial = try self.page(early)
        #expect(days(partial).filter { $0 == "3" }.count == 184, "1 July – 31 December")
        #expect(days(partial).dropFirst(90).first == "2", "31 March, the 91st day")
        #expect(partial.contains("<tr><th>March</th><td>1</td><td>\(Self.en.duration(milliseconds: 60_000))</td></tr>"))
    }

    /// The pages' script loses comments, spaces and the line ends that end no statement, never
    /// a character of a string or a regular expression, nor a space that keeps `+ +b` from
    /// becoming `++b`, nor a line end that may end a statement.
    @Test func scriptCompactionKeepsStringsAndRegularExpressions() {
        let script = """
            var a = "x  //  y", b = 'it\\'s';  // gone
            /* gone */ var c = /^#s-(\\d+) $/.exec(h), d = a + +b, e = c - -1;
            x = 1
            y = 2
            return /x y/.test(a)
            """
        #expect(
            ScriptCompaction.compact(script) == """
                var a="x  //  y",b='it\\'s';var c=/^#s-(\\d+) $/.exec(h),d=a+ +b,e=c- -1;x=1
                y=2
                return/x y/.test(a)
                """)
    }

    @Test func indexListsTheReadersWithTheMostReadingWhenThereAreTooMany() throws {
        let lines = (1...5).map { view("2025-03-01T10:00:00Z", seconds: "\($0 == 2 ? 1 : 60 * $0)", user: "r\($0)") }
        let model = try Run(lines).model()
        var html = try renderer()
        let names = model.statistics.readers.map { "readers/\($0.user).html" }
        #expect(
            html.indexPage(model, readerLinks: names).components(separatedBy: "<tr><th scope=\"row\"><a href=").count
                - 1 == 5)
        html.maximumListedReaders = 3
        let page = html.indexPage(model, readerLinks: names)
        let rows = page.components(separatedBy: "<tr><th scope=\"row\"><a href=\"").dropFirst().map {
            $0.prefix { $0 != "\"" }
        }
        #expect(rows == [Substring(names[2]), Substring(names[3]), Substring(names[4])], "r3, r4, r5 in user order")
        #expect(page.contains("The 3 readers with the most reading time of 5"))
    }

    @Test func pagesAreWellFormedForLibxml2sHTMLParser() throws {
        let reference = packageRoot.appendingPathComponent("Tests/Reference")
        let pages =
            ["index.html"]
            + (try FileManager.default.contentsOfDirectory(atPath: reference.appendingPathComponent("readers").path))
            .map { "readers/\($0)" }
        for name in pages {
            let problems = htmlParserProblems(try Data(contentsOf: reference.appendingPathComponent(name)))
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
        // The check can fail: a page with a stray end tag does.
        #expect(!htmlParserProblems(Data("<!DOCTYPE html><html><body><p>x</div></body></html>".utf8)).isEmpty)
    }
}

/// Errors libxml2's HTML parser reports, but for its not knowing HTML5's element names
/// (section, main, svg…): stray or unclosed tags, bad attributes, encoding errors.
func htmlParserProblems(_ data: Data) -> [String] {
    final class Problems: @unchecked Sendable { var list: [String] = [] }
    let problems = Problems()
    guard let context = htmlNewParserCtxt() else { return ["no parser"] }
    defer {
        htmlFreeParserCtxt(context)
        xmlSetStructuredErrorFunc(nil, nil)
    }
    // libxml2 2.9's error handlers are per thread, so tests running in parallel do not mix.
    xmlSetStructuredErrorFunc(
        Unmanaged.passUnretained(problems).toOpaque(),
        { data, error in
            guard let data, let error else { return }
            let problems = Unmanaged<Problems>.fromOpaque(data).takeUnretainedValue()
            let code = Int32(error.pointee.code)
            if code == Int32(XML_HTML_UNKNOWN_TAG.rawValue) { return }
            problems.list.append(
                "line \(error.pointee.line): \(String(cString: error.pointee.message).trimmingCharacters(in: .whitespacesAndNewlines))"
            )
        })
    let document = data.withUnsafeBytes { buffer in
        htmlCtxtReadMemory(
            context, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(buffer.count), "page.html", "UTF-8",
            0)
    }
    if let document { xmlFreeDoc(document) }
    return problems.list
}
