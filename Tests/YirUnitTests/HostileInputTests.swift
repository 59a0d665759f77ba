import Foundation
import Testing
import YirTestSupport
@testable import YirCore
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
}
