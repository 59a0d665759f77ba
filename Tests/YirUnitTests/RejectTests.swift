import ArgumentParser
import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirIngest
import YirPipeline

/// SPEC §1.3: each reason a line is rejected; a rejection never affects other lines.
@Suite struct RejectTests {
    static let cases: [(String, RejectReason)] = [
        ("not json", .invalidJSON),
        (#"{"type":"page_view","#, .invalidJSON),
        (#"{"type":"session","timestamp":"2025-05-01T10:00:00Z","duration_ms":1} trailing"#, .invalidJSON),
        (#"{"type":"session","timestamp":"2025-05-01T10:00:00Z","duration_ms":01}"#, .invalidJSON),
        (#"{"type":"session","timestamp":"2025-05-01T10:00:00Z","duration_ms":NaN}"#, .invalidJSON),
        (#"[1,2,3]"#, .notAnObject),
        (#""page_view""#, .notAnObject),
        (#"{"type":"history_cleared","timestamp":"2025-05-01T10:00:00Z","note":"\ud800"}"#, .invalidUTF8),
        (
            #"{"type":"history_cleared","timestamp":"2025-05-01T10:00:00Z","deep":"#
                + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}", .nestingTooDeep
        ),
        (#"{"type":"page_view","wiki":"enwiki","title":"Moon","seconds":1}"#, .missingField),
        (#"{"type":"page_view","timestamp":"2025-05-01T10:00:00Z","title":"Moon","seconds":1}"#, .missingField),
        (#"{"type":"page_view","timestamp":"2025-05-01T10:00:00Z","wiki":"enwiki","title":"Moon"}"#, .missingField),
        (#"{"type":"notification_subscription","timestamp":"2025-05-01T10:00:00Z","key":"k"}"#, .missingField),
        (
            #"{"type":"page_view","timestamp":"2025-05-01T10:00:00Z","wiki":"enwiki","title":"Moon","seconds":"12"}"#,
            .wrongType
        ),
        (#"{"type":"page_view","timestamp":true,"wiki":"enwiki","title":"Moon","seconds":1}"#, .wrongType),
        (
            #"{"type":"notification_subscription","timestamp":"2025-05-01T10:00:00Z","key":"k","enabled":"yes"}"#,
            .wrongType
        ),
        (#"{"type":"session","user":42,"timestamp":"2025-05-01T10:00:00Z","duration_ms":1}"#, .wrongType),
        (#"{"type":"session","user":"","timestamp":"2025-05-01T10:00:00Z","duration_ms":1}"#, .invalidValue),
        (
            #"{"type":"saved_article","timestamp":"2025-05-01T10:00:00Z","wiki":"enwiki","title":"Moon","action":"like"}"#,
            .invalidValue
        ),
        (#"{"type":"saved_article","timestamp":"2025-05-01T10:00:00Z","wiki":"enwiki","title":" _ "}"#, .invalidValue),
        (
            #"{"type":"page_view","timestamp":"2025-05-01T10:00:00Z","wiki":"enwiki","title":"Moon","seconds":1,"namespace":1.5}"#,
            .invalidValue
        ),
        (
            #"{"type":"page_view","timestamp":"2025-05-01T10:00:00Z","wiki":"enwiki","title":"Moon","seconds":-1}"#,
            .negativeDuration
        ),
        (#"{"type":"session","timestamp":"2025-05-01T10:00:00Z","duration_ms":1e400}"#, .numberOutOfRange),
        (#"{"type":"session","timestamp":"2025-05-01T10:00:00Z","duration_ms":1,"other":-1.8e308}"#, .numberOutOfRange),
        (
            #"{"type":"session","timestamp":"2025-05-01T10:00:00Z","duration_ms":123456789012345678901234567890}"#,
            .numberOutOfRange
        ),
        (
            #"{"type":"page_view","timestamp":"2025-05-01T10:00:00Z","wiki":"enwiki","title":"Moon","seconds":1e15}"#,
            .numberOutOfRange
        ),
        (#"{"type":"session","timestamp":"2025-05-01T10:00:00Z","duration_ms":-0.5}"#, .negativeDuration),
        (#"{"type":"session","timestamp":"2025-05-01","duration_ms":1}"#, .invalidTimestamp),
        (#"{"type":"session","timestamp":"2025-02-29T10:00:00Z","duration_ms":1}"#, .invalidTimestamp),
        (#"{"type":"session","timestamp":"2025-05-01T24:00:00Z","duration_ms":1}"#, .invalidTimestamp),
        (#"{"type":"session","timestamp":"2025-05-01T10:00:00+0100","duration_ms":1}"#, .invalidTimestamp),
        (#"{"type":"session","timestamp":"1969-12-31T23:59:59Z","duration_ms":1}"#, .timestampOutOfRange),
        (#"{"type":"session","timestamp":"2100-01-01T00:00:00Z","duration_ms":1}"#, .timestampOutOfRange),
        (#"{"type":"session","timestamp":-1,"duration_ms":1}"#, .timestampOutOfRange),
        (#"{"type":"pageview","timestamp":"2025-05-01T10:00:00Z"}"#, .unknownType),
        (
            #"{"type":"session","timestamp":"2025-05-01T10:00:00Z","duration_ms":1,"tz":"Mars/Olympus"}"#,
            .unknownTimeZone
        ),
        (#"{"type":"session","timestamp":"2025-05-01T10:00:00Z","duration_ms":1,"tz":"GMT+1"}"#, .unknownTimeZone),
    ]

    @Test(arguments: cases)
    func lineIsRejectedForItsReason(line: String, reason: RejectReason) throws {
        let d = try Run([view("2025-05-01T10:00:00Z"), line, view("2025-05-02T10:00:00Z")]).diagnostics()
        #expect(d.rejected == [reason: 1])
        #expect(d.accepted[0] == 2, "the other lines still count")
        #expect(d.lines == 3)
    }

    @Test func invalidUTF8BytesAreRejected() throws {
        var data = Data(#"{"type":"history_cleared","timestamp":"2025-05-01T10:00:00Z","note":"a"#.utf8)
        data += Data([0xC3, 0x28])  // a lead byte without its continuation
        data += Data(#""}"#.utf8) + Data("\n".utf8) + Data(view("2025-05-01T10:00:00Z").utf8)
        let d = try Run(files: [("a.jsonl", data)]).diagnostics()
        #expect(d.rejected == [.invalidUTF8: 1])
        #expect(d.accepted[0] == 1)
    }

    @Test func overlongUTF8AndEncodedSurrogatesAreRejected() throws {
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            var data = Data(#"{"type":"history_cleared","timestamp":"2025-05-01T10:00:00Z","note":""#.utf8)
            data += Data(bad) + Data(#""}"#.utf8)
            #expect(try Run(files: [("a.jsonl", data)]).diagnostics().rejected == [.invalidUTF8: 1])
        }
    }

    @Test func rejectionsCarryFileLineOffsetReasonAndText() throws {
        let (_, rejections) = try Run([view("2025-05-01T10:00:00Z"), "oops"]).modelAndRejections()
        let r = try #require(rejections.first)
        #expect(r.file.hasSuffix("export.jsonl"))
        #expect(r.line == 2)
        #expect(r.offset == Int64(view("2025-05-01T10:00:00Z").utf8.count + 1))
        #expect(r.reason == .invalidJSON)
        #expect(r.text == Array("oops".utf8))
    }

    @Test func validEscapesAndSurrogatePairsAreDecoded() throws {
        let line =
            #"{"type":"page_view","timestamp":"2025-05-01T10:00:00Z","wiki":"enwiki","title":"\u00c9mile \ud83d\ude00 \"Q\"\/x","seconds":1}"#
        #expect(try Run([line]).titles().top.first == "Émile 😀 \"Q\"/x")
    }

    @Test func duplicateKeysTakeTheLastValue() throws {
        let line =
            #"{"type":"page_view","timestamp":"2025-05-01T10:00:00Z","wiki":"enwiki","title":"Moon","seconds":1,"seconds":7}"#
        #expect(try Run([line]).reader().reading.milliseconds == 7000)
    }

    /// A zone name is ASCII letters, digits, `/`, `_`, `-` and `+`: anything else — a NUL
    /// Foundation would cut the name at, `=`, `|` — makes it no IANA zone, so it never reaches
    /// the CSV or the pages. Every zone Foundation knows keeps passing, and `--tz` refuses alike.
    @Test func aTimeZoneOutsideTheZoneNameGrammarIsRejected() throws {
        let hostile = "UTC\u{0}=cmd|x"
        // (With the NUL the line is a `control_character`, decision 126; without it, no zone.)
        let line = #"{"type":"session","timestamp":"2025-05-01T10:00:00Z","duration_ms":1,"tz":"UTC=cmd|x"}"#
        let d = try Run([view("2025-05-01T10:00:00Z"), line]).diagnostics()
        #expect(d.rejected == [.unknownTimeZone: 1])
        #expect(ZoneCatalog().rules(for: hostile) == nil)
        #expect(ZoneCatalog().rules(for: "UTC=cmd") == nil)
        let zones = ZoneCatalog()
        for id in TimeZone.knownTimeZoneIdentifiers { #expect(zones.rules(for: id) != nil, "\(id)") }
        let options = try RunOptions.parse(["--as-of", "2025-12-31T12:00:00Z", "--tz", hostile])
        #expect(throws: ParameterError.self) { try RunParameters(options, outputs: [], zones: ZoneCatalog()) }
    }

    @Test func nullOptionalFieldsAreAbsent() throws {
        let line =
            #"{"type":"page_view","user":null,"tz":null,"id":null,"namespace":null,"timestamp":"2025-05-01T10:00:00Z","wiki":"enwiki","title":"Moon","seconds":1}"#
        let reader = try Run([line]).reader("default")
        #expect(reader.reading.views == 1)
    }
}
