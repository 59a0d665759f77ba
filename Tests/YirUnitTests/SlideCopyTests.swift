import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirHTML
@testable import YirReport
@testable import YirStats

/// docs/OUTPUT.md, "Copy chosen by the data": what the slides say to the reader who gets them —
/// no hero of 0, no user id, no word of the run's machinery — and the overview's order and labels.
extension HTMLTests {
    /// One slide of a page, from its `<section>` to its end.
    func slide(_ page: String, _ kind: String) -> String {
        let parts = page.components(separatedBy: "class=\"slide slide-\(kind) ")
        guard parts.count > 1 else { return "" }
        return parts[1].components(separatedBy: "</section>")[0]
    }

    /// The texts of a page's hero figures: the slides' `hero` and the summary's highlights.
    func heroes(_ page: String) -> [String] {
        ["<p class=\"hero fit\">", "<dd class=\"fit\">"].flatMap { open in
            page.components(separatedBy: open).dropFirst().map { String($0.prefix { $0 != "<" }) }
        }
    }

    @Test func theSavedSlideLeadsWithTheYearsSavesAndTheLast30DaysFollow() throws {
        // Two saves in March: none in the 30 days before 31 December.
        let march = try page(
            Run(fullYear() + [save("2025-03-10T10:00:00Z", title: "A"), save("2025-03-11T10:00:00Z", title: "B")]))
        let saved = slide(march, "saved")
        #expect(
            saved.contains("<p class=\"hero fit\">2</p>\n<p class=\"hero-label\">articles saved in 2025</p>"),
            "\(saved)")
        #expect(saved.contains("None in the last 30 days."))
        let december = try page(
            Run(fullYear() + [save("2025-03-10T10:00:00Z", title: "A"), save("2025-12-20T10:00:00Z", title: "B")]))
        #expect(slide(december, "saved").contains("<p class=\"lead\">1 in the last 30 days</p>"))
    }

    /// The Activity tab's empty state: a modest 0 in a line and how to save, never a hero 0.
    @Test func aYearWithoutSavesShowsTheEmptyStateNotAHeroZero() throws {
        let saved = slide(try page(Run(fullYear())), "saved")
        #expect(!saved.contains("class=\"hero"), "\(saved)")
        #expect(saved.contains("<p class=\"lead\">0 articles saved in 2025</p>"))
        #expect(saved.contains("Tap the bookmark on any article to save it for later."))
        // A short deck shows saves only when there were some.
        #expect(!slideIDs(try page(Run([view("2025-03-01T10:00:00Z")]))).contains("saved"))
    }

    /// A reader without reading time is told what they did — the app's time, their saves — and
    /// a reader with nothing to count is thanked; no summary or share card says "0 minutes".
    @Test func noSummaryLeadsWithAZero() throws {
        let appOnly = try page(Run([session("2025-03-01T10:00:00Z", ms: "600000")]))
        #expect(heroes(slide(appOnly, "summary")) == ["10"])
        #expect(slide(appOnly, "summary").contains("minutes in the app"))
        let savesOnly = try page(
            Run([save("2025-03-01T10:00:00Z", title: "A"), session("2025-03-01T10:00:00Z", ms: "20000")]))
        #expect(heroes(slide(savesOnly, "summary")) == ["1"], "the save, not 0 minutes")
        #expect(slide(savesOnly, "summary").contains("article saved in 2025"))
        let settingsOnly = try page(
            Run([notification("2025-03-01T10:00:00Z", key: "echo-subscriptions-push-edit-thank", enabled: true)]))
        let summary = slide(settingsOnly, "summary")
        #expect(heroes(summary).isEmpty && !summary.contains("<dl"), "\(summary)")
        #expect(summary.contains("Thank you for spending part of 2025 with Wikipedia."))
        for page in [appOnly, savesOnly, settingsOnly] {
            #expect(!page.contains("0 minutes") && !page.contains(">0<"), "\(page)")
        }
    }

    /// Views of 0 seconds are reading without reading time: no slide leads with 0 minutes.
    @Test func viewsWithoutSecondsMakeNoHeroOfZeroMinutes() throws {
        let deck = try page(Run(fullYear(seconds: "0") + [session("2025-03-01T10:00:00Z", ms: "180000")]))
        #expect(!heroes(deck).contains { $0 == "0" }, "\(heroes(deck))")
        #expect(
            slide(deck, "time").contains("<p class=\"hero fit\">3</p>\n<p class=\"hero-label\">minutes in the app</p>"))
        #expect(!slideIDs(deck).contains("monthly"), "no busiest month of 0 minutes")
        #expect(!slide(deck, "top").contains("You spent"))
    }

    /// The user id is an identifier, not a name: not in the greeting, the title, the share card.
    @Test func noDeckShowsItsReadersId() throws {
        let deck = try page(Run(fullYear().map { $0.replacingOccurrences(of: "}", with: #","user":"reader-114"}"#) }))
        #expect(!deck.contains("reader-114"))
        #expect(deck.contains("<p class=\"eyebrow\">Hello!</p>"))
        #expect(deck.contains("<title>Your 2025 in reading</title>"))
    }

    /// "Export" is the run's word, not the reader's: no reader-facing text of any shipped
    /// language says it (the overview's `index_` texts are for analysts).
    @Test func noReaderFacingStringOfAnyLanguageSaysExport() throws {
        let catalog = try HTMLTemplates(folders: [templatesFolder]).strings
        let words = [
            "export", "exportación", "exportação", "esportazione", "eksport", "экспорт", "експорт", "dışa aktar",
            "veri seti",
            "تصدير", "خروجی", "ייצוא", "निर्यात", "इस डेटा", "ekspor", "エクスポート", "このデータ", "내보내기", "导出", "匯出", "導出",
            "выборк", "вибірк", "مجموعه", "المجموعة", "הקבוצה", "그룹", "本次统计", "這次統計", "zestawieni",
        ]
        for tag in LanguageTests.shipped {
            let strings = try #require(catalog.file(LanguageTag(tag)!))
            for key in strings.keys.keys where !key.hasPrefix("index_") {
                for text in strings.forms(key).map({ $0.lowercased() }) {
                    #expect(!words.contains { text.contains($0) }, "\(tag) \(key): \(text)")
                }
            }
        }
    }

    /// A sitting that came back to its first article is one title, started and ended with.
    @Test func aRabbitHoleThatEndsWhereItBeganIsARoundTrip() throws {
        let deck = try page(
            Run(
                fullYear() + [
                    view("2025-05-01T10:00:00Z", title: "Ada_Lovelace"),
                    view("2025-05-01T10:05:00Z", title: "Charles_Babbage"),
                    view("2025-05-01T10:10:00Z", title: "Analytical_Engine"),
                    view("2025-05-01T10:15:00Z", title: "Ada_Lovelace"),
                ]))
        let hole = slide(deck, "rabbit-hole")
        #expect(hole.contains("It started and ended with"), "\(hole)")
        #expect(hole.components(separatedBy: "<bdi>Ada Lovelace</bdi>").count == 2, "the title once")
        #expect(!hole.contains("led you to"))
    }

    /// The "You and last year" icon rises with more reading, stays level for about as much and
    /// falls with less.
    @Test(arguments: [("1000", "trend-up"), ("600", "trend-up"), ("480", "trend-level"), ("100", "trend-down")])
    func theTrendIconFollowsTheSignOfTheChange(seconds: String, icon: String) throws {
        let deck = try page(
            Run([view("2024-05-01T10:00:00Z", seconds: "500"), view("2025-05-01T10:00:00Z", seconds: seconds)]))
        let change = slide(deck, "change")
        #expect(change.contains("<svg class=\"art \(icon)\""), "\(seconds) s: \(change.prefix(120))")
        #expect(change.components(separatedBy: "class=\"art").count == 2, "one icon")
    }

    /// Last year's time is a duration: 30 seconds is never "0 minutes".
    @Test func lastYearsTimeIsSaidAsADuration() throws {
        let deck = try page(
            Run([view("2024-05-01T10:00:00Z", seconds: "30"), view("2025-05-01T10:00:00Z", seconds: "600")]))
        #expect(slide(deck, "change").contains("\(Self.en.duration(milliseconds: 30_000)) in 2024"))
    }

    /// The hour chart counts views, the month chart minutes of reading: each says so in a
    /// caption on the slide and in its text alternative, with the figure of its tallest bar.
    @Test func eachChartSaysWhatItCountsAndInWhichUnit() throws {
        let deck = try page(Run(fullYear()))
        let patterns = slide(deck, "patterns"), monthly = slide(deck, "monthly")
        #expect(
            patterns.contains("<figcaption class=\"note\" aria-hidden=\"true\">Views per hour of the day</figcaption>"))
        #expect(
            patterns.contains("as tall as your views in that hour; the tallest is at 10\u{202F}AM, with 5 views."),
            "\(patterns)")
        #expect(
            monthly.contains(
                "<figcaption class=\"note\" aria-hidden=\"true\">Minutes of reading per month</figcaption>"))
        #expect(
            monthly.contains(
                "as tall as your minutes of reading in it; the tallest is March, with \(Self.en.duration(milliseconds: 3_000_000))."
            ))
    }

    /// German says the chart's figure in the dative its preposition takes, "mit 5 Aufrufen", not
    /// the nominative of the views' label: the string has its own plural forms.
    @Test func theHoursChartsFigureTakesTheCaseItsSentenceNeeds() throws {
        let patterns = slide(try page(Run(fullYear()), locale: "de"), "patterns")
        #expect(patterns.contains("mit 5 Aufrufen."), "\(patterns)")
        let catalog = try HTMLTemplates(folders: [templatesFolder]).strings
        let de = catalog.strings(for: LanguageTag("de")!)
        #expect(de.plural("chart_hours_views", 1, "1") == "1 Aufruf")
    }

    /// "A few good reads" is not said of one article: the short deck's heading is chosen by count.
    @Test func theShortDecksHeadingIsChosenByTheArticlesCount() throws {
        let one = try page(Run([view("2025-03-01T10:00:00Z", title: "A", seconds: "300")]))
        #expect(slide(one, "few").contains("A good read") && !one.contains("A few good reads"))
        let two = try page(
            Run([
                view("2025-03-01T10:00:00Z", title: "A", seconds: "300"),
                view("2025-03-02T10:00:00Z", title: "B", seconds: "300"),
            ]))
        #expect(slide(two, "few").contains("A few good reads"))
    }

    /// A reading under a minute is said one way on a page: "40 seconds" in the hero's label and
    /// in every duration, never "40 sec" beside it.
    @Test func aReadingUnderAMinuteIsSaidOneWayOnAPage() throws {
        let deck = try page(Run([view("2025-03-01T10:00:00Z", title: "A", seconds: "40")]))
        #expect(deck.contains("40\u{00A0}seconds"), "the few slide's duration")
        for abbreviated in ["\u{00A0}sec<", "\u{00A0}sec ", "\u{00A0}sec,", "\u{00A0}sec:", "\u{00A0}sec."] {
            #expect(!deck.contains(abbreviated), "\(abbreviated)")
        }
    }

    /// Security notices are alerts a reader keeps on, not something they follow: the slide
    /// groups the notifications by kind (SPEC §2.5's table) and never says "follow".
    @Test func notificationsAreGroupedByKind() throws {
        let deck = try page(
            Run(
                fullYear() + [
                    notification("2025-01-01T00:00:00Z", key: "echo-subscriptions-push-login-fail", enabled: true),
                    notification("2025-01-01T00:00:00Z", key: "echo-subscriptions-push-edit-thank", enabled: true),
                    notification("2025-01-01T00:00:00Z", key: "echo-subscriptions-push-reverted", enabled: true),
                ]))
        let slide = slide(deck, "notifications")
        #expect(slide.contains("You have 3 kinds of notification turned on:"))
        #expect(
            slide.contains("<h2>From other people</h2>\n<ul class=\"chips\"><li><bdi>Thanks</bdi></li></ul>"),
            "\(slide)")
        #expect(slide.contains("<h2>About your edits</h2>\n<ul class=\"chips\"><li><bdi>Edit revert</bdi></li></ul>"))
        #expect(
            slide.contains(
                "<h2>Account alerts</h2>\n<ul class=\"chips\"><li><bdi>Failed login attempts</bdi></li></ul>"))
        #expect(!slide.lowercased().contains("follow"))
        #expect(SlideDeck.notificationKind("echo-subscriptions-push-new-thing") == "other")
    }

    /// Every language's calendar names its twelve months with twelve different labels.
    @Test func everyLanguagesCalendarHasTwelveDistinctMonthLabels() throws {
        for tag in LanguageTests.shipped {
            let deck = try page(Run(fullYear()), locale: tag)
            let labels = deck.components(separatedBy: "data-months=\"")[1].prefix { $0 != "\"" }.split(separator: "|")
            #expect(labels.count == 12 && Set(labels).count == 12, "\(tag): \(labels)")
        }
    }

    /// The overview lists its readers in natural order from the start — `r2` before `r10` —
    /// and its reader column says it is sorted so.
    @Test func theOverviewListsReadersInNaturalOrderFromTheStart() throws {
        let model = try Run(["r10", "r2", "R1", "r1"].map { view("2025-03-01T10:00:00Z", user: $0) }).model()
        let names = model.statistics.readers.map { "readers/\($0.user).html" }
        let page = try renderer().indexPage(model, readerLinks: names)
        let rows = page.components(separatedBy: "<tr><th scope=\"row\"><a href=\"").dropFirst().map {
            $0.prefix { $0 != "\"" }
        }
        #expect(rows == ["readers/R1.html", "readers/r1.html", "readers/r2.html", "readers/r10.html"], "\(rows)")
        #expect(
            page.contains(
                "<th scope=\"col\" aria-sort=\"ascending\" data-first=\"ascending\"><button type=\"button\" class=\"sort\">Reader</button></th>"
            )
        )
        #expect(
            page.contains(
                "<caption data-shown=\"Showing {shown} of 4 readers.\">4 readers; click a column header to sort.</caption>"
            ))
    }

    /// Each diagnostic is named for a reader of the page, its key beside it for analysts.
    @Test func diagnosticsHaveReadableLabelsBesideTheirKeys() throws {
        var model = try Run([view("2025-03-01T10:00:00Z")]).model()
        model.statistics.diagnostics.rejected[.wrongType] = 2
        model.statistics.diagnostics.outsideWindow = 3
        let page = try renderer().indexPage(model, readerLinks: ["readers/a.html"])
        #expect(
            page.contains(
                "<th scope=\"row\">Field of the wrong type <code class=\"key\">wrong_type</code></th><td class=\"num\">2</td>"
            ))
        #expect(
            page.contains(
                "<th scope=\"row\">Outside the report&#39;s window <code class=\"key\">outside_window</code></th><td class=\"num\">3</td>"
            ))
        #expect(
            page.contains(
                "<th scope=\"row\">Page views <code class=\"key\">page_view</code></th><td class=\"num\">1</td>"))
        let english = try renderer().templates.strings.strings(for: .english)
        for reason in RejectReason.allCases {
            #expect(english.has("index_reason_\(reason.rawValue)"), "\(reason)")
        }
        for (name, _) in Diagnostics.counts {
            #expect(english.has("index_count_\(name)"), "\(name)")
        }
    }
}
