import YirCore
import YirStats

extension SlideDeck {
    /// The band of a change in whole percent (docs/OUTPUT.md): `twice` from +100 %, `more`
    /// from +10 %, `same` within ±10 %, `less` from −10 % down — said kindly.
    static func changeBand(percent: Int64) -> String {
        switch percent {
        case 100...: "twice"
        case 10...: "more"
        case -9...9: "same"
        default: "less"
        }
    }

    /// The trend icon of a band: `up` for more, `level` for about as much, `down` for less.
    static func trend(band: String) -> String {
        switch band {
        case "twice", "more": "up"
        case "same": "level"
        default: "down"
        }
    }

    /// 7b. This year against the year before, when both have reading: never a reproach.
    func changeSlide(_ reader: ReaderStats, _ facts: Facts) -> Slide? {
        guard let change = reader.readingChangePercent, reader.reading.milliseconds > 0,
            let previous = reader.previousYear
        else { return nil }
        let previousYear = format.year(facts.year - 1)
        let band = Self.changeBand(percent: change)
        var content: [String: Any] = [
            "change_text": strings.text(
                "change_\(band)",
                [
                    "percent": format.percent(Int64(change.magnitude)),
                    "previous": previousYear, "year": format.year(facts.year),
                ]),
            // The icon follows the sign the text gives: rising, level ("about as much"), falling.
            "trend_\(Self.trend(band: band))": true,
        ]
        if band == "less" {
            // What stayed with them this year, rather than how much less it was.
            if let top = reader.topArticles.first {
                content["stayed"] = article(top).filter { $0.key != "article_views" }
            }
        } else {
            content["change_figure"] = facts.reading.figure
            content["change_label"] = facts.reading.label
            // A duration, not whole minutes: half a minute last year is never "0 minutes".
            content["change_previous"] = strings.text(
                "change_previous_time",
                [
                    "duration": format.duration(milliseconds: previous.milliseconds), "previous": previousYear,
                ])
        }
        return Slide("change", strings.text("change_heading", ["previous": previousYear]), content)
    }
}
