import YirCore
import YirStats

extension SlideDeck {
    /// 5. Reading patterns, with views per hour.
    func patternsSlide(_ reader: ReaderStats) -> Slide? {
        guard let hour = reader.patterns.hour, let weekday = reader.patterns.weekday,
            let timeOfDay = reader.patterns.timeOfDay
        else { return nil }
        let hours = (reader.activity ?? .none).hourViews.map(Int64.init)
        return Slide(
            "patterns", strings.text("patterns_heading"),
            [
                "time_of_day": breakable(strings.text("time_of_day_\(timeOfDay.rawValue)")),
                "weekday": strings.text("patterns_weekday", ["weekday": format.weekdayName(weekday)]),
                "hour": strings.text(
                    "patterns_hour", ["hour": format.shortTime(LocalTime(wallMilliseconds: Int64(hour) * 3_600_000))]),
                "chart": chart(
                    of: "patterns", hours, labels: hours.indices.map(format.hour), labelEvery: 6,
                    highlight: hour, valueLabels: false, title: strings.text("chart_hours_title"),
                    description: strings.text(
                        "chart_hours_text",
                        [
                            "hour": format.hour(hour),
                            "views": strings.plural(
                                "chart_hours_views", Int(hours[hour]), format.integer(hours[hour])),
                        ]),
                    valueHeading: strings.text("chart_views"),
                    values: hours.map { format.integer($0) }, rowHeadings: hours.indices.map(format.hour)),
            ])
    }

    /// 6. Month by month: the busiest month is the one with the most reading time, here and
    /// everywhere. Views of 0 seconds alone make no month busy: no slide.
    func monthlySlide(_ reader: ReaderStats) -> Slide? {
        guard reader.reading.milliseconds > 0 else { return nil }
        let minutes = reader.monthly.map { $0.milliseconds / 60_000 }
        let names = reader.monthly.map { format.monthName($0.month) }
        let best = reader.monthly.max { a, b in
            a.milliseconds < b.milliseconds || (a.milliseconds == b.milliseconds && a.month > b.month)
        }!
        return Slide(
            "monthly", strings.text("monthly_heading"),
            [
                // A year read in one month has no busiest month: that month is said as the reader's.
                "best": strings.text(
                    reader.monthly.lazy.filter { $0.milliseconds > 0 }.count == 1 ? "monthly_only" : "monthly_best",
                    [
                        "month": format.monthName(best.month),
                        "duration": format.duration(milliseconds: best.milliseconds),
                    ]),
                "chart": chart(
                    of: "monthly", minutes, labels: (1...12).map(format.shortMonthName), labelEvery: 2,
                    highlight: best.month - 1, valueLabels: true,
                    title: strings.text("chart_months_title"),
                    description: strings.text(
                        "chart_months_text",
                        [
                            "month": format.monthName(best.month),
                            "duration": format.duration(milliseconds: best.milliseconds),
                        ]),
                    valueHeading: strings.text("chart_minutes"),
                    values: minutes.map { format.integer($0) }, rowHeadings: names),
            ])
    }

    /// A bar chart with its title, description and the same figures as a table; the values
    /// written above every bar (`valueLabels`) or above the highlighted one only.
    /// A slide's bar chart; `slide`, its kind, makes the ids its title and description are
    /// named by.
    private func chart(
        of slide: String, _ values: [Int64], labels: [String], labelEvery: Int, highlight: Int?,
        valueLabels: Bool, title: String, description: String, valueHeading: String, values texts: [String],
        rowHeadings: [String]
    ) -> [String: Any] {
        var chart = Charts.bars(
            values, labels: labels, labelEvery: labelEvery, highlight: highlight,
            valueTexts: texts.indices.map { valueLabels || $0 == highlight ? texts[$0] : "" })
        chart["slide_id"] = slide
        chart["chart_title"] = title
        chart["chart_desc"] = description
        chart["value_heading"] = valueHeading
        // A table of the hours or months with a figure: the others are the chart's empty places
        // (all of them when none has one, under a minute in every month).
        let rows = rowHeadings.indices.filter { values[$0] > 0 }
        chart["rows_html"] = Charts.tableRows(
            (rows.isEmpty ? Array(rowHeadings.indices) : rows).map { i in
                (heading: rowHeadings[i], value: texts[i])
            })
        return chart
    }
}
