import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirIngest
@testable import YirStats

/// SPEC §1.4 and §2.2–2.5: one test per rule.
@Suite struct StatsTests {
    /// Each statistics worker holds arrays over every catalog article: their count is bounded
    /// so that those stay within the budget, whatever `--jobs` says; small catalogs are not
    /// limited, and there is always one worker.
    @Test func statisticsWorkersAreBoundedByTheirPerArticleMemory() {
        #expect(Statistics.workerCount(jobs: 64, readers: 1_000_000, articles: 113_000) == 64)
        let tenMillion = Statistics.workerCount(jobs: 64, readers: 1_000_000, articles: 10_000_000)
        #expect(tenMillion == 4)
        #expect(tenMillion * 10_000_000 * Statistics.bytesPerArticlePerWorker <= Statistics.perArticleBudget)
        #expect(Statistics.workerCount(jobs: 64, readers: 1_000_000, articles: 1_000_000_000) == 1)
        #expect(Statistics.workerCount(jobs: 8, readers: 1_000, articles: 10) == 3)
        #expect(Statistics.workerCount(jobs: 8, readers: 0, articles: 0) == 1)
    }

    /// Statistics sort readers and figures on `--jobs` threads: runs sorted at once, then
    /// merged. Any size, any thread count, the order is that of one sort.
    @Test(arguments: [1, 2, 3, 5])
    func sortingOnSeveralThreadsOrdersLikeOneSort(jobs: Int) {
        var state: UInt64 = 42
        for count in [0, 1, 4095, 8192, 8193, 3 * 4096 + 1, 50_000] {
            let values = (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int(truncatingIfNeeded: state >> 40)  // 24 bits: some values repeat
            }
            var sorted = values
            sorted.sort(jobs: jobs, by: <)
            #expect(sorted == values.sorted(), "\(count) values")
            var descending = values
            descending.sort(jobs: jobs, by: >)
            #expect(descending == values.sorted(by: >), "\(count) values")
        }
    }

    // MARK: §1.4 duplicates and implausible values

    @Test func sameTypeAndIdCountsOnceFirstInInputOrder() throws {
        let run = Run(files: [
            (
                "a.jsonl",
                Data(
                    [
                        view("2025-05-01T10:00:00Z", seconds: "10", extra: #","id":"x1""#),
                        session("2025-05-01T10:00:00Z", ms: "1000", extra: #","id":"x1""#),
                    ].joined(separator: "\n").utf8)
            ),
            ("b.jsonl", Data(view("2025-05-02T10:00:00Z", seconds: "99", extra: #","id":"x1""#).utf8)),
        ])
        let model = try run.model()
        #expect(model.statistics.diagnostics.duplicates == 1)
        #expect(model.statistics.diagnostics.accepted[0] == 1)
        #expect(model.statistics.readers[0].reading.milliseconds == 10_000)
        #expect(model.statistics.readers[0].appTime.sessions == 1)
        #expect(model.statistics.diagnostics.lines == 3)
    }

    @Test func emptyIdIsNoId() throws {
        let run = Run([
            view("2025-05-01T10:00:00Z", extra: #","id":"""#), view("2025-05-01T10:00:00Z", extra: #","id":"""#),
        ])
        #expect(try run.diagnostics().duplicates == 0)
    }

    @Test func pageViewOverMaxViewSecondsCountsWithZeroSeconds() throws {
        var run = Run([
            view("2025-05-01T10:00:00Z", seconds: "86400.001"), view("2025-05-02T10:00:00Z", seconds: "86400"),
        ])
        let reader = try run.reader()
        #expect(reader.reading.views == 2)
        #expect(reader.reading.milliseconds == 86_400_000)
        #expect(try run.diagnostics().implausibleDuration == 1)
        run.maxViewSeconds = 60
        #expect(try run.reader().reading.milliseconds == 0)
    }

    @Test func sessionOverTwentyFourHoursCountsWithZeroSeconds() throws {
        let run = Run([session("2025-05-01T10:00:00Z", ms: "86400001"), session("2025-05-02T10:00:00Z", ms: "1e12")])
        let reader = try run.reader()
        #expect(reader.appTime.sessions == 2)
        #expect(reader.appTime.milliseconds == 0)
        #expect(try run.diagnostics().implausibleDuration == 2)
    }

    // MARK: normalisation (§1.2)

    static let wikiForms: [(String, String)] = [
        ("en.wikipedia.org", "en.wikipedia.org"), ("EN.Wikipedia.org", "en.wikipedia.org"),
        ("en.m.wikipedia.org", "en.wikipedia.org"), ("enwiki", "en.wikipedia.org"),
        ("dewiktionary", "de.wiktionary.org"), ("commonswiki", "commons.wikimedia.org"),
        ("wikidatawiki", "www.wikidata.org"), ("zh_min_nanwiki", "zh-min-nan.wikipedia.org"),
        ("frwikisource", "fr.wikisource.org"), ("wikipedia~en", "en.wikipedia.org"),
        ("wikipedia~zh~zh-hans", "zh.wikipedia.org"), ("wikivoyage~it", "it.wikivoyage.org"),
        ("example.org", "example.org"), ("My App", "My App"),
    ]

    @Test(arguments: wikiForms)
    func wikiFormsAreNormalisedToTheDomain(given: String, domain: String) {
        #expect(Normalization.wiki(given) == domain)
    }

    @Test func underscoresAndSpacesInTitlesAreTheSame() throws {
        let run = Run([
            view("2025-05-01T10:00:00Z", title: "Ada_Lovelace"), view("2025-05-02T10:00:00Z", title: " Ada Lovelace "),
        ])
        #expect(try run.reader().reading.articles == 1)
        #expect(try run.titles().top.first == "Ada Lovelace")
    }

    /// The normaliser's shortcut: a title made only of `isPlainNFC` scalars skips the normaliser.
    /// Each such scalar is a starter, alone unchanged by NFC, and unchanged after a letter
    /// that composes with marks in its script (e, Cyrillic е, न, か, 가) — so skipping is exact.
    @Test func plainNFCScalarsAreLeftAsTheyAre() {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x2FF, 0x400...0x52F, 0x900...0x97F, 0x3041...0x30FF,
            0x4E00...0x9FFF, 0xAC00...0xD7A3,
        ]
        let plain = ranges.flatMap { $0 }.filter(Normalization.isPlainNFC).compactMap(Unicode.Scalar.init)
        #expect(plain.count > 33_000)
        #expect(plain.allSatisfy { $0.properties.canonicalCombiningClass == .notReordered })
        for before in ["e", "\u{435}", "\u{928}", "\u{304B}", "\u{AC00}", ""] {
            var text = ""
            for scalar in plain { text += before; text.unicodeScalars.append(scalar) }
            #expect(
                text._nfcCodeUnits == Array(text.utf8),
                "after \(before.debugDescription)")
        }
        // And what the ranges leave out does change, or may.
        for mark: UInt32 in [0x301, 0x93C, 0x958, 0x3099, 0x1161, 0x11A8] { #expect(!Normalization.isPlainNFC(mark)) }
    }

    /// Titles are trimmed of Unicode White_Space, as `.whitespacesAndNewlines` trims them.
    @Test func titlesAreTrimmedOfUnicodeWhiteSpace() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(
                Normalization.isWhiteSpace(value) == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
    }

    /// The shortcut and the normaliser give the same title, white space at the edges included.
    @Test(arguments: [
        "  D\u{FC}rre\u{A0}", "\u{3000}\u{6771}\u{4EAC} ", "\u{92D}\u{93E}\u{930}\u{924}",
        "\u{2003}\u{41F}\u{440}\u{438}\u{432}\u{435}\u{442}\u{2029}", "\u{AC00}_\u{AC01}",
        "Cafe\u{301}", "\u{915}\u{93C}", "\u{A0}", " \u{85} ",
    ])
    func titlesTakingTheShortcutMatchTheNormaliser(title: String) {
        let bytes = Array(title.utf8)
        let expected = Normalization.titleByNormaliser(bytes.map { $0 == UInt8(ascii: "_") ? 0x20 : $0 })
        #expect(bytes.withUnsafeBytes { Normalization.title($0) } == expected)
    }

    @Test func titlesAreComparedInUnicodeNFC() throws {
        let decomposed = "Du\u{0308}rre"  // u + combining diaeresis
        let run = Run([view("2025-05-01T10:00:00Z", title: decomposed), view("2025-05-02T10:00:00Z", title: "Dürre")])
        #expect(try run.reader().reading.articles == 1)
        #expect(try run.titles().top.map { Array($0.utf8) } == [Array("D\u{00FC}rre".utf8)])
    }

    /// A Hangul LV syllable and a trailing jamo after it are one syllable in NFC (나 + ᆫ = 난):
    /// one article, written composed.
    @Test func hangulSyllableAndTrailingJamoAreOneArticle() throws {
        let run = Run([
            view("2025-05-01T10:00:00Z", title: "\u{B098}\u{11AB}"), view("2025-05-02T10:00:00Z", title: "\u{B09C}"),
        ])
        #expect(try run.reader().reading.articles == 1)
        #expect(try run.titles().top.map { Array($0.unicodeScalars) } == [["\u{B09C}"]])
    }

    @Test func secondsAreExactDecimalsKeptToTheMillisecond() throws {
        let reader = try Run([
            view("2025-05-01T10:00:00Z", title: "A", seconds: "0.1"),
            view("2025-05-01T10:00:01Z", title: "B", seconds: "0.2"),
            view("2025-05-01T10:00:02Z", title: "C", seconds: "1.0005"),
            view("2025-05-01T10:00:03Z", title: "D", seconds: "2.5e-1"),
        ]).reader()
        #expect(reader.reading.seconds.description == "1.551")  // 0.1 + 0.2 + 1.001 + 0.25
    }

    // MARK: §2.1 history clear, §2.2 counted views and §4.1's reasons

    @Test func viewsBeforeTheLatestClearDoNotCountAndOneExactlyAtItDoes() throws {
        let run = Run([
            clear("2025-03-01T00:00:00Z"),
            view("2025-02-28T23:59:59.999Z"), view("2025-03-01T00:00:00Z", title: "Moon"),
            session("2025-02-01T00:00:00Z", ms: "5000"),
            save("2025-02-01T00:00:00Z", title: "Saturn"),
            clear("2026-02-01T00:00:00Z"),  // after as-of: not the latest clear
        ])
        let reader = try run.reader()
        #expect(reader.reading.views == 1)
        #expect(try run.titles().top.first == "Moon")
        #expect(reader.appTime.sessions == 0)
        #expect(reader.saved.yearCount == 1, "saves are not affected by a clear")
        let d = try run.diagnostics()
        #expect(d.cleared == 2)
        #expect(d.afterAsOf == 1)
    }

    @Test func otherNamespacesAndExcludedTitlesAreExcludedPages() throws {
        var run = Run([
            view("2025-05-01T10:00:00Z", title: "Main_Page"), view("2025-05-01T10:00:00Z", extra: #","namespace":1"#),
            view("2025-05-01T10:00:00Z", title: "Moon", extra: #","namespace":0"#),
        ])
        #expect(try run.reader().reading.views == 1)
        #expect(try run.diagnostics().excludedPage == 2)
        // --exclude-title replaces the default list; English Wikipedia's main page stays out as a main page.
        run.excludedTitles = ["Moon"]
        #expect(try run.reader().reading.views == 0)
        run.keepMainPages = true
        #expect(try run.titles().top == ["Main Page"])
    }

    @Test func eachUncountedRecordFallsUnderOneReasonInSpecOrder() throws {
        let run = Run([
            clear("2025-03-01T00:00:00Z"),
            view("2026-01-02T00:00:00Z", title: "Main Page"),  // after_as_of (not excluded_page)
            view("2024-12-01T00:00:00Z", title: "Main Page"),  // cleared (not outside_window)
            view("2025-04-01T00:00:00Z", title: "Main Page"),  // excluded_page
            session("2026-01-02T00:00:00Z", ms: "1"),  // after_as_of
            save("2026-01-02T00:00:00Z", title: "Moon"),  // after_as_of
            notification("2026-01-02T00:00:00Z", key: "k", enabled: true),  // after_as_of
        ])
        var late = run
        late.year = 2025
        let d = try late.diagnostics()
        #expect([d.afterAsOf, d.cleared, d.outsideWindow, d.excludedPage] as [Int] == [4, 1, 0, 1])
        var outside = Run([view("2024-12-01T00:00:00Z"), session("2024-12-01T00:00:00Z", ms: "1")])
        outside.year = 2025
        #expect(try outside.diagnostics().outsideWindow == 2)
    }

    // MARK: §2.3 reading figures

    @Test func averageIsRoundedToThreeDecimalsAndMedianIsExact() throws {
        let reader = try Run([
            view("2025-05-01T10:00:00Z", title: "A", seconds: "1"),
            view("2025-05-01T10:00:00Z", title: "B", seconds: "1"),
            view("2025-05-01T10:00:00Z", title: "C", seconds: "0.001"),
        ]).reader()
        #expect(reader.reading.averageSecondsPerArticle.description == "0.667")  // 2.001 / 3
        #expect(reader.reading.medianSecondsPerArticle.description == "1")
        let even = try Run([
            view("2025-05-01T10:00:00Z", title: "A", seconds: "1"),
            view("2025-05-01T10:00:00Z", title: "B", seconds: "1.001"),
        ]).reader()
        #expect(even.reading.medianSecondsPerArticle.description == "1.0005")
        #expect(even.reading.minutes == 0)
    }

    @Test func minutesAreWholeMinutesRoundedDown() throws {
        #expect(try Run([view("2025-05-01T10:00:00Z", seconds: "179.999")]).reader().reading.minutes == 2)
    }

    /// Top lists are chosen by keeping the best few while the rest stream past: for every
    /// count, with ties and with elements that own memory, they are the sorted list's prefix.
    @Test func theFirstFewAreTheSortedListsPrefix() {
        var random = SeededRandom()
        for count in 0...20 {
            for length in [0, 1, 5, 40] {
                let values = (0..<length).map { _ in "value \(Int.random(in: 0..<12, using: &random)) of some length" }
                let precedes = { (a: String, b: String) in a.utf8.lexicographicallyPrecedes(b.utf8) }
                #expect(
                    ArticleTotals.first(count, of: values, by: precedes)
                        == Array(values.sorted(by: precedes).prefix(count)),
                    "count \(count), \(length) values")
            }
        }
    }

    /// Figures name articles by catalog id when made from records, and by text when read back
    /// from partitions: both give the same site and title, and SPEC's tie order (site, then
    /// title, in UTF-8 byte order) is the same either way.
    @Test func articlesNamedByIdOrAsTextReadAndOrderAlike() {
        let catalog = Catalog()
        let pairs = [
            ("en.wikipedia.org", "B"), ("en.wikipedia.org", "b"), ("en.wikipedia.org", "Ärger"),
            ("de.wikipedia.org", "Z"), ("en.wikipedia.org", "B 2"), ("en.wikipedia.org", ""),
            ("en.wikipedia.org", "A long title of more than fifteen bytes"),
        ]
        let ids = pairs.map {
            catalog.article(Article(wiki: catalog.wikis.intern($0.0), title: catalog.titles.intern($0.1)))
        }
        let byID = ArticleNaming(catalog)
        let asText = ArticleNaming()
        let names = catalog.names()
        for (i, a) in ids.enumerated() {
            let text = ArticleName.text(wiki: pairs[i].0, title: pairs[i].1)
            #expect(byID.wiki(.catalog(a)) == pairs[i].0 && byID.title(.catalog(a)) == pairs[i].1)
            #expect(asText.wiki(text) == pairs[i].0 && asText.title(text) == pairs[i].1)
            for (j, b) in ids.enumerated() {
                let other = ArticleName.text(wiki: pairs[j].0, title: pairs[j].1)
                #expect(
                    byID.precedes(.catalog(a), .catalog(b)) == names.articlePrecedes(a, b), "\(pairs[i]) \(pairs[j])")
                #expect(asText.precedes(text, other) == names.articlePrecedes(a, b), "\(pairs[i]) \(pairs[j])")
            }
        }
    }

    @Test func topArticlesTieBreaksInSpecOrder() throws {
        var run = Run([
            // More seconds first.
            view("2025-05-01T10:00:00Z", title: "Most", seconds: "100"),
            // 50 s each: more views first…
            view("2025-05-01T10:00:00Z", title: "TwoViews", seconds: "25"),
            view("2025-05-01T10:00:00Z", title: "TwoViews", seconds: "25"),
            // …then the later last view…
            view("2025-05-03T10:00:00Z", title: "Later", seconds: "50"),
            view("2025-05-02T10:00:00Z", title: "Earlier", seconds: "50"),
            // …then wiki, then title, in byte order.
            view("2025-05-01T10:00:00Z", title: "Z", wiki: "de.wikipedia.org", seconds: "50"),
            view("2025-05-01T10:00:00Z", title: "b", wiki: "en.wikipedia.org", seconds: "50"),
            view("2025-05-01T10:00:00Z", title: "B", wiki: "en.wikipedia.org", seconds: "50"),
            view("2025-05-01T10:00:00Z", title: "Ärger", wiki: "en.wikipedia.org", seconds: "50"),
        ])
        run.top = 10
        #expect(try run.titles().top == ["Most", "TwoViews", "Later", "Earlier", "Z", "B", "b", "Ärger"])
        run.top = 2
        let reader = try run.reader()
        #expect(try run.titles().top == ["Most", "TwoViews"])
        #expect(reader.topArticles.first?.views == 1)
    }

    @Test func topArticleHasFirstAndLastViewedAndNullWhenNoneCounted() throws {
        let reader = try Run([view("2025-05-02T10:00:00Z"), view("2025-05-01T10:00:00Z"), view("2025-05-03T10:00:00Z")])
            .reader()
        #expect(reader.topArticles.first?.firstViewed == instant("2025-05-01T10:00:00Z"))
        #expect(reader.topArticles.first?.lastViewed == instant("2025-05-03T10:00:00Z"))
        #expect(try Run([session("2025-05-01T10:00:00Z", ms: "1")]).reader().topArticles.isEmpty)
    }

    @Test func appTimeSumsSessionsWithAnAverage() throws {
        let reader = try Run([
            session("2025-05-01T10:00:00Z", ms: "1000"), session("2025-05-02T10:00:00Z", ms: "1001"),
            session("2025-05-03T10:00:00Z", ms: "0"),
        ]).reader()
        #expect(reader.appTime.seconds.description == "2.001")
        #expect(reader.appTime.sessions == 3)
        #expect(reader.appTime.averageSessionSeconds.description == "0.667")
    }

    @Test func patternsTakeTheMostViewsAndTheSmallestValueOnTies() throws {
        let reader = try Run([
            view("2025-03-03T09:00:00Z"), view("2025-03-04T09:30:00Z"),  // Mon, Tue 9h
            view("2025-02-05T14:00:00Z"), view("2025-02-06T14:00:00Z"),  // Wed, Thu 14h
        ]).reader()
        #expect(reader.patterns.hour == 9)
        #expect(reader.patterns.weekday == 1)
        #expect(reader.patterns.month == 2)
        #expect(reader.patterns.timeOfDay == .morning)
        let none = try Run([session("2025-05-01T10:00:00Z", ms: "1")]).reader()
        #expect(none.patterns.hour == nil && none.patterns.timeOfDay == nil)
    }

    @Test(arguments: [
        (0, TimeOfDay.lateNight), (4, .lateNight), (5, .morning), (11, .morning), (12, .midday),
        (13, .afternoon), (16, .afternoon), (17, .evening), (20, .evening), (21, .night), (23, .night),
    ])
    func timeOfDayBoundaries(hour: Int, expected: TimeOfDay) {
        #expect(TimeOfDay(hour: hour) == expected)
    }

    @Test func monthlyListsTwelveMonthsOfTheYear() throws {
        let reader = try Run([view("2025-01-31T23:00:00Z", seconds: "5"), view("2025-12-01T00:00:00Z", seconds: "7")])
            .reader()
        #expect(reader.monthly.map(\.month) == Array(1...12))
        #expect(reader.monthly[0].views == 1 && reader.monthly[0].milliseconds == 5000)
        #expect(reader.monthly[11].milliseconds == 7000)
    }

    @Test func streakIsTheLongestRunOfLocalDaysEarliestOnTies() throws {
        let reader = try Run([
            view("2025-01-30T10:00:00Z"), view("2025-01-31T10:00:00Z"), view("2025-02-01T10:00:00Z"),
            view("2025-05-01T10:00:00Z"), view("2025-05-02T10:00:00Z"), view("2025-05-03T10:00:00Z"),
            view("2025-07-01T10:00:00Z"),
        ]).reader()
        #expect(reader.streak.days == 3)
        #expect(reader.streak.start?.iso8601 == "2025-01-30")
        #expect(reader.streak.end?.iso8601 == "2025-02-01")
        let none = try Run([session("2025-05-01T10:00:00Z", ms: "1")]).reader()
        #expect(none.streak.days == 0 && none.streak.start == nil)
    }

    @Test func streakDaysAreLocalDays() throws {
        // 23:30Z and 00:30Z next day are the same day in New York.
        let reader = try Run([
            view("2025-05-01T23:30:00Z", extra: #","tz":"America/New_York""#), view("2025-05-02T00:30:00Z"),
        ]).reader()
        #expect(reader.streak.days == 1)
    }

    // MARK: §2.3 saved

    @Test func articleCountsWhenItsLatestActionIsASave() throws {
        let run = Run([
            save("2025-12-10T10:00:00Z", title: "Kept"),
            save("2025-12-02T10:00:00Z", title: "Dropped"),
            save("2025-12-03T10:00:00Z", title: "Dropped", action: "unsave"),
            save("2025-12-04T10:00:00Z", title: "Back", action: "unsave"), save("2025-12-05T10:00:00Z", title: "Back"),
            save("2025-12-06T10:00:00Z", title: "Same"), save("2025-12-06T10:00:00Z", title: "Same", action: "unsave"),
        ])
        let reader = try run.reader()
        #expect(reader.saved.last30DaysCount == 2)
        #expect(reader.saved.yearCount == 2)
        #expect(try run.titles().recent == ["Kept", "Back"])
    }

    @Test func thirtyDayWindowIncludesBothEdges() throws {
        var run = Run([
            save("2025-06-01T12:00:00Z", title: "AtStart"), save("2025-06-01T11:59:59.999Z", title: "JustBefore"),
            save("2025-07-01T12:00:00Z", title: "AtAsOf"), save("2025-07-01T12:00:00.001Z", title: "After"),
        ])
        run.asOf = "2025-07-01T12:00:00Z"
        run.fallbackZone = "UTC"
        let reader = try run.reader()
        #expect(reader.saved.last30DaysCount == 2)
        #expect(reader.saved.lastSaved == instant("2025-07-01T12:00:00Z"))
    }

    @Test func thirtyDayWindowIsTheSameLocalClockTimeAcrossDST() throws {
        // As-of 2025-04-15 12:00 in Berlin (CEST); 30 days earlier is 2025-03-16 12:00 CET = 11:00Z.
        var run = Run([
            save("2025-03-16T11:00:00Z", title: "Edge", extra: #","tz":"Europe/Berlin""#),
            save("2025-03-16T10:59:59Z", title: "Outside"),
        ])
        run.asOf = "2025-04-15T10:00:00Z"
        #expect(try run.reader().saved.last30DaysCount == 1)
    }

    @Test func lastSavedDisplayIsATimeTodayElseMonthAndDay() throws {
        var run = Run([save("2025-08-22T18:48:00Z", title: "Moon", extra: #","tz":"Europe/Berlin""#)])
        run.asOf = "2025-08-22T21:00:00Z"
        #expect(try run.lastSavedDisplay() == "8:48\u{202F}PM", "CLDR: a narrow no-break space before PM")
        run.locale = "de"
        #expect(try run.lastSavedDisplay() == "20:48")
        run.asOf = "2025-08-22T22:30:00Z"  // already 23 August in Berlin
        run.locale = "en"
        #expect(try run.lastSavedDisplay() == "August 22")
        run.locale = "de"
        #expect(try run.lastSavedDisplay() == "22. August")
        let none = Run([save("2025-01-01T10:00:00Z", title: "Old")])
        #expect(try none.lastSavedDisplay() == "" && none.reader().saved.lastSaved == nil)
    }

    @Test func recentSavesAreNewestFirstUpToThreeWithTheirThumbnails() throws {
        let run = Run([
            save("2025-03-01T10:00:00Z", title: "Old"),
            save("2025-05-01T10:00:00Z", title: "B", extra: #","thumbnail":"https://upload.wikimedia.org/b.jpg""#),
            save("2025-05-01T10:00:00Z", title: "A", extra: #","thumbnail":"ftp://x/a.jpg""#),
            save("2025-06-01T10:00:00Z", title: "New", extra: #","thumbnail":"http://x/n.jpg""#),
            save("2024-12-31T10:00:00Z", title: "LastYear"),
        ])
        let reader = try run.reader()
        #expect(try run.titles().recent == ["New", "A", "B"])
        #expect(reader.saved.recent.map(\.thumbnail) == ["http://x/n.jpg", nil, "https://upload.wikimedia.org/b.jpg"])
        #expect(reader.saved.yearCount == 4)
    }

    @Test func thumbnailsOfOtherSchemesAreDroppedAndCounted() throws {
        let run = Run([
            save("2025-05-01T10:00:00Z", title: "A", extra: #","thumbnail":"javascript:alert(1)""#),
            save("2025-05-01T10:00:00Z", title: "B", extra: #","thumbnail":"HTTPS://upload.wikimedia.org/b.png""#),
        ])
        let d = try run.diagnostics()
        #expect(d.droppedThumbnails == 1)
        #expect(try run.reader().saved.recent.map(\.thumbnail) == [nil, "HTTPS://upload.wikimedia.org/b.png"])
        #expect(d.accepted[RecordType.savedArticle.rawValue] == 2)
    }

    // MARK: §2.3 notifications

    @Test func notificationsTakeEachKeysLatestStateInTableOrder() throws {
        let reader = try Run([
            notification("2025-01-01T00:00:00Z", key: "zz-custom", enabled: true),
            notification("2025-01-01T00:00:00Z", key: "echo-subscriptions-push-thank-you-edit", enabled: true),
            notification("2025-01-01T00:00:00Z", key: "echo-subscriptions-push-edit-user-talk", enabled: true),
            notification("2025-01-01T00:00:00Z", key: "aa-custom", enabled: true),
            notification("2025-02-01T00:00:00Z", key: "echo-subscriptions-push-mention", enabled: true),
            notification("2025-03-01T00:00:00Z", key: "echo-subscriptions-push-mention", enabled: false),
            notification("2026-03-01T00:00:00Z", key: "echo-subscriptions-push-mention", enabled: true),  // after as-of
        ]).reader()
        #expect(
            reader.notifications.subscribed.map(\.label) == [
                "Talk page message", "Edit milestone", "aa-custom", "zz-custom",
            ])
        #expect(reader.notifications.unsubscribed.map(\.key) == ["echo-subscriptions-push-mention"])
        #expect(reader.notifications.unsubscribed.map(\.label) == ["Mention"])
    }

    // MARK: rank and cohort

    @Test func rankIsTheCeilingOfHundredTimesPositionOverReaders() throws {
        let lines = [("a", "100"), ("b", "50"), ("c", "50"), ("d", "10"), ("e", "0")].map {
            view("2025-05-01T10:00:00Z", seconds: $0.1, user: $0.0)
        }
        let readers = try Run(lines).model().statistics.readers
        #expect(readers.map(\.rankTopPercent) == [25, 50, 50, 100, nil])
    }

    /// Past a thousand readers ranks come from a radix sort and searches run side by side
    /// (`Statistics.rankReaders`): the same definition, checked against a plain count.
    @Test func rankOfThousandsOfReadersIsTheCeilingOfHundredTimesPositionOverReaders() throws {
        var seed: UInt64 = 7
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        // Seconds with ties, some readers with none, and one with far more than the rest.
        let seconds = (0..<3001).map { $0 == 0 ? 86_400 : Int(next() % 500) }
        let lines = seconds.enumerated().map {
            view("2025-05-01T10:00:00Z", seconds: "\($1)", user: String(format: "u%05d", $0))
        }
        let readers = try Run(lines).model().statistics.readers
        let withTime = seconds.filter { $0 > 0 }
        let expected = seconds.map { s -> Int? in
            guard s > 0 else { return nil }
            let position = 1 + withTime.filter { $0 > s }.count
            return (100 * position + withTime.count - 1) / withTime.count
        }
        #expect(readers.map(\.rankTopPercent) == expected)
    }

    @Test func radixSortOrdersLikeSort() {
        var seed: UInt64 = 11
        func next() -> Int64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int64(seed >> 1) }
        for (count, bits) in [(0, 8), (1, 8), (1000, 20), (1025, 3), (5000, 35), (5000, 63)] {
            var values = (0..<count).map { _ in next() >> (63 - bits) }
            let sorted = values.sorted()
            values.withUnsafeMutableBufferPointer { radixSort($0) }
            #expect(values == sorted, "\(count) values of \(bits) bits")
        }
    }

    @Test func cohortPercentilesAreNearestRankOverReadersWithTime() throws {
        let lines =
            (1...10).map { view("2025-05-01T10:00:00Z", seconds: "\($0)", user: "u\($0)") }
            + [session("2025-05-01T10:00:00Z", ms: "0", user: "nobody")]
        let cohort = try Run(lines).model().statistics.cohort
        #expect(cohort.readers == 11)
        #expect(cohort.readingSeconds.description == "55")
        #expect(cohort.readingSecondsPercentiles?.p50 == 5000)
        #expect(cohort.readingSecondsPercentiles?.p90 == 9000)
        #expect(cohort.readingSecondsPercentiles?.p99 == 10000)
        #expect(cohort.appTimeSecondsPercentiles == nil)
    }

    @Test func cohortTopArticlesCountDistinctReaders() throws {
        let statistics = try Run([
            view("2025-05-01T10:00:00Z", title: "Moon", seconds: "10", user: "a"),
            view("2025-05-02T10:00:00Z", title: "Moon", seconds: "10", user: "a"),
            view("2025-05-01T10:00:00Z", title: "Moon", seconds: "5", user: "b"),
            view("2025-05-01T10:00:00Z", title: "Sun", seconds: "30", user: "c"),
        ]).model().statistics
        let cohort = statistics.cohort
        #expect(cohort.topArticles.map { statistics.articleNames.title($0.name) } == ["Sun", "Moon"])
        #expect(cohort.topArticles[1].readers == 2 && cohort.topArticles[1].views == 3)
        #expect(cohort.topArticles[1].milliseconds == 25_000)
    }

    @Test func readersAreOrderedByUserInByteOrder() throws {
        let users = try Run(["b", "B", "a", "é"].map { view("2025-05-01T10:00:00Z", user: $0) }).model().statistics
            .readers.map(\.user)
        #expect(users == ["B", "a", "b", "é"])
    }

    @Test func aUserSeenOnlyOnRejectedLinesIsNoReader() throws {
        let ghost =
            #"{"type":"page_view","user":"ghost","timestamp":"yesterday","wiki":"enwiki","title":"Moon","seconds":1}"#
        var run = Run([
            ghost, view("2025-05-01T10:00:00Z", user: "real"), ghost, view("2025-05-02T10:00:00Z", user: "zed"),
        ])
        run.chunkSize = 1  // one line per chunk: strings of rejected lines reach the catalog first
        let model = try run.model()
        #expect(model.statistics.readers.map(\.user) == ["real", "zed"])
        #expect(model.statistics.cohort.readers == 2)
    }

    @Test func missingUserIsTheDefaultReader() throws {
        #expect(try Run([view("2025-05-01T10:00:00Z")]).model().statistics.readers.map(\.user) == ["default"])
    }
}
