import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirStats

/// SPEC §2.3 and §2.4 (v4): the moments of a reader's year that the totals do not tell — the
/// first and the last article, the single longest read, the languages read, and the saves
/// still waiting to be read.
@Suite struct MomentTests {
    func instant(_ text: String) -> Int64 { try! RFC3339.parse(text).get().instantValue }

    func title(_ name: ArticleName?, in run: Run) throws -> String? {
        try name.map { try run.model().statistics.articleNames.title($0) }
    }

    @Test func theFirstAndLastArticlesAreThoseOfTheYearsFirstAndLastCountedViewsInputOrderOnTies() throws {
        let run = Run([
            view("2025-06-01T10:00:00Z", title: "Middle"),
            view("2025-01-02T08:00:00Z", title: "First"),
            view("2025-01-02T08:00:00Z", title: "Tied with first, later in the input"),
            view("2024-12-31T23:00:00Z", title: "Last year"),
            view("2025-12-20T10:00:00Z", title: "Tied with last"),
            view("2025-12-20T10:00:00Z", title: "Last"),
            view("2026-01-05T10:00:00Z", title: "After the as-of instant"),
        ])
        let reader = try run.reader()
        #expect(try title(reader.firstArticle?.name, in: run) == "First")
        #expect(reader.firstArticle?.at == instant("2025-01-02T08:00:00Z"))
        #expect(try title(reader.lastArticle?.name, in: run) == "Last")
        #expect(reader.lastArticle?.at == instant("2025-12-20T10:00:00Z"))
    }

    @Test func theLongestViewIsTheSingleViewWithTheMostSecondsTiesToTheEarlierThenTheFirstInInput() throws {
        let run = Run([
            view("2025-05-01T10:00:00Z", title: "Long, later", seconds: "600"),
            view("2025-04-01T10:00:00Z", title: "Long, earlier", seconds: "600"),
            view("2025-04-01T10:00:00Z", title: "Long, earlier, later in the input", seconds: "600"),
            // Two views of one article add up to more, but no single read is longer.
            view("2025-03-01T10:00:00Z", title: "Often", seconds: "400"),
            view("2025-03-02T10:00:00Z", title: "Often", seconds: "400"),
        ])
        let longest = try #require(try run.reader().longestView)
        #expect(try title(longest.name, in: run) == "Long, earlier")
        #expect(longest.milliseconds == 600_000 && longest.at == instant("2025-04-01T10:00:00Z"))
    }

    @Test func thereIsNoLongestViewWithoutOneOfMoreThanZeroSeconds() throws {
        #expect(try Run([view("2025-04-01T10:00:00Z", seconds: "0")]).reader().longestView == nil)
        #expect(try Run([view("2024-04-01T10:00:00Z", seconds: "10")]).reader().longestView == nil)
    }

    @Test func languagesAreTheWikisLanguagesBySecondsThenArticlesAndAWikiWithoutOneIsLeftOut() throws {
        let run = Run([
            view("2025-03-01T10:00:00Z", title: "A", wiki: "de.wikipedia.org", seconds: "100"),
            view("2025-03-01T11:00:00Z", title: "B", wiki: "de.m.wikipedia.org", seconds: "100"),
            view("2025-03-01T12:00:00Z", title: "C", wiki: "fr.wikipedia.org", seconds: "200"),
            view("2025-03-01T13:00:00Z", title: "D", wiki: "simple.wikipedia.org", seconds: "50"),
            view("2025-03-01T14:00:00Z", title: "E", wiki: "zh-yue.wikipedia.org", seconds: "50"),
            view("2025-03-01T15:00:00Z", title: "F", wiki: "commons.wikimedia.org", seconds: "900"),
        ])
        #expect(
            try run.reader().languages == [
                LanguageShare(language: "de", articles: 2, milliseconds: 200_000),
                LanguageShare(language: "fr", articles: 1, milliseconds: 200_000),
                LanguageShare(language: "en", articles: 1, milliseconds: 50_000),
                LanguageShare(language: "yue", articles: 1, milliseconds: 50_000),
            ])
    }

    @Test func aSaveIsUnreadUntilACountedViewAtOrAfterItsLatestSave() throws {
        let run = Run([
            save("2025-02-01T10:00:00Z", title: "Read later"),
            view("2025-02-03T10:00:00Z", title: "Read later"),
            save("2025-02-01T10:00:00Z", title: "Read at the instant"),
            view("2025-02-01T10:00:00Z", title: "Read at the instant"),
            save("2025-05-01T10:00:00Z", title: "Read before, saved again"),
            view("2025-04-01T10:00:00Z", title: "Read before, saved again"),
            save("2025-03-01T10:00:00Z", title: "B waiting"),
            save("2025-03-01T10:00:00Z", title: "A waiting"),
            save("2025-01-10T10:00:00Z", title: "Oldest waiting"),
            save("2025-06-01T10:00:00Z", title: "Newest waiting"),
            save("2025-06-02T10:00:00Z", title: "Unsaved"),
            save("2025-06-03T10:00:00Z", title: "Unsaved", action: "unsave"),
            save("2024-06-01T10:00:00Z", title: "Saved last year"),
        ])
        let unread = try run.reader().saved.unread
        #expect(unread.count == 5)
        let names = try unread.articles.map { try title($0.name, in: run) }
        #expect(names == ["Oldest waiting", "A waiting", "B waiting"])
        #expect(unread.articles.first?.saved == instant("2025-01-10T10:00:00Z"))
    }

    @Test func theRunCountsEachLanguageByItsReadersAndTheSavesStillWaiting() throws {
        let run = Run([
            view("2025-03-01T10:00:00Z", title: "A", wiki: "de.wikipedia.org", seconds: "100", user: "a"),
            view("2025-03-01T10:00:00Z", title: "B", wiki: "fr.wikipedia.org", seconds: "500", user: "a"),
            view("2025-03-01T10:00:00Z", title: "A", wiki: "de.wikipedia.org", seconds: "30", user: "b"),
            save("2025-03-01T10:00:00Z", title: "X").replacingOccurrences(of: "}", with: #","user":"b"}"#),
            save("2025-03-01T10:00:00Z", title: "Y").replacingOccurrences(of: "}", with: #","user":"b"}"#),
        ])
        let cohort = try run.model().statistics.cohort.subjects
        #expect(
            cohort.languages == [
                CohortLanguage(language: "de", readers: 2, milliseconds: 130_000),
                CohortLanguage(language: "fr", readers: 1, milliseconds: 500_000),
            ])
        #expect(cohort.unreadReaders == 1 && cohort.unread == 2)
    }
}
