import YirCore
import YirStats

extension SlideDeck {
    /// 11. Summary, also the share card: the strongest figures only, and only figures above 0 —
    /// what the reader did (reading, else the app's time; articles; the streak; saves). A year
    /// with none of them gets a line of thanks instead of a row of zeros. No user id: it is an
    /// identifier, not a name, and the card is made to be shared.
    func summarySlide(_ reader: ReaderStats, _ facts: Facts) -> Slide {
        let year = facts.year
        var highlights: [[String: Any]] = []
        let appMinutes = reader.appTime.milliseconds / 60_000
        if reader.reading.milliseconds > 0 {
            highlights.append(["highlight_value": facts.reading.figure, "highlight_label": facts.reading.label])
        } else if reader.appTime.sessions > 0 && appMinutes > 0 {
            highlights.append([
                "highlight_value": format.integer(appMinutes),
                "highlight_label": strings.plural("minutes_in_app", Int(appMinutes), format.integer(appMinutes)),
            ])
        }
        if reader.reading.articles > 0 {
            highlights.append([
                "highlight_value": format.integer(reader.reading.articles),
                "highlight_label": strings.plural(
                    "articles", reader.reading.articles, format.integer(reader.reading.articles)),
            ])
        }
        if facts.streakShown {
            highlights.append([
                "highlight_value": format.integer(reader.streak.days),
                "highlight_label": strings.plural(
                    "days_in_a_row", reader.streak.days, format.integer(reader.streak.days)),
            ])
        }
        let saved = reader.saved
        if saved.yearCount > 0 {
            highlights.append([
                "highlight_value": format.integer(saved.yearCount),
                "highlight_label": strings.plural(
                    "saved_in_year", saved.yearCount, format.integer(saved.yearCount), ["year": format.year(year)]),
            ])
        }
        var summary: [String: Any] = [
            "summary_year": strings.text("summary_year", ["year": format.year(year)]),
            "share_file": strings.text("share_file", ["year": format.year(year)]),
        ]
        if highlights.isEmpty {
            summary["summary_thanks"] = strings.text("summary_thanks", ["year": format.year(year)])
        } else {
            summary["highlights"] = highlights
            summary["has_highlights"] = true
        }
        if let top = reader.topArticles.first {
            summary["summary_top"] = strings.text("summary_top", ["title": Self.isolated(articleNames.title(top.name))])
        }
        if let timeOfDay = reader.patterns.timeOfDay, !facts.shortDeck {
            summary["summary_time"] = strings.text("time_of_day_\(timeOfDay.rawValue)")
        }
        return Slide("summary", strings.text("summary_heading"), summary)
    }
}
