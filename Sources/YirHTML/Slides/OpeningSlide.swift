import YirCore
import YirStats

extension SlideDeck {
    /// How late the first counted view may come before the opening says from when time counts.
    static let lateFirstViewDays: Int64 = 60

    /// 1. Opening: the greeting, the window and the zone the figures are counted in.
    func openingSlide(_ reader: ReaderStats, _ facts: Facts) -> Slide {
        let year = facts.year
        // The first day without its year where the last day's year says it; with it where the
        // window spans two years of the calendar days are said in (Persian `۱۲ دی ۱۴۰۳`).
        let firstDay = CivilDate(year: year, month: 1, day: 1)
        let start = format.sameYear(firstDay, facts.lastDay) ? format.monthAndDay(firstDay) : format.longDate(firstDay)
        let windowText =
            facts.lastDay == CivilDate(year: year, month: 12, day: 31)
            ? strings.text(
                "opening_window_year",
                [
                    "start": start,
                    "end": format.longDate(facts.lastDay),
                ])
            : strings.text(
                "opening_window_until",
                [
                    "start": start,
                    "date": format.longDate(facts.lastDay),
                ])
        var opening: [String: Any] = [
            // A greeting without the user id: an identifier is not a name.
            "greeting": strings.text("opening_hello"),
            "window": windowText,
            "zone": strings.text("opening_zone", ["zone": format.zoneName(reader.zone.identifier)]),
        ]
        if isFirstYear(reader) { opening["first_year"] = strings.text("opening_first_year") }
        if let coverage = coverageNote(reader) { opening["coverage"] = coverage }
        return Slide("opening", strings.text("opening_heading", ["year": format.year(year)]), opening)
    }

    /// Whether this year is the reader's first that the figures can vouch for: they read this
    /// year and not the year before, in a run that holds the year before for others (some reader
    /// read then), and no history clear this year hid the year before. yir knows only the
    /// export: without anyone's year before in it, no year can be called a reader's first.
    func isFirstYear(_ reader: ReaderStats) -> Bool {
        readersWithPreviousYear > 0 && reader.previousYear == nil && reader.coverage.cleared == nil
            && reader.coverage.firstView != nil
    }

    /// The opening's one quiet line on what the figures rest on: a history clear inside the
    /// year, or a first counted view months after the year began; nil when neither.
    func coverageNote(_ reader: ReaderStats) -> String? {
        let zone = reader.zone
        if let cleared = reader.coverage.cleared {
            return strings.text("coverage_cleared", ["date": format.longDate(zone.local(cleared).date)])
        }
        if let first = reader.coverage.firstView,
            first - reader.coverage.start >= Self.lateFirstViewDays * millisecondsPerDay
        {
            return strings.text("coverage_first_view", ["date": format.longDate(zone.local(first).date)])
        }
        return nil
    }
}
