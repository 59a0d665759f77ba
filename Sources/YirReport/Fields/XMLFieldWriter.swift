import YirCore
import YirStats

/// Writes a reader's fields (`ReaderFields`) as XML elements (SPEC §4.3): element for key as
/// in the JSON, lists wrapped (`top_articles/article`), null values left out.
struct XMLFieldWriter: ReaderFieldVisitor {
    typealias Failure = any Error

    private let x: XMLWriter
    private let names: ArticleNaming
    private let zone: ZoneRules

    /// Writes `reader` as one `reader` element.
    static func write(
        _ reader: UnsafePointer<ReaderStats>, _ context: ReaderFields.Context, _ names: ArticleNaming,
        to x: XMLWriter
    ) throws {
        var fields = XMLFieldWriter(x: x, names: names, zone: reader.pointee.zone)
        try x.element("reader") {
            try ReaderFields.visit(reader.pointee, context, &fields)
        }
    }

    private init(x: XMLWriter, names: ArticleNaming, zone: ZoneRules) {
        self.x = x
        self.names = names
        self.zone = zone
    }

    mutating func text(_ field: ReaderField, _ value: String, _ kind: TextKind) throws {
        if field.role.inReaderObject { try x.element(field.name, value) }
    }

    mutating func text(_ field: ReaderField, _ value: String?, _ kind: TextKind) throws {
        if field.role.inReaderObject { try x.element(field.name, value) }
    }

    mutating func instant(_ field: ReaderField, _ value: Int64) throws {
        if field.role.inReaderObject { try x.element(field.name, instant: value, in: zone) }
    }

    mutating func instant(_ field: ReaderField, _ value: Int64?) throws {
        if field.role.inReaderObject { try x.element(field.name, instant: value, in: zone) }
    }

    mutating func date(_ field: ReaderField, _ value: CivilDate?) throws {
        if field.role.inReaderObject { try x.element(field.name, value?.iso8601) }
    }

    mutating func count(_ field: ReaderField, _ value: Int, _ kind: CountKind) throws {
        if field.role.inReaderObject { try x.element(field.name, value) }
    }

    mutating func count(_ field: ReaderField, _ value: Int?, _ kind: CountKind) throws {
        if field.role.inReaderObject { try x.element(field.name, value) }
    }

    mutating func seconds(_ field: ReaderField, milliseconds value: Int64) throws {
        if field.role.inReaderObject { try x.element(field.name, FixedDecimal.seconds(milliseconds: value)) }
    }

    mutating func seconds(_ field: ReaderField, milliseconds value: Int64?) throws {
        if field.role.inReaderObject { try x.element(field.name, value.map(FixedDecimal.seconds(milliseconds:))) }
    }

    mutating func decimal(_ field: ReaderField, _ value: FixedDecimal) throws {
        if field.role.inReaderObject { try x.element(field.name, value) }
    }

    mutating func change(_ field: ReaderField, _ value: FixedDecimal?) throws {
        if field.role.inReaderObject { try x.element(field.name, value) }
    }

    mutating func articleName(_ field: ReaderField, _ name: ArticleName, _ part: ArticlePart) throws {
        guard field.role.inReaderObject else { return }
        try names.withUTF8(name) { wiki, title in try x.element(field.name, utf8: part == .wiki ? wiki : title) }
    }

    mutating func degrees(_ field: ReaderField, _ value: Int64, limit: Int64) throws {
        if field.role.inReaderObject {
            try x.element(field.name, FixedDecimal(value, scale: ArticleAttributes.Coordinates.scale))
        }
    }

    mutating func integer(_ field: ReaderField, _ value: Int64, _ kind: CountKind) throws {}

    mutating func object(_ field: ReaderField, _ body: (inout Self) throws -> Void) throws {
        guard field.role.inReaderObject else { return }
        try x.start(field.name)
        try body(&self)
        try x.end()
    }

    mutating func object<T>(
        _ field: ReaderField, _ value: T?, empty: T, _ body: (inout Self, T) throws -> Void
    ) throws {
        guard field.role.inReaderObject, let value else { return }
        try x.start(field.name)
        try body(&self, value)
        try x.end()
    }

    mutating func list<T>(
        _ field: ReaderField, element: StaticString, _ value: [T], empty: T, count: ClosedRange<Int>?,
        _ body: (inout Self, T) throws -> Void
    ) throws {
        guard field.role.inReaderObject else { return }
        try x.start(field.name)
        try value.withUnsafeBufferPointer { elements in
            // Lent by place, as the reader is: no element is copied.
            for i in elements.indices {
                try x.start(element)
                try body(&self, elements[i])
                try x.end()
            }
        }
        try x.end()
    }

    mutating func numbers(_ field: ReaderField, _ value: [Int], count: Int) throws {}

    mutating func rows<T>(
        _ field: ReaderField, _ value: [T], empty: T, _ row: (inout Self, T) throws -> Void
    ) throws {}
}
