import Foundation
import Synchronization

/// The offset rules of one IANA time zone as a table of transitions, built once per zone
/// from Foundation's `TimeZone`, so that converting an instant to local time is a binary
/// search instead of a `Calendar` call.
public final class ZoneRules: Sendable {
    /// The identifier as the input or the command line gave it (`Europe/Berlin`, `UTC`).
    public let identifier: String
    /// Instants (epoch ms) at which the offset changes, ascending.
    let transitions: [Int64]
    /// `offsets[i]` is the UTC offset in seconds in force before `transitions[i]`
    /// (and after `transitions[i-1]`); one longer than `transitions`.
    private let offsets: [Int32]

    /// The range the table covers. Inputs are limited to 1970–2099; a margin on each side
    /// keeps window and 30-day arithmetic at the edges exact.
    private static let tableStart = Date(timeIntervalSince1970: -2 * 366 * 86_400)
    private static let tableEnd = Date(timeIntervalSince1970: 4_165_516_800)  // 2102-01-01

    init(identifier: String, timeZone: TimeZone) {
        self.identifier = identifier
        var transitions: [Int64] = []
        var offsets: [Int32] = [Int32(timeZone.secondsFromGMT(for: Self.tableStart))]
        var cursor = Self.tableStart
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next < Self.tableEnd {
            let offset = Int32(timeZone.secondsFromGMT(for: next))
            // Foundation also reports changes of name or DST flag that keep the offset.
            if offset != offsets[offsets.count - 1] {
                transitions.append(Int64((next.timeIntervalSince1970 * 1000).rounded()))
                offsets.append(offset)
            }
            cursor = next
        }
        self.transitions = transitions
        self.offsets = offsets
        spanStarts = Self.spanStarts(transitions)
    }

    private init(identifier: String, transitions: [Int64], offsets: [Int32]) {
        self.identifier = identifier
        self.transitions = transitions
        self.offsets = offsets
        spanStarts = Self.spanStarts(transitions)
    }

    /// The same rules as another object, for a thread of its own: every reader's figures
    /// retain their zone, and threads retaining one shared object bounce its reference count
    /// between the cores.
    public func copy() -> ZoneRules {
        ZoneRules(identifier: identifier, transitions: transitions, offsets: offsets)
    }

    /// UTC offset in seconds at an instant.
    public func offsetSeconds(at instant: Int64) -> Int {
        Int(offsets[transitionIndex(after: instant)])
    }

    /// Where the search for an instant starts: for each span of 2³² ms (about 50 days) from
    /// `spanOrigin`, the number of transitions before the span. A span holds at most a couple of
    /// transitions, so a lookup is a table read and a step or two, where a binary search of
    /// the table's couple of hundred transitions took eight unpredictable branches — and every
    /// record's local day, hour and weekday comes through here.
    private let spanStarts: [Int32]
    private static let spanOrigin = Int64(tableStart.timeIntervalSince1970 * 1000)
    private static let spanShift: Int64 = 32

    private static func spanStarts(_ transitions: [Int64]) -> [Int32] {
        let end = Int64(tableEnd.timeIntervalSince1970 * 1000)
        let count = Int((end - spanOrigin) >> spanShift) + 1
        var starts = [Int32](repeating: 0, count: count)
        var index = 0
        for span in 0..<count {
            let start = spanOrigin + Int64(span) << spanShift
            while index < transitions.count, transitions[index] <= start { index += 1 }
            starts[span] = Int32(index)
        }
        return starts
    }

    /// The number of transitions at or before `instant` (the index of its offset).
    private func transitionIndex(after instant: Int64) -> Int {
        let span = (instant &- Self.spanOrigin) >> Self.spanShift
        guard span >= 0, span < Int64(spanStarts.count) else { return searchedTransitionIndex(after: instant) }
        var index = Int(spanStarts[Int(span)])
        while index < transitions.count, transitions[index] <= instant { index += 1 }
        return index
    }

    /// `offsetSeconds(at:)` by binary search alone, for tests.
    func searchedOffsetSeconds(at instant: Int64) -> Int {
        Int(offsets[searchedTransitionIndex(after: instant)])
    }

    /// `transitionIndex` by binary search: outside the spans' range, and for tests.
    func searchedTransitionIndex(after instant: Int64) -> Int {
        var low = 0
        var high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= instant { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Local wall-clock time of an instant.
    public func local(_ instant: Int64) -> LocalTime {
        LocalTime(wallMilliseconds: instant + Int64(offsetSeconds(at: instant)) * 1000)
    }

    /// The instant of a local wall-clock time (ms since 1970-01-01T00:00 local).
    /// SPEC §2.1: a time in a DST gap is shifted forward by the gap; an ambiguous time
    /// (DST overlap) is the earlier instant.
    public func instant(fromWall wall: Int64) -> Int64 {
        // Offsets never exceed ±26 h, so every transition that can matter lies within two days.
        let window: Int64 = 2 * millisecondsPerDay
        let first = transitionIndex(after: wall - window)
        let last = transitionIndex(after: wall + window)
        var earliest: Int64?
        for i in first...last {
            let offset = Int64(offsets[i]) * 1000
            let candidate = wall - offset
            if Int64(offsetSeconds(at: candidate)) * 1000 == offset {
                earliest = min(earliest ?? candidate, candidate)
            }
        }
        if let earliest { return earliest }
        // In a gap: the wall time is read with the offset from before the transition,
        // which lands the same distance past the transition as the wall time is past its start.
        for i in first..<last {
            let before = Int64(offsets[i]) * 1000
            let after = Int64(offsets[i + 1]) * 1000
            let t = transitions[i]
            if wall >= t + before && wall < t + after { return wall - before }
        }
        return wall - Int64(offsets[first]) * 1000
    }
}

/// Validates zone names and builds each zone's rules once.
public final class ZoneCatalog: Sendable {
    private let cache = Mutex<[String: ZoneRules?]>([:])

    public init() {}

    /// The rules of an IANA zone identifier, or nil when it is not one.
    /// Foundation also accepts forms like `GMT+1` (it answers `GMT+0100`); those are not
    /// IANA names, so an identifier must come back unchanged (`UTC` is kept as a name of its own).
    /// A name outside the zone names' grammar is none, whatever Foundation makes of it: it would
    /// read `UTC\u{0}=cmd|x` as `UTC` (a C string ends at the NUL), and the name as given is
    /// what the outputs carry.
    public func rules(for identifier: String) -> ZoneRules? {
        guard Self.hasZoneNameGrammar(identifier) else { return nil }
        if let cached = cache.withLock({ $0[identifier] }) { return cached }
        var rules: ZoneRules?
        if let zone = TimeZone(identifier: identifier),
            zone.identifier == identifier || identifier == "UTC"
        {
            rules = ZoneRules(identifier: identifier, timeZone: zone)
        }
        cache.withLock { $0[identifier] = rules }
        return rules
    }

    /// Whether a name is made of what IANA zone names are made of: ASCII letters, digits, `/`,
    /// `_`, `-` and `+` (`America/Port-au-Prince`, `Etc/GMT+5`), 1 to 255 of them.
    static func hasZoneNameGrammar(_ name: String) -> Bool {
        let bytes = name.utf8
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        return bytes.allSatisfy { b in
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "_"),
                UInt8(ascii: "-"), UInt8(ascii: "+"):
                true
            default: false
            }
        }
    }

    /// The zone of the `TZ` environment variable, else the system zone (SPEC §2.1's last resort).
    public func systemZone() -> ZoneRules {
        if let tz = ProcessInfo.processInfo.environment["TZ"], !tz.isEmpty {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if let rules = rules(for: name) { return rules }
        }
        let current = TimeZone.current
        return rules(for: current.identifier)
            ?? ZoneRules(identifier: current.identifier, timeZone: current)
    }
}
