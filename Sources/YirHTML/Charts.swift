import YirCore
import YirStats

/// The slides' inline SVG charts: bar charts (views per hour, minutes per month) and the
/// calendar heatmap. The templates hold each chart's frame (`<figure>`, `<svg>` with `<title>`
/// and `<desc>`, the data table); the many small shapes inside are written here as SVG text,
/// escaped by `HTMLText`: through Mustache's reflection, a few hundred shapes per page cost
/// several times the rest of the page. Every shape keeps its classes (`bar`, `highlight`,
/// `tick`, `day`, `l0`–`l4`, `future`, `streak`), so a stylesheet still restyles them.
enum Charts {
    static let barChartWidth = 480
    static let barChartHeight = 160
    static let barAreaHeight = 130
    static let labelMargin = 24

    /// One bar per value, scaled to the largest, each with its title; `labels` under every
    /// `labelEvery`-th bar; the `highlight` bar stands out.
    static func bars(_ values: [Int64], titles: [String], labels: [String], labelEvery: Int,
                     highlight: Int?) -> String {
        let slot = barChartWidth / values.count
        let width = slot * 3 / 4
        let top = max(values.max() ?? 0, 1)
        var svg = ""
        svg.reserveCapacity(values.count * 140)
        for i in values.indices {
            let height = values[i] == 0 ? 0 : max(2, Int(values[i] * Int64(barAreaHeight) / top))
            svg += "<rect class=\"bar\(i == highlight ? " highlight" : "")\" x=\"\(i * slot + (slot - width) / 2)\" y=\"\(barAreaHeight - height)\" width=\"\(width)\" height=\"\(height)\" rx=\"3\"><title>"
            HTMLText.append(titles[i], to: &svg)
            svg += "</title></rect>"
            if i % labelEvery == 0 {
                svg += "<text class=\"tick\" x=\"\(i * slot + slot / 2)\" y=\"\(barAreaHeight + 20)\" text-anchor=\"middle\">"
                HTMLText.append(labels[i], to: &svg)
                svg += "</text>"
            }
            svg += "\n"
        }
        return svg
    }

    /// The rows of a chart's data table, `<tr><th scope="row">…</th><td>…</td></tr>` (a
    /// calendar has up to 366).
    static func tableRows(_ rows: [(heading: String, value: String)]) -> String {
        var html = ""
        html.reserveCapacity(rows.count * 60)
        for row in rows {
            html += "<tr><th scope=\"row\">"
            HTMLText.append(row.heading, to: &html)
            html += "</th><td>"
            HTMLText.append(row.value, to: &html)
            html += "</td></tr>\n"
        }
        return html
    }

    static let cell = 11
    static let cellStep = 13
    static let calendarTop = 16
    static let calendarLeft = 30

    private static func put(_ text: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private static func put(_ number: Int, _ out: inout [UInt8]) {
        withDecimalBytes(FixedDecimal(Int64(number), scale: 0)) { out.append(contentsOf: $0) }
    }

    /// A year as weeks (columns, Monday on top) of day cells; a cell's level 0–4 says how much
    /// was read that day relative to the reader's best day; days after the window's end are
    /// marked `future`, days of the longest streak `streak`.
    /// `longDates`: each day of `year`'s long date (`LongDates`).
    static func calendar(year: Int, days: [ReaderStats.Day], windowEnd: CivilDate, streak: ReaderStats.Streak,
                         longDates: [String], format: LocaleFormat, strings: HTMLStrings) -> [String: Any] {
        let first = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
        let count = CivilDate.isLeapYear(year) ? 366 : 365
        let lead = CivilDate.weekday(daysSinceEpoch: first) - 1
        var byDay: [Int64: ReaderStats.Day] = [:]
        for day in days { byDay[day.day] = day }
        let best = max(days.map(\.milliseconds).max() ?? 0, 1)
        let streakRange = streak.start.flatMap { s in streak.end.map { s.daysSinceEpoch...$0.daysSinceEpoch } }
        // As bytes: 366 cells of string interpolation were a tenth of a page's time.
        var cells: [UInt8] = []
        cells.reserveCapacity(count * 110)
        var months: [[String: Any]] = []
        for i in 0..<count {
            let dayNumber = first + Int64(i)
            let date = CivilDate(daysSinceEpoch: dayNumber)
            let column = (i + lead) / 7
            let row = (i + lead) % 7
            let x = calendarLeft + column * cellStep
            if date.day == 1 {
                months.append(["month_label": String(format.monthName(date.month).prefix(3)), "month_x": x])
            }
            var level = 0
            var title = longDates[i]
            if let day = byDay[dayNumber] {
                level = day.milliseconds == 0 ? 1 : min(4, 1 + Int(day.milliseconds * 4 / (best + 1)))
                title += ": " + format.duration(milliseconds: day.milliseconds)
                    + ", " + strings.plural("views", day.views, format.integer(day.views))
            }
            put("<rect class=\"day l", &cells)
            put(level, &cells)
            if date > windowEnd { put(" future", &cells) }
            if let streakRange, streakRange.contains(dayNumber) { put(" streak", &cells) }
            put("\" x=\"", &cells)
            put(x, &cells)
            put("\" y=\"", &cells)
            put(calendarTop + row * cellStep, &cells)
            put("\" width=\"", &cells)
            put(cell, &cells)
            put("\" height=\"", &cells)
            put(cell, &cells)
            put("\" rx=\"2\"><title>", &cells)
            HTMLText.append(utf8: title, to: &cells)
            put("</title></rect>\n", &cells)
        }
        let weekdays = [1, 3, 5].map { w -> [String: Any] in
            ["weekday_label": String(format.weekdayName(w).prefix(2)), "weekday_y": calendarTop + (w - 1) * cellStep + cell - 2]
        }
        let columns = (count + lead + 6) / 7
        return [
            "cells_svg": String(decoding: cells, as: UTF8.self), "months": months, "weekdays": weekdays,
            "width": calendarLeft + columns * cellStep, "height": calendarTop + 7 * cellStep, "cell_size": cell,
        ]
    }
}
