import Testing
import YirCore
import YirStats
@testable import YirReport

/// The short cuts the JSON writer takes write what the plain way writes: a string's escapes
/// found a word at a time, short copies without `memcpy`, one-digit numbers, dates.
@Suite struct OutputBytesTests {
    @Test func aStringNeedsEscapingWhereOneOfItsBytesDoes() {
        let plain = Array("Ada_Lovelace (1815–1852), en.wikipedia.org/x".utf8)
        var wrong: [String] = []
        for length in 0...plain.count {
            for position in 0..<max(length, 1) {
                for byte in UInt8.min...UInt8.max {
                    var text = Array(plain.prefix(length))
                    if length > 0 { text[position] = byte }
                    let word = text.withUnsafeBufferPointer { needsJSONEscape($0) }
                    if word != text.contains(where: needsJSONEscape) {
                        wrong.append("\(byte) at \(position) of \(length)")
                    }
                }
            }
        }
        #expect(wrong.isEmpty)
    }

    @Test func aShortCopyCopiesItsBytesAndNoOthers() {
        let source = (0..<80).map { UInt8($0 + 1) }
        for count in 0...source.count {
            var target = [UInt8](repeating: 0, count: source.count + 8)
            target.withUnsafeMutableBufferPointer { copyBytes(from: source, count: count, to: $0.baseAddress!) }
            #expect(Array(target.prefix(count)) == Array(source.prefix(count)))
            #expect(target.dropFirst(count).allSatisfy { $0 == 0 })
        }
    }

    @Test func oneDigitNumbersAndZerosAreWrittenAsTheirDecimalText() {
        let values = (-12...12).flatMap { value in (0...3).map { FixedDecimal(Int64(value), scale: $0) } }
        for value in values {
            var json = JSONWriter(pretty: false)
            json.number(value)
            #expect(String(decoding: json.bytes, as: UTF8.self) == value.description)
        }
    }

    @Test func aDateIsWrittenAsItsISO8601Text() {
        for date in [CivilDate(year: 2025, month: 1, day: 9), CivilDate(year: 999, month: 12, day: 31)] {
            var json = JSONWriter(pretty: false)
            json.date(date)
            #expect(String(decoding: json.bytes, as: UTF8.self) == "\"\(date.iso8601)\"")
        }
        var json = JSONWriter(pretty: false)
        json.date(nil)
        #expect(json.bytes == Array("null".utf8))
    }

    @Test func languageSharesListWhatTheyWereMadeOf() {
        let shares = ["de", "en", "fr"].enumerated().map {
            LanguageShare(language: $1, articles: $0 + 1, milliseconds: Int64($0) * 1000)
        }
        for count in 0...shares.count {
            #expect(LanguageShares(Array(shares.prefix(count))).list == Array(shares.prefix(count)))
        }
        #expect(LanguageShares(shares[1]).list == [shares[1]])
        #expect(LanguageShares().list.isEmpty)
    }
}
