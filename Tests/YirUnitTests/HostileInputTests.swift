import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirIngest
@testable import YirReport

/// Hostile lines are rejected with a clear reason, and every good line around them counts.
@Suite struct HostileInputTests {
    func diagnostics(_ bad: Data) throws -> Diagnostics {
        var data = Data((view("2025-05-01T10:00:00Z") + "\n").utf8)
        data += bad
        data += Data(("\n" + view("2025-05-02T10:00:00Z") + "\n").utf8)
        let d = try Run(files: [("a.jsonl", data)]).diagnostics()
        #expect(d.accepted[0] == 2, "the good lines still count")
        return d
    }

    @Test func nestingAHundredThousandDeepIsRejectedWithoutRecursion() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(try diagnostics(Data(#"{"type":"session","x":\#(deep)}"#.utf8)).rejected == [.nestingTooDeep: 1])
        #expect(try diagnostics(Data(deep.utf8)).rejected == [.nestingTooDeep: 1])
    }

    @Test func invalidUTF8InAKeyIsRejected() throws {
        var line = Data(#"{"type":"history_cleared","timestamp":"2025-05-01T10:00:00Z",""#.utf8)
        line += Data([0x6B, 0xFF, 0x79]) + Data(#"":1}"#.utf8)
        #expect(try diagnostics(line).rejected == [.invalidUTF8: 1])
    }

    @Test func rawNulBytesAreRejectedAndEscapedOnesAreKeptAndWrittenEscaped() throws {
        var raw = Data(#"{"type":"history_cleared","timestamp":"2025-05-01T10:00:00Z","note":"a"#.utf8)
        raw += Data([0x00]) + Data(#""}"#.utf8)
        #expect(try diagnostics(raw).rejected == [.invalidJSON: 1])
        let escaped = view("2025-05-01T10:00:00Z", title: #"a\u0000b\u001f<script>"#)
        let model = try Run([escaped]).model()
        let line = String(decoding: JSONReport.lines(model), as: UTF8.self)
        #expect(line.contains(#""title":"a\u0000b\u001f<script>""#))
    }

    @Test func hugeAndNonFiniteNumbersAreRejectedWithTheirReason() throws {
        for (number, reason) in [("1e400", RejectReason.numberOutOfRange), ("123456789012345678901234567890", .numberOutOfRange),
                                 ("NaN", .invalidJSON), ("Infinity", .invalidJSON), ("-Infinity", .invalidJSON)] {
            let line = #"{"type":"session","timestamp":"2025-05-01T10:00:00Z","duration_ms":\#(number)}"#
            #expect(try diagnostics(Data(line.utf8)).rejected == [reason: 1], "\(number)")
        }
    }

    @Test func userIdsWithPathSeparatorsAreJustData() throws {
        let model = try Run([view("2025-05-01T10:00:00Z", user: "../../etc/passwd")]).model()
        #expect(model.statistics.readers.map(\.user) == ["../../etc/passwd"])
    }

    /// SPEC §4.5 (v4): repeats in a list are dropped through a set, not a search. A line of
    /// 100,000 distinct categories took seconds a line, its repeats searched for among all kept.
    /// The limit is one that only a search of every name kept exceeds, at any build's speed.
    @Test(.timeLimit(.minutes(1)))
    func repeatsInALongListAreDroppedThroughASetInFirstOccurrenceOrder() throws {
        let distinct = (0..<100_000).map { "c\($0)" }
        var written: [String] = []
        for (i, name) in distinct.enumerated() {
            written.append(name)
            if i % 1000 == 999 { written += ["c\(i / 2)", " c\(i / 3) ", ""] }
        }
        let list = "[" + written.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let line = view("2025-05-01T10:00:00Z", extra: #","categories":\#(list),"topics":\#(list)"#)
        let profile = NativeProfile()
        var strings = LocalStrings(zones: ZoneCatalog())
        var text = line
        let record = try text.withUTF8 { try profile.decode(UnsafeRawBufferPointer($0), impliedType: nil, strings: &strings).get() }
        let catalog = Catalog()
        let set = strings.attributes.withBytes(record.attributes) { catalog.attributeSet($0) }
        let attributes = catalog.attributeSets[Int(set)]
        #expect(attributes.categories.map { catalog.categories.string($0) } == distinct)
        #expect(attributes.topics.map { catalog.topics.string($0) } == distinct)
    }
}
