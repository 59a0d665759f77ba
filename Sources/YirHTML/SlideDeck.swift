import Synchronization
import YirCore
import YirStats

/// What a reader's slides page shows (issue #4's eleven slides), as a Mustache context: every
/// text is composed here from the locale's strings and formats, the template only places it,
/// and Mustache escapes all of it. A slide with nothing to show is left out.
struct SlideDeck: Sendable {
    let strings: HTMLStrings
    /// Renders a template by name (`HTMLTemplates.render`).
    let render: @Sendable ([String: Any], String) -> String
    let format: LocaleFormat
    /// Readers of the run with reading time: the rank slide needs at least 10 of them.
    let readersWithReading: Int
    let remoteImages: Bool
    /// The sites and titles of the figures' articles.
    let articleNames: ArticleNaming
    /// Every day's long date, a year at a time (the calendar names all of them on every page).
    let longDates: LongDates

    static let minimumReadersForRank = 10
    /// A sitting of one or two articles is no rabbit hole.
    static let minimumArticlesForRabbitHole = 3
    /// How late the first counted view may come before the opening says from when time counts.
    static let lateFirstViewDays: Int64 = 60

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

    /// The opening's one quiet line on what the figures rest on: a history clear inside the
    /// year, or a first counted view months after the year began; nil when neither.
    func coverageNote(_ reader: ReaderStats) -> String? {
        let zone = reader.zone
        if let cleared = reader.coverage.cleared {
            return strings.text("coverage_cleared", ["date": format.longDate(zone.local(cleared).date)])
        }
        if let first = reader.coverage.firstView,
           first - reader.coverage.start >= Self.lateFirstViewDays * millisecondsPerDay {
            return strings.text("coverage_first_view", ["date": format.longDate(zone.local(first).date)])
        }
        return nil
    }

    func context(for reader: ReaderStats) -> [String: Any] {
        let zone = reader.zone
        let activity = reader.activity ?? .none
        let year = zone.local(reader.window.start).date.year
        // The window's end is exclusive: its last day is the day of the instant before it.
        let lastDay = zone.local(max(reader.window.start, reader.window.end - 1)).date
        var slides: [(kind: String, heading: String, content: [String: Any])] = []
        let minutesRead = format.integer(reader.reading.minutes)
        let hasReading = reader.reading.views > 0

        // 1. Opening.
        let windowText = lastDay == CivilDate(year: year, month: 12, day: 31)
            ? strings.text("opening_window_year", ["start": format.monthAndDay(CivilDate(year: year, month: 1, day: 1)),
                                                   "end": format.longDate(lastDay)])
            : strings.text("opening_window_until", ["start": format.monthAndDay(CivilDate(year: year, month: 1, day: 1)),
                                                    "date": format.longDate(lastDay)])
        var opening: [String: Any] = [
            "greeting": strings.text("opening_greeting", ["user": reader.user]),
            "window": windowText,
            "zone": strings.text("opening_zone", ["zone": zone.identifier]),
        ]
        if let coverage = coverageNote(reader) { opening["coverage"] = coverage }
        slides.append(("opening", strings.text("opening_heading", ["year": format.year(year)]), opening))

        // 2. Time in the app and reading.
        if reader.appTime.sessions > 0 || hasReading {
            var content: [String: Any] = [
                "reading_minutes": minutesRead,
                "reading_label": strings.plural("minutes_reading", Int(reader.reading.minutes), minutesRead),
            ]
            if reader.appTime.sessions > 0 {
                let appMinutes = format.integer(reader.appTime.milliseconds / 60_000)
                content["app_minutes"] = appMinutes
                content["app_label"] = strings.plural("minutes_in_app", Int(reader.appTime.milliseconds / 60_000), appMinutes)
                content["sessions"] = strings.plural("sessions", reader.appTime.sessions, format.integer(reader.appTime.sessions))
            }
            slides.append(("time", strings.text("time_heading"), content))
        }

        // 3. Articles.
        if reader.reading.articles > 0 {
            let articles = format.integer(reader.reading.articles)
            slides.append(("articles", strings.text("articles_heading"), [
                "articles": articles,
                "articles_label": strings.plural("articles", reader.reading.articles, articles),
                "views": strings.plural("views", reader.reading.views, format.integer(reader.reading.views)),
                "average": strings.text("articles_average", ["duration": duration(reader.reading.averageSecondsPerArticle)]),
                "median": strings.text("articles_median", ["duration": duration(reader.reading.medianSecondsPerArticle)]),
            ]))
        }

        // 4. Top article and the top list.
        if let top = reader.topArticles.first {
            slides.append(("top", strings.text("top_heading"), [
                "top_article": article(top),
                "top_minutes": strings.text("top_time", ["duration": format.duration(milliseconds: top.milliseconds)]),
                "top_list": reader.topArticles.enumerated().map { i, a in
                    article(a).merging(["position": i + 1]) { a, _ in a }
                },
            ]))
        }

        // 5. Reading patterns, with views per hour.
        if hasReading, let hour = reader.patterns.hour, let weekday = reader.patterns.weekday,
           let month = reader.patterns.month, let timeOfDay = reader.patterns.timeOfDay {
            let hours = activity.hourViews.map(Int64.init)
            let titles = hours.indices.map { h in
                format.hour(h) + ": " + strings.plural("views", Int(hours[h]), format.integer(hours[h]))
            }
            slides.append(("patterns", strings.text("patterns_heading"), [
                "time_of_day": strings.text("time_of_day_\(timeOfDay.rawValue)"),
                "weekday": strings.text("patterns_weekday", ["weekday": format.weekdayName(weekday)]),
                "month": strings.text("patterns_month", ["month": format.monthName(month)]),
                "hour": strings.text("patterns_hour", ["hour": format.hour(hour)]),
                "chart": chart(hours, titles: titles, labels: hours.indices.map(format.hour), labelEvery: 6,
                               highlight: hour, title: strings.text("chart_hours_title"),
                               description: strings.text("chart_hours_desc", ["hour": format.hour(hour)]),
                               valueHeading: strings.text("chart_views"),
                               values: hours.map { format.integer($0) }, rowHeadings: hours.indices.map(format.hour)),
            ]))
        }

        // 6. Month by month.
        if hasReading {
            let minutes = reader.monthly.map { $0.milliseconds / 60_000 }
            let names = reader.monthly.map { format.monthName($0.month) }
            let best = reader.monthly.max { a, b in a.milliseconds < b.milliseconds || (a.milliseconds == b.milliseconds && a.month > b.month) }!
            slides.append(("monthly", strings.text("monthly_heading"), [
                "best": strings.text("monthly_best", ["month": format.monthName(best.month),
                                                      "duration": format.duration(milliseconds: best.milliseconds)]),
                "chart": chart(minutes, titles: minutes.indices.map { names[$0] + ": " + strings.plural("minutes", Int(minutes[$0]), format.integer(minutes[$0])) },
                               labels: (1...12).map(format.shortMonthName), labelEvery: 1, highlight: best.month - 1,
                               title: strings.text("chart_months_title"),
                               description: strings.text("chart_months_desc", ["month": format.monthName(best.month)]),
                               valueHeading: strings.text("chart_minutes"),
                               values: minutes.map { format.integer($0) }, rowHeadings: names),
            ]))
        }

        // 7. Longest streak, with the year as a calendar.
        if reader.streak.days > 0, let start = reader.streak.start, let end = reader.streak.end {
            let yearDates = longDates.of(year: year)
            var calendar = Charts.calendar(year: year, days: activity.days, windowEnd: lastDay,
                                           streak: reader.streak, longDates: yearDates, format: format, strings: strings)
            calendar["calendar_title"] = strings.text("calendar_title", ["year": format.year(year)])
            calendar["calendar_desc"] = strings.text("calendar_desc", [
                "days": format.integer(activity.days.count), "streak": format.integer(reader.streak.days)])
            let firstDay = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
            calendar["rows_html"] = Charts.tableRows(activity.days.map {
                let i = Int($0.day - firstDay)
                return (yearDates.indices.contains(i) ? yearDates[i] : format.longDate(CivilDate(daysSinceEpoch: $0.day)),
                        format.duration(milliseconds: $0.milliseconds))
            })
            calendar["value_heading"] = strings.text("chart_reading")
            slides.append(("streak", strings.text("streak_heading"), [
                "streak_days": format.integer(reader.streak.days),
                "streak_label": strings.plural("days_in_a_row", reader.streak.days, format.integer(reader.streak.days)),
                "streak_range": start == end
                    ? strings.text("streak_on", ["date": format.longDate(start)])
                    : strings.text("streak_range", ["start": format.longDate(start), "end": format.longDate(end)]),
                "active_days": strings.plural("active_days", activity.days.count, format.integer(activity.days.count)),
                "calendar": calendar,
            ]))
        }

        // 7a. The longest sitting, when it went somewhere: three articles or more.
        if let hole = reader.rabbitHole, hole.articles >= Self.minimumArticlesForRabbitHole {
            let first = articleNames.title(hole.first), last = articleNames.title(hole.last)
            var content: [String: Any] = [
                "hole_articles": format.integer(hole.articles),
                "hole_label": strings.plural("rabbit_hole_articles", hole.articles, format.integer(hole.articles)),
                "hole_when": strings.text("rabbit_hole_when", ["date": format.longDate(zone.local(hole.start).date),
                                                               "duration": format.duration(milliseconds: hole.milliseconds)]),
                "hole_from": strings.text("rabbit_hole_from"), "hole_to": strings.text("rabbit_hole_to"),
                "first_title": first, "last_title": last,
            ]
            if let url = ArticleLinks.url(wiki: articleNames.wiki(hole.first), title: first) { content["first_url"] = url }
            if let url = ArticleLinks.url(wiki: articleNames.wiki(hole.last), title: last) { content["last_url"] = url }
            slides.append(("rabbit-hole", strings.text("rabbit_hole_heading"), content))
        }

        // 7b. This year against the year before, when both have reading: never a reproach.
        if let change = reader.readingChangePercent, reader.reading.milliseconds > 0, let previous = reader.previousYear {
            let previousYear = format.year(year - 1)
            let band = Self.changeBand(percent: change)
            var content: [String: Any] = [
                "change_text": strings.text("change_\(band)", ["percent": format.percent(Int64(change.magnitude)),
                                                                "previous": previousYear, "year": format.year(year)]),
            ]
            if band == "less" {
                // What stayed with them this year, rather than how much less it was.
                if let top = reader.topArticles.first { content["stayed"] = article(top) }
            } else {
                let minutes = reader.reading.minutes, previousMinutes = previous.milliseconds / 60_000
                content["change_minutes"] = format.integer(minutes)
                content["change_minutes_label"] = strings.plural("minutes_reading", Int(minutes), format.integer(minutes))
                content["change_previous"] = strings.plural("change_previous_minutes", Int(previousMinutes), format.integer(previousMinutes),
                                                            ["previous": previousYear])
            }
            slides.append(("change", strings.text("change_heading", ["previous": previousYear]), content))
        }

        // 8. Saved — always shown: "0" is an answer too.
        let saved = reader.saved
        var savedContent: [String: Any] = [
            "saved_30": format.integer(saved.last30DaysCount),
            "saved_30_label": strings.plural("saved_last_30_days", saved.last30DaysCount, format.integer(saved.last30DaysCount)),
            "saved_year": strings.plural("saved_this_year", saved.yearCount, format.integer(saved.yearCount), ["year": format.year(year)]),
        ]
        if saved.lastSaved != nil {
            savedContent["last_saved"] = strings.text("saved_last", ["when": saved.lastSavedDisplay])
        }
        if !saved.recent.isEmpty {
            savedContent["recent"] = saved.recent.map { save -> [String: Any] in
                let wiki = articleNames.wiki(save.name), title = articleNames.title(save.name)
                var item: [String: Any] = ["save_title": title,
                                           "save_date": format.longDate(zone.local(save.saved).date)]
                if let url = ArticleLinks.url(wiki: wiki, title: title) { item["save_url"] = url }
                if let thumbnail = ArticleLinks.thumbnail(save.thumbnail, remoteImages: remoteImages) { item["thumbnail"] = thumbnail }
                return item
            }
            savedContent["recent_heading"] = strings.text("saved_recent")
        }
        slides.append(("saved", strings.text("saved_heading"), savedContent))

        // 9. Notifications followed.
        if !reader.notifications.subscribed.isEmpty {
            slides.append(("notifications", strings.text("notifications_heading"), [
                "notifications_label": strings.plural("notifications", reader.notifications.subscribed.count,
                                                      format.integer(reader.notifications.subscribed.count)),
                "subscribed": reader.notifications.subscribed.map { ["notification": strings.has("notification_\($0.key)") ? strings.text("notification_\($0.key)") : $0.label] },
            ]))
        }

        // 10. Rank, when the run is big enough for it to mean something.
        if let percent = reader.rankTopPercent, readersWithReading >= Self.minimumReadersForRank {
            slides.append(("rank", strings.text("rank_heading"), [
                "percent": strings.text("rank_percent", ["percent": format.percent(Int64(percent))]),
                "rank_text": strings.text("rank_text", ["readers": format.integer(readersWithReading)]),
            ]))
        }

        // 11. Summary.
        var highlights: [[String: Any]] = [
            ["highlight_value": minutesRead, "highlight_label": strings.plural("minutes_reading", Int(reader.reading.minutes), minutesRead)],
        ]
        if reader.reading.articles > 0 {
            highlights.append(["highlight_value": format.integer(reader.reading.articles),
                               "highlight_label": strings.plural("articles", reader.reading.articles, format.integer(reader.reading.articles))])
        }
        if reader.streak.days > 0 {
            highlights.append(["highlight_value": format.integer(reader.streak.days),
                               "highlight_label": strings.plural("days_in_a_row", reader.streak.days, format.integer(reader.streak.days))])
        }
        highlights.append(["highlight_value": format.integer(saved.yearCount),
                           "highlight_label": strings.plural("saved_in_year", saved.yearCount, format.integer(saved.yearCount), ["year": format.year(year)])])
        var summary: [String: Any] = [
            "summary_user": reader.user, "summary_year": strings.text("summary_year", ["year": format.year(year)]),
            "highlights": highlights,
        ]
        if let top = reader.topArticles.first { summary["summary_top"] = strings.text("summary_top", ["title": articleNames.title(top.name)]) }
        if let timeOfDay = reader.patterns.timeOfDay { summary["summary_time"] = strings.text("time_of_day_\(timeOfDay.rawValue)") }
        slides.append(("summary", strings.text("summary_heading"), summary))

        let total = slides.count
        var context: [String: Any] = [
            "lang": strings.locale, "dir": strings.isRightToLeft ? "rtl" : "ltr", "page_title": strings.text("page_title", ["user": reader.user, "year": format.year(year)]),
            "t": strings.all,
            "slides": slides.enumerated().map { i, slide -> [String: Any] in
                var content = slide.content
                content["heading"] = slide.heading
                content["slide_id"] = slide.kind
                content["t"] = strings.all
                return [
                    "slide_id": slide.kind, "number": i + 1, "total": total, "heading": slide.heading,
                    "position": strings.text("slide_position", ["n": format.integer(i + 1), "total": format.integer(total)]),
                    // Each kind of slide has its template (`slide-KIND`), rendered on its own small context.
                    "body": render(content, "slide-\(slide.kind)"),
                ]
            },
        ]
        return context
    }

    private func duration(_ seconds: FixedDecimal) -> String {
        format.duration(milliseconds: seconds.value * 1000 / pow10(seconds.scale))
    }

    private func pow10(_ n: Int) -> Int64 { (0..<n).reduce(Int64(1)) { p, _ in p * 10 } }

    private func article(_ a: ArticleFigures) -> [String: Any] {
        let wiki = articleNames.wiki(a.name), title = articleNames.title(a.name)
        var item: [String: Any] = [
            "article_title": title, "article_wiki": wiki,
            "article_time": format.duration(milliseconds: a.milliseconds),
            "article_views": strings.plural("views", a.views, format.integer(a.views)),
        ]
        if let url = ArticleLinks.url(wiki: wiki, title: title) { item["article_url"] = url }
        return item
    }

    /// A bar chart with its title, description and the same figures as a table.
    private func chart(_ values: [Int64], titles: [String], labels: [String], labelEvery: Int, highlight: Int?,
                       title: String, description: String, valueHeading: String, values texts: [String],
                       rowHeadings: [String]) -> [String: Any] {
        [
            "bars_svg": Charts.bars(values, titles: titles, labels: labels, labelEvery: labelEvery, highlight: highlight),
            "chart_title": title, "chart_desc": description,
            "width": Charts.barChartWidth, "height": Charts.barChartHeight, "baseline": Charts.barAreaHeight,
            // Room either side for the first and last labels.
            "view_x": -Charts.labelMargin, "view_width": Charts.barChartWidth + 2 * Charts.labelMargin,
            "view_right": Charts.barChartWidth + Charts.labelMargin,
            "value_heading": valueHeading,
            "rows_html": Charts.tableRows(rowHeadings.indices.map { (rowHeadings[$0], texts[$0]) }),
        ]
    }
}

/// Each day's long date (`LocaleFormat.longDate`) of a year, made the first time a page asks
/// for the year and kept for the run: 365 dates a page were 3 % of the pages' time.
final class LongDates: Sendable {
    private let format: LocaleFormat
    private let years = Mutex<[Int: [String]]>([:])

    init(format: LocaleFormat) { self.format = format }

    /// The long dates of `year`, January 1 first.
    func of(year: Int) -> [String] {
        years.withLock { years in
            if let dates = years[year] { return dates }
            let first = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
            let dates = (0..<(CivilDate.isLeapYear(year) ? 366 : 365)).map {
                format.longDate(CivilDate(daysSinceEpoch: first + Int64($0)))
            }
            years[year] = dates
            return dates
        }
    }
}
