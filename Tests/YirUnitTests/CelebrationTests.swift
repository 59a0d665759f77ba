import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirHTML
@testable import YirStats

/// SPEC §4.4 (v4) "New moments" and docs/OUTPUT.md: a year read every day, a rank in the top
/// 1 % and a reader's first year are celebrated as such, each only where the figures can say it;
/// a small run is told in readers, and one article is one good read.
extension HTMLTests {
    /// One view a day from `first` (a day of 2025) for `days` days, each of another article.
    func everyDay(from first: Int = 1, days: Int) -> [String] {
        let start = CivilDate(year: 2025, month: 1, day: first).daysSinceEpoch
        return (0..<Int64(days)).map { i in
            let date = CivilDate(daysSinceEpoch: start + i)
            let day = String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
            return view("\(day)T10:00:00Z", title: "A\(i)", seconds: "60")
        }
    }

    func heading(_ page: String, _ kind: String) -> String {
        let slide = slide(page, kind)
        guard let start = slide.range(of: "<h1>"), let end = slide.range(of: "</h1>") else { return "" }
        return String(slide[start.upperBound..<end.lowerBound])
    }

    @Test func everyDayOfTheYearIsCelebratedAsSuch() throws {
        let all = try page(Run(everyDay(days: 365)))
        #expect(heading(all, "streak") == "Every single day of 2025", "\(heading(all, "streak"))")
        #expect(slide(all, "streak").contains("<p class=\"hero fit\">365</p>"))
        // One day short of the year, its last: the longest streak, no more.
        let short = try page(Run(everyDay(days: 364)))
        #expect(heading(short, "streak") == "Your longest streak")
        let late = try page(Run(everyDay(from: 2, days: 364)))
        #expect(heading(late, "streak") == "Your longest streak")
    }

    /// A year not over: every day of it so far, from 30 days.
    @Test func everyDayOfTheYearSoFarIsCelebratedFromThirtyDays() throws {
        var run = Run(everyDay(days: 30))
        run.asOf = "2025-01-30T12:00:00Z"
        #expect(heading(try page(run), "streak") == "Every single day of 2025 so far")
        run = Run(everyDay(days: 29))
        run.asOf = "2025-01-29T12:00:00Z"
        #expect(heading(try page(run), "streak") == "Your longest streak")
    }

    /// `readers` readers, each one view; r0 the shortest, r(N−1) the longest.
    func rankRun(_ readers: Int) -> Run {
        Run((0..<readers).map { view("2025-03-01T10:00:00Z", seconds: "\(60 * ($0 + 1))", user: "r\($0)") })
    }

    @Test func aRankInTheTopOnePercentIsCelebratedAsSuch() throws {
        let run = rankRun(100)
        let top = try page(run, user: "r99")
        #expect(heading(top, "rank") == "Among the most curious readers")
        #expect(slide(top, "rank").contains("<p class=\"hero fit\">Top 1%</p>"), "\(slide(top, "rank"))")
        #expect(top.contains("You spent more time reading than 99% of the 100 readers in this year&#39;s review."))
        let next = try page(run, user: "r98")
        #expect(heading(next, "rank") == "Among all readers")
        #expect(slide(next, "rank").contains("<p class=\"hero fit\">98%</p>"))
    }

    /// Under 100 readers a percentage of them means little: the slide counts readers.
    @Test func aSmallRunIsToldInReadersNotInPercent() throws {
        let small = slide(try page(rankRun(12), user: "r11"), "rank")
        #expect(small.contains("You spent more time reading than 11 of the 12 readers in this year&#39;s review."))
        #expect(!small.contains("%") && !small.contains("class=\"hero"), "\(small)")
        let ninetyNine = slide(try page(rankRun(99), user: "r98"), "rank")
        #expect(ninetyNine.contains("than 98 of the 99 readers") && !ninetyNine.contains("%"))
        #expect(slide(try page(rankRun(100), user: "r98"), "rank").contains("98% of the 100 readers"))
    }

    /// A first year is said only when the run holds the year before for someone, and this
    /// reader had none of it.
    @Test func aFirstYearIsWelcomedOnlyWhenTheRunHoldsTheYearBefore() throws {
        let welcome = "Your first year with us. Welcome!"
        let lines = [
            view("2025-05-01T10:00:00Z", user: "new"), view("2024-05-01T10:00:00Z", user: "old"),
            view("2025-05-01T10:00:00Z", user: "old"),
        ]
        #expect(slide(try page(Run(lines), user: "new"), "opening").contains(welcome))
        #expect(!(try page(Run(lines), user: "old")).contains(welcome), "read the year before")
        #expect(!(try page(Run([view("2025-05-01T10:00:00Z", user: "new")]))).contains(welcome), "no year before held")
        let cleared = Run(lines + [#"{"type":"history_cleared","timestamp":"2025-04-01T00:00:00Z","user":"new"}"#])
        #expect(!(try page(cleared, user: "new")).contains(welcome), "a clear this year hides the year before")
    }

    @Test func oneArticleIsAGoodReadNotAFew() throws {
        let one = try page(Run([view("2025-03-01T10:00:00Z")]))
        #expect(heading(one, "few") == "A good read")
        let two = try page(Run([view("2025-03-01T10:00:00Z"), view("2025-03-02T10:00:00Z", title: "B")]))
        #expect(heading(two, "few") == "A few good reads")
    }
}

extension HTMLTests {
    /// One month of reading is no contest: it is the reader's month, not the busiest.
    @Test func aYearReadInOneMonthHasNoBusiestMonth() throws {
        let one = slide(try page(Run(fullYear())), "monthly")
        #expect(one.contains("March was your reading month, with"), "\(one)")
        #expect(!one.contains("busiest"))
        let two = slide(try page(Run(fullYear() + [view("2025-04-01T10:00:00Z", title: "B")])), "monthly")
        #expect(two.contains("Your busiest month was March"))
    }
}
