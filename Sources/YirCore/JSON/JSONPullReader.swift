/// Reads one JSON text front to back, value by value, building nothing it is not asked for:
/// `yir render` reads millions of reader lines, and a tree per line spent most of its time
/// allocating. Strings are validated and decoded by the ingest scanner's code.
public struct JSONPullReader {
    public struct Failure: Error, CustomStringConvertible {
        public var offset: Int
        public var expected: String
        public var description: String { "expected \(expected) at byte \(offset + 1)" }

        public init(offset: Int, expected: String) {
            self.offset = offset
            self.expected = expected
        }
    }

    private var cursor: Cursor
    /// Open containers: bounded, so a hostile line cannot exhaust the stack through `skip`.
    private var depth = 0
    public static let maximumDepth = 64

    public init(_ bytes: UnsafeRawBufferPointer) {
        cursor = Cursor(bytes: bytes, position: 0)
    }

    /// The byte offset of the next value: a reader that took note of a member's place may come
    /// back to it (the partition reader looks members up by name, in any order).
    public var position: Int {
        get { cursor.position }
        set { cursor.position = newValue }
    }

    /// A failure at the current place: `expected` says what should have been there.
    public func failure(_ expected: String) -> Failure { Failure(offset: cursor.position, expected: expected) }
    private func fail(_ expected: String) -> Failure { failure(expected) }

    private mutating func expect(_ byte: UInt8, _ name: String) throws(Failure) {
        cursor.skipWhitespace()
        guard cursor.peek == byte else { throw fail(name) }
        cursor.position += 1
    }

    /// Calls `member` with each key of an object; `member` must read or skip the value.
    public mutating func object(_ member: (inout JSONPullReader, String) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "{"), "an object")
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw fail("less nesting") }
        cursor.skipWhitespace()
        if cursor.peek == UInt8(ascii: "}") { cursor.position += 1; return }
        while true {
            let key = try string()
            try expect(UInt8(ascii: ":"), "':'")
            try member(&self, key)
            cursor.skipWhitespace()
            let next = cursor.peek
            cursor.position += 1
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { cursor.position -= 1; throw fail("',' or '}'") }
        }
    }

    /// Calls `element` for each element of an array; `element` must read or skip it.
    public mutating func array(_ element: (inout JSONPullReader) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "["), "an array")
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw fail("less nesting") }
        cursor.skipWhitespace()
        if cursor.peek == UInt8(ascii: "]") { cursor.position += 1; return }
        while true {
            try element(&self)
            cursor.skipWhitespace()
            let next = cursor.peek
            cursor.position += 1
            if next == UInt8(ascii: "]") { return }
            guard next == UInt8(ascii: ",") else { cursor.position -= 1; throw fail("',' or ']'") }
        }
    }

    public mutating func string() throws(Failure) -> String {
        cursor.skipWhitespace()
        guard cursor.peek == UInt8(ascii: "\"") else { throw fail("a string") }
        let value: JSONScanner.Value
        do { value = try cursor.scanString() } catch { throw fail("a valid string") }
        if value.escaped { return String(decoding: JSONScanner.decodeString(cursor.bytes, value), as: UTF8.self) }
        return String(decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[value.start..<value.end]), as: UTF8.self)
    }

    /// The next value, a string, as UTF-8 bytes with escapes decoded, into `bytes` (replacing
    /// what it held: a caller reading string after string keeps one buffer); returns whether it
    /// holds a control character (`JSONScanner.Value.hasControlCharacter`).
    public mutating func string(into bytes: inout [UInt8]) throws(Failure) -> Bool {
        cursor.skipWhitespace()
        guard cursor.peek == UInt8(ascii: "\"") else { throw fail("a string") }
        let value: JSONScanner.Value
        do { value = try cursor.scanString() } catch { throw fail("a valid string") }
        if value.escaped {
            JSONScanner.decodeString(cursor.bytes, value, into: &bytes)
        } else {
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: cursor.bytes[value.start..<value.end]))
        }
        return value.hasControlCharacter
    }

    /// True, and the `null` read, when the next value is null.
    public mutating func null() -> Bool {
        cursor.skipWhitespace()
        guard cursor.peek == UInt8(ascii: "n") else { return false }
        do { try cursor.expectLiteral("null") } catch { return false }
        return true
    }

    public mutating func optionalString() throws(Failure) -> String? {
        try null() ? nil : string()
    }

    /// A number's text, as written.
    public mutating func numberText() throws(Failure) -> UnsafeRawBufferPointer {
        cursor.skipWhitespace()
        let start = cursor.position
        do { try cursor.scanNumber() } catch { throw fail("a number") }
        return UnsafeRawBufferPointer(rebasing: cursor.bytes[start..<cursor.position])
    }

    /// An integer without fraction or exponent.
    public mutating func int64() throws(Failure) -> Int64 {
        let text = try numberText()
        var value: Int64 = 0
        var negative = false
        for (i, b) in text.enumerated() {
            if i == 0 && b == UInt8(ascii: "-") { negative = true; continue }
            guard b >= 0x30 && b <= 0x39, value < Int64.max / 10 else { throw fail("an integer") }
            value = value * 10 + Int64(b - 0x30)
        }
        return negative ? -value : value
    }

    public mutating func int() throws(Failure) -> Int { Int(try int64()) }

    public mutating func optionalInt() throws(Failure) -> Int? {
        try null() ? nil : int()
    }

    /// The largest count a line may carry: I-JSON's (RFC 7493) largest exact integer. Nothing
    /// an export can hold comes near it, and sums and scalings of such values stay in range.
    public static let largestCount: Int64 = (1 << 53) - 1

    /// A count: an integer from 0 to `largestCount`.
    public mutating func count() throws(Failure) -> Int {
        Int(try int64(in: 0...Self.largestCount, "a count from 0 to 2^53 − 1"))
    }

    /// An integer in `range`; `expected` names the range in the failure.
    public mutating func int64(in range: ClosedRange<Int64>, _ expected: String) throws(Failure) -> Int64 {
        cursor.skipWhitespace()
        let start = cursor.position
        let value = try int64()
        guard range.contains(value) else { throw Failure(offset: start, expected: "\(expected), not \(value)") }
        return value
    }

    /// `null`, or an integer in `range`.
    public mutating func optionalInt(in range: ClosedRange<Int>, _ expected: String) throws(Failure) -> Int? {
        try null() ? nil : Int(int64(in: Int64(range.lowerBound)...Int64(range.upperBound), expected))
    }

    public mutating func bool() throws(Failure) -> Bool {
        cursor.skipWhitespace()
        if (try? cursor.expectLiteral("true")) != nil { return true }
        if (try? cursor.expectLiteral("false")) != nil { return false }
        throw fail("true or false")
    }

    /// Skips one value of any kind.
    public mutating func skip() throws(Failure) {
        cursor.skipWhitespace()
        switch cursor.peek {
        case UInt8(ascii: "{"): try object { reader, _ throws(Failure) in try reader.skip() }
        case UInt8(ascii: "["): try array { reader throws(Failure) in try reader.skip() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): if !null() { throw fail("null") }
        default: _ = try numberText()
        }
    }

    /// After the value: nothing but white space may follow.
    public mutating func end() throws(Failure) {
        cursor.skipWhitespace()
        guard cursor.atEnd else { throw fail("the end of the line") }
    }
}
