import Testing
import YirTestSupport
import Foundation
@testable import YirCore

/// The hand-written number and time forms every output relies on.
@Suite struct CoreTests {
    @Test(arguments: [
        (Int64(0), 3, "0"), (12_500, 3, "12.5"), (1, 3, "0.001"), (180_500, 3, "180.5"), (10_005, 4, "1.0005"),
        (-2_500, 3, "-2.5"), (86_400_000, 3, "86400"), (7, 0, "7"), (Int64.max, 0, "9223372036854775807"),
        (Int64.min, 0, "-9223372036854775808"), (123_456, 1, "12345.6"), (5, 1, "0.5"), (-15, 1, "-1.5"),
        (100, 0, "100"), (1_234, 0, "1234"),
    ])
    func decimalsHaveNoTrailingZeros(value: Int64, scale: Int, text: String) {
        #expect(decimalText(value, scale: scale) == text)
        var bytes = [UInt8](repeating: 0, count: FixedDecimal.maximumLength)
        let count = bytes.withUnsafeMutableBufferPointer {
            writeDecimal(FixedDecimal(value, scale: scale), to: $0.baseAddress!)
        }
        #expect(String(decoding: bytes[..<count], as: UTF8.self) == text)
    }

    /// Whole numbers of every length, and milliseconds as seconds, against the standard library.
    /// Byte strings of every length up to 40 are equal to themselves and differ from a copy
    /// with any one byte changed, wherever it lies (the word loop, the overlapping tail, the
    /// short forms).
    @Test func bytesAreEqualOnlyWhenEveryByteIs() {
        for count in 0...40 {
            let a = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(
                a.withUnsafeBytes { x in
                    a.withUnsafeBytes { y in
                        bytesEqual(
                            x.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!,
                            y.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!, count)
                    }
                })
            for position in 0..<count {
                var b = a
                b[position] ^= 0x40
                #expect(
                    !a.withUnsafeBytes { x in
                        b.withUnsafeBytes { y in bytesEqual(x.baseAddress!, y.baseAddress!, count) }
                    },
                    "length \(count), byte \(position)")
            }
        }
    }

    /// Readers are sorted by their ids' first 16 bytes before their whole ids: wherever two
    /// prefixes differ, their order is the ids' byte order (a prefix first, a NUL byte after
    /// the end, a difference at byte 0, 7, 8 or 15, bytes above 0x7F).
    @Test func orderPrefixesAgreeWithByteOrder() {
        let ids = [
            "", "a", "a\u{0}", "ab", "abcdefgh", "abcdefgh\u{0}", "abcdefghi", "abcdefghijklmno", "abcdefghijklmnop",
            "abcdefghijklmnopq", "abcdefghijklmnoq", "bbcdefgh", "abcdefgz", "é", "e\u{301}", "\u{FFFF}", "z", "Z",
            "reader-10", "reader-9", "u17611", "u1761",
        ]
        var table = StringTable()
        let interned = ids.map { table.intern($0) }
        var compared = 0
        for a in interned {
            for b in interned where table.orderPrefix(a) != table.orderPrefix(b) {
                #expect(
                    (table.orderPrefix(a) < table.orderPrefix(b)) == table.precedes(a, b),
                    "\(table.string(a)) \(table.string(b))")
                compared += 1
            }
        }
        #expect(compared > 400)
    }

    /// A table's names are kept in segments that never move: every name reads back as it was
    /// interned and is found again, across segment boundaries, beyond a segment's limit (a
    /// name of its own) and when empty, and the catalog's copy in one block agrees.
    @Test func namesReadBackAndAreFoundAgainAcrossSegments() {
        var names = (0..<40_000).map { "Category \($0) of the export" }
        names += ["", String(repeating: "long", count: StringTable.segmentLimit / 2), "after the long one", "é"]
        var table = StringTable()
        let ids = names.map { table.intern($0) }
        #expect(ids == (0..<Int32(names.count)).map { $0 })
        #expect(names.indices.allSatisfy { table.string(ids[$0]) == names[$0] })
        #expect(names.indices.allSatisfy { table.lookup(names[$0]) == ids[$0] && table.intern(names[$0]) == ids[$0] })
        table.trimCapacity()
        #expect(table.lookup("after the long one") == ids[names.count - 2])
        let (bytes, starts) = table.copyOut()
        defer { bytes.deallocate(); starts.deallocate() }
        #expect(
            names.indices.allSatisfy {
                String(
                    decoding: UnsafeBufferPointer(start: bytes + starts[$0], count: starts[$0 + 1] - starts[$0]),
                    as: UTF8.self) == names[$0]
            })
    }

    /// The two-lane hash gives what two calls of the one-lane hash give, for every length
    /// around the word size.
    @Test func hashingTwoSeedsInOnePassMatchesHashingEachAlone() {
        let seeds: (UInt64, UInt64) = (0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344)
        for count in 0...40 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 53 &+ 7) }
            bytes.withUnsafeBytes { raw in
                let pair = hashBytes(raw, seeds: seeds)
                #expect(pair.0 == hashBytes(raw, seed: seeds.0), "length \(count)")
                #expect(pair.1 == hashBytes(raw, seed: seeds.1), "length \(count)")
            }
        }
    }

    @Test func decimalsAgreeWithIntegerFormatting() {
        var value: Int64 = 1
        var bytes = [UInt8](repeating: 0, count: FixedDecimal.maximumLength)
        for _ in 0..<2_000 {
            value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let shifted = value >> Int64(value & 63)  // every number of digits
            let count = bytes.withUnsafeMutableBufferPointer {
                writeDecimal(FixedDecimal(shifted, scale: 0), to: $0.baseAddress!)
            }
            #expect(String(decoding: bytes[..<count], as: UTF8.self) == String(shifted))
            let ms = shifted % 100_000_000
            var seconds = String(ms.magnitude / 1000)
            let fraction = String(String(ms.magnitude % 1000 + 1000).dropFirst()).replacingOccurrences(
                of: "0+$", with: "", options: .regularExpression)
            if !fraction.isEmpty { seconds += "." + fraction }
            #expect(decimalText(ms, scale: 3) == (ms < 0 ? "-" : "") + seconds)
        }
    }

    @Test func instantsAreWrittenInTheZonesOffset() throws {
        let t = try RFC3339.parse("2025-03-30T01:30:00.250Z").get()
        guard case .instant(let ms) = t else { Issue.record("not an instant"); return }
        #expect(RFC3339.format(ms, offsetSeconds: 7200) == "2025-03-30T03:30:00.250+02:00")
        #expect(RFC3339.format(ms, offsetSeconds: 0) == "2025-03-30T01:30:00.250Z")
        #expect(RFC3339.format(ms, offsetSeconds: -16_200) == "2025-03-29T21:00:00.250-04:30")
        // An offset with seconds (Africa/Monrovia until 1972) is shown rounded to the minute.
        #expect(RFC3339.format(0, offsetSeconds: -2670) == "1969-12-31T23:15:00-00:45")
    }
}
