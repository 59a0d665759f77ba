import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirStats

/// SPEC §2.3's figures beyond the year itself — `previous_year` and `change`, `rabbit_hole`,
/// `coverage` — and §2.4's `cohort.previous_year`: one test per rule.
@Suite struct YearBeyondTests {
    func reader(_ lines: [String], asOf: String = "2025-12-31T12:00:00Z", tz: String? = nil, year: Int? = nil) throws
        -> ReaderStats
    {
        var run = Run(lines)
        run.asOf = asOf
        run.tz = tz
        run.year = year
        return try run.reader()
    }

    // MARK: previous_year and change

    @Test func aWholeYearIsComparedWithTheWholeYearBefore() throws {
        let r = try reader(
            [
                view("2024-01-01T00:00:00Z", seconds: "10"),
                view("2024-12-31T23:59:59.999Z", title: "B", seconds: "30"),
                view("2023-12-31T23:59:59Z", seconds: "1000"), view("2025-06-01T10:00:00Z", seconds: "60"),
            ],
            asOf: "2026-03-01T00:00:00Z", year: 2025)
        let previous = try #require(r.previousYear)
        #expect(previous.milliseconds == 40_000 && previous.views == 2 && previous.articles == 2)
        #expect(r.readingChange == FixedDecimal(500, scale: 3), "60 s against 40 s: 50 % more")
    }

    @Test func aPartialYearIsComparedWithTheSamePartOfTheYearBefore() throws {
        // As of 1 December 12:00 (Berlin): the year before counts up to 1 December 12:00, not after.
        let lines = [
            view("2025-03-01T10:00:00Z", seconds: "100"),
            view("2024-12-01T10:59:59.999Z", seconds: "200"),  // 11:59:59.999 in Berlin
            view("2024-12-01T11:00:00Z", seconds: "400"),
        ]  // 12:00 in Berlin: after E′
        let r = try reader(lines, asOf: "2025-12-01T11:00:00Z", tz: "Europe/Berlin")
        #expect(r.previousYear?.milliseconds == 200_000)
        #expect(r.readingChange == FixedDecimal(-500, scale: 3), "100 s against 200 s: half as much")
    }

    @Test func twentyNinthFebruaryComparesWithTwentyEighthFebruary() throws {
        let lines = [
            view("2024-02-29T08:00:00Z", seconds: "10"),
            view("2023-02-28T11:59:59Z", seconds: "20"), view("2023-02-28T12:00:00Z", seconds: "40"),
        ]
        let r = try reader(lines, asOf: "2024-02-29T12:00:00Z", tz: "UTC")
        #expect(r.previousYear?.milliseconds == 20_000)
    }

    @Test func theYearBeforesEndInADaylightSavingGapIsShiftedForwardByTheGap() throws {
        // As of 31 March 2025 02:30 in Berlin; on 31 March 2024 02:30 did not exist (the clocks
        // went from 02:00 to 03:00), so E′ is 03:30 CEST = 01:30Z.
        let lines = [
            view("2025-03-01T10:00:00Z", seconds: "10"),
            view("2024-03-31T01:29:59.999Z", seconds: "20"), view("2024-03-31T01:30:00Z", seconds: "40"),
        ]
        let r = try reader(lines, asOf: "2025-03-31T00:30:00Z", tz: "Europe/Berlin")
        #expect(r.previousYear?.milliseconds == 20_000)
    }

    @Test func theHistoryClearCutsIntoTheYearBefore() throws {
        let lines = [
            view("2024-03-01T10:00:00Z", seconds: "100"), clear("2024-06-01T00:00:00Z"),
            view("2024-07-01T10:00:00Z", seconds: "30"), view("2025-02-01T10:00:00Z", seconds: "60"),
        ]
        let run = Run(lines)
        let r = try run.reader()
        #expect(r.previousYear?.milliseconds == 30_000 && r.previousYear?.views == 1)
        let d = try run.diagnostics()
        #expect(d.cleared == 1 && d.outsideWindow == 1, "the view of the year before still counts as outside_window")
    }

    @Test func theYearBeforeFollowsTheCountingRules() throws {
        let lines = [
            view("2024-05-01T10:00:00Z", title: "Main_Page", seconds: "100"),
            view("2024-05-01T10:00:00Z", seconds: "100", extra: #","namespace":1"#),
            view("2025-05-01T10:00:00Z", seconds: "100"),
        ]
        #expect(try reader(lines).previousYear == nil, "only excluded pages the year before")
    }

    @Test func noReadingTheYearBeforeIsNullAndSoIsTheChange() throws {
        let r = try reader([view("2025-05-01T10:00:00Z")])
        #expect(r.previousYear == nil && r.readingChange == nil)
        let zero = try reader([view("2024-05-01T10:00:00Z", seconds: "0"), view("2025-05-01T10:00:00Z")])
        #expect(zero.previousYear?.views == 1 && zero.previousYear?.milliseconds == 0)
        #expect(zero.readingChange == nil, "no change against 0 seconds")
    }

    @Test func theChangeIsTheRatioRoundedHalfUpLessOne() {
        #expect(ReaderCalculator.change(1_000, against: 3_000) == FixedDecimal(-667, scale: 3))  // 0.3333… → 0.333
        #expect(ReaderCalculator.change(2_001, against: 2_000) == FixedDecimal(1, scale: 3))  // 1.0005 → 1.001
        #expect(ReaderCalculator.change(0, against: 5) == FixedDecimal(-1000, scale: 3))
        #expect(ReaderCalculator.change(Int64.max / 10, against: 1)!.value > 0, "no overflow")
        #expect(ReaderCalculator.change(5, against: 0) == nil)
    }

    @Test func theCohortCountsTheReadersWithAYearBefore() throws {
        let lines = [
            view("2024-05-01T10:00:00Z", seconds: "10", user: "a"), view("2025-05-01T10:00:00Z", user: "a"),
            view("2024-05-01T10:00:00Z", seconds: "5", user: "b"), view("2025-05-01T10:00:00Z", user: "c"),
        ]
        let cohort = try Run(lines).model().statistics.cohort
        #expect(cohort.previousYear.readers == 2 && cohort.previousYear.readingMilliseconds == 15_000)
    }

    // MARK: rabbit_hole

    func sitting(_ lines: [String]) throws -> ReaderStats.RabbitHole {
        try #require(try reader(lines).rabbitHole)
    }

    @Test func aViewExactlyThirtyMinutesAfterTheLatestEndContinuesTheSitting() throws {
        // A ends at 10:01; B starts at 10:31 sharp.
        let hole = try sitting([
            view("2025-05-01T10:00:00Z", title: "A", seconds: "60"),
            view("2025-05-01T10:31:00Z", title: "B", seconds: "10"),
        ])
        #expect(hole.articles == 2 && hole.views == 2 && hole.milliseconds == 70_000)
        #expect(hole.start == instant("2025-05-01T10:00:00Z") && hole.end == instant("2025-05-01T10:31:10Z"))
    }

    @Test func aViewOneMillisecondLaterStartsANewSitting() throws {
        let hole = try sitting([
            view("2025-05-01T10:00:00Z", title: "A", seconds: "60"),
            view("2025-05-01T10:31:00.001Z", title: "B", seconds: "10"),
        ])
        #expect(hole.articles == 1 && hole.views == 1)
        #expect(hole.milliseconds == 60_000, "the tie on articles goes to the one with more time")
    }

    @Test func theLatestEndSoFarCountsNotTheLastViewsEnd() throws {
        // A long view overlaps a short one; C starts 30 minutes after A's end, not B's.
        let hole = try sitting([
            view("2025-05-01T10:00:00Z", title: "A", seconds: "3600"),
            view("2025-05-01T10:10:00Z", title: "B", seconds: "5"),
            view("2025-05-01T11:30:00Z", title: "C", seconds: "5"),
        ])
        #expect(hole.articles == 3 && hole.end == instant("2025-05-01T11:30:05Z"))
    }

    @Test func viewsAreTakenInTimestampOrderWhateverTheInputOrder() throws {
        let model = try Run([
            view("2025-05-01T10:20:00Z", title: "C"), view("2025-05-01T10:00:00Z", title: "A"),
            view("2025-05-01T10:10:00Z", title: "B"),
        ]).model()
        let hole = try #require(model.statistics.readers[0].rabbitHole)
        #expect(hole.articles == 3 && hole.start == instant("2025-05-01T10:00:00Z"))
        #expect(
            model.statistics.articleNames.title(hole.first) == "A"
                && model.statistics.articleNames.title(hole.last) == "C")
    }

    @Test func equalTimestampsKeepInputOrderForTheFirstAndLastArticle() throws {
        let run = Run([view("2025-05-01T10:00:00Z", title: "Zeta"), view("2025-05-01T10:00:00Z", title: "Alpha")])
        let model = try run.model()
        let hole = try #require(model.statistics.readers[0].rabbitHole)
        #expect(model.statistics.articleNames.title(hole.first) == "Zeta")
        #expect(model.statistics.articleNames.title(hole.last) == "Alpha")
    }

    @Test func theSittingWithTheMostDistinctArticlesWinsNotTheMostViews() throws {
        let run = Run([
            view("2025-05-01T10:00:00Z", title: "A", seconds: "900"),
            view("2025-05-01T10:05:00Z", title: "A", seconds: "900"),
            view("2025-05-01T10:10:00Z", title: "A", seconds: "900"),
            view("2025-06-01T10:00:00Z", title: "B", seconds: "1"),
            view("2025-06-01T10:01:00Z", title: "C", seconds: "1"),
        ])
        let model = try run.model()
        let hole = try #require(model.statistics.readers[0].rabbitHole)
        #expect(hole.articles == 2 && hole.views == 2)
        #expect(
            model.statistics.articleNames.title(hole.first) == "B"
                && model.statistics.articleNames.title(hole.last) == "C")
    }

    @Test func onEqualArticlesAndTimeTheEarlierSittingWins() throws {
        let hole = try sitting([
            view("2025-06-01T10:00:00Z", title: "B", seconds: "5"),
            view("2025-05-01T10:00:00Z", title: "A", seconds: "5"),
        ])
        #expect(hole.start == instant("2025-05-01T10:00:00Z"))
    }

    @Test func onlyCountedViewsMakeSittings() throws {
        let r = try reader([view("2025-05-01T10:00:00Z", title: "Main_Page"), view("2024-05-01T10:00:00Z")])
        #expect(r.rabbitHole == nil)
    }

    // MARK: coverage

    @Test func withoutAClearTheFiguresCoverTheWindow() throws {
        let r = try reader([view("2025-03-03T10:00:00Z"), view("2025-02-01T10:00:00Z", title: "B")])
        #expect(r.coverage.start == r.window.start && r.coverage.end == r.window.end && r.coverage.cleared == nil)
        #expect(r.coverage.firstView == instant("2025-02-01T10:00:00Z"))
    }

    @Test func aClearInsideTheYearStartsTheCoverage() throws {
        let r = try reader([clear("2025-02-14T20:05:00Z"), view("2025-01-03T10:00:00Z"), view("2025-03-03T10:00:00Z")])
        #expect(
            r.coverage.cleared == instant("2025-02-14T20:05:00Z") && r.coverage.start == instant("2025-02-14T20:05:00Z")
        )
        #expect(r.coverage.firstView == instant("2025-03-03T10:00:00Z"))
    }

    @Test func aClearBeforeTheYearIsNotInTheCoverage() throws {
        let r = try reader([clear("2024-11-01T00:00:00Z"), view("2025-03-03T10:00:00Z")])
        #expect(r.coverage.cleared == nil && r.coverage.start == r.window.start)
        let none = try reader([save("2025-03-03T10:00:00Z", title: "X")])
        #expect(none.coverage.firstView == nil)
    }
}
