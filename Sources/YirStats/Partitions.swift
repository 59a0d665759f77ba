import YirCore
import YirIngest

/// SPEC §6 from the statistics' side: reader figures read back from a partition's lines
/// (`yir stats --format jsonl --partition`), and the run-level figures (§2.4 cohort, §2.3 rank)
/// made from all of them, as `Statistics.compute` makes them from records.
public enum Partitions {
    public struct DecodeError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// A reader object with its `detail` (see `JSONReport.writePartition`).
    public static func reader(_ json: JSONValue, zones: ZoneCatalog) throws(DecodeError) -> ReaderStats {
        var field = "user"
        func need<T>(_ value: T?, _ name: String) throws(DecodeError) -> T {
            guard let value else { throw DecodeError(message: "reader line: '\(field)\(name.isEmpty ? "" : "." + name)' is missing or of the wrong type") }
            return value
        }
        func object(_ name: String) throws(DecodeError) -> JSONValue {
            field = name
            return try need(json[name], "")
        }
        let user = try need(json["user"]?.string, "")
        field = "time_zone"
        let zoneName = try need(json["time_zone"]?.string, "")
        guard let zone = zones.rules(for: zoneName) else { throw DecodeError(message: "reader line: unknown time zone '\(zoneName)'") }
        func instant(_ value: JSONValue?, _ name: String) throws(DecodeError) -> Int64 {
            guard let text = value?.string, case .success(.instant(let t)) = RFC3339.parse(text) else {
                throw DecodeError(message: "reader line: '\(field).\(name)' is not an RFC 3339 instant")
            }
            return t
        }
        func optionalInstant(_ value: JSONValue?, _ name: String) throws(DecodeError) -> Int64? {
            guard let value, !value.isNull else { return nil }
            return try instant(value, name)
        }
        func decimal(_ value: JSONValue?, _ name: String) throws(DecodeError) -> FixedDecimal {
            try need(value?.numberText.flatMap(Self.fixedDecimal), name)
        }
        func milliseconds(_ value: JSONValue?, _ name: String) throws(DecodeError) -> Int64 {
            let d = try decimal(value, name)
            guard d.scale <= 3 else { throw DecodeError(message: "reader line: '\(field).\(name)' has more than 3 decimals") }
            var v = d.value
            for _ in d.scale..<3 { v *= 10 }
            return v
        }
        func int(_ value: JSONValue?, _ name: String) throws(DecodeError) -> Int { try need(value?.int, name) }
        func optionalInt(_ value: JSONValue?) -> Int? { value?.int }
        func date(_ value: JSONValue?) -> CivilDate? {
            guard let text = value?.string, text.utf8.count == 10 else { return nil }
            let parts = text.split(separator: "-").compactMap { Int($0) }
            return parts.count == 3 ? CivilDate(year: parts[0], month: parts[1], day: parts[2]) : nil
        }
        func article(_ a: JSONValue) throws(DecodeError) -> ArticleFigures {
            ArticleFigures(wiki: try need(a["wiki"]?.string, "wiki"), title: try need(a["title"]?.string, "title"),
                           milliseconds: try milliseconds(a["seconds"], "seconds"), views: try int(a["views"], "views"),
                           firstViewed: try instant(a["first_viewed"], "first_viewed"),
                           lastViewed: try instant(a["last_viewed"], "last_viewed"), readers: 0)
        }

        let window = try object("window")
        let reading = try object("reading")
        let tops = try need(try object("top_articles").array, "")
        let app = try object("app_time")
        let patterns = try object("patterns")
        let monthly = try need(try object("monthly").array, "")
        let streak = try object("streak")
        let saved = try object("saved")
        let notifications = try object("notifications")
        let rank = try object("rank")
        let detail = try object("detail")

        field = "window"
        let windowFigures = ReaderStats.Window(start: try instant(window["start"], "start"), end: try instant(window["end"], "end"))
        field = "reading"
        let readingFigures = ReaderStats.Reading(
            milliseconds: try milliseconds(reading["seconds"], "seconds"), views: try int(reading["views"], "views"),
            articles: try int(reading["articles"], "articles"),
            averageSecondsPerArticle: try decimal(reading["average_seconds_per_article"], "average_seconds_per_article"),
            medianSecondsPerArticle: try decimal(reading["median_seconds_per_article"], "median_seconds_per_article"))
        field = "top_articles"
        var topArticles: [ArticleFigures] = []
        for a in tops { topArticles.append(try article(a)) }
        field = "app_time"
        let appTime = ReaderStats.AppTime(
            milliseconds: try milliseconds(app["seconds"], "seconds"), sessions: try int(app["sessions"], "sessions"),
            averageSessionSeconds: try decimal(app["average_session_seconds"], "average_session_seconds"))
        let patternFigures = ReaderStats.Patterns(hour: optionalInt(patterns["hour"]), weekday: optionalInt(patterns["weekday"]),
                                                  month: optionalInt(patterns["month"]))
        field = "monthly"
        var months: [ReaderStats.Month] = []
        for m in monthly {
            months.append(.init(month: try int(m["month"], "month"), milliseconds: try milliseconds(m["seconds"], "seconds"),
                                views: try int(m["views"], "views")))
        }
        field = "streak"
        let streakFigures = ReaderStats.Streak(days: try int(streak["days"], "days"), start: date(streak["start"]), end: date(streak["end"]))
        field = "saved"
        let last30 = try need(saved["last_30_days"], "last_30_days")
        var recent: [ReaderStats.RecentSave] = []
        for s in try need(saved["recent"]?.array, "recent") {
            recent.append(.init(wiki: try need(s["wiki"]?.string, "recent.wiki"), title: try need(s["title"]?.string, "recent.title"),
                                saved: try instant(s["saved"], "recent.saved"), thumbnail: s["thumbnail"]?.string))
        }
        let savedFigures = ReaderStats.Saved(
            last30DaysCount: try int(last30["count"], "last_30_days.count"),
            lastSaved: try optionalInstant(last30["last_saved"], "last_30_days.last_saved"),
            lastSavedDisplay: try need(last30["last_saved_display"]?.string, "last_30_days.last_saved_display"),
            yearCount: try int(saved["year"]?["count"], "year.count"), recent: recent)
        field = "notifications"
        func keys(_ list: String) throws(DecodeError) -> [NotificationType] {
            var types: [NotificationType] = []
            for n in try need(notifications[list]?.array, list) { types.append(NotificationType(key: try need(n["key"]?.string, "\(list).key"))) }
            return types
        }
        let notificationFigures = ReaderStats.Notifications(subscribed: try keys("subscribed"), unsubscribed: try keys("unsubscribed"))

        field = "detail"
        var articles: [ArticleFigures] = []
        for a in try need(detail["articles"]?.array, "articles") {
            guard let v = a.array, v.count == 6, let wiki = v[0].string, let title = v[1].string, let ms = v[2].int64,
                  let views = v[3].int, let first = v[4].int64, let last = v[5].int64 else {
                throw DecodeError(message: "reader line: 'detail.articles' entries are [wiki, title, ms, views, first, last]")
            }
            articles.append(ArticleFigures(wiki: wiki, title: title, milliseconds: ms, views: views, firstViewed: first,
                                           lastViewed: last, readers: 1))
        }
        let hours = try need(detail["hours"]?.array?.compactMap(\.int), "hours")
        let weekdays = try need(detail["weekdays"]?.array?.compactMap(\.int), "weekdays")
        guard hours.count == 24, weekdays.count == 7 else { throw DecodeError(message: "reader line: 'detail.hours' needs 24 and 'detail.weekdays' 7 counts") }
        var days: [ReaderStats.Day] = []
        for d in try need(detail["days"]?.array, "days") {
            guard let v = d.array, v.count == 3, let day = v[0].int64, let views = v[1].int, let ms = v[2].int64 else {
                throw DecodeError(message: "reader line: 'detail.days' entries are [day, views, ms]")
            }
            days.append(.init(day: day, views: views, milliseconds: ms))
        }
        _ = rank  // recomputed over the whole run by `merge`
        return ReaderStats(user: user, zone: zone, window: windowFigures, reading: readingFigures, topArticles: topArticles,
                           appTime: appTime, patterns: patternFigures, monthly: months, streak: streakFigures,
                           saved: savedFigures, notifications: notificationFigures, rankTopPercent: nil,
                           activity: .init(hourViews: hours, weekdayViews: weekdays, days: days), articles: articles)
    }

    /// `12.5` → 12500 × 10⁻³: the decimal text exactly, its scale the number of its decimals.
    static func fixedDecimal(_ text: String) -> FixedDecimal? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]), whole >= 0 else { return nil }
        guard parts.count == 2 else { return FixedDecimal(whole, scale: 0) }
        let fraction = parts[1]
        guard !fraction.isEmpty, fraction.count <= 9, let digits = Int64(fraction) else { return nil }
        var scale: Int64 = 1
        for _ in 0..<fraction.count { scale *= 10 }
        return FixedDecimal(whole * scale + digits, scale: fraction.count)
    }

    /// The run's figures from every reader of every partition: readers in user order, ranks
    /// over all of them, and the cohort — what `Statistics.compute` gives for one process.
    /// Each reader must come with `articles` (the partition's detail).
    public static func merge(_ readers: [ReaderStats], top: Int) throws(DecodeError) -> (readers: [ReaderStats], cohort: CohortStats) {
        var readers = readers
        readers.sort { $0.user.utf8.lexicographicallyPrecedes($1.user.utf8) }
        for i in readers.indices.dropFirst() where readers[i].user == readers[i - 1].user {
            throw DecodeError(message: "reader '\(readers[i].user)' is in more than one partition: partition the export by user")
        }
        Statistics.assignRanks(&readers)
        var totals: [ArticleKey: ArticleFigures] = [:]
        for reader in readers {
            for a in reader.articles ?? [] {
                let key = ArticleKey(wiki: a.wiki, title: a.title)
                if var t = totals[key] {
                    t.milliseconds += a.milliseconds
                    t.views += a.views
                    t.firstViewed = min(t.firstViewed, a.firstViewed)
                    t.lastViewed = max(t.lastViewed, a.lastViewed)
                    t.readers += 1
                    totals[key] = t
                } else {
                    var one = a
                    one.readers = 1
                    totals[key] = one
                }
            }
        }
        let ranked = totals.values.sorted { a, b in
            if a.milliseconds != b.milliseconds { return a.milliseconds > b.milliseconds }
            if a.views != b.views { return a.views > b.views }
            if a.lastViewed != b.lastViewed { return a.lastViewed > b.lastViewed }
            if a.wiki != b.wiki { return a.wiki.utf8.lexicographicallyPrecedes(b.wiki.utf8) }
            return a.title.utf8.lexicographicallyPrecedes(b.title.utf8)
        }
        let cohort = CohortStats(
            readers: readers.count,
            readingMilliseconds: readers.reduce(0) { $0 + $1.reading.milliseconds },
            readingSecondsPercentiles: Statistics.percentiles(readers.map(\.reading.milliseconds)),
            appTimeSecondsPercentiles: Statistics.percentiles(readers.map(\.appTime.milliseconds)),
            topArticles: Array(ranked.prefix(top)))
        return (readers, cohort)
    }

    private struct ArticleKey: Hashable {
        var wiki: String
        var title: String
    }
}
