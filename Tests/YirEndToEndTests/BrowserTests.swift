import Foundation
import Testing
import YirTestSupport

/// What the browser tests drive besides yir.
private let browser: [Tool] = [.selenium, .chromium, .chromedriver]

/// The pages in a real browser: headless Chromium from Debian, driven by selenium from the test
/// venv (`make test` installs both), through Tests/browser_check.py. The sweeps over SampleData's
/// decks take every deck at every size in the full tier (`make test-full`), and three decks at
/// two sizes below it.
@Suite(.serialized, .needs(.yir), .tier(.test)) struct BrowserEndToEndTests {
    let cli = YirCommand()

    /// The readers whose decks the sweeps go over: all of SampleData's in the full tier; below
    /// it one deck left to right (ana's, in German), one right to left (مريم's, in Arabic) and
    /// one in CJK (tomo's, in Japanese).
    static let sweptReaders = Tier.current >= .full ? SampleDataPages.readers : ["ana", "مريم", "tomo"]

    /// The screens of the layout sweep (browser_check.py's names): 320 × 568 light, 390 × 844
    /// dark, 1280 × 800 light and dark in the full tier; below it the smallest and the largest.
    static let layoutScreens = Tier.current >= .full ? "small,phone-dark,desktop,desktop-dark" : "small,desktop-dark"

    func browserCheck(_ arguments: [String]) throws -> ProgramResult {
        try runProgram(
            URL(fileURLWithPath: Tools.python),
            [packageRoot.appendingPathComponent("Tests/browser_check.py").path] + arguments)
    }

    /// The deck of `user` in a report of `lines` alone.
    func deck(of user: String, from lines: [String]) throws -> String {
        let out = scratchFolder()
        let report = try cli.yir([
            "report", try cli.file(lines), "--out", out.path, "--as-of", "2025-12-31T12:00:00Z", "--format", "html",
        ])
        #expect(report.status == 0, "\(report.stderr)")
        return out.appendingPathComponent(try sampleDeck(of: user)).path
    }

    func deckCheck(_ mode: String, of user: String = "ana") throws -> ProgramResult {
        try browserCheck([mode, try SampleDataPages.deck(of: user)])
    }

    /// The sweeps' readers: the reference lists a reader for every deck SampleData's report
    /// writes, so the full tier leaves none out, and every reader swept has a deck.
    @Test func theSweepsGoOverSampleDatasDecks() throws {
        #expect(try decks(in: try SampleDataPages.folder()).count == SampleDataPages.readers.count)
        for reader in Self.sweptReaders { _ = try SampleDataPages.deck(of: reader) }
    }

    @Test(.needs(browser)) func slidesNavigateByKeyboardMoveFocusAndLoadNothingFromOtherHosts() throws {
        let r = try deckCheck("slides")
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        #expect(r.stdoutText.contains("ok: focus is on slide 2 after ArrowRight"))
        #expect(
            r.stdoutText.contains(
                "ok: the live region announces the slide the button showed, its place and heading, once"))
    }

    /// From 320 × 568 up: nothing under the bar or the nav, nothing sideways, numbers unbroken.
    @Test(.needs(browser), arguments: sweptReaders)
    func everySlideOfEveryDeckFitsOneScreenFrom320By568(reader: String) throws {
        let r = try browserCheck(["layout", try SampleDataPages.deck(of: reader), "--screens", Self.layoutScreens])
        #expect(r.status == 0, "\(reader): \(r.stdoutText)\(r.stderr)")
    }

    /// A 300-character title is cut to three lines, and figures of a million minutes shrink
    /// rather than break or run out of the slide, at 320 px as on a desktop.
    @Test(.needs(browser)) func aLongTitleAndHugeFiguresStillFitEveryScreen() throws {
        let long = String(repeating: "Geschichte_der_Naturwissenschaften_", count: 9).prefix(300)
        let lines =
            ["\(long)", "B", "C", "D", "E"].enumerated().flatMap { i, title in
                (1...4).map { day in
                    #"{"type":"page_view","user":"wide","timestamp":"2025-0\#(i + 2)-1\#(day)T10:00:00Z","wiki":"de.wikipedia.org","title":"\#(title)","seconds":86000}"#
                }
            }
            + (0..<40).map {
                #"{"type":"saved_article","user":"wide","timestamp":"2025-12-0\#($0 % 9 + 1)T10:00:00Z","wiki":"de.wikipedia.org","title":"\#(long)\#($0)"}"#
            }
        let r = try browserCheck(["layout", try deck(of: "wide", from: lines)])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
    }

    /// A one-word title longer than any line and an id like an e-mail address (no space to
    /// break at) break inside the word rather than widen a slide, at 320 px as on a desktop.
    @Test(.needs(browser)) func aOneWordTitleAndAnEMailLikeIdNeverWidenASlide() throws {
        let user = "maximilian.mustermann-schmidt@example-university.de"
        let titles = [
            "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz", "Berlin", "Hamburg", "München", "Köln",
            "Bremen",
        ]
        let lines =
            titles.enumerated().flatMap { i, title in
                (1...4).map { day in
                    #"{"type":"page_view","user":"\#(user)","timestamp":"2025-0\#(i + 2)-1\#(day)T10:0\#(i):00Z","wiki":"de.wikipedia.org","title":"\#(title)","seconds":\#(900 - 100 * i)}"#
                }
            }
            + (0..<4).map { k in
                // One sitting of four articles, the long one first: the rabbit hole names it.
                #"{"type":"page_view","user":"\#(user)","timestamp":"2025-09-01T10:\#(10 + 3 * k):00Z","wiki":"de.wikipedia.org","title":"\#(titles[k])","seconds":120}"#
            }
        let r = try browserCheck(["layout", try deck(of: user, from: lines)])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
    }

    /// On every slide at 320 × 568 the ‹ › and share buttons are on the screen, and a slide taller
    /// than the screen shows that it goes on until it is read to its end.
    @Test(.needs(browser), arguments: sweptReaders)
    func theControlsStayOnTheScreenAndATallSlideShowsItScrolls(reader: String) throws {
        let r = try browserCheck(["controls", try SampleDataPages.deck(of: reader)])
        #expect(r.status == 0, "\(reader): \(r.stdoutText)\(r.stderr)")
    }

    /// Right to left, a Latin title in a Hebrew or Arabic list sits by its number, not at the
    /// far edge of its line.
    @Test(
        .needs(browser),
        arguments: [
            (
                "נועה", "he.wikipedia.org",
                ["ירושלים", "Ada_Lovelace", "ים_המלח", "Alan_Turing", "חיפה", "Grace_Hopper"]
            ),
            (
                "نور", "ar.wikipedia.org",
                ["القاهرة", "Ada_Lovelace", "نهر_النيل", "Alan_Turing", "ابن_سينا", "Grace_Hopper"]
            ),
        ])
    func anIsolatedLatinTitleSitsByItsNumberRightToLeft(user: String, wiki: String, titles: [String]) throws {
        let lines = titles.enumerated().flatMap { i, title in
            (1...3).map { day in
                #"{"type":"page_view","user":"\#(user)","timestamp":"2025-0\#(i + 2)-1\#(day)T20:0\#(i):00Z","wiki":"\#(wiki)","title":"\#(title)","seconds":\#(900 - 60 * i)}"#
            }
        }
        let r = try browserCheck(["title-side", try deck(of: user, from: lines)])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
    }

    /// With remote images on and no network, the saved articles' thumbnails fail to load: the
    /// deck shows their empty round places, never the browser's broken-image sign.
    @Test(.needs(browser)) func aThumbnailThatFailsToLoadShowsNoBrokenImage() throws {
        let out = scratchFolder()
        let r = try cli.yir(
            [
                "report", "SampleData/wikipedia", "--out", out.path, "--as-of", "2025-12-31T12:00:00Z", "--format",
                "html", "--images", "remote",
            ],
            in: packageRoot)
        #expect(r.status == 0, "\(r.stderr)")
        let check = try browserCheck(["thumbnails", out.appendingPathComponent(try sampleDeck(of: "lee")).path])
        #expect(check.status == 0, "\(check.stdoutText)\(check.stderr)")
    }

    @Test(.needs(browser)) func anOverflowingSlideScrollsOnArrowDownBeforeItAdvances() throws {
        let r = try deckCheck("overflow")
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
    }

    @Test(.needs(browser)) func swipesAndTapZonesTurnTheSlides() throws {
        let r = try deckCheck("swipe")
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
    }

    /// The deck of a reader of Arabic or Hebrew is set right to left by its language, mirrors,
    /// and its keys and swipes follow the reading direction.
    @Test(
        .needs(browser),
        arguments: [
            (
                "نور", "ar.wikipedia.org",
                ["القاهرة", "نهر_النيل", "الأهرامات", "Ada_Lovelace", "ابن_سينا", "الخوارزمي"]
            ),
            ("נועה", "he.wikipedia.org", ["ירושלים", "ים_המלח", "עברית", "Ada_Lovelace", "תל_אביב", "חיפה"]),
        ])
    func aRightToLeftDeckMirrorsAndTurnsTheOtherWay(user: String, wiki: String, titles: [String]) throws {
        // The reader's id and titles from the data in their own script; the wiki gives the language.
        let lines = titles.enumerated().flatMap { i, title in
            (1...3).map { day in
                #"{"type":"page_view","user":"\#(user)","timestamp":"2025-0\#(i + 2)-1\#(day)T20:0\#(i):00Z","wiki":"\#(wiki)","title":"\#(title)","seconds":\#(300 + 60 * i)}"#
            }
        }
        let r = try browserCheck(["rtl", try deck(of: user, from: lines)])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        #expect(r.stdoutText.contains("ok: ArrowLeft shows the next slide"))
    }

    @Test(.needs(browser)) func theShareButtonsSavePNGsOfTheCardsFixedSize() throws {
        let r = try deckCheck("share")
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        #expect(r.stdoutText.contains("ok: 'story' at 390 px saves a 1080×1920 PNG"))
        #expect(r.stdoutText.contains("ok: 'square' at 1280 px saves a 1080×1080 PNG"))
        #expect(
            r.stdoutText.contains("ok: the share button beside the counter saves slide 1 as a 1080×1920 PNG at 390 px"))
    }

    /// Each slide's card is drawn from its own data, in a left-to-right and a right-to-left deck.
    @Test(.needs(browser)) func eachSlidesCardIsDrawnFromItsDataWithItsFigureLargest() throws {
        for reader in ["ana", "مريم"] {
            let r = try browserCheck(["cards", try SampleDataPages.deck(of: reader)])
            #expect(r.status == 0, "\(reader): \(r.stdoutText)\(r.stderr)")
            #expect(r.stdoutText.contains("is the card's largest text"))
            #expect(r.stdoutText.contains("its visual is drawn on the card"))
        }
    }

    /// Chromium's --print-to-pdf, pages counted by pdfinfo: one a slide, no blank last page.
    @Test(.needs(browser + [.pdfinfo]), .tier(.full)) func printingGivesOnePagePerSlideInTheLightPalette() throws {
        for deck in try decks(in: try SampleDataPages.folder()) {
            let r = try browserCheck(["print", deck])
            #expect(r.status == 0, "\(deck): \(r.stdoutText)\(r.stderr)")
        }
    }

    /// axe-core over the overview and every slide of every SampleData deck, light and dark,
    /// 390 and 1280 px wide.
    @Test(.needs(browser + [.axe]), .tier(.full)) func axeFindsNoViolationOnTheOverviewOrAnySlide() throws {
        let out = try SampleDataPages.folder()
        let r = try browserCheck(["axe", out.appendingPathComponent("index.html").path] + (try decks(in: out)))
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        #expect(r.stdoutText.contains("ok: axe-core 4."))
    }

    @Test(.needs(browser)) func overviewSortsSearchesAndKeepsItsHeaderInSight() throws {
        let r = try browserCheck(["index", try SampleDataPages.folder().appendingPathComponent("index.html").path])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
    }

    @Test(.needs(browser)) func hostileTitlesShowAsTextAndRunNothing() throws {
        let user = #"\"><svg onload=window.pwned=1>"#
        let input = try cli.file([
            #"{"type":"page_view","user":"\#(user)","timestamp":"2025-05-01T10:00:00Z","wiki":"en.wikipedia.org","title":"<script>window.pwned=1</script>","seconds":600}"#,
            #"{"type":"page_view","user":"\#(user)","timestamp":"2025-05-02T10:00:00Z","wiki":"en.wikipedia.org","title":"\"><img src=x onerror=window.pwned=1>","seconds":300}"#,
        ])
        let out = scratchFolder()
        let r = try cli.yir(["report", input, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z", "--format", "html"])
        #expect(r.status == 0, "\(r.stderr)")
        // The id as the JSON line gives it, without the escaping backslash.
        let deck = try sampleDeck(of: #""><svg onload=window.pwned=1>"#)
        // The deck shows the titles; the id only the overview shows (a deck never names its reader's id).
        let check = try browserCheck([
            "escaping", out.appendingPathComponent(deck).path,
            "<script>window.pwned=1</script>", #""><img src=x onerror=window.pwned=1>"#,
        ])
        #expect(check.status == 0, "\(check.stdoutText)\(check.stderr)")
        let index = try browserCheck([
            "escaping", out.appendingPathComponent("index.html").path, #""><svg onload=window.pwned=1>"#,
        ])
        #expect(index.status == 0, "\(index.stdoutText)\(index.stderr)")
    }

    /// SPEC §4.4: a deck sends no referrer. Served over http, as a published deck is; the check
    /// also shows the same page without its policy sending one, so it cannot pass vacuously.
    @Test(.needs(browser)) func followingAnArticleLinkFromADeckSendsNoReferer() throws {
        let r = try browserCheck(["referrer", try SampleDataPages.deck(of: "ana")])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        #expect(r.stdoutText.contains("ok: the deck sends no Referer"))
    }

    /// docs/OPERATIONS.md's nginx snippet and link list, run as written (Tests/publish_check.py).
    @Test(.needs(.nginx, .testPython)) func thePublishingRecipeServesTheDecksAloneAndListsEachReadersLink() throws {
        let out = scratchFolder()
        let r = try cli.yir(
            [
                "report", "SampleData/wikipedia", "--out", out.path, "--as-of", "2025-12-31T12:00:00Z",
                "--format", "html,csv",
            ], in: packageRoot)
        #expect(r.status == 0, "\(r.stderr)")
        let check = try runProgram(
            URL(fileURLWithPath: Tools.python),
            [
                packageRoot.appendingPathComponent("Tests/publish_check.py").path,
                packageRoot.appendingPathComponent("docs/OPERATIONS.md").path, out.path,
            ])
        #expect(check.status == 0, "\(check.stdoutText)\(check.stderr)")
    }
}

/// The decks as files, no browser needed: how each ends and what it weighs. Checks of
/// SampleDeckEndToEndTests (HTMLTests.swift), written here where decisions 119 and 120 name them.
extension SampleDeckEndToEndTests {
    /// Every deck's last slide thanks the reader.
    @Test func everyDeckEndsWithTheSlideThatThanksTheReader() throws {
        for deck in try decks(in: try SampleDataPages.folder()) {
            let page = try String(contentsOfFile: deck, encoding: .utf8)
            let kinds = page.matches(of: #/<section class="slide slide-([a-z-]+) /#).map { String($0.1) }
            #expect(kinds.last == "ending", "\(deck): \(kinds)")
        }
    }

    /// A deck weighs 48 KB at most (60 KB with the map), SampleData's and those of 300 synthetic readers in every
    /// language yir speaks: a deck is opened on phones, over any network (decision 138).
    @Test func everyDeckWeighsAtMost48KBAnd60KBWithTheMap() throws {
        let cli = YirCommand()
        let sample = try cli.yir(["sample", "--readers", "300", "--seed", "9"])
        #expect(sample.status == 0, "\(sample.stderr)")
        let synthetic = scratchFolder()
        let r = try cli.yir([
            "report", try cli.file([sample.stdoutText.trimmingCharacters(in: .newlines)]), "--out", synthetic.path,
            "--as-of", "2025-12-31T12:00:00Z", "--format", "html", "--no-remote-images",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let all = try decks(in: try SampleDataPages.folder()) + (try decks(in: synthetic))
        #expect(all.count > 200)
        var withMap = 0
        for deck in all {
            let size = try FileManager.default.attributesOfItem(atPath: deck)[.size] as! Int
            let hasMap = try String(contentsOfFile: deck, encoding: .utf8).contains(#"class="world-map""#)
            withMap += hasMap ? 1 : 0
            #expect(size <= (hasMap ? 60 : 48) * 1024, "\(deck): \(size) bytes\(hasMap ? " with the map" : "")")
        }
        #expect(withMap > 100, "the places slide is in many of them")
    }
}
