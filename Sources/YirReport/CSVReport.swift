import YirCore
import YirStats

/// The `csv` renderer (SPEC §4.6): one row per reader with the scalar figures of §2.3 and a
/// header row, RFC 4180 quoting (CRLF row ends; a cell with `,` `"` CR or LF is quoted, `"`
/// doubled). Text cells that a spreadsheet would run as a formula — starting with `=`, `+`, `-`,
/// `@`, tab or CR — get a leading `'`, which spreadsheets show as text; numbers and times are
/// never changed (they cannot start with those characters).
public enum CSVReport {
    /// Column names, in order: `ReaderFields`' columns.
    public static let columns = CSVColumns.all(zone: ZoneCatalog().rules(for: "UTC")!)

    /// The document handed to `write` in pieces; rows are rendered on `jobs` threads and
    /// written in reader order.
    public static func write(_ model: ReportModel, jobs: Int = 1, to write: ([UInt8]) throws -> Void) rethrows {
        var header = CSVWriter()
        for name in columns { header.text(name) }
        header.endRow()
        try write(header.takeBytes())
        let names = model.statistics.articleNames
        try ReaderBlocks.render(
            model.statistics.readers, jobs: jobs, writer: { CSVFieldWriter(names: names) }, to: write
        ) { index, reader, row in
            row.write(reader, model.context(of: index, reader))
        }
    }

    public static func document(_ model: ReportModel, jobs: Int = 1) -> [UInt8] {
        var out: [UInt8] = []
        write(model, jobs: jobs) { out += $0 }
        return out
    }
}

/// CSV rows as bytes: cells separated by commas, each row ended with CRLF. Text from the data
/// is neutralised and quoted as `CSVReport` says; values yir formats itself (numbers, instants,
/// dates, its own names) hold none of `,` `"` CR LF and are written as they are.
struct CSVWriter: ~Copyable, BlockWriter {
    private var buffer = ByteBuffer()
    private var cellsInRow = 0

    mutating func takeBytes() -> [UInt8] { buffer.takeBytes() }

    private mutating func beforeCell() {
        if cellsInRow > 0 { buffer.put(UInt8(ascii: ",")) }
        cellsInRow += 1
    }

    mutating func endRow() {
        buffer.put("\r\n" as StaticString)
        cellsInRow = 0
    }

    mutating func empty() { beforeCell() }

    mutating func text(_ text: String) {
        text.withUTF8Bytes { self.text(utf8: $0) }
    }

    /// Text from the data: `'` before a leading `=` `+` `-` `@` tab, CR or LF, so no spreadsheet
    /// evaluates the cell; in quotes, `"` doubled, when it holds `,` `"` CR or LF.
    mutating func text(utf8 text: UnsafeRawBufferPointer) {
        beforeCell()
        let neutralise = text.first.map(Self.startsFormula) ?? false
        guard text.contains(where: Self.needsQuotes) else {
            if neutralise { buffer.put(UInt8(ascii: "'")) }
            return buffer.put(text)
        }
        buffer.put(UInt8(ascii: "\""))
        if neutralise { buffer.put(UInt8(ascii: "'")) }
        for b in text {
            if b == UInt8(ascii: "\"") { buffer.put(b) }
            buffer.put(b)
        }
        buffer.put(UInt8(ascii: "\""))
    }

    /// SPEC §4.6: `=`, `+`, `-`, `@`, tab, CR or LF first. A spreadsheet drops a leading line
    /// break or tab as it drops white space, and reads what follows as a formula.
    private static func startsFormula(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "=") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: "@")
            || b == 0x09 || b == 0x0D || b == 0x0A
    }

    private static func needsQuotes(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ",") || b == UInt8(ascii: "\"") || b == 0x0A || b == 0x0D
    }

    mutating func value(_ value: FixedDecimal?) {
        beforeCell()
        if let value { buffer.put(value) }
    }

    mutating func value(_ value: Int?) {
        beforeCell()
        if let value { buffer.put(number: value) }
    }

    mutating func value(_ value: Int64) {
        beforeCell()
        buffer.put(FixedDecimal(value, scale: 0))
    }

    mutating func value(_ value: String?) {
        beforeCell()
        if let value { buffer.put(value) }
    }

    mutating func instant(_ instant: Int64?, in zone: ZoneRules) {
        beforeCell()
        if let instant { buffer.put(instant, in: zone) }
    }

    mutating func date(_ date: CivilDate?) {
        beforeCell()
        if let date { buffer.put(date) }
    }
}
