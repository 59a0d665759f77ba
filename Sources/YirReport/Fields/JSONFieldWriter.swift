import YirCore
import YirStats

/// Writes readers' fields (`ReaderFields`) as JSON objects: the readers of `json`, the lines
/// of `jsonl`, and the partition lines, which add the fields of partition lines alone. One per
/// rendering thread (`ReaderBlocks`), its bytes taken a block at a time. Its methods are
/// inlined into the walk, specialised for it, so that each field's description folds away to
/// its key (called, they cost the run's `stats --format jsonl` ~2 % more instructions). A value
/// that cannot be copied, passed `inout` to each object and list: as a class, each of those
/// copied the writer's reference into a variable to pass it, a retain and a release each, some
/// 70 a reader.
struct JSONFieldWriter: ~Copyable, BlockWriter, ReaderFieldVisitor {
    typealias Failure = Unfailing

    private var json: JSONWriter
    private let names: ArticleNaming
    /// The partition lines: the reader object and its `detail`.
    private let partition: Bool
    /// The zone of the reader being written, in whose offset its instants are written. Not
    /// retained: the reader's figures hold it while they are written, and a strong reference
    /// here was a retain and a release per instant (~14 a reader) of an object the rendering
    /// threads share.
    private unowned(unsafe) var zone: ZoneRules?
    /// Inside a row of `rows`: values without keys.
    private var inRow = false

    init(pretty: Bool, indent: Int = 0, names: ArticleNaming, partition: Bool = false) {
        json = JSONWriter(pretty: pretty, indent: indent)
        self.names = names
        self.partition = partition
    }

    mutating func takeBytes() -> [UInt8] { json.takeBytes() }

    /// Bytes outside the objects: separators between readers, line ends.
    mutating func raw(_ text: StaticString) { json.raw(text) }

    /// The reader object. The figures are read in place: lent by their place in the run's
    /// array (`ReaderBlocks`), never copied.
    mutating func write(_ reader: UnsafePointer<ReaderStats>, _ context: ReaderFields.Context) {
        // Their names are met in no order in megabytes of catalog: asked for now, they arrive
        // while the figures before them are written.
        for i in reader.pointee.topArticles.indices { names.prefetch(reader.pointee.topArticles[i].name) }
        zone = reader.pointee.zone
        json.beginObject()
        ReaderFields.walk(reader.pointee, context, &self)
        json.endObject()
    }

    @inline(__always)
    private mutating func take(_ field: ReaderField) -> Bool {
        guard partition ? field.role != .csvOnly : field.role.inReaderObject else { return false }
        if !inRow { json.key(field.name) }
        return true
    }

    @inline(__always)
    mutating func text(_ field: ReaderField, _ value: String, _ kind: TextKind) {
        if take(field) { json.string(value) }
    }

    @inline(__always)
    mutating func text(_ field: ReaderField, _ value: String?, _ kind: TextKind) {
        if take(field) { json.string(value) }
    }

    @inline(__always)
    mutating func instant(_ field: ReaderField, _ value: Int64) {
        if take(field) { json.instant(value, in: zone!) }
    }

    @inline(__always)
    mutating func instant(_ field: ReaderField, _ value: Int64?) {
        if take(field) { json.instant(value, in: zone!) }
    }

    @inline(__always)
    mutating func date(_ field: ReaderField, _ value: CivilDate?) {
        if take(field) { json.date(value) }
    }

    @inline(__always)
    mutating func count(_ field: ReaderField, _ value: Int, _ kind: CountKind) {
        if take(field) { json.number(value) }
    }

    @inline(__always)
    mutating func count(_ field: ReaderField, _ value: Int?, _ kind: CountKind) {
        if take(field) { json.number(value) }
    }

    @inline(__always)
    mutating func seconds(_ field: ReaderField, milliseconds value: Int64) {
        if take(field) { json.number(FixedDecimal.seconds(milliseconds: value)) }
    }

    @inline(__always)
    mutating func seconds(_ field: ReaderField, milliseconds value: Int64?) {
        if take(field) { json.number(value.map(FixedDecimal.seconds(milliseconds:))) }
    }

    @inline(__always)
    mutating func decimal(_ field: ReaderField, _ value: FixedDecimal) {
        if take(field) { json.number(value) }
    }

    @inline(__always)
    mutating func change(_ field: ReaderField, _ value: FixedDecimal?) {
        if take(field) { json.number(value) }
    }

    @inline(__always)
    mutating func articleName(_ field: ReaderField, _ name: ArticleName, _ part: ArticlePart) {
        guard take(field) else { return }
        if let bytes = names.catalogBytes(name) {
            json.string(utf8: part == .wiki ? bytes.wiki : bytes.title)
        } else {
            names.withUTF8(name) { wiki, title in json.string(utf8: part == .wiki ? wiki : title) }
        }
    }

    @inline(__always)
    mutating func degrees(_ field: ReaderField, _ value: Int64, limit: Int64) {
        if take(field) { json.number(FixedDecimal(value, scale: ArticleAttributes.Coordinates.scale)) }
    }

    @inline(__always)
    mutating func integer(_ field: ReaderField, _ value: Int64, _ kind: CountKind) {
        json.number(value)
    }

    @inline(__always)
    mutating func object(_ field: ReaderField, _ body: (inout JSONFieldWriter) throws(Failure) -> Void) throws(Failure)
    {
        guard take(field) else { return }
        json.beginObject()
        try body(&self)
        json.endObject()
    }

    @inline(__always)
    mutating func object<T>(
        _ field: ReaderField, _ value: T?, empty: T,
        _ body: (inout JSONFieldWriter, T) throws(Failure) -> Void
    ) throws(Failure) {
        guard take(field) else { return }
        guard let value else { return json.null() }
        json.beginObject()
        try body(&self, value)
        json.endObject()
    }

    @inline(__always)
    mutating func list<T>(
        _ field: ReaderField, element: StaticString, _ value: [T], empty: T, count: ClosedRange<Int>?,
        _ body: (inout JSONFieldWriter, T) throws(Failure) -> Void
    ) throws(Failure) {
        guard take(field) else { return }
        json.beginArray()
        try value.withUnsafeBufferPointer { (elements) throws(Failure) in
            // Lent by place, as the reader is (see `write`): no element is copied.
            for i in elements.indices {
                json.beginObject()
                try body(&self, elements[i])
                json.endObject()
            }
        }
        json.endArray()
    }

    @inline(__always)
    mutating func numbers(_ field: ReaderField, _ value: [Int], count: Int) {
        guard take(field) else { return }
        json.beginArray()
        for n in value { json.number(n) }
        json.endArray()
    }

    @inline(__always)
    mutating func rows<T>(
        _ field: ReaderField, _ value: [T], empty: T,
        _ row: (inout JSONFieldWriter, T) throws(Failure) -> Void
    ) throws(Failure) {
        guard take(field) else { return }
        json.beginArray()
        inRow = true
        try value.withUnsafeBufferPointer { (elements) throws(Failure) in
            for i in elements.indices {
                json.beginArray()
                try row(&self, elements[i])
                json.endArray()
            }
        }
        inRow = false
        json.endArray()
    }
}
