/// A strict byte-level JSON scanner for one line: it validates the whole line (structure,
/// UTF-8, escapes) and records where the values of the wanted top-level keys lie, decoding
/// nothing. Strings without escapes are then used in place; others are decoded on demand.
/// No invalid line is ever half-read into a record: `scan` either accepts the line whole or
/// names the reason it is rejected.
public struct JSONScanner {
    /// The JSON type of a value.
    public enum Kind: UInt8, Sendable {
        case string, number, bool, null, object, array
    }

    /// Where one top-level value lies in the line.
    public struct Value: Sendable {
        public var kind: Kind
        /// For strings, the bytes between the quotes; otherwise the value's text.
        public var start: Int
        public var end: Int
        /// A string with at least one backslash escape.
        public var escaped: Bool
        public var boolValue: Bool
        /// A string holding a C0 control character (U+0000–U+001F, escaped: JSON allows them
        /// no other way) or U+007F (raw or escaped): no text a reader sees may hold one (SPEC
        /// §4.5). Found while the string is scanned, so that a plain string costs no second look.
        public var hasControlCharacter = false
    }

    /// How deep arrays and objects may nest before a line is rejected (the record format is
    /// flat; this bounds the scanner's work on hostile input, not on real records).
    public static let maximumDepth = 512

    /// The top-level keys to capture; `values[i]` is the value of `keys[i]`, if present.
    /// A key given twice takes its last value, as in most JSON readers.
    public let keys: [[UInt8]]
    public private(set) var values: [Value?]
    private var nesting: [UInt8] = []

    /// The key to try for a key of a given length (up to 15) and last byte — `candidates[length
    /// * 256 + last]`: the index, -1 for none, -2 when more than two keys share both (then all
    /// are tried). Every member of every line is looked up, so one table read replaces trying
    /// the keys in turn.
    private let candidates: [Int8]
    /// The second key of a slot two keys share (`coordinates` and `duration_ms`), else -1: tried
    /// when the first's fingerprint differs, so neither key leaves the fast path.
    private let secondCandidates: [Int8]
    /// Per key, `fingerprint` of its bytes: with the length, it decides equality in one
    /// comparison of two words.
    private let keyFingerprints: [(UInt64, UInt64)]

    public init(keys: [String]) {
        self.keys = keys.map { Array($0.utf8) }
        self.values = Array(repeating: nil, count: keys.count)
        var candidates = [Int8](repeating: -1, count: 16 * 256)
        var seconds = [Int8](repeating: -1, count: 16 * 256)
        for (index, key) in self.keys.enumerated() where !key.isEmpty && key.count < 16 {
            let slot = key.count * 256 + Int(key[key.count - 1])
            if candidates[slot] == -1 && index < 127 {
                candidates[slot] = Int8(index)
            } else if candidates[slot] >= 0 && seconds[slot] == -1 && index < 127 {
                seconds[slot] = Int8(index)
            } else {
                candidates[slot] = -2
            }
        }
        self.candidates = candidates
        secondCandidates = seconds
        keyFingerprints = self.keys.map { key in key.withUnsafeBytes { Self.fingerprint($0.baseAddress, key.count) } }
        nesting.reserveCapacity(64)
    }

    public enum Failure: Error, Equatable {
        case invalid, notAnObject, invalidUTF8, tooDeep, numberOutOfRange

        public var reason: RejectReason {
            switch self {
            case .invalid: .invalidJSON
            case .notAnObject: .notAnObject
            case .invalidUTF8: .invalidUTF8
            case .tooDeep: .nestingTooDeep
            case .numberOutOfRange: .numberOutOfRange
            }
        }
    }

    /// Scans `line` as one JSON object.
    public mutating func scan(_ line: UnsafeRawBufferPointer) -> Failure? {
        // Filled through a pointer, taken out of `self` meanwhile: writing to the array
        // property checks its uniqueness at every member.
        var values = self.values
        self.values = []
        defer { self.values = values }
        return values.withUnsafeMutableBufferPointer { values in
            values.update(repeating: nil)
            return scan(line, into: values)
        }
    }

    private mutating func scan(_ line: UnsafeRawBufferPointer, into values: UnsafeMutableBufferPointer<Value?>)
        -> Failure?
    {
        var cursor = Cursor(bytes: line)
        do {
            cursor.skipWhitespace()
            guard cursor.peek == UInt8(ascii: "{") else {
                _ = try scanValue(&cursor)
                cursor.skipWhitespace()
                return cursor.atEnd ? .notAnObject : .invalid
            }
            cursor.position += 1
            cursor.skipWhitespace()
            if cursor.peek == UInt8(ascii: "}") {
                cursor.position += 1
            } else {
                while true {
                    guard cursor.peek == UInt8(ascii: "\"") else { throw Failure.invalid }
                    let key = try cursor.scanString()
                    cursor.skipWhitespace()
                    guard cursor.peek == UInt8(ascii: ":") else { throw Failure.invalid }
                    cursor.position += 1
                    cursor.skipWhitespace()
                    // Strings and numbers, nearly every value, without the general call.
                    let value: Value
                    let first = cursor.peek
                    if first == UInt8(ascii: "\"") {
                        value = try cursor.scanString()
                    } else if isDigit(first) || first == UInt8(ascii: "-") {
                        let start = cursor.position
                        try cursor.scanNumber()
                        value = Value(
                            kind: .number, start: start, end: cursor.position, escaped: false, boolValue: false)
                    } else {
                        value = try scanValue(&cursor)
                    }
                    if let index = keyIndex(line, key) { values[index] = value }
                    cursor.skipWhitespace()
                    let next = cursor.peek
                    cursor.position += 1
                    if next == UInt8(ascii: "}") { break }
                    guard next == UInt8(ascii: ",") else { throw Failure.invalid }
                    cursor.skipWhitespace()
                }
            }
            cursor.skipWhitespace()
            return cursor.atEnd ? nil : .invalid
        } catch let failure as Failure {
            return failure
        } catch {
            return .invalid
        }
    }

    /// The index of a member's key among `keys`: by length and last byte, then one
    /// comparison, inline — every member of every line comes here.
    @inline(__always)
    private func keyIndex(_ line: UnsafeRawBufferPointer, _ key: Value) -> Int? {
        let length = key.end - key.start
        if !key.escaped, length > 0, length < 16 {
            let slot = length * 256 + Int(line[key.end - 1])
            let candidate = Int(candidates[slot])
            if candidate == -1 { return nil }
            if candidate >= 0 {
                let fingerprint = Self.fingerprint(line.baseAddress! + key.start, length)
                if fingerprint == keyFingerprints[candidate] { return candidate }
                let second = Int(secondCandidates[slot])
                return second >= 0 && fingerprint == keyFingerprints[second] ? second : nil
            }
        }
        return keyIndexSlowly(line, key)
    }

    /// Escaped, empty and long keys, and keys that share length and last byte.
    @inline(never)
    private func keyIndexSlowly(_ line: UnsafeRawBufferPointer, _ key: Value) -> Int? {
        if key.escaped {
            let decoded = JSONScanner.decodeString(line, key)
            return keys.firstIndex(of: decoded)
        }
        let length = key.end - key.start
        guard length > 0 else { return keys.firstIndex(of: []) }
        for (index, name) in keys.enumerated() where name.count == length {
            if name.withUnsafeBytes({ bytesEqual($0.baseAddress!, line.baseAddress! + key.start, length) }) {
                return index
            }
        }
        return nil
    }

    /// The bytes of a string of up to 16 bytes, whole, as two words (its first and last
    /// eight, four, or its bytes one by one): equal for two strings of the same length exactly
    /// when their bytes are. Reads only the `count` bytes at `bytes`.
    @inline(__always)
    static func fingerprint(_ bytes: UnsafeRawPointer?, _ count: Int) -> (UInt64, UInt64) {
        guard let bytes else { return (0, 0) }
        if count >= 8 {
            return (
                bytes.loadUnaligned(as: UInt64.self), bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            )
        }
        if count >= 4 {
            return (
                UInt64(bytes.loadUnaligned(as: UInt32.self)),
                UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            )
        }
        var word: UInt64 = 0
        for i in 0..<count { word |= UInt64(bytes.load(fromByteOffset: i, as: UInt8.self)) << (8 * UInt64(i)) }
        return (word, 0)
    }

    /// Scans any value; containers are walked iteratively so depth costs no stack.
    private mutating func scanValue(_ cursor: inout Cursor) throws -> Value {
        let start = cursor.position
        switch cursor.peek {
        case UInt8(ascii: "\""):
            return try cursor.scanString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let kind: Kind = cursor.peek == UInt8(ascii: "{") ? .object : .array
            try skipContainer(&cursor)
            return Value(kind: kind, start: start, end: cursor.position, escaped: false, boolValue: false)
        case UInt8(ascii: "t"):
            try cursor.expectLiteral("true")
            return Value(kind: .bool, start: start, end: cursor.position, escaped: false, boolValue: true)
        case UInt8(ascii: "f"):
            try cursor.expectLiteral("false")
            return Value(kind: .bool, start: start, end: cursor.position, escaped: false, boolValue: false)
        case UInt8(ascii: "n"):
            try cursor.expectLiteral("null")
            return Value(kind: .null, start: start, end: cursor.position, escaped: false, boolValue: false)
        default:
            try cursor.scanNumber()
            return Value(kind: .number, start: start, end: cursor.position, escaped: false, boolValue: false)
        }
    }

    private mutating func skipContainer(_ cursor: inout Cursor) throws {
        nesting.removeAll(keepingCapacity: true)
        // Each iteration is at the start of a container or just after a value inside one.
        var expectValue = true
        while true {
            if expectValue {
                let open = cursor.peek
                if open == UInt8(ascii: "{") || open == UInt8(ascii: "[") {
                    guard nesting.count < Self.maximumDepth else { throw Failure.tooDeep }
                    nesting.append(open)
                    cursor.position += 1
                    cursor.skipWhitespace()
                    let close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    if cursor.peek == close {
                        cursor.position += 1
                        nesting.removeLast()
                        expectValue = false
                    } else if open == UInt8(ascii: "{") {
                        try scanMemberKey(&cursor)
                    }
                    if nesting.isEmpty { return }
                    continue
                }
                _ = try scanValue(&cursor)
                expectValue = false
            }
            cursor.skipWhitespace()
            guard let top = nesting.last else { return }
            let next = cursor.peek
            cursor.position += 1
            if next == UInt8(ascii: ",") {
                cursor.skipWhitespace()
                if top == UInt8(ascii: "{") { try scanMemberKey(&cursor) }
                expectValue = true
            } else if next == (top == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                nesting.removeLast()
                if nesting.isEmpty { return }
            } else {
                throw Failure.invalid
            }
        }
    }

    /// `"key" :` followed by whitespace, leaving the cursor at the member's value.
    private func scanMemberKey(_ cursor: inout Cursor) throws {
        guard cursor.peek == UInt8(ascii: "\"") else { throw Failure.invalid }
        _ = try cursor.scanString()
        cursor.skipWhitespace()
        guard cursor.peek == UInt8(ascii: ":") else { throw Failure.invalid }
        cursor.position += 1
        cursor.skipWhitespace()
    }

    /// The UTF-8 bytes of a scanned string value, with escapes decoded. The scanner has
    /// already validated the escapes, so this cannot fail.
    public static func decodeString(_ line: UnsafeRawBufferPointer, _ value: Value) -> [UInt8] {
        var out: [UInt8] = []
        decodeString(line, value, into: &out)
        return out
    }

    /// The same into `out`, replacing what it held: a caller decoding string after string
    /// keeps one buffer rather than allocating one per string.
    public static func decodeString(_ line: UnsafeRawBufferPointer, _ value: Value, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(value.end - value.start)
        var i = value.start
        func hex4(_ at: Int) -> UInt32 {
            var v: UInt32 = 0
            for k in at..<(at + 4) { v = v << 4 | UInt32(hexValue(line[k])) }
            return v
        }
        while i < value.end {
            let b = line[i]
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                i += 1
                continue
            }
            let e = line[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(i)
                i += 4
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    let low = hex4(i + 2)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                appendUTF8(&out, scalar)
            default: out.append(e)  // " \ /
            }
        }
    }
}

func hexValue(_ b: UInt8) -> UInt8 {
    switch b {
    case 0x30...0x39: b - 0x30
    case 0x41...0x46: b - 0x41 + 10
    case 0x61...0x66: b - 0x61 + 10
    default: 0xFF
    }
}

func appendUTF8(_ out: inout [UInt8], _ scalar: UInt32) {
    switch scalar {
    case ..<0x80:
        out.append(UInt8(scalar))
    case ..<0x800:
        out.append(UInt8(0xC0 | scalar >> 6))
        out.append(UInt8(0x80 | scalar & 0x3F))
    case ..<0x10000:
        out.append(UInt8(0xE0 | scalar >> 12))
        out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        out.append(UInt8(0x80 | scalar & 0x3F))
    default:
        out.append(UInt8(0xF0 | scalar >> 18))
        out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
        out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        out.append(UInt8(0x80 | scalar & 0x3F))
    }
}

/// A read position in one line. Reading past the end yields 0, which no rule accepts.
struct Cursor {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    var atEnd: Bool { position >= bytes.count }
    var peek: UInt8 { position < bytes.count ? bytes[position] : 0 }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONScanner.Failure) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count,
            memcmp(bytes.baseAddress! + position, literal.utf8Start, count) == 0
        else { throw .invalid }
        position += count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, whose value must be finite as a
    /// double: `1e400` is grammatical JSON that no reader can hold, so it is rejected here,
    /// wherever it stands in the line, as Foundation's reader does.
    mutating func scanNumber() throws(JSONScanner.Failure) {
        let start = position
        if peek == UInt8(ascii: "-") { position += 1 }
        // The decimal exponent of the leading nonzero digit, or nil while all digits are 0.
        var leading: Int?
        if peek == UInt8(ascii: "0") {
            position += 1
        } else {
            guard isDigit(peek) else { throw .invalid }
            let digitsStart = position
            while isDigit(peek) { position += 1 }
            leading = position - digitsStart - 1
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard isDigit(peek) else { throw .invalid }
            var place = -1
            while isDigit(peek) {
                if leading == nil && peek != UInt8(ascii: "0") { leading = place }
                place -= 1
                position += 1
            }
        }
        var exponent = 0
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            var sign = 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
                if peek == UInt8(ascii: "-") { sign = -1 }
                position += 1
            }
            guard isDigit(peek) else { throw .invalid }
            while isDigit(peek) {
                exponent = min(exponent * 10 + Int(peek - 0x30), 1_000_000)
                position += 1
            }
            exponent *= sign
        }
        guard let leading else { return }  // zero
        let magnitude = leading + exponent
        if magnitude > 308 { throw .numberOutOfRange }
        if magnitude == 308 {
            // At the edge of the double range: let strtod decide.
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            if !(Double(text)?.isFinite ?? false) { throw .numberOutOfRange }
        }
    }

    /// A string starting at the opening quote; validates escapes and UTF-8.
    mutating func scanString() throws(JSONScanner.Failure) -> JSONScanner.Value {
        position += 1
        let start = position
        var escaped = false
        var control = false
        while true {
            // Most of a string is plain ASCII: skip it eight bytes at a time, stopping at the
            // first byte the rules below must look at.
            while position &+ 8 <= bytes.count {
                let special = Self.specialBytes(
                    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)))
                if special != 0 {
                    position += special.trailingZeroBitCount >> 3
                    break
                }
                position += 8
            }
            guard position < bytes.count else { throw .invalid }
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                let value = JSONScanner.Value(
                    kind: .string, start: start, end: position, escaped: escaped,
                    boolValue: false, hasControlCharacter: control)
                position += 1
                return value
            }
            if b < 0x20 { throw .invalid }
            if b == UInt8(ascii: "\\") {
                escaped = true
                if try scanEscape() { control = true }
            } else if b < 0x80 {
                if b == 0x7F { control = true }
                position += 1
            } else {
                try scanMultibyte()
            }
        }
    }

    /// The high bit set in the lowest byte of `word` (first in memory) that is a quote, a
    /// backslash, a control character (DEL too) or not ASCII; 0 when there is none. Bytes above
    /// the first flagged one may be flagged wrongly (a borrow or carry goes on), which the
    /// caller ignores.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let delete = word &+ 0x0101_0101_0101_0101  // 0x7F + 1 sets the high bit that an ASCII byte lacks
        return escapedBytes(word) | ((delete | word) & 0x8080_8080_8080_8080)
    }

    /// One escape; whether it stands for a control character (`\n`, `\u0000`, `\u007f`…).
    private mutating func scanEscape() throws(JSONScanner.Failure) -> Bool {
        position += 1
        switch peek {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
            position += 1
            return false
        case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
            return true
        case UInt8(ascii: "u"):
            position += 1
            let unit = try hex4()
            if unit >= 0xDC00 && unit < 0xE000 { throw .invalidUTF8 }  // a low surrogate alone
            if unit >= 0xD800 && unit < 0xDC00 {
                guard peek == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
                else { throw .invalidUTF8 }
                position += 2
                let low = try hex4()
                guard low >= 0xDC00 && low < 0xE000 else { throw .invalidUTF8 }
            }
            return unit < 0x20 || unit == 0x7F
        default:
            throw .invalid
        }
    }

    private mutating func hex4() throws(JSONScanner.Failure) -> UInt32 {
        guard bytes.count - position >= 4 else { throw .invalid }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let h = hexValue(bytes[position])
            guard h != 0xFF else { throw .invalid }
            v = v << 4 | UInt32(h)
            position += 1
        }
        return v
    }

    /// One multi-byte UTF-8 sequence: no overlong forms, no surrogates, nothing past U+10FFFF.
    private mutating func scanMultibyte() throws(JSONScanner.Failure) {
        let b0 = bytes[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw .invalidUTF8
        }
        guard bytes.count - position >= length else { throw .invalidUTF8 }
        let b1 = bytes[position + 1]
        guard b1 >= low && b1 <= high else { throw .invalidUTF8 }
        for k in 2..<length where bytes[position + k] & 0xC0 != 0x80 { throw .invalidUTF8 }
        position += length
    }
}

/// An ASCII digit; the ingest's number parsing uses it too, hence public and inlinable.
@inlinable @inline(__always) public func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
