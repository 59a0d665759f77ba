import YirCore
import YirStats

/// The geometry of the slides' inline SVG charts, computed here so the templates only place
/// rectangles: bar charts (views per hour, minutes per month) and the calendar heatmap.
enum Charts {
    static let barChartWidth = 480
    static let barChartHeight = 160
    static let barAreaHeight = 130
    static let labelMargin = 24

    /// One bar per value, scaled to the largest; `labels` under every `labelEvery`-th bar.
    static func bars(_ values: [Int64], titles: [String], labels: [String], labelEvery: Int,
                     highlight: Int?) -> [[String: Any]] {
        let slot = barChartWidth / values.count
        let width = slot * 3 / 4
        let top = max(values.max() ?? 0, 1)
        return values.indices.map { i in
            let height = values[i] == 0 ? 0 : max(2, Int(values[i] * Int64(barAreaHeight) / top))
            var bar: [String: Any] = [
                "x": i * slot + (slot - width) / 2, "y": barAreaHeight - height, "width": width, "height": height,
                "bar_title": titles[i],
            ]
            if i % labelEvery == 0 {
                bar["label"] = labels[i]
                bar["label_x"] = i * slot + slot / 2
            }
            if i == highlight { bar["highlight"] = true }
            return bar
        }
    }

    static let cell = 11
    static let cellStep = 13
    static let calendarTop = 16
    static let calendarLeft = 30

    /// A year as weeks (columns, Monday on top) of day cells; a cell's level 0–4 says how much
    /// was read that day relative to the reader's best day; days after the window's end are
    /// marked `future`, days of the longest streak `streak`.
    static func calendar(year: Int, days: [ReaderStats.Day], windowEnd: CivilDate, streak: ReaderStats.Streak,
                         format: LocaleFormat, strings: HTMLStrings) -> [String: Any] {
        let first = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
        let count = CivilDate.isLeapYear(year) ? 366 : 365
        let lead = CivilDate.weekday(daysSinceEpoch: first) - 1
        var byDay: [Int64: ReaderStats.Day] = [:]
        for day in days { byDay[day.day] = day }
        let best = max(days.map(\.milliseconds).max() ?? 0, 1)
        let streakRange = streak.start.flatMap { s in streak.end.map { s.daysSinceEpoch...$0.daysSinceEpoch } }
        var cells: [[String: Any]] = []
        cells.reserveCapacity(count)
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
            var title = format.longDate(date)
            if let day = byDay[dayNumber] {
                level = day.milliseconds == 0 ? 1 : min(4, 1 + Int(day.milliseconds * 4 / (best + 1)))
                title += ": " + Durations.short(day.milliseconds, strings: strings, format: format)
                    + ", " + strings.plural("views", day.views, format.integer(day.views))
            }
            var cell: [String: Any] = ["x": x, "y": calendarTop + row * cellStep, "level": level, "cell_title": title]
            if date > windowEnd { cell["future"] = true }
            if let streakRange, streakRange.contains(dayNumber) { cell["streak"] = true }
            cells.append(cell)
        }
        let weekdays = [1, 3, 5].map { w -> [String: Any] in
            ["weekday_label": String(format.weekdayName(w).prefix(2)), "weekday_y": calendarTop + (w - 1) * cellStep + cell - 2]
        }
        let columns = (count + lead + 6) / 7
        return [
            "cells": cells, "months": months, "weekdays": weekdays,
            "width": calendarLeft + columns * cellStep, "height": calendarTop + 7 * cellStep, "cell_size": cell,
        ]
    }
}

/// Reading times as people say them: `12 min`, `45 s`, `2 h 5 min`.
enum Durations {
    static func short(_ milliseconds: Int64, strings: HTMLStrings, format: LocaleFormat) -> String {
        let seconds = (milliseconds + 500) / 1000
        if seconds < 60 { return strings.text("duration_seconds", ["s": format.integer(seconds)]) }
        let minutes = seconds / 60
        if minutes < 60 {
            let rest = seconds % 60
            return rest == 0 || minutes >= 10
                ? strings.text("duration_minutes", ["m": format.integer(minutes)])
                : strings.text("duration_minutes_seconds", ["m": format.integer(minutes), "s": format.integer(rest)])
        }
        let rest = minutes % 60
        return rest == 0
            ? strings.text("duration_hours", ["h": format.integer(minutes / 60)])
            : strings.text("duration_hours_minutes", ["h": format.integer(minutes / 60), "m": format.integer(rest)])
    }
}
