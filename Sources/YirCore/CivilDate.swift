/// A calendar date in the proleptic Gregorian calendar, with the integer arithmetic
/// (Howard Hinnant's `days_from_civil`) that lets us take local calendar facts of
/// millions of records without a `Calendar` call per record.
public struct CivilDate: Hashable, Comparable, Sendable {
    public var year: Int
    public var month: Int  // 1...12
    public var day: Int  // 1...31

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public init(daysSinceEpoch days: Int64) {
        // Neri and Schneider's algorithm ("Euclidean affine functions and their application to
        // calendar algorithms", 2022): multiplications and shifts where Hinnant's needs
        // divisions, for the millions of dates the statistics and renderers take. It counts
        // in unsigned 32 bits from 82 eras (32,800 years) before 1970; outside that span,
        // Hinnant's `civil_from_days` below.
        if days > -12_600_000 && days < 1_000_000_000 {
            let n = UInt32(truncatingIfNeeded: days + 719_468 + 146_097 * 82)
            let n1 = 4 * n + 3
            let century = n1 / 146_097
            let n2 = n1 % 146_097 | 3
            let p2 = UInt64(2_939_745) * UInt64(n2)
            let yearOfCentury = UInt32(truncatingIfNeeded: p2 >> 32)
            let dayOfYear = UInt32(truncatingIfNeeded: p2) / 2_939_745 / 4
            let n3 = 2_141 * dayOfYear + 197_913
            let january = dayOfYear >= 306  // the computational year starts on 1 March
            self.init(
                year: Int(100 * century + yearOfCentury) - 32_800 + (january ? 1 : 0),
                month: Int(january ? (n3 >> 16) - 12 : n3 >> 16), day: Int((n3 & 0xFFFF) / 2_141) + 1)
            return
        }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), month: Int(m), day: Int(d))
    }

    /// ISO weekday of a day count: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday).
    public static func weekday(daysSinceEpoch days: Int64) -> Int {
        let r = Int((days + 3) % 7)
        return (r < 0 ? r + 7 : r) + 1
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DD`.
    public var iso8601: String {
        var s = ""
        s.reserveCapacity(10)
        appendPadded(&s, year, width: 4)
        s.append("-")
        appendPadded(&s, month, width: 2)
        s.append("-")
        appendPadded(&s, day, width: 2)
        return s
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

/// Appends `value` zero-padded to `width` digits.
@inlinable
public func appendPadded(_ s: inout String, _ value: Int, width: Int) {
    let digits = String(value)
    if digits.count < width { s.append(String(repeating: "0", count: width - digits.count)) }
    s.append(digits)
}

public let millisecondsPerDay: Int64 = 86_400_000

/// Local wall-clock facts of one instant in one zone.
public struct LocalTime: Sendable, Equatable {
    /// Milliseconds since 1970-01-01T00:00 of the *local* wall clock.
    public var wallMilliseconds: Int64

    public init(wallMilliseconds: Int64) { self.wallMilliseconds = wallMilliseconds }

    public var day: Int64 { floorDiv(wallMilliseconds, millisecondsPerDay) }
    public var date: CivilDate { CivilDate(daysSinceEpoch: day) }
    public var millisecondOfDay: Int64 { wallMilliseconds - day * millisecondsPerDay }
    public var hour: Int { Int(millisecondOfDay / 3_600_000) }
    public var minute: Int { Int(millisecondOfDay / 60_000 % 60) }
    public var second: Int { Int(millisecondOfDay / 1000 % 60) }
    public var millisecond: Int { Int(millisecondOfDay % 1000) }
    public var weekday: Int { CivilDate.weekday(daysSinceEpoch: day) }
}

@inlinable
public func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
