import YirCore

/// A small streaming JSON writer: keys come out in the order they are written, so every
/// output has SPEC §4.1's fixed key order; pretty (two-space indent) or compact.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
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
        bytes.reserveCapacity(4096)
    }

    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        let bit: UInt64 = 1 << (depth - 1)
        if hasMember & bit != 0 { bytes.append(UInt8(ascii: ",")) }
        hasMember |= bit
        newline()
    }

    private mutating func newline() {
        guard pretty else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * (indent + depth)))
    }

    private mutating func open(_ bracket: UInt8) {
        beforeValue()
        bytes.append(bracket)
        precondition(depth < 64, "JSON nested deeper than the writer tracks")
        depth += 1
        hasMember &= ~(1 << (depth - 1))
    }

    private mutating func close(_ bracket: UInt8) {
        let had = hasMember & (1 << (depth - 1)) != 0
        depth -= 1
        if had { newline() }
        bytes.append(bracket)
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

    /// The bytes written so far, handed over; the writer keeps its place in the document.
    public mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        beginArray()
        body(&self)
        endArray()
    }

    /// Keys are the model's own ASCII names: no escaping needed.
    public mutating func key(_ name: StaticString) {
        beforeValue()
        let count = name.utf8CodeUnitCount
        let pretty = pretty
        appendBytes(capacity: count + 4, to: &bytes) { buffer in
            buffer[0] = UInt8(ascii: "\"")
            (buffer + 1).update(from: name.utf8Start, count: count)
            buffer[count + 1] = UInt8(ascii: "\"")
            buffer[count + 2] = UInt8(ascii: ":")
            buffer[count + 3] = UInt8(ascii: " ")
            return 0..<(pretty ? count + 4 : count + 3)
        }
        afterKey = true
    }

    /// A key that is data, not one of the model's names (a reject reason, a record type).
    public mutating func key(text name: String) {
        beforeValue()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    public mutating func string(_ value: String?) {
        beforeValue()
        guard let value else { return bytes.append(contentsOf: "null".utf8) }
        appendString(value)
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
        guard let value else { return raw(nil) }
        beforeValue()
        appendDecimal(value, to: &bytes)
    }

    public mutating func null() { raw(nil) }

    private mutating func raw(_ text: String?) {
        beforeValue()
        bytes.append(contentsOf: (text ?? "null").utf8)
    }

    public mutating func field(_ name: StaticString, _ value: String?) { key(name); string(value) }
    public mutating func field(_ name: StaticString, _ value: Int?) { key(name); number(value) }
    public mutating func field(_ name: StaticString, _ value: Int64?) { key(name); number(value) }
    public mutating func field(_ name: StaticString, _ value: FixedDecimal?) { key(name); number(value) }

    /// An instant in RFC 3339 with a zone's offset, or null.
    public mutating func field(_ name: StaticString, instant: Int64?, in zone: ZoneRules) {
        key(name)
        beforeValue()
        guard let instant else { return bytes.append(contentsOf: "null".utf8) }
        bytes.append(UInt8(ascii: "\""))
        RFC3339.append(instant, offsetSeconds: zone.offsetSeconds(at: instant), to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes into `buffer`'s storage (handed back by `takeBytes`), so blocks of readers
    /// grow one buffer instead of copying one per reader.
    public init(pretty: Bool, indent: Int = 0, appendingTo buffer: [UInt8]) {
        self.pretty = pretty
        self.indent = indent
        bytes = buffer
    }

    private mutating func appendString(_ value: String) {
        appendJSONString(value.utf8, to: &bytes)
    }
}
