import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirIngest

/// Hostile lines are rejected with a clear reason, and every good line around them counts.
@Suite struct HostileInputTests {
    static func edit(_ timestamp: String, title: String) -> String {
        #"{"type":"edit","timestamp":"\#(timestamp)","wiki":"en.wikipedia.org","title":"\#(title)"}"#
    }

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

    @Test func rawNulBytesAreInvalidJSONAndEscapedOnesInTextAControlCharacter() throws {
        var raw = Data(#"{"type":"history_cleared","timestamp":"2025-05-01T10:00:00Z","note":"a"#.utf8)
        raw += Data([0x00]) + Data(#""}"#.utf8)
        #expect(try diagnostics(raw).rejected == [.invalidJSON: 1])
        let escaped = view("2025-05-01T10:00:00Z", title: #"a\u0000b<script>"#)
        #expect(try diagnostics(Data(escaped.utf8)).rejected == [.controlCharacter: 1])
    }

    /// SPEC §4.5 (v4): a text member holding a C0 control character or U+007F rejects the line
    /// — escaped (JSON allows no other way below U+0020), or U+007F raw, which JSON allows.
    @Test(arguments: [
        view("2025-05-01T10:00:00Z", user: #"a\u0000"#),
        view("2025-05-01T10:00:00Z", user: "a\u{7F}"),
        view("2025-05-01T10:00:00Z", wiki: #"en.wikipedia.org\r"#),
        view("2025-05-01T10:00:00Z", wiki: "en.wiki\u{7F}pedia.org"),
        view("2025-05-01T10:00:00Z", title: #"Moon\n"#),
        view("2025-05-01T10:00:00Z", title: #"Moon\u007F"#),
        view("2025-05-01T10:00:00Z", title: "Mo\u{7F}on"),
        view("2025-05-01T10:00:00Z", extra: #","categories":["Physics","Moons\t"]"#),
        view("2025-05-01T10:00:00Z", extra: #","categories":["Physics","Mo\#u{7F}ons"]"#),
        view("2025-05-01T10:00:00Z", extra: #","topics":["STEM.Space\u001f"]"#),
        view("2025-05-01T10:00:00Z", extra: #","thumbnail":"https://x.org/a\b.jpg""#),
        view("2025-05-01T10:00:00Z", extra: #","thumbnail":"https://x.org/a\#u{7F}.jpg""#),
        save("2025-05-01T10:00:00Z", title: "Moon", extra: #","thumbnail":"https://x.org/a\f.jpg""#),
        Self.edit("2025-05-01T10:00:00Z", title: #"Moon\u0001"#),
        view("2025-05-01T10:00:00Z", extra: #","tz":"Europe/Berlin\u0000""#),
        view("2025-05-01T10:00:00Z", extra: #","locale":"de\u007f""#),
        view("2025-05-01T10:00:00Z", extra: #","locale":"d\#u{7F}""#),
    ])
    func aControlCharacterInATextMemberRejectsTheLine(line: String) throws {
        #expect(try diagnostics(Data(line.utf8)).rejected == [.controlCharacter: 1])
    }

    /// Decision 126: each member's control characters are looked for in its turn of SPEC §1.3's
    /// order, before the member's other rules: a bad timestamp is found first, and a zone
    /// holding U+0000 is a control character, not an unknown zone.
    @Test func aControlCharacterIsFoundInItsMembersTurnBeforeItsOtherRules() throws {
        let cases: [(String, RejectReason)] = [
            (view("soon", title: #"Moon\n"#), .invalidTimestamp),
            (view("2025-05-01T10:00:00Z", user: #"a\t"#, extra: #","tz":"Mars/Base""#), .controlCharacter),
            (view("2025-05-01T10:00:00Z", extra: #","tz":"\u0000""#), .controlCharacter),
            (view("2025-05-01T10:00:00Z", extra: #","locale":"x\n""#), .controlCharacter),
            (view("2025-05-01T10:00:00Z", user: String(repeating: "a", count: 300) + #"\n"#), .controlCharacter),
            (view("2025-05-01T10:00:00Z", title: " ", wiki: #"\t"#), .controlCharacter),
            (view("2025-05-01T10:00:00Z", title: #"\n"#, seconds: "-1"), .controlCharacter),
            (view("2025-05-01T10:00:00Z", extra: #","categories":["\n",1]"#), .controlCharacter),
            (view("2025-05-01T10:00:00Z", extra: #","categories":[1,"\n"]"#), .wrongType),
            (view("2025-05-01T10:00:00Z", extra: #","categories":["\n"],"topics":5"#), .controlCharacter),
        ]
        for (line, reason) in cases {
            #expect(try diagnostics(Data(line.utf8)).rejected == [reason: 1], "\(line)")
        }
    }

    /// Members no reader sees may hold control characters: an id, a reading list's name, a
    /// notification key, a member yir does not know.
    @Test func controlCharactersOutsideTextMembersAreJustData() throws {
        let lines = [
            view("2025-05-01T10:00:00Z", extra: #","id":"a\nb","note":"\u0000\#u{7F}""#),
            save("2025-05-01T10:00:00Z", title: "Moon", extra: #","list":"to\tread""#),
            notification("2025-05-01T10:00:00Z", key: #"echo\u0007"#, enabled: true),
        ]
        let d = try Run(lines).diagnostics()
        #expect(d.rejected.isEmpty)
        #expect(d.acceptedTotal == 3)
    }

    @Test func hugeAndNonFiniteNumbersAreRejectedWithTheirReason() throws {
        for (number, reason) in [
            ("1e400", RejectReason.numberOutOfRange), ("123456789012345678901234567890", .numberOutOfRange),
            ("NaN", .invalidJSON), ("Infinity", .invalidJSON), ("-Infinity", .invalidJSON),
        ] {
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
        let record = try text.withUTF8 {
            try profile.decode(UnsafeRawBufferPointer($0), impliedType: nil, strings: &strings).get()
        }
        let catalog = Catalog()
        var set: Int32 = -1
        strings.attributes.takeUnshipped().forEach { id, bytes in
            if id == record.attributes { set = catalog.attributeSet(bytes) }
        }
        let attributes = catalog.attributeSets[Int(set)]
        #expect(catalog.attributeCategories[attributes.categories].map { catalog.categories.string($0) } == distinct)
        #expect(catalog.attributeTopics[attributes.topics].map { catalog.topics.string($0) } == distinct)
    }

    /// SPEC §4.5 (v4), peak memory: a worker finds a set of attributes again by its fingerprint
    /// and holds its bytes only until they are shipped (decision 129); the catalog keeps the
    /// decoded set alone.
    @Test func aWorkerHoldsAnAttributeSetsBytesOnlyUntilTheyAreShipped() throws {
        let profile = NativeProfile()
        var strings = LocalStrings(zones: ZoneCatalog())
        func decode(_ categories: String) throws -> Int32 {
            var line = view("2025-05-01T10:00:00Z", extra: #","categories":\#(categories)"#)
            return try line.withUTF8 {
                try profile.decode(UnsafeRawBufferPointer($0), impliedType: nil, strings: &strings).get()
            }.attributes
        }
        let first = try decode(#"["Moons","Physics"]"#), second = try decode(#"["Stars"]"#)
        #expect(strings.attributes.takeUnshipped().count == 2)
        #expect(try decode(#"[" Moons","Physics_"]"#) == first, "the same set, written otherwise")
        #expect(try decode(#"["Stars"]"#) == second)
        #expect(strings.attributes.unshipped.count == 0)
        #expect(strings.attributes.count == 2)
    }
}
