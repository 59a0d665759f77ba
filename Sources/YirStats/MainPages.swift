/// A wiki's main page (SPEC §2.2 v4): the title that is the main page on every wiki of
/// `language`. A view of it is a visit to the front door, not reading.
public struct MainPage: Sendable, Equatable {
    /// The language the wikis' domains name (`WikiLanguage`): `ja` for `ja.wikipedia.org`.
    public var language: String
    public var title: String

    public init(language: String, title: String) {
        self.language = language
        self.title = title
    }

    /// The rows of the templates' `main-pages.tsv`: one per line, `language`, `title` and
    /// `source` separated by tabs; blank lines and lines starting with `#` say nothing.
    public static func table(_ text: String) throws(TableError) -> [MainPage] {
        var pages: [MainPage] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count == 3, !columns[0].isEmpty, !columns[1].isEmpty else {
                throw TableError(line: index + 1)
            }
            pages.append(MainPage(language: String(columns[0]), title: String(columns[1])))
        }
        return pages
    }

    /// A line of the table that is not a language, a title and a source.
    public struct TableError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var description: String {
            "line \(line): not a language, a title and a source separated by tabs"
        }
    }
}
