import YirCore
import YirStats

extension SlideDeck {
    /// A streak shorter than this is no achievement: the slide shows the days read instead.
    static let minimumStreak = 3
    /// Without a streak, the calendar slide needs this many days with reading.
    static let minimumDaysForCalendar = 7

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
            content["active_days"] = strings.plural("active_days", activeDays, format.integer(activeDays))
        } else {
            content["hero"] = format.integer(activeDays)
            content["hero_label"] = strings.plural("days_with_reading", activeDays, format.integer(activeDays))
        }
        return Slide("streak", strings.text(facts.streakShown ? "streak_heading" : "days_heading"), content)
    }
}
