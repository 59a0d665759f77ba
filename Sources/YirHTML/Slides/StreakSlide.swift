import YirCore
import YirStats

extension SlideDeck {
    /// A streak shorter than this is no achievement: the slide shows the days read instead.
    static let minimumStreak = 3
    /// Without a streak, the calendar slide needs this many days with reading.
    static let minimumDaysForCalendar = 7
    /// A window this long read every day is celebrated as every day of the year (so far).
    static let minimumEveryDay = 30

    /// Whether the streak is every day of the window: from January 1 to the window's last day,
    /// the whole year once it is over (365 days, 366 in a leap year), else the year so far —
    /// and at least `minimumEveryDay` days of it, so that the first days of January are no feat.
    func everyDay(_ reader: ReaderStats, _ facts: Facts) -> Bool {
        guard facts.streakShown, reader.streak.start == CivilDate(year: facts.year, month: 1, day: 1),
            reader.streak.end == facts.lastDay
        else { return false }
        return reader.streak.days >= Self.minimumEveryDay
    }

    /// 7. The longest streak with the year as a calendar; without a streak of three days, the
    /// days read, when there are a week's worth of them.
    func streakSlide(_ reader: ReaderStats, _ facts: Facts) -> Slide? {
        let activity = reader.activity ?? .none
        let activeDays = activity.days.count
        guard facts.streakShown || activeDays >= Self.minimumDaysForCalendar else { return nil }
        var calendar = Charts.calendar(
            year: facts.year, days: activity.days, windowEnd: facts.lastDay, streak: reader.streak,
            format: format, strings: strings)
        calendar["calendar_title"] = strings.text("calendar_title", ["year": format.year(facts.year)])
        calendar["calendar_desc"] = strings.text(
            "calendar_desc",
            [
                "days": format.integer(activeDays), "streak": format.integer(reader.streak.days),
            ])
        calendar["value_heading"] = strings.text("chart_reading")
        var content: [String: Any] = ["calendar": calendar]
        if facts.streakShown, let start = reader.streak.start, let end = reader.streak.end {
            content["hero"] = format.integer(reader.streak.days)
            content["hero_label"] = strings.plural(
                "days_in_a_row", reader.streak.days, format.integer(reader.streak.days))
            content["range"] = strings.text(
                "streak_range", ["start": format.longDate(start), "end": format.longDate(end)])
            // Every day of the year read is the streak itself: the days read would say it twice.
            if !everyDay(reader, facts) {
                content["active_days"] = strings.plural("active_days", activeDays, format.integer(activeDays))
            }
        } else {
            content["hero"] = format.integer(activeDays)
            content["hero_label"] = strings.plural("days_with_reading", activeDays, format.integer(activeDays))
        }
        let heading =
            !facts.streakShown
            ? strings.text("days_heading")
            : !everyDay(reader, facts)
                ? strings.text("streak_heading")
                // Every day of the year is said as such, not only as its count of days.
                : strings.text(
                    facts.lastDay == CivilDate(year: facts.year, month: 12, day: 31)
                        ? "streak_every_day" : "streak_every_day_so_far", ["year": format.year(facts.year)])
        return Slide("streak", heading, content)
    }
}
