import YirCore
import YirHTML
import YirPartitions
import YirReport

/// The outputs a run can write: the last stage of every command, `report`, `stats` and
/// `render` alike, so that one output is made by the same code whichever command asks.
public enum Output: String, CaseIterable, Sendable {
    /// `index.html` and the reader decks in `readers/` (a folder, written by `HTMLReport`).
    case html
    case xml, json, jsonl, csv
    /// The terminal table of `yir stats`.
    case table
    /// The lines one partition of an export gives `yir render` (SPEC §6).
    case partition

    /// The outputs `report` and `render` write into a folder, by the name `--format` gives them.
    public static let reportFiles: [Output] = [.html, .xml, .json, .jsonl, .csv]

    /// Its file's name in a report's folder; nil for what only `yir stats` prints.
    public var fileName: String? {
        switch self {
        case .html: HTMLReport.indexFile
        case .xml: "report.xml"
        case .json: "report.json"
        case .jsonl: "readers.jsonl"
        case .csv: "readers.csv"
        case .table, .partition: nil
        }
    }

    /// Writes the output as one stream of bytes, through `write`; every output but `html`,
    /// which is a folder of pages. Returns the characters XML 1.0 cannot hold that were written
    /// as U+FFFD (xml only; 0 for the others).
    @discardableResult
    public func render(_ model: ReportModel, jobs: Int, to write: @escaping ([UInt8]) throws -> Void) throws -> Int {
        switch self {
        case .xml: return try XMLReport.write(model, jobs: jobs, to: write)
        case .json: try JSONReport.writeDocument(model, jobs: jobs, to: write)
        case .jsonl: try JSONReport.writeLines(model, jobs: jobs, to: write)
        case .csv: try CSVReport.write(model, jobs: jobs, to: write)
        case .table: try TableReport.write(model, jobs: jobs, to: write)
        case .partition: try PartitionFormat.write(model, jobs: jobs, to: write)
        case .html: preconditionFailure("the HTML is a folder of pages: HTMLReport.write")
        }
        return 0
    }
}
