import Foundation
import Testing
import YirReport
import YirTestSupport
@testable import YirCore
@testable import YirPartitions

/// SPEC §6: the partition lines `yir render` reads back.
@Suite struct PartitionTests {
    @Test func readerFiguresComeBackExactly() throws {
        #expect(PartitionFormat.fixedDecimal("1.0005") == FixedDecimal(10005, scale: 4))
        #expect(PartitionFormat.fixedDecimal("12") == FixedDecimal(12, scale: 0))
        #expect(
            PartitionFormat.fixedDecimal("-1") == nil && PartitionFormat.fixedDecimal("1e3") == nil
                && PartitionFormat.fixedDecimal("1.") == nil)
        #expect(
            PartitionFormat.fixedDecimal("9223372036854775807.5") == nil && PartitionFormat.fixedDecimal("1.+5") == nil)
        let text = #"{"a":"Fu\u00dfball \ud83d\ude00 \"q\" \\","b":[1,-2.5e3,true,null],"c":{"d":[[]]}}"#
        var a: String?
        var b: [String] = []
        try Array(text.utf8).withUnsafeBytes { bytes in
            var r = JSONPullReader(bytes)
            try r.object { r, key throws(JSONPullReader.Failure) in
                switch key {
                case "a": a = try r.string()
                case "b":
                    try r.array { r throws(JSONPullReader.Failure) in
                        if r.null() {
                            b.append("null")
                        } else if b.count == 2 {
                            b.append(String(try r.bool()))
                        } else {
                            b.append(String(decoding: try r.numberText(), as: UTF8.self))
                        }
                    }
                default: try r.skip()
                }
            }
            try r.end()
        }
        #expect(a == "Fußball 😀 \"q\" \\")
        #expect(b == ["1", "-2.5e3", "true", "null"])
        for bad in [#"{"a":}"#, #"{"a":"\ud800"}"#, #"{"a":1} x"#, "{\"a\":\"\u{1}\"}"] {
            #expect(throws: JSONPullReader.Failure.self, "\(bad)") {
                try Array(bad.utf8).withUnsafeBytes { bytes in
                    var r = JSONPullReader(bytes)
                    try r.object { r, _ throws(JSONPullReader.Failure) in try r.skip() }
                    try r.end()
                }
            }
        }
    }

    /// The reader line's decoder reads exactly what the field table declares is read back — a
    /// figure, or a field of partition lines alone — each member by the same path and as the
    /// same kind of value (a count's range, a text's kind, a list's length): a figure added to
    /// `ReaderFields` and not to `ReaderLineDecoder`, or read under another name, fails here.
    @Test func theDecoderReadsWhatTheFieldTableDeclaresReadBack() {
        let declared = ReaderFields.members(where: \.readBack)
        let asked = ReaderLineDecoder.membersAsked()
        #expect(declared.count > 100 && Set(declared).count == declared.count)
        let missing = declared.filter { !asked.contains($0) }
        let extra = asked.filter { !declared.contains($0) }
        #expect(missing.isEmpty, "declared, not decoded: \(missing)")
        #expect(extra.isEmpty, "decoded, not declared: \(extra)")
        // In the declaration's order, so that the first failure a line has is the one reported.
        #expect(asked == declared)
    }
}
