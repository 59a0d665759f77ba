import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirIngest
@testable import YirSample

/// The byte-level scanner against Foundation's JSON reader, over a generated corpus of valid
/// and broken lines: they must agree on which lines are JSON objects, and on every field the
/// native profile reads. Differences that are decisions (docs/decisions/) are excluded by
/// construction: nesting near the depth limit is never generated.
@Suite struct DifferentialTests {
    static let keys = [
        "type", "user", "timestamp", "tz", "id", "wiki", "title", "namespace", "seconds",
        "duration_ms", "action", "list", "thumbnail", "key", "enabled",
    ]

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
        lines += [
            [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D],
            [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xC3, 0x22, 0x7D],
            [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xE2, 0x82, 0xAC, 0x22, 0x7D],
            [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xF0, 0x9F, 0x98, 0x22, 0x7D],
        ]
        var rng = SplitMix64(seed: 2025)
        let inserts: [[UInt8]] = [
            [0x2C], [0x7D], [0x7B], [0x22], [0x5C], [0x30], [0x2D], [0x65], [0x20], [0x01], [0xFF], [0xC3],
            Array(#"\u"#.utf8), Array(#"\ud800"#.utf8), [0x5B], [0x5D], [0x3A],
        ]
        for line in lines.prefix(400) where !line.isEmpty {
            let cut = Int(rng.next() % UInt64(line.count))
            lines.append(Array(line[..<cut]))
            var inserted = line
            inserted.insert(
                contentsOf: inserts[Int(rng.next() % UInt64(inserts.count))], at: Int(rng.next() % UInt64(line.count)))
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
            return scanner.values.map {
                $0.map { String(decoding: UnsafeRawBufferPointer(rebasing: line[$0.start..<$0.end]), as: UTF8.self) }
            }
        }
        #expect(values == ["2", "1", "4", "6", nil])
    }

    /// Strings are skipped eight bytes at a time: the first byte of a word that the scanner
    /// must look at (quote, backslash, control, DEL, non-ASCII) is found at every position, after
    /// plain bytes of every kind, and a plain word is skipped whole.
    @Test func theFirstByteAStringRuleMustSeeIsFoundInEveryWordPosition() {
        func isSpecial(_ b: UInt8) -> Bool { b == 0x22 || b == 0x5C || b < 0x20 || b == 0x7F || b >= 0x80 }
        for plain in UInt8(0x20)...0x7F where !isSpecial(plain) {
            var word = [UInt8](repeating: plain, count: 8)
            #expect(Cursor.specialBytes(word.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }) == 0)
            for position in 0..<8 {
                for b in UInt8.min...UInt8.max {
                    word = [UInt8](repeating: plain, count: 8)
                    word[position] = b
                    // A second special byte after the first must not move the answer.
                    if position < 7 { word[7] = 0x00 }
                    let special = Cursor.specialBytes(word.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
                    let expected = isSpecial(b) ? position : (position < 7 ? 7 : nil)
                    let found: Int? = special == 0 ? nil : special.trailingZeroBitCount >> 3
                    #expect(found == expected, "byte \(b) at \(position) after \(plain)")
                }
            }
        }
    }

    /// Plain numbers (digits, at most `scale` decimals) take a shortcut: it gives what the
    /// general reading gives, and takes the forms records use.
    @Test func plainNumbersReadAsAnyNumberDoes() {
        var texts = [
            "0", "-0", "0.000", "71.105", "370.859", "-1.5", "1744028829105", "999999999999999",
            "9999999999999999", "12345678901234.5", "1.2345", "0.0005", "007", "1e3", "1.5E-1",
            "123456789012345678901234567890", "-0.0",
        ]
        var random = SeededRandom()
        for _ in 0..<20_000 {
            let integer = String(
                (0..<Int.random(in: 1...17, using: &random)).map { _ in "0123456789".randomElement(using: &random)! })
            let decimals = Int.random(in: 0...5, using: &random)
            let fraction = String((0..<decimals).map { _ in "0123456789".randomElement(using: &random)! })
            texts.append((Bool.random(using: &random) ? "-" : "") + integer + (decimals > 0 ? "." + fraction : ""))
        }
        var shortcuts = 0
        for text in texts {
            for scale in [0, 3] {
                Array(text.utf8).withUnsafeBytes { bytes in
                    let general = FixedPoint(anyNumber: bytes, scale: scale)
                    if let plain = FixedPoint.plain(bytes, scale: scale) {
                        shortcuts += 1
                        #expect(plain == general, "\(text) at scale \(scale)")
                    }
                }
            }
        }
        #expect(Array("71.105".utf8).withUnsafeBytes { FixedPoint.plain($0, scale: 3) }?.magnitude == 71_105)
        #expect(
            Array("1744028829105".utf8).withUnsafeBytes { FixedPoint.plain($0, scale: 0) }?.magnitude
                == 1_744_028_829_105)
        #expect(Array("1.2345".utf8).withUnsafeBytes { FixedPoint.plain($0, scale: 3) } == nil)
        #expect(shortcuts > 10_000)
    }

    private func expectSame(
        _ ours: JSONScanner.Value, _ theirs: Any, _ line: UnsafeRawBufferPointer, key: String, line text: String
    ) {
        switch ours.kind {
        case .string:
            let decoded = String(decoding: JSONScanner.decodeString(line, ours), as: UTF8.self)
            #expect(decoded.utf8.elementsEqual(((theirs as? String) ?? "\u{FFFF}").utf8), "\(key): \(text)")
        case .number:
            let mine = Double(
                String(decoding: UnsafeRawBufferPointer(rebasing: line[ours.start..<ours.end]), as: UTF8.self))
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
