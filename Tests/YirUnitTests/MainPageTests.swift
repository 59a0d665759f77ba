import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirStats

/// SPEC §2.2 (v4): a view of a wiki's own main page is a visit to the front door, not reading.
@Suite struct MainPageTests {
    @Test func aViewOfAWikisOwnMainPageDoesNotCountButTheSameTitleElsewhereDoes() throws {
        let run = Run([
            view("2025-03-01T10:00:00Z", title: "メインページ", wiki: "ja.wikipedia.org"),
            view("2025-03-01T11:00:00Z", title: "メインページ", wiki: "ja.m.wikipedia.org"),
            view("2025-03-01T12:00:00Z", title: "Main_Page", wiki: "simple.wikipedia.org"),
            // Another language's main page title, and a wiki with no language: articles like any other.
            view("2025-03-01T13:00:00Z", title: "メインページ", wiki: "en.wikipedia.org"),
            view("2025-03-01T14:00:00Z", title: "メインページ", wiki: "commons.wikimedia.org"),
            view("2025-03-01T15:00:00Z", title: "東京", wiki: "ja.wikipedia.org"),
        ])
        #expect(try run.reader().reading.views == 3)
        #expect(try run.diagnostics().excludedPage == 3)
    }

    /// Arabic Wikipedia renamed its main page: both titles are main pages, in one export too.
    @Test func everyMainPageOfALanguageIsLeftOutWhenItHasMoreThanOne() throws {
        let run = Run([
            view("2025-03-01T10:00:00Z", title: "الصفحة الرئيسية", wiki: "ar.wikipedia.org"),
            view("2025-03-01T11:00:00Z", title: "الصفحة الرئيسة", wiki: "ar.wikipedia.org"),
            view("2025-03-01T12:00:00Z", title: "القاهرة", wiki: "ar.wikipedia.org"),
        ])
        #expect(try run.reader().reading.views == 1)
        #expect(try run.diagnostics().excludedPage == 2)
    }

    @Test func keepMainPagesCountsThemAndExcludeTitleStillAddsTitlesOnEveryWiki() throws {
        var run = Run([
            view("2025-03-01T10:00:00Z", title: "Hoofdpagina", wiki: "nl.wikipedia.org"),
            view("2025-03-01T11:00:00Z", title: "Berlin", wiki: "de.wikipedia.org"),
            view("2025-03-01T12:00:00Z", title: "Berlin", wiki: "nl.wikipedia.org"),
        ])
        run.keepMainPages = true
        run.excludedTitles = ["Berlin"]
        #expect(try run.reader().reading.views == 1)
        #expect(try run.diagnostics().excludedPage == 2)
    }

    @Test func theTableHoldsEveryMainPageTheContractNames() throws {
        let text = try String(contentsOfFile: templatesFolder + "/main-pages.tsv", encoding: .utf8)
        let rows = Set(try MainPage.table(text).map { "\($0.language) \($0.title)" })
        let named = [
            "en Main Page", "ja メインページ", "ar الصفحة الرئيسية", "he עמוד ראשי", "ru Заглавная страница",
            "uk Головна сторінка", "it Pagina principale", "nl Hoofdpagina", "fa صفحهٔ اصلی", "hi मुखपृष्ठ",
            "id Halaman Utama", "vi Trang Chính",
        ]
        for row in named { #expect(rows.contains(row), "\(row)") }
    }

    @Test func aRowThatIsNotALanguageATitleAndASourceIsAnErrorNamingItsLine() {
        #expect(throws: MainPage.TableError(line: 3)) {
            try MainPage.table("# comment\nen\tMain Page\tspec\nja\tメインページ\n")
        }
    }
}
