import YirCore
import YirStats

/// What a reader's slides page shows, as a Mustache context: every text is composed here from
/// the locale's strings and formats, the template only places it, and Mustache escapes all of
/// it. Which slides appear and what they say is chosen by the data (docs/OUTPUT.md, "Copy
/// chosen by the data"): a slide with nothing to show is left out, and so is a weak figure.
struct SlideDeck: Sendable {
    let strings: HTMLStrings
    /// Renders a template by name (`HTMLTemplates.render`).
    let render: @Sendable ([String: Any], String) -> String
    let format: LocaleFormat
    /// Readers of the run with reading time: the rank slide needs at least 10 of them.
    let readersWithReading: Int
    /// Every reading time of the run above 0, ascending: how many readers one read more than.
    let readingTimes: [Int64]
    let remoteImages: Bool
    /// The sites and titles of the figures' articles.
    let articleNames: ArticleNaming

    static let minimumReadersForRank = 10
    /// A sitting of one or two articles is no rabbit hole.
    static let minimumArticlesForRabbitHole = 3
    /// How late the first counted view may come before the opening says from when time counts.
    static let lateFirstViewDays: Int64 = 60
    /// A streak shorter than this is no achievement: the slide shows the days read instead.
    static let minimumStreak = 3
    /// Without a streak, the calendar slide needs this many days with reading.
    static let minimumDaysForCalendar = 7
    /// Fewer articles than this make a short deck: one slide of what was read.
    static let handfulOfArticles = 5
    /// The rank is shown only as good news: more reading than at least this share of readers.
    static let minimumRankPercent = 50
    /// The tones of the slides' colours (`tone-1`…), taken in turn.
    static let tones = 6

    /// Text from the data inside a sentence, isolated from its direction (FSI … PDI), so that an
    /// Arabic title in an English sentence, or a Latin one in an Arabic sentence, keeps its order.
    static func isolated(_ text: String) -> String { "\u{2068}\(text)\u{2069}" }

    /// A readable name for a notification type the table does not know:
    /// `echo-subscriptions-push-new-thing` → `New thing`.
    static func readableNotification(_ key: String) -> String {
        var name = Substring(key)
        for prefix in ["echo-subscriptions-push-", "echo-subscriptions-"] where name.hasPrefix(prefix) {
            name = name.dropFirst(prefix.count)
            break
        }
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).joined(separator: " ")
        guard let first = words.first else { return key }
        return first.uppercased() + words.dropFirst()
    }

    /// How many readers of the run with reading time read less than `milliseconds`, in whole
    /// percent rounded down (so the slide never claims more than the truth).
    func percentReadLess(than milliseconds: Int64) -> Int {
        var low = 0, high = readingTimes.count
        while low < high {
            let mid = (low + high) / 2
            if readingTimes[mid] < milliseconds { low = mid + 1 } else { high = mid }
        }
        return readingTimes.isEmpty ? 0 : 100 * low / readingTimes.count
    }

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
        let hasReading = reader.reading.views > 0
        // Under a minute of reading is said in seconds, never as "0 minutes".
        let reading = readingFigure(reader.reading.milliseconds)
        // A handful of articles gets one warm slide of what was read, not a row of small numbers.
        let shortDeck = reader.reading.articles < Self.handfulOfArticles
        let streakShown = reader.streak.days >= Self.minimumStreak

        // 1. Opening.
        let windowText = lastDay == CivilDate(year: year, month: 12, day: 31)
            ? strings.text("opening_window_year", ["start": format.monthAndDay(CivilDate(year: year, month: 1, day: 1)),
                                                   "end": format.longDate(lastDay)])
            : strings.text("opening_window_until", ["start": format.monthAndDay(CivilDate(year: year, month: 1, day: 1)),
                                                    "date": format.longDate(lastDay)])
        var opening: [String: Any] = [
            "greeting": strings.text("opening_greeting", ["user": Self.isolated(reader.user)]),
            "window": windowText,
            "zone": strings.text("opening_zone", ["zone": format.zoneName(zone.identifier)]),
        ]
        if let coverage = coverageNote(reader) { opening["coverage"] = coverage }
        slides.append(("opening", strings.text("opening_heading", ["year": format.year(year)]), opening))

        // 2. Time in the app and reading: reading is the hero figure, else the app's time.
        let appMinutes = reader.appTime.milliseconds / 60_000
        var time: [String: Any] = ["hero": reading.figure, "hero_label": reading.label]
        if reader.appTime.sessions > 0 && appMinutes > 0 {
            let figure = format.integer(appMinutes), label = strings.plural("minutes_in_app", Int(appMinutes), format.integer(appMinutes))
            if hasReading {
                time["app_minutes"] = figure
                time["app_label"] = label
            } else {
                time["hero"] = figure
                time["hero_label"] = label
            }
            time["sessions"] = strings.plural("sessions", reader.appTime.sessions, format.integer(reader.appTime.sessions))
        }

        if shortDeck && hasReading {
            // 2–7 as one slide: the few articles, each with its time and views.
            let articles = format.integer(reader.reading.articles)
            slides.append(("few", strings.text("few_heading"), [
                "few_text": strings.plural("few_text", reader.reading.articles, articles,
                                           ["duration": format.duration(milliseconds: reader.reading.milliseconds)]),
                "few_list": reader.topArticles.map(article),
            ]))
        } else if !hasReading {
            if time["sessions"] != nil { slides.append(("time", strings.text("time_heading"), time)) }
        } else {
            slides.append(("time", strings.text("time_heading"), time))

            // 3. Articles.
            let articles = format.integer(reader.reading.articles)
            slides.append(("articles", strings.text("articles_heading"), [
                "articles": articles,
                "articles_label": strings.plural("articles", reader.reading.articles, articles),
                "views": strings.plural("views", reader.reading.views, format.integer(reader.reading.views)),
                "average": strings.text("articles_average", ["duration": duration(reader.reading.averageSecondsPerArticle)]),
                "median": strings.text("articles_median", ["duration": duration(reader.reading.medianSecondsPerArticle)]),
            ]))

            // 4. Top article, then the rest of the top list numbered from 2.
            if let top = reader.topArticles.first {
                var content: [String: Any] = [
                    "top_article": article(top),
                    "top_minutes": strings.text("top_time", ["duration": format.duration(milliseconds: top.milliseconds)]),
                ]
                if reader.topArticles.count > 1 {
                    content["top_rest"] = reader.topArticles.dropFirst().map(article)
                    content["top_list_heading"] = strings.text("top_list_heading")
                }
                slides.append(("top", strings.text("top_heading"), content))
            }

            // 5. Reading patterns, with views per hour.
            if let hour = reader.patterns.hour, let weekday = reader.patterns.weekday, let timeOfDay = reader.patterns.timeOfDay {
                let hours = activity.hourViews.map(Int64.init)
                slides.append(("patterns", strings.text("patterns_heading"), [
                    "time_of_day": strings.text("time_of_day_\(timeOfDay.rawValue)"),
                    "weekday": strings.text("patterns_weekday", ["weekday": format.weekdayName(weekday)]),
                    "hour": strings.text("patterns_hour", ["hour": format.shortTime(LocalTime(wallMilliseconds: Int64(hour) * 3_600_000))]),
                    "chart": chart(hours, labels: hours.indices.map(format.hour), labelEvery: 6,
                                   highlight: hour, valueLabels: false, title: strings.text("chart_hours_title"),
                                   description: strings.text("chart_hours_desc", ["hour": format.hour(hour)]),
                                   valueHeading: strings.text("chart_views"),
                                   values: hours.map { format.integer($0) }, rowHeadings: hours.indices.map(format.hour)),
                ]))
            }

            // 6. Month by month: the busiest month is the one with the most reading time, here
            // and everywhere.
            let minutes = reader.monthly.map { $0.milliseconds / 60_000 }
            let names = reader.monthly.map { format.monthName($0.month) }
            let best = reader.monthly.max { a, b in a.milliseconds < b.milliseconds || (a.milliseconds == b.milliseconds && a.month > b.month) }!
            slides.append(("monthly", strings.text("monthly_heading"), [
                "best": strings.text("monthly_best", ["month": format.monthName(best.month),
                                                      "duration": format.duration(milliseconds: best.milliseconds)]),
                "chart": chart(minutes, labels: (1...12).map(format.shortMonthName), labelEvery: 2, highlight: best.month - 1, valueLabels: true,
                               title: strings.text("chart_months_title"),
                               description: strings.text("chart_months_desc", ["month": format.monthName(best.month)]),
                               valueHeading: strings.text("chart_minutes"),
                               values: minutes.map { format.integer($0) }, rowHeadings: names),
            ]))

            // 7. The longest streak with the year as a calendar; without a streak of three days,
            // the days read, when there are a week's worth of them.
            let activeDays = activity.days.count
            if streakShown || activeDays >= Self.minimumDaysForCalendar {
                var calendar = Charts.calendar(year: year, days: activity.days, windowEnd: lastDay, streak: reader.streak,
                                               format: format, strings: strings)
                calendar["calendar_title"] = strings.text("calendar_title", ["year": format.year(year)])
                calendar["calendar_desc"] = strings.text("calendar_desc", [
                    "days": format.integer(activeDays), "streak": format.integer(reader.streak.days)])
                calendar["value_heading"] = strings.text("chart_reading")
                calendar["days_heading"] = strings.text("days_heading")
                var content: [String: Any] = ["calendar": calendar]
                if streakShown, let start = reader.streak.start, let end = reader.streak.end {
                    content["hero"] = format.integer(reader.streak.days)
                    content["hero_label"] = strings.plural("days_in_a_row", reader.streak.days, format.integer(reader.streak.days))
                    content["range"] = strings.text("streak_range", ["start": format.longDate(start), "end": format.longDate(end)])
                    content["active_days"] = strings.plural("active_days", activeDays, format.integer(activeDays))
                } else {
                    content["hero"] = format.integer(activeDays)
                    content["hero_label"] = strings.plural("days_with_reading", activeDays, format.integer(activeDays))
                }
                slides.append(("streak", strings.text(streakShown ? "streak_heading" : "days_heading"), content))
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
                let previousMinutes = previous.milliseconds / 60_000
                content["change_figure"] = reading.figure
                content["change_label"] = reading.label
                content["change_previous"] = strings.plural("change_previous_minutes", Int(previousMinutes), format.integer(previousMinutes),
                                                            ["previous": previousYear])
            }
            slides.append(("change", strings.text("change_heading", ["previous": previousYear]), content))
        }

        // 8. Saved: "0" is an answer too, but not in a short deck.
        let saved = reader.saved
        if !shortDeck || saved.yearCount > 0 || saved.last30DaysCount > 0 {
            var savedContent: [String: Any] = [
                "saved_30": format.integer(saved.last30DaysCount),
                "saved_30_label": strings.plural("saved_last_30_days", saved.last30DaysCount, format.integer(saved.last30DaysCount)),
                "saved_year": strings.plural("saved_this_year", saved.yearCount, format.integer(saved.yearCount), ["year": format.year(year)]),
            ]
            if let last = saved.lastSaved {
                // Always with its day: a time alone says nothing a week later.
                savedContent["last_saved"] = strings.text("saved_last", ["date": format.longDate(zone.local(last).date)])
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
        }

        // 9. Notifications followed, each with a readable name even when the table lacks it.
        if !reader.notifications.subscribed.isEmpty {
            slides.append(("notifications", strings.text("notifications_heading"), [
                "notifications_label": strings.plural("notifications", reader.notifications.subscribed.count,
                                                      format.integer(reader.notifications.subscribed.count)),
                "subscribed": reader.notifications.subscribed.map { n -> [String: Any] in
                    if strings.has("notification_\(n.key)") { return ["notification": strings.text("notification_\(n.key)")] }
                    return ["notification": n.label == n.key ? Self.readableNotification(n.key) : n.label]
                },
            ]))
        }

        // 10. Rank, only as good news, and only when the run is big enough for it to mean something.
        if reader.reading.milliseconds > 0, readersWithReading >= Self.minimumReadersForRank {
            let percent = percentReadLess(than: reader.reading.milliseconds)
            if percent >= Self.minimumRankPercent {
                let figure = strings.text("rank_figure", ["percent": format.percent(Int64(percent))])
                slides.append(("rank", strings.text("rank_heading"), [
                    "percent": figure,
                    "rank_text": strings.text("rank_text", ["percent": figure, "readers": format.integer(readersWithReading)]),
                ]))
            }
        }

        // 11. Summary, also the share card: the strongest figures only.
        var highlights: [[String: Any]] = []
        if reader.reading.milliseconds > 0 || reader.appTime.sessions == 0 {
            highlights.append(["highlight_value": reading.figure, "highlight_label": reading.label])
        }
        if reader.reading.articles > 0 {
            highlights.append(["highlight_value": format.integer(reader.reading.articles),
                               "highlight_label": strings.plural("articles", reader.reading.articles, format.integer(reader.reading.articles))])
        }
        if streakShown {
            highlights.append(["highlight_value": format.integer(reader.streak.days),
                               "highlight_label": strings.plural("days_in_a_row", reader.streak.days, format.integer(reader.streak.days))])
        }
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
        if let timeOfDay = reader.patterns.timeOfDay, !shortDeck { summary["summary_time"] = strings.text("time_of_day_\(timeOfDay.rawValue)") }
        slides.append(("summary", strings.text("summary_heading"), summary))

        let total = slides.count
        let context: [String: Any] = [
            "lang": strings.locale, "dir": strings.direction,
            "page_title": strings.text("page_title", ["user": reader.user, "year": format.year(year)]),
            "t": strings.all,
            "slides": slides.enumerated().map { i, slide -> [String: Any] in
                var content = slide.content
                content["heading"] = slide.heading
                content["slide_id"] = slide.kind
                content["t"] = strings.all
                return [
                    "slide_id": slide.kind, "number": i + 1, "heading": slide.heading, "tone": i % Self.tones + 1,
                    "position": strings.text("slide_position", ["n": format.integer(i + 1), "total": format.integer(total)]),
                    "counter": strings.text("slide_counter", ["n": format.integer(i + 1), "total": format.integer(total)]),
                    // Each kind of slide has its template (`slide-KIND`), rendered on its own small context.
                    "body": render(content, "slide-\(slide.kind)"),
                ]
            },
        ]
        return context
    }

    /// Reading time as the hero figure says it: minutes, or seconds under a minute.
    private func readingFigure(_ milliseconds: Int64) -> (figure: String, label: String) {
        if milliseconds > 0 && milliseconds < 60_000 {
            let seconds = max(1, (milliseconds + 500) / 1000)
            return (format.integer(seconds), strings.plural("seconds_reading", Int(seconds), format.integer(seconds)))
        }
        let minutes = milliseconds / 60_000
        return (format.integer(minutes), strings.plural("minutes_reading", Int(minutes), format.integer(minutes)))
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

    /// A bar chart with its title, description and the same figures as a table; the values
    /// written above every bar (`valueLabels`) or above the highlighted one only.
    private func chart(_ values: [Int64], labels: [String], labelEvery: Int, highlight: Int?,
                       valueLabels: Bool, title: String, description: String, valueHeading: String, values texts: [String],
                       rowHeadings: [String]) -> [String: Any] {
        var chart = Charts.bars(values, labels: labels, labelEvery: labelEvery, highlight: highlight,
                                valueTexts: texts.indices.map { valueLabels || $0 == highlight ? texts[$0] : "" })
        chart["chart_title"] = title
        chart["chart_desc"] = description
        chart["value_heading"] = valueHeading
        // A table of the hours with views: the hours without are the chart's empty places.
        chart["rows_html"] = Charts.tableRows(rowHeadings.indices.compactMap { i in
            valueLabels || values[i] > 0 ? (heading: rowHeadings[i], value: texts[i]) : nil
        })
        return chart
    }
}
