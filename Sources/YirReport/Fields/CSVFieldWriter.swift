import YirCore
import YirStats

/// Writes a reader's row of `readers.csv` (SPEC §4.6): the fields of `ReaderFields` that have
/// a CSV column, in their order. Lists are not columns, but a list may give one (its length);
/// the fields of a null object are empty cells.
final class CSVFieldWriter: BlockWriter, ReaderFieldVisitor {
    typealias Failure = Unfailing

    private var row = CSVWriter()
    private let names: ArticleNaming
    private var zone: ZoneRules?
    /// Walking a null object's fields: each column is an empty cell.
    private var blank = false

    init(names: ArticleNaming) { self.names = names }

    func takeBytes() -> [UInt8] { row.takeBytes() }

    func write(_ reader: UnsafePointer<ReaderStats>, _ context: ReaderFields.Context) {
        zone = reader.pointee.zone
        var fields = self
        ReaderFields.walk(reader.pointee, context, &fields)
        row.endRow()
    }

    /// Whether the field is a column; with a null object's fields, its empty cell is written.
    @inline(__always)
    private func cell(_ field: ReaderField) -> Bool {
        guard field.isCSVColumn else { return false }
        if blank { row.empty() }
        return !blank
    }

    @inline(__always)
    func text(_ field: ReaderField, _ value: String, _ kind: TextKind) {
        if cell(field) { row.text(value) }
    }

    @inline(__always)
    func text(_ field: ReaderField, _ value: String?, _ kind: TextKind) {
        guard cell(field) else { return }
        if let value { row.text(value) } else { row.empty() }
    }

    @inline(__always)
    func instant(_ field: ReaderField, _ value: Int64) {
        if cell(field) { row.instant(value, in: zone!) }
    }

    @inline(__always)
    func instant(_ field: ReaderField, _ value: Int64?) {
        if cell(field) { row.instant(value, in: zone!) }
    }

    @inline(__always)
    func date(_ field: ReaderField, _ value: CivilDate?) {
        if cell(field) { row.date(value) }
    }

    @inline(__always)
    func count(_ field: ReaderField, _ value: Int, _ kind: CountKind) {
        if cell(field) { row.value(value) }
    }

    @inline(__always)
    func count(_ field: ReaderField, _ value: Int?, _ kind: CountKind) {
        if cell(field) { row.value(value) }
    }

    @inline(__always)
    func seconds(_ field: ReaderField, milliseconds value: Int64) {
        if cell(field) { row.value(FixedDecimal.seconds(milliseconds: value)) }
    }

    @inline(__always)
    func seconds(_ field: ReaderField, milliseconds value: Int64?) {
        if cell(field) { row.value(value.map(FixedDecimal.seconds(milliseconds:))) }
    }

    @inline(__always)
    func decimal(_ field: ReaderField, _ value: FixedDecimal) {
        if cell(field) { row.value(value) }
    }

    @inline(__always)
    func change(_ field: ReaderField, _ value: FixedDecimal?) {
        if cell(field) { row.value(value) }
    }

    @inline(__always)
    func articleName(_ field: ReaderField, _ name: ArticleName, _ part: ArticlePart) {
        guard cell(field) else { return }
        names.withUTF8(name) { wiki, title in row.text(utf8: part == .wiki ? wiki : title) }
    }

    @inline(__always)
    func degrees(_ field: ReaderField, _ value: Int64, limit: Int64) {
        if cell(field) { row.value(FixedDecimal(value, scale: ArticleAttributes.Coordinates.scale)) }
    }

    @inline(__always)
    func integer(_ field: ReaderField, _ value: Int64, _ kind: CountKind) {}

    @inline(__always)
    func object(_ field: ReaderField, _ body: (inout CSVFieldWriter) throws(Failure) -> Void) throws(Failure) {
        guard field.role != .partition else { return }
        var fields = self
        try body(&fields)
    }

    @inline(__always)
    func object<T>(
        _ field: ReaderField, _ value: T?, empty: T,
        _ body: (inout CSVFieldWriter, T) throws(Failure) -> Void
    ) throws(Failure) {
        guard field.role != .partition else { return }
        var fields = self
        if let value, !blank { return try body(&fields, value) }
        let outer = blank
        blank = true
        try body(&fields, empty)
        blank = outer
    }

    @inline(__always)
    func list<T>(
        _ field: ReaderField, element: StaticString, _ value: [T], empty: T, count: ClosedRange<Int>?,
        _ body: (inout CSVFieldWriter, T) throws(Failure) -> Void
    ) throws(Failure) {
        if cell(field) { row.value(value.count) }
    }

    @inline(__always)
    func numbers(_ field: ReaderField, _ value: [Int], count: Int) {}

    @inline(__always)
    func rows<T>(
        _ field: ReaderField, _ value: [T], empty: T,
        _ row: (inout CSVFieldWriter, T) throws(Failure) -> Void
    ) throws(Failure) {}
}

/// The names of `readers.csv`'s columns, in order: each field's own (`saved_year`), or its
/// path, the names joined by `_` (`rabbit_hole_first_wiki`).
struct CSVColumns: ReaderFieldVisitor {
    typealias Failure = Unfailing

    private(set) var names: [String] = []
    private var path: [String] = []

    static func all(zone: ZoneRules) -> [String] {
        var columns = CSVColumns()
        ReaderFields.walk(
            ReaderStats.placeholder(zone: zone), ReaderFields.Context(slides: nil, lastSavedDisplay: ""), &columns)
        return columns.names
    }

    private mutating func column(_ field: ReaderField) {
        guard field.isCSVColumn else { return }
        switch field.csv {
        case .named(let name): names.append(name.description)
        default: names.append((path + [field.name.description]).joined(separator: "_"))
        }
    }

    mutating func text(_ field: ReaderField, _ value: String, _ kind: TextKind) { column(field) }
    mutating func text(_ field: ReaderField, _ value: String?, _ kind: TextKind) { column(field) }
    mutating func instant(_ field: ReaderField, _ value: Int64) { column(field) }
    mutating func instant(_ field: ReaderField, _ value: Int64?) { column(field) }
    mutating func date(_ field: ReaderField, _ value: CivilDate?) { column(field) }
    mutating func count(_ field: ReaderField, _ value: Int, _ kind: CountKind) { column(field) }
    mutating func count(_ field: ReaderField, _ value: Int?, _ kind: CountKind) { column(field) }
    mutating func seconds(_ field: ReaderField, milliseconds value: Int64) { column(field) }
    mutating func seconds(_ field: ReaderField, milliseconds value: Int64?) { column(field) }
    mutating func decimal(_ field: ReaderField, _ value: FixedDecimal) { column(field) }
    mutating func change(_ field: ReaderField, _ value: FixedDecimal?) { column(field) }
    mutating func articleName(_ field: ReaderField, _ name: ArticleName, _ part: ArticlePart) { column(field) }
    mutating func integer(_ field: ReaderField, _ value: Int64, _ kind: CountKind) {}
    mutating func degrees(_ field: ReaderField, _ value: Int64, limit: Int64) { column(field) }

    mutating func object(_ field: ReaderField, _ body: (inout Self) throws(Failure) -> Void) throws(Failure) {
        guard field.role != .partition else { return }
        path.append(field.name.description)
        try body(&self)
        path.removeLast()
    }

    mutating func object<T>(
        _ field: ReaderField, _ value: T?, empty: T, _ body: (inout Self, T) throws(Failure) -> Void
    ) throws(Failure) {
        path.append(field.name.description)
        try body(&self, empty)
        path.removeLast()
    }

    mutating func list<T>(
        _ field: ReaderField, element: StaticString, _ value: [T], empty: T, count: ClosedRange<Int>?,
        _ body: (inout Self, T) throws(Failure) -> Void
    ) throws(Failure) { column(field) }
    mutating func numbers(_ field: ReaderField, _ value: [Int], count: Int) {}
    mutating func rows<T>(
        _ field: ReaderField, _ value: [T], empty: T, _ row: (inout Self, T) throws(Failure) -> Void
    ) throws(Failure) {}
}

extension ReaderField {
    /// Whether the field is a column of `readers.csv`.
    var isCSVColumn: Bool {
        guard role != .partition else { return false }
        if case .none = csv { return false }
        return true
    }
}
