import YirCore
import YirStats

extension SlideDeck {
    /// 11. Summary, also the share card: the strongest figures only.
    func summarySlide(_ reader: ReaderStats, _ facts: Facts) -> Slide {
        let year = facts.year
        var highlights: [[String: Any]] = []
        if reader.reading.milliseconds > 0 || reader.appTime.sessions == 0 {
            highlights.append(["highlight_value": facts.reading.figure, "highlight_label": facts.reading.label])
        }
        if reader.reading.articles > 0 {
            highlights.append(["highlight_value": format.integer(reader.reading.articles),
                               "highlight_label": strings.plural("articles", reader.reading.articles, format.integer(reader.reading.articles))])
        }
        if facts.streakShown {
            highlights.append(["highlight_value": format.integer(reader.streak.days),
                               "highlight_label": strings.plural("days_in_a_row", reader.streak.days, format.integer(reader.streak.days))])
        }
        let saved = reader.saved
        if saved.yearCount > 0 {
            highlights.append(["highlight_value": format.integer(saved.yearCount),
                               "highlight_label": strings.plural("saved_in_year", saved.yearCount, format.integer(saved.yearCount), ["year": format.year(year)])])
        }
        if highlights.isEmpty, reader.appTime.sessions > 0 {
            let appMinutes = reader.appTime.milliseconds / 60_000
            highlights.append(["highlight_value": format.integer(appMinutes),
                               "highlight_label": strings.plural("minutes_in_app", Int(appMinutes), format.integer(appMinutes))])
        }
        var summary: [String: Any] = [
            "summary_user": reader.user, "summary_year": strings.text("summary_year", ["year": format.year(year)]),
            "highlights": highlights,
            "share_file": strings.text("share_file", ["year": format.year(year)]),
        ]
        if let top = reader.topArticles.first { summary["summary_top"] = strings.text("summary_top", ["title": Self.isolated(articleNames.title(top.name))]) }
        if let timeOfDay = reader.patterns.timeOfDay, !facts.shortDeck { summary["summary_time"] = strings.text("time_of_day_\(timeOfDay.rawValue)") }
        return Slide("summary", strings.text("summary_heading"), summary)
    }
}
