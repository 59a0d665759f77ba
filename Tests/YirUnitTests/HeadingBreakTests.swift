import Testing
import YirTestSupport

/// SPEC §4.4 (v4), "Words that break right", as the slides apply it: headings in the page's
/// language, titles in their wiki's (decision 137).
@Suite struct HeadingBreakTests {
    /// The German heading of the time slide, "Gut investierte Zeit".
    @Test func aSlideHeadingBreaksAtThePagesLanguagesHyphenationPoints() throws {
        let page = try HTMLTests().page(Run(HTMLTests().fullYear()), locale: "de")
        #expect(page.contains("<h1>Gut in\u{AD}ves\u{AD}tierte Zeit</h1>"))
    }

    /// A German title on an English page breaks as German; its link keeps the title as it is.
    @Test func aTitleBreaksAtItsWikisLanguagesHyphenationPoints() throws {
        let top = view("2025-04-01T10:00:00Z", title: "Weltmeisterschaft", wiki: "de.wikipedia.org", seconds: "6000")
        let page = try HTMLTests().page(Run(HTMLTests().fullYear() + [top]), locale: "en")
        let slide = HTMLTests().slide(page, "top")
        #expect(slide.contains("<bdi>Welt\u{AD}meis\u{AD}ter\u{AD}schaft</bdi>"), "\(slide)")
        #expect(slide.contains("href=\"https://de.wikipedia.org/wiki/Weltmeisterschaft\""))
    }

    /// A Japanese heading: the page's phrases, and no break between two others.
    @Test func aJapaneseSlideHeadingBreaksBetweenItsPhrases() throws {
        let page = try HTMLTests().page(Run(HTMLTests().fullYear()), locale: "ja")
        let ending = HTMLTests().slide(page, "ending")
        #expect(ending.contains("読んでくれて\u{200B}ありがとう"), "\(ending)")
    }
}

extension HTMLTests {
    /// A page without the marks of where its headings and titles break, for tests of what it says.
    func unmarked(_ page: String) -> String {
        page.replacingOccurrences(of: "\u{AD}", with: "").replacingOccurrences(of: "\u{200B}", with: "")
    }
}
