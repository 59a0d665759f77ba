import YirCore
import YirStats

/// The figures of the slides' charts — bar charts (views per hour, minutes per month) and the
/// calendar — and their tables. The templates hold each chart's frame (`<figure>`, `<svg>` with
/// `<title>` and `<desc>`, the data table); the page's script draws the marks from the figures
/// the `<svg>` carries: a page carries a few hundred bytes of figures instead of a few
/// thousand of shapes.
enum Charts {
    /// A bar chart as the page's script draws it (`slides-script`), from its figures in the
    /// `<svg>`'s attributes: `values` (numbers, comma-separated), `labels` under every
    /// `labelEvery`-th bar and `texts` above the bars (both `|`-separated, a text empty where a
    /// bar has none), `highlight` the bar that stands out. The chart's table says it in text.
    static func bars(
        _ values: [Int64], labels: [String], labelEvery: Int, highlight: Int?,
        valueTexts: [String]
    ) -> [String: Any] {
        [
            "values": values.map(String.init).joined(separator: ","),
            "labels": labels.enumerated().map { $0.offset % labelEvery == 0 ? $0.element : "" }.joined(separator: "|"),
            "texts": valueTexts.joined(separator: "|"),
            "highlight": highlight ?? -1,
        ]
    }

    /// The rows of a chart's data table, `<tr><th>…</th><td>…</td>…</tr>` (a `th` first in a
    /// body row heads its row).
    static func tableRows(_ rows: [(heading: String, value: String)]) -> String {
        tableRows(rows.map { (heading: $0.heading, values: [$0.value]) })
    }

    static func tableRows(_ rows: [(heading: String, values: [String])]) -> String {
        var html = ""
        html.reserveCapacity(rows.count * 60)
        for row in rows {
            html += "<tr><th>"
            HTMLText.append(row.heading, to: &html)
            html += "</th>"
            for value in row.values {
                html += "<td>"
                HTMLText.append(value, to: &html)
                html += "</td>"
            }
            html += "</tr>\n"
        }
        return html
    }

    /// The calendar's viewBox: twelve month grids of 7 × 6 squares of 10 with gaps of 2, four
    /// months a row (the page's script draws them: `slides-script`).
    static let calendarWidth = 4 * 82 + 3 * 16
    static let calendarHeight = 3 * (16 + 6 * 12) + 2 * 16

    /// The year as the page's script draws it — twelve small month grids, four a row, so it
    /// fits a phone's width without scrolling sideways — from one character per day
    /// (`days`): `0` no reading, `1` reading, `2` more than half the reader's best day's,
    /// `3` after the window's end; the longest streak as the indices of its first and last
    /// day (`streak`). A shape per day was two thirds of a page's weight; this is one byte.
    /// The month table says the same in text.
    static func calendar(
        year: Int, days: [ReaderStats.Day], windowEnd: CivilDate, streak: ReaderStats.Streak,
        format: LocaleFormat, strings: HTMLStrings
    ) -> [String: Any] {
        let first = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
        let count = CivilDate.isLeapYear(year) ? 366 : 365
        let best = max(days.map(\.milliseconds).max() ?? 0, 1)
        var shades = [UInt8](repeating: UInt8(ascii: "0"), count: count)
        let windowEndIndex = Int(windowEnd.daysSinceEpoch - first)
        if windowEndIndex + 1 < count {
            for i in max(0, windowEndIndex + 1)..<count { shades[i] = UInt8(ascii: "3") }
        }
        var monthDays = [Int](repeating: 0, count: 12), monthMilliseconds = [Int64](repeating: 0, count: 12)
        for day in days {
            let i = Int(day.day - first)
            guard shades.indices.contains(i) else { continue }
            shades[i] = day.milliseconds * 2 > best ? UInt8(ascii: "2") : UInt8(ascii: "1")
            let m = CivilDate(daysSinceEpoch: day.day).month - 1
            monthDays[m] += 1
            monthMilliseconds[m] += day.milliseconds
        }
        var context: [String: Any] = [
            "days": String(decoding: shades, as: UTF8.self), "year": year,
            "month_labels": (1...12).map(format.shortMonthName).joined(separator: "|"),
            "width": calendarWidth, "height": calendarHeight,
            // The months with reading: the others are the calendar's empty squares.
            "rows_html": tableRows(
                (0..<12).filter { monthDays[$0] > 0 }.map { m in
                    (
                        heading: format.monthName(m + 1),
                        values: [format.integer(monthDays[m]), format.duration(milliseconds: monthMilliseconds[m])]
                    )
                }),
        ]
        if streak.days >= SlideDeck.minimumStreak, let start = streak.start, let end = streak.end {
            context["streak"] = "\(start.daysSinceEpoch - first),\(end.daysSinceEpoch - first)"
        }
        return context
    }
}
