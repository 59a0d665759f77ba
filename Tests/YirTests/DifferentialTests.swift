import Foundation
import Testing
@testable import YirIngest
@testable import YirSample

/// The byte-level scanner against Foundation's JSON reader, over a generated corpus of valid
/// and broken lines: they must agree on which lines are JSON objects, and on every field the
/// native profile reads. Differences that are decisions (docs/DECISIONS.md) are excluded by
/// construction: nesting near the depth limit is never generated.
@Suite struct DifferentialTests {
    static let keys = ["type", "user", "timestamp", "tz", "id", "wiki", "title", "namespace", "seconds",
                       "duration_ms", "action", "list", "thumbnail", "key", "enabled"]

    /// Valid export lines, then each mutated in ways that real damage and hostile input take.
    static func corpus() -> [[UInt8]] {
        var lines: [[UInt8]] = []
        SyntheticExport(readers: 40, days: 60, seed: 7).generate { block in
            lines += block.split(separator: 0x0A).map(Array.init)
        }
        lines = Array(lines.prefix(400))
        let edges = [
            #"{"seconds":-0}"#, #"{"seconds":0.0e0}"#, #"{"seconds":1E+2}"#, #"{"seconds":1e-400}"#,
            #"{"seconds":1.7976931348623157e308}"#, #"{"seconds":1.8e308}"#, #"{"seconds":-1e309}"#,
            #"{"seconds":123456789012345678901234567890}"#, #"{"seconds":01}"#, #"{"seconds":1.}"#,
            #"{"seconds":.5}"#, #"{"seconds":+1}"#, #"{"seconds":-}"#, #"{"seconds":NaN}"#, #"{"seconds":Infinity}"#,
            #"{"title":"\u00e9\ud83d\ude00\n\t\"\\\/"}"#, #"{"title":"\ud800"}"#, #"{"title":"\udc00x"}"#,
            #"{"title":"\ud800\u0041"}"#, #"{"title":"\u12G4"}"#, #"{"title":"\x"}"#, #"{"title":"a\u0000b"}"#,
            #"{"type":"page_view","type":"session"}"#, #"{}"#, #" { } "#, #"[]"#, #"123"#, #""str""#, #"null"#,
            #"{"a":[1,{"b":[true,false,null]}],"title":"ok"}"#, #"{"a":[1,]}"#, #"{"a":{"b":1,}}"#, #"{,}"#,
            #"{"a" 1}"#, #"{"a":1 "b":2}"#, #"{"enabled":true}"#, #"{"enabled":tru}"#, #"{"enabled":nulll}"#,
            "{\"title\":\"tab\tinside\"}", String(repeating: "[", count: 50) + String(repeating: "]", count: 50),
            #"{"x":"# + String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000) + "}",
        ]
        lines += edges.map { Array($0.utf8) }
        lines += [[0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D], [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xC3, 0x22, 0x7D],
                  [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xE2, 0x82, 0xAC, 0x22, 0x7D], [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xF0, 0x9F, 0x98, 0x22, 0x7D]]
        var rng = SplitMix64(seed: 2025)
        let inserts: [[UInt8]] = [[0x2C], [0x7D], [0x7B], [0x22], [0x5C], [0x30], [0x2D], [0x65], [0x20], [0x01], [0xFF], [0xC3],
                                  Array(#"\u"#.utf8), Array(#"\ud800"#.utf8), [0x5B], [0x5D], [0x3A]]
        for line in lines.prefix(400) where !line.isEmpty {
            let cut = Int(rng.next() % UInt64(line.count))
            lines.append(Array(line[..<cut]))
            var inserted = line
            inserted.insert(contentsOf: inserts[Int(rng.next() % UInt64(inserts.count))], at: Int(rng.next() % UInt64(line.count)))
            lines.append(inserted)
            var flipped = line
            flipped[Int(rng.next() % UInt64(line.count))] ^= UInt8(1 << (rng.next() % 8))
            lines.append(flipped)
        }
        return lines
    }

    @Test func scannerAndFoundationAgreeOnEveryLineAndField() throws {
        var scanner = JSONScanner(keys: Self.keys)
        var compared = 0
        for line in Self.corpus() {
            let theirs = try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
            let failure = line.withUnsafeBytes { scanner.scan($0) }
            let text = String(decoding: line, as: UTF8.self)
            switch failure {
            case .notAnObject:
                #expect(theirs != nil && !(theirs is [String: Any]), "not an object: \(text)")
            case .some(let f):
                // Foundation reads trailing commas (`[1,]`), which JSON does not allow.
                if f == .invalid && Self.hasTrailingComma(line) { continue }
                #expect(theirs == nil, "we reject (\(f)) what Foundation reads: \(text)")
            case nil:
                let object = try #require(theirs as? [String: Any], "Foundation rejects what we read: \(text)")
                for (index, key) in Self.keys.enumerated() {
                    let ours = scanner.values[index]
                    let value = object[key]
                    #expect((ours == nil) == (value == nil), "\(key) presence differs: \(text)")
                    guard let ours, let value else { continue }
                    line.withUnsafeBytes { bytes in
                        expectSame(ours, value, bytes, key: key, line: text)
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > 1000)
    }

    /// A `,` followed, after white space, by `]` or `}` (outside strings is enough for a corpus
    /// whose strings hold no such run).
    static func hasTrailingComma(_ line: [UInt8]) -> Bool {
        for (i, b) in line.enumerated() where b == UInt8(ascii: ",") {
            var j = i + 1
            while j < line.count, line[j] == 0x20 || line[j] == 0x09 { j += 1 }
            if j < line.count, line[j] == UInt8(ascii: "]") || line[j] == UInt8(ascii: "}") { return true }
        }
        return false
    }

    @Test func trailingCommasAreRejectedThoughFoundationReadsThem() {
        var scanner = JSONScanner(keys: ["a"])
        for text in [#"{"a":[1,]}"#, #"{"a":{"b":1,}}"#, #"{"a":1,}"#] {
            #expect(Array(text.utf8).withUnsafeBytes { scanner.scan($0) } == .invalid, "\(text)")
        }
    }

    /// Keys are found by length and last byte first: keys that share both, a member that
    /// only looks like a key, an escaped key and one longer than the table all still resolve.
    @Test func keysSharingLengthAndLastByteLookalikesAndEscapesResolveToTheirOwnValues() {
        let long = "a_key_of_twenty_bytes"
        var scanner = JSONScanner(keys: ["ab", "cb", "type", long, "x"])
        // Each lookalike comes after the key it resembles: finding it would overwrite the value.
        let text = #"{"cb":1,"ab":2,"t\u0079pe":4,"tyqe":3,"xx":5,"\#(long)":6,"a_key_of_twenty_byteS":7}"#
        let values = Array(text.utf8).withUnsafeBytes { line -> [String?] in
            guard scanner.scan(line) == nil else { return [] }
            return scanner.values.map { $0.map { String(decoding: UnsafeRawBufferPointer(rebasing: line[$0.start..<$0.end]), as: UTF8.self) } }
        }
        #expect(values == ["2", "1", "4", "6", nil])
    }

    private func expectSame(_ ours: JSONScanner.Value, _ theirs: Any, _ line: UnsafeRawBufferPointer, key: String, line text: String) {
        switch ours.kind {
        case .string:
            let decoded = String(decoding: JSONScanner.decodeString(line, ours), as: UTF8.self)
            #expect(decoded.utf8.elementsEqual(((theirs as? String) ?? "\u{FFFF}").utf8), "\(key): \(text)")
        case .number:
            let mine = Double(String(decoding: UnsafeRawBufferPointer(rebasing: line[ours.start..<ours.end]), as: UTF8.self))
            let other = (theirs as? NSNumber)?.doubleValue
            #expect(mine == other, "\(key): \(text)")
        case .bool:
            #expect((theirs as? Bool) == ours.boolValue, "\(key): \(text)")
        case .null:
            #expect(theirs is NSNull, "\(key): \(text)")
        case .object:
            #expect(theirs is [String: Any], "\(key): \(text)")
        case .array:
            #expect(theirs is [Any], "\(key): \(text)")
        }
    }
}
