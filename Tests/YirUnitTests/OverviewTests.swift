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
        let html = HTMLReport(templates: try HTMLTemplates(folders: [templatesFolder]), remoteImages: false)
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
}
