import YirCore

/// A small streaming JSON writer: keys come out in the order they are written, so every
/// output has SPEC §4.1's fixed key order; pretty (two-space indent) or compact.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private let pretty: Bool
    /// One entry per open container: whether it has a member yet.
    private var hasMember: [Bool] = []
    private var afterKey = false

    public init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(4096)
    }

    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = hasMember.last else { return }
        if last { bytes.append(UInt8(ascii: ",")) }
        hasMember[hasMember.count - 1] = true
        newline()
    }

    private mutating func newline() {
        guard pretty else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * hasMember.count))
    }

    private mutating func open(_ bracket: Character) {
        beforeValue()
        bytes.append(UInt8(ascii: bracket.unicodeScalars.first!))
        hasMember.append(false)
    }

    private mutating func close(_ bracket: Character) {
        let had = hasMember.removeLast()
        if had { newline() }
        bytes.append(UInt8(ascii: bracket.unicodeScalars.first!))
    }

    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        open("{")
        body(&self)
        close("}")
    }

    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        open("[")
        body(&self)
        close("]")
    }

    public mutating func key(_ name: String) {
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
        raw(value.map(String.init))
    }

    public mutating func number(_ value: Int64?) {
        raw(value.map(String.init))
    }

    public mutating func number(_ value: FixedDecimal?) {
        raw(value.map(\.description))
    }

    public mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    public mutating func null() { raw(nil) }

    private mutating func raw(_ text: String?) {
        beforeValue()
        bytes.append(contentsOf: (text ?? "null").utf8)
    }

    public mutating func field(_ name: String, _ value: String?) { key(name); string(value) }
    public mutating func field(_ name: String, _ value: Int?) { key(name); number(value) }
    public mutating func field(_ name: String, _ value: Int64?) { key(name); number(value) }
    public mutating func field(_ name: String, _ value: FixedDecimal?) { key(name); number(value) }
    public mutating func field(_ name: String, _ value: Bool) { key(name); bool(value) }

    /// A JSON string: `"` `\` and control characters escaped, everything else as UTF-8.
    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in value.utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(b >> 4)])
                bytes.append(hex[Int(b & 0xF)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
