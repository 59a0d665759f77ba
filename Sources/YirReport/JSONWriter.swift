import YirCore

/// A small streaming JSON writer: keys come out in the order they are written, so every
/// output has SPEC §4.1's fixed key order; pretty (two-space indent) or compact. Writes into
/// a `ByteBuffer`; not copyable, like it.
public struct JSONWriter: ~Copyable {
    private var buffer = ByteBuffer()
    private let pretty: Bool
    /// Bit d: whether the open container at depth d has a member yet. A mask rather than a
    /// stack: this is asked before every value, and yir's documents nest a handful deep.
    private var hasMember: UInt64 = 0
    /// Containers open (at most 64).
    private var depth = 0
    private var afterKey = false

    /// The indentation of what is written at top level: a value written as an element of a
    /// container at depth `indent` in a larger document (readers rendered in parallel).
    private let indent: Int

    public init(pretty: Bool, indent: Int = 0) {
        self.pretty = pretty
        self.indent = indent
    }

    /// The bytes written so far (a copy).
    public var bytes: [UInt8] { buffer.bytes }

    /// The bytes written so far, handed over; the writer keeps its place in the document.
    public mutating func takeBytes() -> [UInt8] { buffer.takeBytes() }

    @inline(__always)
    private mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> { buffer.reserve(n) }

    @inline(__always)
    private mutating func commit(_ n: Int) { buffer.commit(n) }

    @inline(__always)
    private mutating func put(_ byte: UInt8) { buffer.put(byte) }

    /// Bytes written as they are, outside the writer's bookkeeping (separators between
    /// readers rendered apart, line ends).
    public mutating func raw(_ text: StaticString) { buffer.put(text) }

    @inline(__always)
    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        let bit: UInt64 = 1 << (depth - 1)
        if hasMember & bit != 0 { put(UInt8(ascii: ",")) }
        hasMember |= bit
        newline()
    }

    @inline(__always)
    private mutating func newline() {
        guard pretty else { return }
        indentLine()
    }

    private mutating func indentLine() {
        let spaces = 2 * (indent + depth)
        let p = reserve(1 + spaces)
        p[0] = 0x0A
        (p + 1).initialize(repeating: UInt8(ascii: " "), count: spaces)
        commit(1 + spaces)
    }

    private mutating func open(_ bracket: UInt8) {
        beforeValue()
        put(bracket)
        precondition(depth < 64, "JSON nested deeper than the writer tracks")
        depth += 1
        hasMember &= ~(1 << (depth - 1))
    }

    private mutating func close(_ bracket: UInt8) {
        let had = hasMember & (1 << (depth - 1)) != 0
        depth -= 1
        if had { newline() }
        put(bracket)
    }

    /// Opens and closes containers for documents written in pieces (`takeBytes`).
    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Records that the open container received members written elsewhere (rendered apart
    /// and emitted directly), so that it closes as if they had been written here.
    public mutating func noteMembersWrittenElsewhere() {
        if depth > 0 { hasMember |= 1 << (depth - 1) }
    }

    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    /// `value`'s object, or `null` when there is none.
    public mutating func object<T>(_ value: T?, _ body: (inout JSONWriter, T) -> Void) {
        guard let value else { return null() }
        object { body(&$0, value) }
    }

    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        beginArray()
        body(&self)
        endArray()
    }

    /// Keys are the model's own ASCII names: no escaping needed. Inlined: the reader's fields
    /// are written one key after another, each a few stores.
    @inline(__always)
    public mutating func key(_ name: StaticString) {
        beforeValue()
        let n = name.utf8CodeUnitCount
        let p = reserve(n + 4)
        p[0] = UInt8(ascii: "\"")
        (p + 1).update(from: name.utf8Start, count: n)
        p[n + 1] = UInt8(ascii: "\"")
        p[n + 2] = UInt8(ascii: ":")
        p[n + 3] = UInt8(ascii: " ")
        commit(pretty ? n + 4 : n + 3)
        afterKey = true
    }

    /// A key that is data, not one of the model's names (a reject reason, a record type).
    public mutating func key(text name: String) {
        beforeValue()
        appendString(name)
        put(UInt8(ascii: ":"))
        if pretty { put(UInt8(ascii: " ")) }
        afterKey = true
    }

    public mutating func string(_ value: String?) {
        beforeValue()
        guard let value else { return raw("null") }
        appendString(value)
    }

    /// A string given as its UTF-8 bytes, escaped as `string` escapes.
    public mutating func string(utf8 bytes: UnsafeRawBufferPointer) {
        beforeValue()
        appendString(bytes: bytes.assumingMemoryBound(to: UInt8.self))
    }

    public mutating func number(_ value: Int?) {
        number(value.map { FixedDecimal(Int64($0), scale: 0) })
    }

    public mutating func number(_ value: Int64?) {
        number(value.map { FixedDecimal($0, scale: 0) })
    }

    /// Digits straight into the buffer: a report has tens of millions of numbers, and a
    /// `String` per number costs more than writing it.
    public mutating func number(_ value: FixedDecimal?) {
        beforeValue()
        guard let value else { return raw("null") }
        buffer.put(value)
    }

    public mutating func bool(_ value: Bool) {
        beforeValue()
        raw(value ? "true" : "false")
    }

    public mutating func null() {
        beforeValue()
        raw("null")
    }

    public mutating func field(_ name: StaticString, _ value: String?) { key(name); string(value) }
    public mutating func field(_ name: StaticString, _ value: Int?) { key(name); number(value) }
    public mutating func field(_ name: StaticString, _ value: Int64?) { key(name); number(value) }
    public mutating func field(_ name: StaticString, _ value: FixedDecimal?) { key(name); number(value) }

    /// An instant in RFC 3339 with a zone's offset, or null.
    public mutating func field(_ name: StaticString, instant: Int64?, in zone: ZoneRules) {
        key(name)
        self.instant(instant, in: zone)
    }

    /// An instant in RFC 3339 with the zone's offset at it, or null; written straight into
    /// the buffer.
    public mutating func instant(_ instant: Int64?, in zone: ZoneRules) {
        beforeValue()
        guard let instant else { return raw("null") }
        let p = reserve(RFC3339.maximumLength + 2)
        p[0] = UInt8(ascii: "\"")
        let n = RFC3339.write(instant, offsetSeconds: zone.offsetSeconds(at: instant), to: p + 1)
        p[n + 1] = UInt8(ascii: "\"")
        commit(n + 2)
    }

    /// A day as `"YYYY-MM-DD"`, or null, written straight into the buffer: through
    /// `CivilDate.iso8601`'s `String` a date cost ~2,400 instructions.
    public mutating func date(_ value: CivilDate?) {
        beforeValue()
        guard let value else { return raw("null") }
        put(UInt8(ascii: "\""))
        buffer.put(value)
        put(UInt8(ascii: "\""))
    }

    /// In quotes, with `"` `\` and control characters escaped (`appendJSONString`'s rules);
    /// a string that needs none is copied whole.
    private mutating func appendString(_ value: String) {
        value.withUTF8Bytes { appendString(bytes: $0.assumingMemoryBound(to: UInt8.self)) }
    }

    private mutating func appendString(bytes text: UnsafeBufferPointer<UInt8>) {
        if needsJSONEscape(text) {
            // Escaped in place: room for the longest escape (six bytes) of each byte.
            let p = reserve(6 * text.count + 2)
            p[0] = UInt8(ascii: "\"")
            var count = 1
            for b in text { count += writeJSONEscaped(b, to: p + count) }
            p[count] = UInt8(ascii: "\"")
            return commit(count + 1)
        }
        let p = reserve(text.count + 2)
        p[0] = UInt8(ascii: "\"")
        if let source = text.baseAddress { copyBytes(from: source, count: text.count, to: p + 1) }
        p[text.count + 1] = UInt8(ascii: "\"")
        commit(text.count + 2)
    }
}
