import Foundation
import Testing
@testable import YirReport

/// SPEC §4.6: one row per reader, RFC 4180, and no cell a spreadsheet would run as a formula.
@Suite struct CSVTests {
    /// Python's csv module, the reader analysts reach for: the rows it sees.
    func pythonRows(_ csv: [UInt8]) throws -> [[String]] {
        let file = scratchFolder().appendingPathComponent("readers.csv")
        try Data(csv).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try JSONDecoder().decode([[String]].self, from: data)
    }

    @Test func oneRowPerReaderAfterAHeaderRowWithCRLF() throws {
        let model = try Run([view("2025-05-01T10:00:00Z", user: "b"), view("2025-05-01T10:00:00Z", seconds: "90.5", user: "a")]).model()
        let csv = CSVReport.document(model)
        #expect(String(decoding: csv, as: UTF8.self).components(separatedBy: "\r\n").count == 4)
        let rows = try pythonRows(csv)
        #expect(rows.first == CSVReport.columns)
        #expect(rows.dropFirst().map { $0[0] } == ["a", "b"])
        let seconds = try #require(CSVReport.columns.firstIndex(of: "reading_seconds"))
        #expect(rows[1][seconds] == "90.5")
        #expect(rows.allSatisfy { $0.count == CSVReport.columns.count })
    }

    @Test func cellsWithCommasQuotesAndLineBreaksSurviveTheRoundTrip() throws {
        let title = #"Hello, \"World\"\nagain"#
        let model = try Run([view("2025-05-01T10:00:00Z", title: title)]).model()
        let rows = try pythonRows(CSVReport.document(model))
        let column = try #require(CSVReport.columns.firstIndex(of: "top_article_title"))
        #expect(rows[1][column] == "Hello, \"World\"\nagain")
    }

    @Test(arguments: ["=HYPERLINK(\\\"http://x\\\")", "+SUM(A1)", "-2+3", "@cmd", "\\tstart", "\\rstart"])
    func formulaLikeTextIsNeutralisedWithAQuote(text: String) throws {
        let model = try Run([view("2025-05-01T10:00:00Z", title: text, user: text)]).model()
        let rows = try pythonRows(CSVReport.document(model))
        let title = try #require(CSVReport.columns.firstIndex(of: "top_article_title"))
        #expect(rows[1][0].hasPrefix("'"), "user")
        // Titles are trimmed first (a leading tab or CR is white space), so only some stay formula-like.
        if let first = rows[1][title].first, !"=+-@".contains(first) { return }
        #expect(rows[1][title].hasPrefix("'"), "title")
    }
}
