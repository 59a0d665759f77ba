import YirCore

/// Where and when one reader's figures count (SPEC §2.1): the report zone Z, the year window W,
/// the latest history clear C, and the same part of the year before (`previous_year`). Made
/// once per reader by `ReaderCalculator`; plain values, so it costs no allocation.
struct ReaderWindow {
    let zone: ZoneRules
    /// The as-of instant A, and its local time in Z.
    let asOf: Int64
    let asOfLocal: LocalTime
    /// W before A cuts it: 1 January 00:00 of the report year to the next, in Z. A range, not a
    /// closure: a closure capturing the two bounds was a heap allocation per reader.
    let year: Range<Int64>
    /// C: the latest history clear at or before A.
    let clear: Int64?
    /// W′ before A and C cut it; empty when A lies before the report year (`--year` in the future).
    let previousYear: Range<Int64>

    /// A record's instant: a wall time is read in the reader's zone.
    @inline(__always)
    static func instant(_ time: RecordTime, in zone: ZoneRules) -> Int64 {
        switch time {
        case .instant(let t): t
        case .wall(let wall): zone.instant(fromWall: wall)
        }
    }

    @inline(__always)
    func instant(_ time: RecordTime) -> Int64 { Self.instant(time, in: zone) }

    /// Whether a page view or session at `t` counts. One that does not falls under exactly one
    /// reason in `skipped`, checked in SPEC §4.1's order.
    @inline(__always)
    func counts(_ t: Int64, skipped: inout Diagnostics) -> Bool {
        if t > asOf { skipped.afterAsOf += 1; return false }
        if let clear, t < clear { skipped.cleared += 1; return false }
        if !year.contains(t) { skipped.outsideWindow += 1; return false }
        return true
    }

    /// Whether a page view at `t` that does not count this year lies in W′, by §2.2's rules
    /// (the history clear applies).
    @inline(__always)
    func countsForPreviousYear(_ t: Int64) -> Bool {
        previousYear.contains(t) && t <= asOf && t >= (clear ?? t)
    }

    /// SPEC §2.3 `window`: W's start and its end, the earlier of the next 1 January and A.
    var reported: ReaderStats.Window { .init(start: year.lowerBound, end: min(year.upperBound, asOf)) }

    /// SPEC §2.3 `coverage`: C when it lies after W's start, the later of the two, and the
    /// earliest counted view.
    func coverage(firstView: Int64?) -> ReaderStats.Coverage {
        let start = year.lowerBound
        return ReaderStats.Coverage(
            start: max(start, clear ?? start), end: min(year.upperBound, asOf),
            cleared: clear.flatMap { $0 > start ? $0 : nil }, firstView: firstView)
    }
}
