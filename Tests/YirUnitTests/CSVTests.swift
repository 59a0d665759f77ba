import Foundation
import Testing
import YirTestSupport
@testable import YirReport

/// SPEC §4.6: one row per reader, RFC 4180, and no cell a spreadsheet would run as a formula
/// (one that starts with `=`, `+`, `-`, `@`, tab, CR or LF).
@Suite(.needs(.python3)) struct CSVTests {
    /// Python's csv module, the reader analysts reach for: the rows it sees.
    func pythonRows(_ csv: [UInt8]) throws -> [[String]] {
        let file = scratchFolder().appendingPathComponent("readers.csv")
        try Data(csv).write(to: file)
        let r = try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))",
                file.path,
            ])
        #expect(r.status == 0)
        return try JSONDecoder().decode([[String]].self, from: r.stdout)
    }

    @Test func oneRowPerReaderAfterAHeaderRowWithCRLF() throws {
        let model = try Run([
            view("2025-05-01T10:00:00Z", user: "b"), view("2025-05-01T10:00:00Z", seconds: "90.5", user: "a"),
        ]).model()
        let csv = CSVReport.document(model)
        #expect(String(decoding: csv, as: UTF8.self).components(separatedBy: "\r\n").count == 4)
        let rows = try pythonRows(csv)
        #expect(rows.first == CSVReport.columns)
        #expect(rows.dropFirst().map { $0[0] } == ["a", "b"])
        let seconds = try #require(CSVReport.columns.firstIndex(of: "reading_seconds"))
        #expect(rows[1][seconds] == "90.5")
        #expect(rows.allSatisfy { $0.count == CSVReport.columns.count })
    }

    /// (A line break cannot come from the data: it rejects the line, decision 126.)
    @Test func cellsWithCommasAndQuotesSurviveTheRoundTrip() throws {
        let title = #"Hello, \"World\", again"#
        let model = try Run([view("2025-05-01T10:00:00Z", title: title)]).model()
        let rows = try pythonRows(CSVReport.document(model))
        let column = try #require(CSVReport.columns.firstIndex(of: "top_article_title"))
        #expect(rows[1][column] == "Hello, \"World\", again")
    }

    /// (A tab, CR or LF cannot come from the data: it rejects the line, decision 126.)
    @Test(arguments: ["=HYPERLINK(\\\"http://x\\\")", "+SUM(A1)", "-2+3", "@cmd"])
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
    @Test(.needs(.soffice), .tier(.full)) func libreOfficeOpensTheFileAndRunsNoFormula() throws {
        let hostile = ["=1+1", "+2+3", "-4+5", "@SUM(1;1)", "plain"]
        let model = try Run(hostile.map { view("2025-05-01T10:00:00Z", user: $0) }).model()
        let folder = scratchFolder()
        let csv = folder.appendingPathComponent("readers.csv")
        try Data(CSVReport.document(model)).write(to: csv)
        func soffice(_ arguments: [String]) throws {
            // A profile of its own, so tests never touch (or wait for) a user's LibreOffice.
            let r = try runProgram(
                Tools.program("soffice"),
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

    /// Rows are rendered in blocks on several threads: the file is the same on any number.
    @Test func rowsAreTheSameOnAnyNumberOfThreads() throws {
        let lines = (0..<700).map {
            view("2025-05-01T10:00:00Z", title: $0 % 3 == 0 ? #"=Title, \"\#($0)\""# : "T\($0)", user: "u\($0)")
        }
        let model = try Run(lines).model()
        let one = CSVReport.document(model, jobs: 1)
        #expect(
            try pythonRows(one).dropFirst().map { $0[0] } == model.statistics.readers.map(\.user), "in reader order")
        let same = CSVReport.document(model, jobs: 3) == one  // (not in #expect: it would print megabytes)
        #expect(same)
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

    /// The data lines of a table: between the rule under the header and the blank line before
    /// the totals.
    func rows(_ table: [UInt8]) -> [String] {
        let lines = String(decoding: table, as: UTF8.self).components(separatedBy: "\n")
        return Array(lines[2..<(lines.firstIndex(of: "") ?? lines.count)])
    }

    /// Every line lines up however its cells are written: the last column is right-aligned, so
    /// each line takes the header's columns exactly — wide characters, combining marks,
    /// and cells clipped with `…` included (control characters, shown as `·`, cannot come from
    /// the data: they reject the line, decision 126).
    @Test func everyLineTakesTheHeadersColumns() throws {
        let users = [
            "ana", "東京の読者", #"Cafe\u0301"#, "tab here", String(repeating: "x", count: 30),
            String(repeating: "é", count: 30), String(repeating: #"x\u0301"#, count: 20),
            String(repeating: #"q\u0301"#, count: 30),
        ]
        let titles = [
            "Moon", String(repeating: "東", count: 40), "line break", String(repeating: #"a\u0308"#, count: 33),
            String(repeating: "b", count: 33), String(repeating: "c", count: 32), "Ω", "Jazz",
        ]
        let lines =
            zip(users, titles).map { view("2025-05-01T10:00:00Z", title: $1, user: $0) } + [
                session("2025-05-01T10:00:00Z", ms: "60000", user: "only sessions")
            ]
        let table = TableReport.document(try Run(lines).model())
        let header = String(decoding: table, as: UTF8.self).prefix { $0 != "\n" }
        let rows = rows(table)
        #expect(rows.count == users.count + 1)
        for row in rows { #expect(TableReport.columns(row) == TableReport.columns(String(header)), "\(row)") }
        #expect(rows.contains { $0.hasPrefix(String(repeating: "x", count: 23) + "… ") }, "24 characters at most")
        #expect(rows.contains { $0.contains(String(repeating: "b", count: 31) + "… ") }, "32 characters at most")
        #expect(rows.contains { $0.contains(String(repeating: "c", count: 32) + " ") }, "32 characters: not clipped")
        // x and q with an acute accent have no precomposed form: two scalars each.
        #expect(
            rows.contains { $0.hasPrefix(String(repeating: "x\u{0301}", count: 20) + " ") },
            "20 characters: not clipped")
        #expect(
            rows.contains { $0.hasPrefix(String(repeating: "q\u{0301}", count: 23) + "… ") },
            "clipped by characters, not scalars")
        #expect(rows.contains { $0.hasPrefix("only sessions") && $0.contains("  –  ") }, "no top article")
    }

    /// A cell read as bytes shows what the table showed when every cell was a `String`:
    /// control characters as `·`, clipped by characters with `…`, columns counted per scalar
    /// (the reference below is that code). Random texts of ASCII, controls, combining marks,
    /// wide characters, emoji and flags.
    @Test func cellsReadAsBytesShowWhatTheStringCodeShowed() {
        func reference(_ text: String, _ length: Int) -> (shown: String, columns: Int) {
            let clean = String(
                text.map { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } ? $0 : "·" })
            let shown = clean.count <= length ? clean : String(clean.prefix(length - 1)) + "…"
            return (shown, TableReport.columns(shown))
        }
        let alphabet: [String] = [
            "a", "Z", " ", "-", "\t", "\n", "\r\n", "\u{7F}", "\u{1}", "é", "e\u{301}", "x\u{301}\u{302}",
            "東", "京", "ｱ", "한", "😀", "👩‍👩‍👧", "🇩🇪", "\u{200B}", "\u{85}", "Ω", "ß",
        ]
        var generator = SeededRandom()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }.joined()
            for length in [1, 24, 32] {
                let expected = reference(text, length)
                TableReport.withShown(text, length: length) { cell in
                    #expect(Array(cell.bytes) == Array(expected.shown.utf8), "\(text.debugDescription)")
                    #expect(cell.columns == expected.columns, "\(text.debugDescription)")
                }
            }
        }
    }

    /// The widths and the rows are worked out on several threads: the table is the same on any number.
    @Test func tableIsTheSameOnAnyNumberOfThreads() throws {
        let lines = (0..<2500).map {
            view(
                "2025-05-01T10:00:00Z", title: $0 == 2400 ? String(repeating: "東", count: 20) : "T\($0)", user: "u\($0)"
            )
        }
        let model = try Run(lines).model()
        let one = TableReport.document(model, jobs: 1)
        #expect(
            rows(one).map { String($0.prefix { $0 != " " }) } == model.statistics.readers.map(\.user), "in reader order"
        )
        let same = TableReport.document(model, jobs: 3) == one  // (not in #expect: it would print megabytes)
        #expect(same)
        let header = String(decoding: one, as: UTF8.self).prefix { $0 != "\n" }
        #expect(
            rows(one).allSatisfy { TableReport.columns($0) == TableReport.columns(String(header)) },
            "the wide title near the end widens its column on every line")
    }
}
