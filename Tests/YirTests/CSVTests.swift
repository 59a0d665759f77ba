import Foundation
import Testing
@testable import YirReport

/// SPEC §4.6: one row per reader, RFC 4180, and no cell a spreadsheet would run as a formula.
@Suite struct CSVTests {
    /// Python's csv module, the reader analysts reach for: the rows it sees.
    func pythonRows(_ csv: [UInt8]) throws -> [[String]] {
        let file = scratchFolder().appendingPathComponent("readers.csv")
        try Data(csv).write(to: file)
        let r = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c",
            "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))", file.path])
        #expect(r.status == 0)
        return try JSONDecoder().decode([[String]].self, from: r.stdout)
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

    /// LibreOffice Calc (Debian's, headless) opens the file, keeps every row and column, and runs
    /// none of the formula-like cells: converted to a spreadsheet and back, they are text still.
    @Test func libreOfficeOpensTheFileAndRunsNoFormula() throws {
        let hostile = ["=1+1", "+2+3", "-4+5", "@SUM(1;1)", "plain"]
        let model = try Run(hostile.map { view("2025-05-01T10:00:00Z", user: $0) }).model()
        let folder = scratchFolder()
        let csv = folder.appendingPathComponent("readers.csv")
        try Data(CSVReport.document(model)).write(to: csv)
        func soffice(_ arguments: [String]) throws {
            // A profile of its own, so tests never touch (or wait for) a user's LibreOffice.
            let r = try runProgram(URL(fileURLWithPath: "/usr/bin/soffice"),
                                   ["-env:UserInstallation=file://\(folder.path)/profile", "--headless"] + arguments, in: folder)
            #expect(r.status == 0)
        }
        try soffice(["--convert-to", "ods", "--outdir", folder.path, csv.path])
        let back = folder.appendingPathComponent("back")
        try FileManager.default.createDirectory(at: back, withIntermediateDirectories: true)
        try soffice(["--convert-to", "csv", "--outdir", back.path, folder.appendingPathComponent("readers.ods").path])
        let rows = try pythonRows(Array(try Data(contentsOf: back.appendingPathComponent("readers.csv"))))
        #expect(rows.count == hostile.count + 1)
        #expect(rows.first == CSVReport.columns)
        let users = rows.dropFirst().map { $0[0] }.sorted()
        #expect(users == ["'+2+3", "'-4+5", "'=1+1", "'@SUM(1;1)", "plain"], "text, not results")
    }
}

/// `yir stats --format table` lines up on a terminal, wide CJK characters and combining marks included.
@Suite struct TableTests {
    @Test func terminalColumnsCountWideCharactersTwiceAndCombiningMarksNever() {
        #expect(TableReport.columns("Moon") == 4)
        #expect(TableReport.columns("東京") == 4)
        #expect(TableReport.columns("Du\u{0308}rre") == 5)
        #expect(TableReport.columns("Cafe\u{0301}") == 4)
    }
}
