import Dispatch
import YirCore
import YirStats

/// The `table` renderer of `yir stats`: the headline figures per reader as aligned plain-text
/// columns, for reading on a terminal (not for machines: use json, jsonl or csv).
///
/// Two passes over the readers: the columns' widths, then the rows, rendered on `jobs`
/// threads. Both read text cells as bytes; only a cell with control characters or more
/// characters than its column shows is made a `String` (to clip it by characters).
public enum TableReport {
    static let header = [
        "user", "zone", "read min", "articles", "top article", "app min", "streak", "sitting",
        "vs last year", "saved 30d", "saved year", "top %",
    ]
    /// Columns after the first two hold numbers, except the top article: right-align those.
    static let leftAligned = [true, true, false, false, true, false, false, false, false, false, false, false]
    /// The most characters the user and top-article columns show.
    static let userLength = 24, titleLength = 32

    public static func write(_ model: ReportModel, jobs: Int = 1, to write: ([UInt8]) throws -> Void) rethrows {
        let names = model.statistics.articleNames
        let widths = columnWidths(model.statistics.readers, names, jobs: jobs)
        var top = TableWriter(widths: widths)
        for (i, name) in header.enumerated() { withShown(name, length: nil) { top.cell(i, $0) } }
        top.endRow()
        top.rule()
        try write(top.takeBytes())
        try ReaderBlocks.render(
            model.statistics.readers, jobs: jobs, writer: { [widths] in TableWriter(widths: widths) }, to: write
        ) { _, r, row in
            withCells(r.pointee, names) { i, cell in row.cell(i, cell) }
            row.endRow()
        }
        let c = model.statistics.cohort
        try write(
            Array(
                "\n\(c.readers) readers, \(c.readingMilliseconds / 60_000) minutes of reading; \(model.statistics.diagnostics.rejectedTotal) lines rejected\n"
                    .utf8))
    }

    /// Each column's width: its widest cell, the header's included; on `jobs` threads, each
    /// over a range of readers.
    static func columnWidths(_ readers: [ReaderStats], _ names: ArticleNaming, jobs: Int) -> [Int] {
        let parts = max(1, min(jobs, readers.count / 1024))
        var widths = [[Int]](repeating: header.map(columns), count: parts)
        widths.withSharedSlots { widths in
            Parallel.perform(parts) { part in
                var local = widths[part]
                for r in readers[(readers.count * part / parts)..<(readers.count * (part + 1) / parts)] {
                    withCells(r, names) { i, cell in local[i] = max(local[i], cell.columns) }
                }
                widths[part] = local
            }
        }
        return widths.dropFirst().reduce(widths[0]) { zip($0, $1).map(max) }
    }

    public static func document(_ model: ReportModel, jobs: Int = 1) -> [UInt8] {
        var out: [UInt8] = []
        write(model, jobs: jobs) { out += $0 }
        return out
    }

    /// A cell as shown: its bytes and the terminal columns they take.
    struct Cell {
        var bytes: UnsafeRawBufferPointer
        var columns: Int
        init(_ bytes: UnsafeRawBufferPointer, columns: Int) {
            self.bytes = bytes
            self.columns = columns
        }
    }

    /// The reader's cells, in column order, each lent to `body` with its column's index.
    static func withCells(_ r: ReaderStats, _ names: ArticleNaming, _ body: (Int, Cell) -> Void) {
        withShown(r.user, length: userLength) { body(0, $0) }
        withShown(r.zone.identifier, length: nil) { body(1, $0) }
        number(r.reading.minutes) { body(2, $0) }
        number(Int64(r.reading.articles)) { body(3, $0) }
        if let top = r.topArticles.first {
            names.withUTF8(top.name) { _, title in withShown(title, length: titleLength) { body(4, $0) } }
        } else {
            body(4, dash)
        }
        number(r.appTime.milliseconds / 60_000) { body(5, $0) }
        number(Int64(r.streak.days)) { body(6, $0) }
        // The longest sitting's articles, and this year's reading against last year's in percent.
        if let hole = r.rabbitHole { number(Int64(hole.articles)) { body(7, $0) } } else { body(7, dash) }
        if let percent = r.readingChangePercent {
            withShown(percent > 0 ? "+\(percent)%" : "\(percent)%", length: nil) { body(8, $0) }
        } else {
            body(8, dash)
        }
        number(Int64(r.saved.last30DaysCount)) { body(9, $0) }
        number(Int64(r.saved.yearCount)) { body(10, $0) }
        if let rank = r.rankTopPercent { number(Int64(rank)) { body(11, $0) } } else { body(11, dash) }
    }

    /// `–`, for a reader with no top article or rank.
    private static var dash: Cell {
        Cell(UnsafeRawBufferPointer(start: ("–" as StaticString).utf8Start, count: 3), columns: 1)
    }

    private static func number(_ value: Int64, _ body: (Cell) -> Void) {
        withDecimalBytes(FixedDecimal(value, scale: 0)) { body(Cell($0, columns: $0.count)) }
    }

    static func withShown(_ text: String, length: Int?, _ body: (Cell) -> Void) {
        text.withUTF8Bytes { withShown($0, length: length, body) }
    }

    /// Text from the data as the table shows it: control characters would break the layout on
    /// a terminal, so they are shown as `·`; past `length` characters (when given) it is cut
    /// with `…`. Text with neither is lent as it is.
    private static func withShown(_ text: UnsafeRawBufferPointer, length: Int?, _ body: (Cell) -> Void) {
        if let length {
            // Characters are never more than scalars; a scalar is a byte that does not
            // continue a UTF-8 sequence.
            let scalars = text.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            let hasControl = text.contains { $0 < 0x20 || $0 == 0x7F }
            if scalars > length || hasControl {
                var shown = clipped(String(decoding: text, as: UTF8.self), length)
                let width = columns(shown)
                return shown.withUTF8 { body(Cell(UnsafeRawBufferPointer($0), columns: width)) }
            }
        }
        body(Cell(text, columns: columns(utf8: text)))
    }

    /// Control characters as `·`, and no more than `length` characters.
    private static func clipped(_ text: String, _ length: Int) -> String {
        let clean = String(
            text.map { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } ? $0 : "·" })
        return clean.count <= length ? clean : String(clean.prefix(length - 1)) + "…"
    }

    /// Terminal columns a text takes: East Asian wide characters take two, combining marks none.
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
    }

    /// `columns` of valid UTF-8: ASCII bytes counted one each without decoding.
    static func columns(utf8 text: UnsafeRawBufferPointer) -> Int {
        if !text.contains(where: { $0 >= 0x80 }) { return text.count }
        return columns(String(decoding: text, as: UTF8.self))
    }

    private static func columns(of scalar: Unicode.Scalar) -> Int {
        if scalar.isASCII { return 1 }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
            return 0
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

/// The table's lines as bytes: cells padded to their column's width, two spaces between
/// columns, no spaces at the end of a line.
struct TableWriter: ~Copyable, BlockWriter {
    private var buffer = ByteBuffer()
    private let widths: [Int]
    private var rowStart = 0

    init(widths: [Int]) { self.widths = widths }

    mutating func takeBytes() -> [UInt8] {
        rowStart = 0
        return buffer.takeBytes()
    }

    /// Column `i`'s cell; columns come in order.
    mutating func cell(_ i: Int, _ cell: TableReport.Cell) {
        if i > 0 { buffer.put(UInt8(ascii: " "), repeating: 2) }
        let pad = widths[i] - cell.columns
        if TableReport.leftAligned[i] {
            buffer.put(cell.bytes)
            buffer.put(UInt8(ascii: " "), repeating: pad)
        } else {
            buffer.put(UInt8(ascii: " "), repeating: pad)
            buffer.put(cell.bytes)
        }
    }

    mutating func endRow() {
        while buffer.count > rowStart && buffer.last == UInt8(ascii: " ") { buffer.removeLast(1) }
        buffer.put(0x0A)
        rowStart = buffer.count
    }

    /// The line under the header: `─` as wide as each column.
    mutating func rule() {
        for (i, width) in widths.enumerated() {
            if i > 0 { buffer.put(UInt8(ascii: " "), repeating: 2) }
            for _ in 0..<width { buffer.put("─" as StaticString) }
        }
        endRow()
    }
}
