import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirIngest
@testable import YirReport
@testable import YirStats

/// SPEC §1.2 timestamps and §2.1 time: zones, DST, windows, year edges, leap days.
@Suite struct TimeTests {
    /// A zone's offset is found from a table of ~50-day spans: at, just before and just after
    /// every transition, across the whole table and outside it, it is the offset a binary
    /// search of the transitions gives — zones with DST, without, with half-hour DST, and one
    /// that skipped a day.
    @Test(arguments: [
        "Europe/Berlin", "America/Sao_Paulo", "Australia/Lord_Howe", "America/New_York",
        "Asia/Kolkata", "Pacific/Apia", "UTC",
    ])
    func zoneOffsetsFromSpansMatchABinarySearch(zone: String) throws {
        let rules = try #require(ZoneCatalog().rules(for: zone))
        var instants: [Int64] = [Int64.min / 2, -10_000_000_000_000, 0, 4_200_000_000_000, 9_000_000_000_000]
        for t in rules.transitions { instants += [t - 1, t, t + 1] }
        var random = SeededRandom()
        for _ in 0..<20_000 { instants.append(Int64.random(in: -100_000_000_000...4_300_000_000_000, using: &random)) }
        for instant in instants {
            #expect(
                rules.offsetSeconds(at: instant) == rules.searchedOffsetSeconds(at: instant), "\(zone) at \(instant)")
        }
        if zone != "UTC" && zone != "Asia/Kolkata" { #expect(rules.transitions.count > 10) }
    }

    /// The date and time of an RFC 3339 timestamp are read a word at a time: with every byte
    /// value at every position of the first 19 bytes, and at random instants, the reading is
    /// the one a byte-by-byte reader (below) gives — accepted or not, and the same time.
    @Test func timestampDigitsReadAWordAtATimeAsByteByByte() {
        var samples: [[UInt8]] = []
        for template in [
            "2025-03-30T01:30:00Z", "2024-02-29t23:59:60.5+05:30", "1970-01-01 00:00:00",
            "2099-12-31T23:59:59.999-00:01",
        ] {
            let bytes = Array(template.utf8)
            samples.append(bytes)
            for position in 0..<19 {
                for value in 0...255 {
                    var changed = bytes
                    changed[position] = UInt8(value)
                    samples.append(changed)
                }
            }
        }
        var random = SeededRandom()
        for _ in 0..<20_000 {
            let instant = Int64.random(in: -1_000_000_000_000...5_000_000_000_000, using: &random)
            samples.append(
                Array(RFC3339.format(instant, offsetSeconds: Int.random(in: -50_000...50_000, using: &random)).utf8))
        }
        for sample in samples {
            let fast = sample.withUnsafeBytes { RFC3339.parse($0) }
            let reference = sample.withUnsafeBytes { Self.parseDateAndTimeByteByByte($0) }
            #expect(fast == reference, "\(String(decoding: sample, as: UTF8.self))")
        }
    }

    /// `RFC3339.parse` as it read the first 19 bytes before they were read as words.
    static func parseDateAndTimeByteByByte(_ bytes: UnsafeRawBufferPointer) -> Result<RecordTime, TimestampError> {
        guard bytes.count >= 19 else { return .failure(.unparseable) }
        func number(_ i: Int, _ width: Int) -> Int? {
            var v = 0
            for k in i..<(i + width) {
                guard bytes[k] >= 0x30 && bytes[k] <= 0x39 else { return nil }
                v = v * 10 + Int(bytes[k] - 0x30)
            }
            return v
        }
        guard let year = number(0, 4), bytes[4] == 0x2D, let month = number(5, 2), bytes[7] == 0x2D,
            let day = number(8, 2), bytes[10] == 0x54 || bytes[10] == 0x74 || bytes[10] == 0x20,
            let hour = number(11, 2), bytes[13] == 0x3A, let minute = number(14, 2), bytes[16] == 0x3A,
            let second = number(17, 2)
        else { return .failure(.unparseable) }
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month),
            hour <= 23, minute <= 59, second <= 60
        else { return .failure(.unparseable) }
        // The rest (fraction, offset, range) is read by the same code either way: substitute
        // a plain, valid date and time and let `parse` read it, then move by the difference.
        var plain = Array(bytes)
        plain.replaceSubrange(0..<19, with: "2000-01-01T00:00:00".utf8)
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let plainWall: Int64 = 946_684_800_000  // 2000-01-01T00:00:00
        let wall = days * 86_400_000 + Int64(hour * 3_600_000 + minute * 60_000 + second * 1000) - plainWall
        switch plain.withUnsafeBytes({ RFC3339.parse($0) }) {
        case .failure(let error): return .failure(error)
        case .success(.wall(let w)):
            guard (1970...2099).contains(year) else { return .failure(.outOfRange) }
            return .success(.wall(w + wall))
        case .success(.instant(let t)):
            let instant = t + wall
            guard instant >= RFC3339.earliest, instant < RFC3339.end else { return .failure(.outOfRange) }
            return .success(.instant(instant))
        }
    }

    @Test func rfc3339FormsAndEpochMillisecondsAreTheSameInstant() throws {
        let forms = [
            #""2025-05-01T10:00:00Z""#, #""2025-05-01t10:00:00z""#, #""2025-05-01 12:00:00+02:00""#,
            #""2025-05-01T05:30:00.000-04:30""#, "1746093600000", "1746093600000.0",
        ]
        for form in forms {
            let line = #"{"type":"page_view","timestamp":\#(form),"wiki":"enwiki","title":"Moon","seconds":1}"#
            let reader = try Run([line]).reader()
            #expect(reader.topArticles.first?.firstViewed == instant("2025-05-01T10:00:00Z"), "\(form)")
        }
    }

    /// One instant written as RFC 3339 text and as epoch milliseconds, each with a fraction of
    /// a millisecond, is one record: both are cut towards the past, where that millisecond
    /// decides the year, the local day, the side of a DST change, the side of the as-of
    /// instant, or 1970.
    @Test(arguments: [
        ("2024-12-31T23:59:59.9996Z", "1735689599999.6", "UTC", "2025-12-31T12:00:00Z"),
        ("2025-05-01T23:59:59.9995+09:00", "1746111599999.5", "Asia/Tokyo", "2025-12-31T12:00:00Z"),
        ("2025-03-30T01:59:59.9997+01:00", "1743296399999.7", "Europe/Berlin", "2025-12-31T12:00:00Z"),
        ("2025-10-26T02:59:59.99999+02:00", "1761440399999.99", "Europe/Berlin", "2025-12-31T12:00:00Z"),
        ("2025-06-01T12:00:00.0006Z", "1748779200000.6", "UTC", "2025-06-01T12:00:00Z"),
        ("2025-06-01T12:00:00.0009Z", "17487792000009e-1", "UTC", "2025-06-01T12:00:00Z"),
        ("1970-01-01T00:00:00.0006Z", "0.6", "UTC", "2025-12-31T12:00:00Z"),
        ("1969-12-31T23:59:59.9996Z", "-0.4", "UTC", "2025-12-31T12:00:00Z"),
    ])
    func theSameInstantAsTextAndAsANumberIsTheSameRecord(text: String, number: String, zone: String, asOf: String)
        throws
    {
        func run(_ timestamp: String) throws -> (lines: String, diagnostics: Diagnostics) {
            var run = Run([
                #"{"type":"page_view","timestamp":\#(timestamp),"wiki":"enwiki","title":"Moon","seconds":1}"#,
                session("2025-02-01T00:00:00Z", ms: "1000"),
            ])
            run.tz = zone
            run.asOf = asOf
            let model = try run.model()
            return (String(decoding: JSONReport.lines(model), as: UTF8.self), model.statistics.diagnostics)
        }
        let (fromText, fromNumber) = (try run("\"\(text)\""), try run(number))
        #expect(fromText.lines == fromNumber.lines)
        #expect(fromText.diagnostics == fromNumber.diagnostics)
    }

    /// Epoch milliseconds go to the millisecond at or before them (below zero too, and past
    /// 18 digits); durations still go to the nearest, halves away from zero.
    @Test func epochMillisecondFractionsAreCutTowardsThePast() {
        func down(_ text: String) -> Int64 {
            Array(text.utf8).withUnsafeBytes { FixedPoint($0, scale: 0, rounding: .down).value }
        }
        #expect(down("1735689599999.6") == 1_735_689_599_999)
        #expect(down("1735689599999.99999999999999999999") == 1_735_689_599_999)
        #expect(down("0.9999") == 0 && down("1.5e0") == 1 && down("17e-1") == 1)
        #expect(down("17487792000009e-1") == 1_748_779_200_000)
        #expect(down("-0.4") == -1 && down("-1e-30") == -1 && down("-2.00000000000000000001") == -3)
        #expect(down("-2") == -2 && down("-2.0") == -2)
        let nearest = Array("0.5".utf8).withUnsafeBytes { FixedPoint($0, scale: 0).value }
        #expect(nearest == 1)
    }

    @Test func fractionsOfSecondsAreKeptToTheMillisecond() throws {
        let reader = try Run([view("2025-05-01T10:00:00.123987Z")]).reader()
        #expect(reader.topArticles.first?.firstViewed == instant("2025-05-01T10:00:00Z") + 123)
    }

    @Test func timestampWithoutOffsetIsLocalTimeInTheRecordsZone() throws {
        let reader = try Run([view("2025-05-01T10:00:00", extra: #","tz":"Asia/Tokyo""#)]).reader()
        #expect(reader.topArticles.first?.firstViewed == instant("2025-05-01T01:00:00Z"))
    }

    @Test func timestampWithoutOffsetOrZoneIsLocalTimeInTheReportZone() throws {
        let reader = try Run([
            view("2025-05-01T10:00:00"),
            session("2025-01-01T00:00:00Z", ms: "1", extra: #","tz":"America/New_York""#),
        ]).reader()
        #expect(reader.zone.identifier == "America/New_York")
        #expect(reader.topArticles.first?.firstViewed == instant("2025-05-01T14:00:00Z"))
    }

    @Test func localTimeInDSTGapIsShiftedForwardByTheGap() throws {
        // Berlin skips 02:00–03:00 on 2025-03-30: 02:30 is read as 03:30 CEST.
        let reader = try Run([view("2025-03-30T02:30:00", extra: #","tz":"Europe/Berlin""#)]).reader()
        let first = try #require(reader.topArticles.first?.firstViewed)
        #expect(first == instant("2025-03-30T01:30:00Z"))
        #expect(text(first, "Europe/Berlin") == "2025-03-30T03:30:00+02:00")
    }

    @Test func ambiguousLocalTimeInDSTOverlapIsTheEarlierInstant() throws {
        // Berlin repeats 02:00–03:00 on 2025-10-26: 02:30 is the first one, still CEST.
        let reader = try Run([view("2025-10-26T02:30:00", extra: #","tz":"Europe/Berlin""#)]).reader()
        #expect(reader.topArticles.first?.firstViewed == instant("2025-10-26T00:30:00Z"))
    }

    @Test func zoneRulesAnswerOffsetsAroundTransitions() throws {
        let berlin = try #require(ZoneCatalog().rules(for: "Europe/Berlin"))
        #expect(berlin.offsetSeconds(at: instant("2025-03-30T00:59:59Z")) == 3600)
        #expect(berlin.offsetSeconds(at: instant("2025-03-30T01:00:00Z")) == 7200)
        let lordHowe = try #require(ZoneCatalog().rules(for: "Australia/Lord_Howe"))  // a half-hour DST shift
        #expect(lordHowe.offsetSeconds(at: instant("2025-01-15T00:00:00Z")) == 39600)
        #expect(lordHowe.offsetSeconds(at: instant("2025-06-15T00:00:00Z")) == 37800)
    }

    @Test func reportZoneIsTheZoneOfTheLatestRecordAtOrBeforeAsOf() throws {
        let run = Run([
            view("2025-03-01T10:00:00Z", extra: #","tz":"Europe/Paris""#),
            view("2025-06-01T10:00:00Z", extra: #","tz":"Asia/Kolkata""#),
            view("2025-06-01T10:00:00Z", extra: #","tz":"Asia/Tokyo""#),  // same instant, later in input: wins
            session("2025-04-01T10:00:00Z", ms: "1", extra: #","tz":"America/Chicago""#),
            view("2026-01-05T10:00:00Z", extra: #","tz":"Europe/Lisbon""#),  // after as-of: ignored
        ])
        #expect(try run.reader().zone.identifier == "Asia/Tokyo")
    }

    @Test func tzOptionOverridesEveryReadersZone() throws {
        var run = Run([view("2025-06-01T10:00:00Z", extra: #","tz":"Asia/Kolkata""#)])
        run.tz = "Europe/London"
        #expect(try run.reader().zone.identifier == "Europe/London")
    }

    @Test func readerWithoutZoneUsesTheFallbackZone() throws {
        var run = Run([view("2025-06-01T10:00:00Z")])
        run.fallbackZone = "Pacific/Auckland"
        #expect(try run.reader().zone.identifier == "Pacific/Auckland")
    }

    @Test func yearWindowStartsAtLocalMidnightOfJanuaryFirst() throws {
        let run = Run([
            view("2024-12-31T23:59:59", extra: #","tz":"Asia/Tokyo""#),  // outside
            view("2025-01-01T00:00:00", extra: #","tz":"Asia/Tokyo""#),  // inside
            view("2025-12-31T23:59:59", extra: #","tz":"Asia/Tokyo""#),  // inside
        ])
        var late = run
        late.asOf = "2026-06-01T00:00:00Z"
        late.year = 2025
        let reader = try late.reader()
        #expect(reader.reading.views == 2)
        #expect(text(reader.window.start, "Asia/Tokyo") == "2025-01-01T00:00:00+09:00")
        #expect(text(reader.window.end, "Asia/Tokyo") == "2026-01-01T00:00:00+09:00")
        #expect(try late.diagnostics().outsideWindow == 1)
    }

    @Test func yearDefaultsToTheYearOfAsOfInTheReportZone() throws {
        // 2025-12-31T20:00Z is already 2026 in Tokyo.
        var run = Run([view("2025-12-31T16:00:00Z", extra: #","tz":"Asia/Tokyo""#)])
        run.asOf = "2025-12-31T20:00:00Z"
        let reader = try run.reader()
        #expect(text(reader.window.start, "Asia/Tokyo") == "2026-01-01T00:00:00+09:00")
        #expect(reader.reading.views == 1)
    }

    @Test func windowIsCutAtAsOfAndRecordsAtExactlyAsOfCount() throws {
        var run = Run([view("2025-06-01T12:00:00Z"), view("2025-06-01T12:00:00.001Z")])
        run.asOf = "2025-06-01T12:00:00Z"
        let reader = try run.reader()
        #expect(reader.reading.views == 1)
        #expect(reader.window.end == instant("2025-06-01T12:00:00Z"))
        #expect(try run.diagnostics().afterAsOf == 1)
    }

    @Test func leapDayIsACalendarDayOfItsYear() throws {
        var run = Run([
            view("2024-02-28T10:00:00Z"), view("2024-02-29T10:00:00Z"), view("2024-03-01T10:00:00Z"),
        ])
        run.year = 2024
        let reader = try run.reader()
        #expect(reader.streak.days == 3)
        #expect(reader.streak.start == CivilDate(year: 2024, month: 2, day: 28))
        #expect(reader.streak.end == CivilDate(year: 2024, month: 3, day: 1))
        #expect(reader.monthly[1].views == 2)
    }

    @Test func localCalendarFactsAreTakenInTheReportZone() throws {
        // 23:30 UTC on a Friday is 05:00 Saturday in Kolkata (+05:30).
        let reader = try Run([view("2025-01-03T23:30:00Z", extra: #","tz":"Asia/Kolkata""#)]).reader()
        #expect(reader.patterns.hour == 5)
        #expect(reader.patterns.weekday == 6)
        #expect(reader.patterns.timeOfDay == .morning)
    }

    /// RFC 3339 offsets are whole minutes: an offset with seconds (Monrovia's −0:44:30 until
    /// 1972) is written rounded to the nearest minute, halves away from zero, and the local
    /// time shown is the instant at that offset.
    @Test(arguments: [
        (-2670, "1969-12-31T23:15:00-00:45"), (2670, "1970-01-01T00:45:00+00:45"),
        (2669, "1970-01-01T00:44:00+00:44"), (-30, "1969-12-31T23:59:00-00:01"),
        (30, "1970-01-01T00:01:00+00:01"), (29, "1970-01-01T00:00:00Z"), (-29, "1970-01-01T00:00:00Z"),
    ])
    func instantsAreWrittenWithTheOffsetRoundedToTheMinute(offsetSeconds: Int, expected: String) {
        #expect(RFC3339.format(0, offsetSeconds: offsetSeconds) == expected)
    }

    @Test func civilDateArithmeticRoundTrips() {
        for days in stride(from: Int64(-800), through: 50_000, by: 7) {
            #expect(CivilDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
        // Day by day across both algorithms' range (and its edges): each date is the day after
        // the one before, and converts back to its day count.
        for range in [Int64(-13_000_000)...(-12_000_000), -800_000...800_000, 999_000_000...1_001_000_000] {
            var previous = CivilDate(daysSinceEpoch: range.lowerBound - 1)
            for days in range {
                let date = CivilDate(daysSinceEpoch: days)
                let next =
                    previous.day < CivilDate.daysInMonth(year: previous.year, month: previous.month)
                    ? CivilDate(year: previous.year, month: previous.month, day: previous.day + 1)
                    : previous.month < 12
                        ? CivilDate(year: previous.year, month: previous.month + 1, day: 1)
                        : CivilDate(year: previous.year + 1, month: 1, day: 1)
                if date != next || date.daysSinceEpoch != days {
                    Issue.record("day \(days): \(date), expected \(next)")
                    break
                }
                previous = date
            }
        }
        #expect(CivilDate(daysSinceEpoch: 0) == CivilDate(year: 1970, month: 1, day: 1))
        #expect(CivilDate(daysSinceEpoch: 11_016) == CivilDate(year: 2000, month: 2, day: 29))
        #expect(
            CivilDate(year: 2000, month: 3, day: 1).daysSinceEpoch
                - CivilDate(year: 2000, month: 2, day: 28).daysSinceEpoch == 2)
        #expect(CivilDate.weekday(daysSinceEpoch: CivilDate(year: 2025, month: 1, day: 1).daysSinceEpoch) == 3)
    }
}
