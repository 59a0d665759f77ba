import Testing
@testable import YirCore

/// The hand-written number and time forms every output relies on.
@Suite struct CoreTests {
    @Test(arguments: [(Int64(0), 3, "0"), (12_500, 3, "12.5"), (1, 3, "0.001"), (180_500, 3, "180.5"), (10_005, 4, "1.0005"),
                      (-2_500, 3, "-2.5"), (86_400_000, 3, "86400"), (7, 0, "7"), (Int64.max, 0, "9223372036854775807")])
    func decimalsHaveNoTrailingZeros(value: Int64, scale: Int, text: String) {
        #expect(decimalText(value, scale: scale) == text)
        var bytes = [UInt8](repeating: 0, count: FixedDecimal.maximumLength)
        let count = bytes.withUnsafeMutableBufferPointer { writeDecimal(FixedDecimal(value, scale: scale), to: $0.baseAddress!) }
        #expect(String(decoding: bytes[..<count], as: UTF8.self) == text)
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
