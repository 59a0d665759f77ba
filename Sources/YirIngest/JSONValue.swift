import Foundation

/// A parsed JSON value, for reading yir's own output back (`yir render` reads the reader lines
/// of partitions). Numbers keep their text, so decimals come back exactly as they were written.
/// Strict and iterative-enough for trusted input: nesting is bounded, errors end the parse.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public struct ParseError: Error, CustomStringConvertible {
        public var offset: Int
        public var description: String { "invalid JSON at byte \(offset + 1)" }
    }

    /// Parses one JSON text.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(ParseError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw ParseError(offset: parser.position) }
        return value
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var numberText: String? { if case .number(let n) = self { n } else { nil } }
    public var int: Int? { numberText.flatMap { Int($0) } }
    public var int64: Int64? { numberText.flatMap { Int64($0) } }
    public var isNull: Bool { self == .null }

    private struct Parser {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        mutating func skipWhitespace() {
            while position < bytes.count {
                let b = bytes[position]
                guard b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D else { return }
                position += 1
            }
        }

        var fail: ParseError { ParseError(offset: position) }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth < 64 else { throw fail }
            skipWhitespace()
            guard position < bytes.count else { throw fail }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var members: [(String, JSONValue)] = []
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
                while true {
                    skipWhitespace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail }
                    let key = try string()
                    skipWhitespace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail }
                    position += 1
                    members.append((key, try value(depth: depth + 1)))
                    skipWhitespace()
                    guard position < bytes.count else { throw fail }
                    position += 1
                    if bytes[position - 1] == UInt8(ascii: "}") { return .object(members) }
                    guard bytes[position - 1] == UInt8(ascii: ",") else { throw fail }
                }
            case UInt8(ascii: "["):
                position += 1
                var items: [JSONValue] = []
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipWhitespace()
                    guard position < bytes.count else { throw fail }
                    position += 1
                    if bytes[position - 1] == UInt8(ascii: "]") { return .array(items) }
                    guard bytes[position - 1] == UInt8(ascii: ",") else { throw fail }
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default:
                let start = position
                while position < bytes.count {
                    switch bytes[position] {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                         UInt8(ascii: "e"), UInt8(ascii: "E"):
                        position += 1
                        continue
                    default:
                        break
                    }
                    break
                }
                guard position > start else { throw fail }
                return .number(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
            }
        }

        mutating func literal(_ text: StaticString, _ value: JSONValue) throws(ParseError) -> JSONValue {
            let length = text.utf8CodeUnitCount
            guard position + length <= bytes.count,
                  memcmp(bytes.baseAddress! + position, text.utf8Start, length) == 0 else { throw fail }
            position += length
            return value
        }

        /// A string, validated (UTF-8, escapes) and decoded by the ingest scanner's own code.
        mutating func string() throws(ParseError) -> String {
            var cursor = Cursor(bytes: bytes, position: position)
            let value: JSONScanner.Value
            do {
                value = try cursor.scanString()
            } catch {
                throw ParseError(offset: position)
            }
            position = cursor.position
            if value.escaped { return String(decoding: JSONScanner.decodeString(bytes, value), as: UTF8.self) }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[value.start..<value.end]), as: UTF8.self)
        }
    }
}
