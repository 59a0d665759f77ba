/// When a record happened, as read from the input.
public enum RecordTime: Sendable, Equatable, BitwiseCopyable {
    /// An instant: epoch milliseconds.
    case instant(Int64)
    /// A wall-clock time without an offset (ms since 1970-01-01T00:00 local), to be read
    /// in the reader's report zone once that is known (SPEC §1.2).
    case wall(Int64)
}

/// Why a timestamp was not accepted.
public enum TimestampError: Error, Equatable, Sendable {
    case unparseable
    case outOfRange
}

/// Hand-written RFC 3339 reading and writing: `ISO8601DateFormatter` costs ~65 µs a call,
/// far too much for every record.
public enum RFC3339 {
    /// Instants must lie in 1970–2099 (SPEC §1.2).
    public static let earliest: Int64 = 0
    public static let end: Int64 = 4_102_444_800_000  // 2100-01-01T00:00:00Z

    /// Parses `YYYY-MM-DD(T|t| )HH:MM:SS[.fraction][Z|z|±HH:MM]`.
    /// Fractions beyond milliseconds are truncated. Without an offset the result is a wall time.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Result<RecordTime, TimestampError> {
        let n = bytes.count
        guard n >= 19 else { return .failure(.unparseable) }
        func digit(_ i: Int) -> Int? {
            let b = bytes[i]
            return b >= 0x30 && b <= 0x39 ? Int(b - 0x30) : nil
        }
        func number(_ i: Int, _ width: Int) -> Int? {
            var v = 0
            for k in i..<(i + width) {
                guard let d = digit(k) else { return nil }
                v = v * 10 + d
            }
            return v
        }
        // `YYYY-MM-DDTHH:MM:SS` as three words: the date's first eight bytes, the day and the
        // `T`, the time (bytes 11–18, overlapping) — digits checked and read a word at a time.
        let date = word(bytes, 0)
        let dayAndT = word(bytes, 8)
        let time = word(bytes, 11)
        let separator = dayAndT >> 16 & 0xFF
        guard date & 0xFF00_00FF_0000_0000 == 0x2D00_002D_0000_0000,  // YYYY-MM-
            separator == 0x54 || separator == 0x74 || separator == 0x20,  // T t or space
            time & 0x0000_FF00_00FF_0000 == 0x0000_3A00_003A_0000,  // HH:MM:SS
            let dateDigits = digitValues(date, at: 0x00FF_FF00_FFFF_FFFF),
            let dayDigits = digitValues(dayAndT, at: 0xFFFF),
            let timeDigits = digitValues(time, at: 0xFFFF_00FF_FF00_FFFF)
        else { return .failure(.unparseable) }
        func pair(_ digits: UInt64, _ byte: UInt64) -> Int {
            Int(digits >> (8 * byte) & 0xFF) * 10 + Int(digits >> (8 * byte + 8) & 0xFF)
        }
        let year = pair(dateDigits, 0) * 100 + pair(dateDigits, 2)
        let month = pair(dateDigits, 5)
        let day = pair(dayDigits, 0)
        let hour = pair(timeDigits, 0)
        let minute = pair(timeDigits, 3)
        let second = pair(timeDigits, 6)
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month),
            hour <= 23, minute <= 59, second <= 60  // 60: a leap second, read as the next second
        else { return .failure(.unparseable) }

        var i = 19
        var millis = 0
        if i < n, bytes[i] == 0x2E {
            i += 1
            let start = i
            while i < n, let d = digit(i) {
                if i - start < 3 { millis = millis * 10 + d }
                i += 1
            }
            guard i > start else { return .failure(.unparseable) }
            for _ in min(i - start, 3)..<3 { millis *= 10 }
        }
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let wall =
            days * millisecondsPerDay
            + Int64(hour * 3_600_000 + minute * 60_000 + second * 1000 + millis)

        if i == n {
            guard (1970...2099).contains(year) else { return .failure(.outOfRange) }
            return .success(.wall(wall))
        }
        var offsetSeconds = 0
        switch bytes[i] {
        case 0x5A, 0x7A:  // Z z
            i += 1
        case 0x2B, 0x2D:  // + -
            guard n - i == 6, let oh = number(i + 1, 2), bytes[i + 3] == 0x3A, let om = number(i + 4, 2),
                oh <= 23, om <= 59
            else { return .failure(.unparseable) }
            offsetSeconds = (oh * 3600 + om * 60) * (bytes[i] == 0x2D ? -1 : 1)
            i += 6
        default:
            return .failure(.unparseable)
        }
        guard i == n else { return .failure(.unparseable) }
        let instant = wall - Int64(offsetSeconds) * 1000
        guard instant >= earliest, instant < end else { return .failure(.outOfRange) }
        return .success(.instant(instant))
    }

    /// The eight bytes at `offset`, the first one lowest.
    @inline(__always)
    private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The bytes of `word` that `mask` selects (0xFF each) as digit values, other bytes 0;
    /// nil when one of them is not an ASCII digit. Per byte, without carries between bytes:
    /// the low seven bits plus 0x50 reach the high bit from `0` up, plus 0x46 from `:` up.
    @inline(__always)
    static func digitValues(_ word: UInt64, at mask: UInt64) -> UInt64? {
        let selected = word & mask
        let low = selected & 0x7F7F_7F7F_7F7F_7F7F
        let atLeastZero = low &+ 0x5050_5050_5050_5050
        let atLeastColon = low &+ 0x4646_4646_4646_4646
        let high = 0x8080_8080_8080_8080 & mask
        guard atLeastZero & ~atLeastColon & ~selected & high == high else { return nil }
        return selected &- (0x3030_3030_3030_3030 & mask)
    }

    public static func parse(_ text: String) -> Result<RecordTime, TimestampError> {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// `2025-03-04T13:34:56+01:00` (milliseconds only when not zero; `Z` for offset 0).
    /// Offsets with seconds (some zones before 1972) are rounded to the minute and the wall
    /// time shown with the rounded offset, so the instant written is still exact.
    public static func format(_ instant: Int64, offsetSeconds: Int) -> String {
        var bytes: [UInt8] = []
        append(instant, offsetSeconds: offsetSeconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the `format` text as bytes: renderers write millions of instants.
    public static func append(_ instant: Int64, offsetSeconds: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            let count = write(instant, offsetSeconds: offsetSeconds, to: buffer.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The longest form `write` produces: `2025-03-30T02:30:00.123+05:30`.
    public static let maximumLength = 29

    /// Writes what `append` appends at `out` (room for `maximumLength` bytes) and returns how
    /// many bytes it wrote: fixed widths, two digits at a time (constant divisors, no loop).
    public static func write(_ instant: Int64, offsetSeconds: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        // To the nearest minute, halves away from zero (zones' early local mean times have seconds).
        let offset = (offsetSeconds >= 0 ? (offsetSeconds + 30) / 60 : -((30 - offsetSeconds) / 60)) * 60
        let wall = instant + Int64(offset) * 1000
        let day = floorDiv(wall, millisecondsPerDay)
        let date = CivilDate(daysSinceEpoch: day)
        // The time of day once, in 32 bits, where a division by a constant is a multiply and a
        // shift: through `LocalTime` each part divided the instant by the day again.
        let millisecondOfDay = UInt32(truncatingIfNeeded: wall - day * millisecondsPerDay)
        let secondOfDay = millisecondOfDay / 1000, millisecond = Int(millisecondOfDay % 1000)
        var i = 0
        func byte(_ b: UInt8) {
            out[i] = b
            i += 1
        }
        func two(_ value: Int) {
            byte(UInt8(truncatingIfNeeded: 0x30 + value / 10))
            byte(UInt8(truncatingIfNeeded: 0x30 + value % 10))
        }
        two(date.year / 100)
        two(date.year % 100)
        byte(0x2D)
        two(date.month)
        byte(0x2D)
        two(date.day)
        byte(0x54)
        two(Int(secondOfDay / 3600))
        byte(0x3A)
        two(Int(secondOfDay / 60 % 60))
        byte(0x3A)
        two(Int(secondOfDay % 60))
        if millisecond != 0 {
            byte(0x2E)
            byte(UInt8(truncatingIfNeeded: 0x30 + millisecond / 100))
            two(millisecond % 100)
        }
        if offset == 0 {
            byte(0x5A)
        } else {
            byte(offset < 0 ? 0x2D : 0x2B)
            two(abs(offset) / 3600)
            byte(0x3A)
            two(abs(offset) / 60 % 60)
        }
        return i
    }

    public static func format(_ instant: Int64, in zone: ZoneRules) -> String {
        format(instant, offsetSeconds: zone.offsetSeconds(at: instant))
    }
}
