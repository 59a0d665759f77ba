import Foundation
import Testing
import YirTestSupport
@testable import YirHTML
@testable import YirReport

/// docs/OUTPUT.md's overview: the analyst's `index.html`, rendered from the real templates.
@Suite struct OverviewTests {
    func overview(_ run: Run, locale: String = "en") throws -> String {
        var run = run
        run.locale = locale
        let model = try run.model()
        let html = HTMLReport(templates: try HTMLTemplates(folders: [templatesFolder]))
        return html.indexPage(model, readerLinks: model.statistics.readers.map { "readers/\($0.user).html" })
    }

    func figure(_ value: String, _ label: String) -> String {
        #"<div class="figure"><div class="figure-value">\#(value)</div><div class="figure-label">\#(label)</div></div>"#
    }

    /// The sortable headers of the readers table, each with its first-click direction.
    func firstClicks(_ page: String) -> [String] {
        page.components(separatedBy: "<th scope=\"col\"").dropFirst().compactMap { header in
            let tag = header.prefix { $0 != ">" }
            guard header.contains("class=\"sort\""), let at = tag.range(of: "data-first=\"") else { return nil }
            return String(tag[at.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func theLanguagesReadAreListedByReadersWithTheirTimeNamedInThePagesLanguage() throws {
        let run = Run([
            view("2025-03-01T10:00:00Z", title: "A", wiki: "fr.wikipedia.org", seconds: "600", user: "a"),
            view("2025-03-01T10:00:00Z", title: "B", wiki: "de.wikipedia.org", seconds: "60", user: "a"),
            view("2025-03-01T10:00:00Z", title: "B", wiki: "de.wikipedia.org", seconds: "60", user: "b"),
        ])
        let row = { (name: String, code: String, readers: Int, time: String) in
            #"<td>\#(name) <code class="key">\#(code)</code></td><td class="num">\#(readers)</td><td class="num">\#(time)</td>"#
        }
        // Durations keep their parts together with no-break spaces.
        let english = try overview(run)
        let german = try #require(english.range(of: row("German", "de", 2, "2\u{A0}min")))
        let french = try #require(english.range(of: row("French", "fr", 1, "10\u{A0}min")))
        #expect(german.lowerBound < french.lowerBound, "more readers first")
        #expect(
            try overview(run, locale: "fr").contains(
                #"<td>Allemand <code class="key">de</code></td><td class="num">2</td>"#))
    }

    @Test func theCohortFiguresCountTheReadersWithSavesWaitingAndTheSaves() throws {
        let saved = { (title: String, user: String) in
            save("2025-03-01T10:00:00Z", title: title).replacingOccurrences(of: "}", with: #","user":"\#(user)"}"#)
        }
        let page = try overview(
            Run([
                saved("X", "a"), saved("Y", "a"), view("2025-03-01T10:00:00Z", user: "b"), saved("Z", "c"),
                view("2025-03-02T10:00:00Z", title: "Z", user: "c"),
            ]))
        #expect(page.contains(figure("1", "readers with saves waiting")))
        #expect(page.contains(figure("2", "saves waiting")))
    }

    /// Figures sort best first on the first click — the most reading, the top 1 % of the rank —
    /// and texts from A; reader ids start sorted from A, so their first click reverses.
    @Test func aFirstClickSortsEveryFigureBestFirstAndTextsFromA() throws {
        let page = try overview(Run([view("2025-03-01T10:00:00Z", user: "a")]))
        #expect(
            firstClicks(page) == [
                "ascending", "ascending", "ascending", "descending", "descending", "descending", "descending",
                "descending", "descending", "ascending",
            ])
        #expect(
            page.contains(
                #"<th scope="col" class="num" data-numeric data-first="ascending"><button type="button" class="sort">Rank"#
            ))
    }

    /// A reader with no rank or no change has no figure to sort by: the cell says so ("–") and
    /// carries an empty key, which the script keeps last in either order.
    @Test func aReaderWithoutAFigureHasAnEmptySortKey() throws {
        let page = try overview(Run([view("2025-03-01T10:00:00Z", user: "a")]))
        #expect(page.contains(#"<td class="num" data-sort="">–</td>"#))
        #expect(!page.contains("data-sort=\"101\""))
    }

    @Test func withoutReadersFarAboveTheRestTheRangesCoverEveryValue() {
        #expect(Overview.bins([0, 5, 12]) == (2, 7, false))
        #expect(Overview.bins([1, 400, 800, 1_250]) == (200, 7, false))
        #expect(Overview.bins([]) == (1, 1, false))
    }

    @Test func oneReaderFarAboveTheRestIsCountedInAnOpenLastRangeAndTheOthersKeepTheirShape() throws {
        #expect(Overview.bins([1, 2, 3, 4, 5, 6, 7, 8, 9, 100_000]) == (2, 5, true))
        // Most streaks of 1 day put the fence at 1; those of 2 and 6 days keep ranges of their own.
        #expect(Overview.bins([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 6, 300]) == (1, 7, true))
        // Readers of 1 to 9 minutes, and one of 1,333.
        let page = try overview(
            Run(
                (1...9).map { view("2025-03-01T10:00:00Z", seconds: "\($0 * 60)", user: "r\($0)") }
                    + [view("2025-03-01T10:00:00Z", seconds: "80000", user: "heavy")]))
        let minutes = try #require(page.components(separatedBy: "<figure class=\"histogram\">").dropFirst().first)
        #expect(minutes.contains("<tr><th>0–1</th><td>1</td></tr>\n<tr><th>2–3</th><td>2</td></tr>"))
        #expect(minutes.contains("<tr><th>8–9</th><td>2</td></tr>\n<tr><th>≥ 10</th><td>1</td></tr>"))
        #expect(minutes.contains(#"<rect class="bar open""#))
        #expect(minutes.contains(#"text-anchor="end">≥ 10</text>"#))
    }
}
