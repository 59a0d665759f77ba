import YirCore
import YirStats

/// Reads a partition's reader line (the `jsonl` reader object plus `detail`) back into
/// `ReaderStats`, member by member, without building a tree. Every value comes back exactly:
/// instants from their RFC 3339 text, decimals from their digits.
///
/// Every value is checked against what `yir stats` can write — counts ≥ 0, hours 0–23, months
/// 1–12 in order, calendar dates, instants of 1970–2099 — so that a damaged or hand-made line is
/// refused with its place, never renders as nonsense, and never reaches a renderer that
/// indexes a table by month or weekday.
struct ReaderDecoder {
    typealias Failure = JSONPullReader.Failure
    let zones: ZoneCatalog

    private var user: String?
    private var zone: ZoneRules?
    private var window: ReaderStats.Window?
    private var coverage: ReaderStats.Coverage?
    private var reading: ReaderStats.Reading?
    private var topArticles: [ArticleFigures]?
    private var appTime: ReaderStats.AppTime?
    private var patterns: ReaderStats.Patterns?
    private var monthly: [ReaderStats.Month]?
    private var streak: ReaderStats.Streak?
    private var rabbitHole: ReaderStats.RabbitHole??
    private var previousYear: ReaderStats.PreviousYear??
    private var readingChange: FixedDecimal??
    private var saved: ReaderStats.Saved?
    private var notifications: ReaderStats.Notifications?
    private var locale: LanguageTag?
    private var activity: ReaderStats.Activity?
    private var articles: [ArticleFigures]?

    init(zones: ZoneCatalog) { self.zones = zones }

    /// The figures once every member was read; what is missing is named.
    func figures() throws(Partitions.DecodeError) -> ReaderStats {
        guard let user, let zone, let locale, let window, let coverage, let reading, let topArticles, let appTime, let patterns,
              let monthly, let streak, let rabbitHole, let previousYear, let readingChange, let saved, let notifications,
              let activity, let articles else {
            let names: [(String, Bool)] = [
                ("user", user == nil), ("time_zone", zone == nil), ("locale", locale == nil), ("window", window == nil), ("coverage", coverage == nil),
                ("reading", reading == nil), ("top_articles", topArticles == nil), ("app_time", appTime == nil),
                ("patterns", patterns == nil), ("monthly", monthly == nil), ("streak", streak == nil),
                ("rabbit_hole", rabbitHole == nil), ("previous_year", previousYear == nil), ("change", readingChange == nil),
                ("saved", saved == nil), ("notifications", notifications == nil), ("detail", activity == nil || articles == nil),
            ]
            let missing = names.filter(\.1).map(\.0).joined(separator: ", ")
            throw Partitions.DecodeError(message: "reader line: '\(missing)' is missing", lacksOnlyDetail: missing == "detail")
        }
        return ReaderStats.readBack(user: user, zone: zone, locale: locale, window: window, coverage: coverage, reading: reading,
                           topArticles: topArticles, appTime: appTime, patterns: patterns, monthly: monthly, streak: streak,
                           rabbitHole: rabbitHole, previousYear: previousYear, readingChange: readingChange, saved: saved,
                           notifications: notifications, rankTopPercent: nil, activity: activity, articles: articles)
    }

    mutating func member(_ key: String, _ r: inout JSONPullReader) throws(Failure) {
        switch key {
        case "user": user = try r.string()
        case "time_zone":
            let name = try r.string()
            guard let rules = zones.rules(for: name) else { throw r.failure("an IANA zone, not '\(name)'") }
            zone = rules
        case "locale":
            let text = try r.string()
            guard let tag = LanguageTag(text) else { throw r.failure("a BCP 47 language tag, not '\(text)'") }
            locale = tag
        case "window":
            var start: Int64?, end: Int64?
            try r.object { r, key throws(Failure) in
                switch key {
                case "start": start = try Self.instant(&r)
                case "end": end = try Self.instant(&r)
                default: try r.skip()
                }
            }
            guard let start, let end else { throw r.failure("'window.start' and 'window.end'") }
            window = .init(start: start, end: end)
        case "reading":
            var ms: Int64?, views: Int?, count: Int?, average: FixedDecimal?, median: FixedDecimal?
            try r.object { r, key throws(Failure) in
                switch key {
                case "seconds": ms = try Self.milliseconds(&r)
                case "views": views = try r.count()
                case "articles": count = try r.count()
                case "average_seconds_per_article": average = try Self.decimal(&r)
                case "median_seconds_per_article": median = try Self.decimal(&r)
                default: try r.skip()
                }
            }
            guard let ms, let views, let count, let average, let median else { throw r.failure("every 'reading' figure") }
            reading = .init(milliseconds: ms, views: views, articles: count, averageSecondsPerArticle: average,
                            medianSecondsPerArticle: median)
        case "top_articles":
            var list: [ArticleFigures] = []
            try r.array { r throws(Failure) in list.append(try Self.article(&r)) }
            topArticles = list
        case "app_time":
            var ms: Int64?, sessions: Int?, average: FixedDecimal?
            try r.object { r, key throws(Failure) in
                switch key {
                case "seconds": ms = try Self.milliseconds(&r)
                case "sessions": sessions = try r.count()
                case "average_session_seconds": average = try Self.decimal(&r)
                default: try r.skip()
                }
            }
            guard let ms, let sessions, let average else { throw r.failure("every 'app_time' figure") }
            appTime = .init(milliseconds: ms, sessions: sessions, averageSessionSeconds: average)
        case "patterns":
            var p = ReaderStats.Patterns(hour: nil, weekday: nil, month: nil)
            try r.object { r, key throws(Failure) in
                switch key {
                case "hour": p.hour = try r.optionalInt(in: 0...23, "an hour from 0 to 23")
                case "weekday": p.weekday = try r.optionalInt(in: 1...7, "a weekday from 1 to 7")
                case "month": p.month = try r.optionalInt(in: 1...12, "a month from 1 to 12")
                default: try r.skip()
                }
            }
            patterns = p
        case "monthly":
            var months: [ReaderStats.Month] = []
            try r.array { r throws(Failure) in
                var month = ReaderStats.Month(month: 0, milliseconds: 0, views: 0)
                try r.object { r, key throws(Failure) in
                    switch key {
                    case "month": month.month = try r.int()
                    case "seconds": month.milliseconds = try Self.milliseconds(&r)
                    case "views": month.views = try r.count()
                    default: try r.skip()
                    }
                }
                months.append(month)
            }
            guard months.map(\.month) == Array(1...12) else { throw r.failure("'monthly' with months 1 to 12 in order") }
            monthly = months
        case "streak":
            var s = ReaderStats.Streak(days: 0, start: nil, end: nil)
            try r.object { r, key throws(Failure) in
                switch key {
                case "days": s.days = try r.count()
                case "start": s.start = try Self.date(&r)
                case "end": s.end = try Self.date(&r)
                default: try r.skip()
                }
            }
            // The days from start to end, both included; none without either.
            let length = s.start.flatMap { start in s.end.map { Int($0.daysSinceEpoch - start.daysSinceEpoch) + 1 } } ?? 0
            guard s.days == length, (s.start == nil) == (s.end == nil) else {
                throw r.failure("a 'streak' of as many days as from 'start' to 'end'")
            }
            streak = s
        case "coverage":
            var c = ReaderStats.Coverage(start: 0, end: 0, cleared: nil, firstView: nil)
            var bounds = 0
            try r.object { r, key throws(Failure) in
                switch key {
                case "start": c.start = try Self.instant(&r); bounds += 1
                case "end": c.end = try Self.instant(&r); bounds += 1
                case "cleared": c.cleared = try r.null() ? nil : Self.instant(&r)
                case "first_view": c.firstView = try r.null() ? nil : Self.instant(&r)
                default: try r.skip()
                }
            }
            guard bounds == 2 else { throw r.failure("'coverage' with 'start' and 'end'") }
            coverage = c
        case "rabbit_hole": rabbitHole = .some(try r.null() ? nil : Self.rabbitHole(&r))
        case "previous_year":
            if r.null() {
                previousYear = .some(nil)
            } else {
                var p = ReaderStats.PreviousYear(milliseconds: 0, views: 0, articles: 0)
                try r.object { r, key throws(Failure) in
                    switch key {
                    case "seconds": p.milliseconds = try Self.milliseconds(&r)
                    case "views": p.views = try r.count()
                    case "articles": p.articles = try r.count()
                    default: try r.skip()
                    }
                }
                guard p.views > 0, (1...p.views).contains(p.articles) else {
                    throw r.failure("'previous_year' with views ≥ articles ≥ 1, or null")
                }
                previousYear = .some(p)
            }
        case "change":
            var change: FixedDecimal??
            try r.object { r, key throws(Failure) in
                if key == "reading_seconds" { change = .some(try r.null() ? nil : Self.signedDecimal(&r)) } else { try r.skip() }
            }
            guard let change else { throw r.failure("'change' with 'reading_seconds'") }
            readingChange = .some(change)
        case "saved": saved = try Self.saved(&r)
        case "notifications":
            var n = ReaderStats.Notifications(subscribed: [], unsubscribed: [])
            try r.object { r, key throws(Failure) in
                var list: [NotificationType] = []
                try r.array { r throws(Failure) in
                    var type: NotificationType?
                    try r.object { r, key throws(Failure) in
                        if key == "key" { type = NotificationType(key: try r.string()) } else { try r.skip() }
                    }
                    guard let type else { throw r.failure("a notification 'key'") }
                    list.append(type)
                }
                if key == "subscribed" { n.subscribed = list } else if key == "unsubscribed" { n.unsubscribed = list }
            }
            notifications = n
        case "detail": try detail(&r)
        default: try r.skip()  // `rank` is recomputed over the whole run
        }
    }

    private mutating func detail(_ r: inout JSONPullReader) throws(Failure) {
        var list: [ArticleFigures] = []
        var hours: [Int] = [], weekdays: [Int] = []
        var days: [ReaderStats.Day] = []
        try r.object { r, key throws(Failure) in
            switch key {
            case "articles":
                try r.array { r throws(Failure) in
                    var fields: (wiki: String, title: String, numbers: [Int64]) = ("", "", [])
                    var index = 0
                    try r.array { r throws(Failure) in
                        switch index {
                        case 0: fields.wiki = try r.string()
                        case 1: fields.title = try r.string()
                        case 2, 3: fields.numbers.append(Int64(try r.count()))
                        default: fields.numbers.append(try r.int64(in: Self.instants, "an instant of 1970–2099 in milliseconds"))
                        }
                        index += 1
                    }
                    guard index == 6, fields.numbers[2] <= fields.numbers[3] else {
                        throw r.failure("[wiki, title, ms, views, first, last] in 'detail.articles'")
                    }
                    let n = fields.numbers
                    list.append(ArticleFigures(name: .text(wiki: fields.wiki, title: fields.title), milliseconds: n[0], views: Int(n[1]),
                                               firstViewed: n[2], lastViewed: n[3], readers: 1))
                }
            case "hours": try r.array { r throws(Failure) in hours.append(try r.count()) }
            case "weekdays": try r.array { r throws(Failure) in weekdays.append(try r.count()) }
            case "days":
                try r.array { r throws(Failure) in
                    var n: [Int64] = []
                    try r.array { r throws(Failure) in
                        n.append(n.isEmpty ? try r.int64(in: Self.days, "a day of 1970–2099") : Int64(try r.count()))
                    }
                    guard n.count == 3, n[0] > days.last?.day ?? .min else { throw r.failure("[day, views, ms] in 'detail.days', by day") }
                    days.append(.init(day: n[0], views: Int(n[1]), milliseconds: n[2]))
                }
            default: try r.skip()
            }
        }
        guard hours.count == 24, weekdays.count == 7 else { throw r.failure("24 'detail.hours' and 7 'detail.weekdays'") }
        articles = list
        activity = .init(hourViews: hours, weekdayViews: weekdays, days: days)
    }

    private static func saved(_ r: inout JSONPullReader) throws(Failure) -> ReaderStats.Saved {
        var s = ReaderStats.Saved(last30DaysCount: 0, lastSaved: nil, lastSavedDisplay: "", yearCount: 0, recent: [])
        try r.object { r, key throws(Failure) in
            switch key {
            case "last_30_days":
                try r.object { r, key throws(Failure) in
                    switch key {
                    case "count": s.last30DaysCount = try r.count()
                    case "last_saved": s.lastSaved = try r.null() ? nil : instant(&r)
                    case "last_saved_display": s.lastSavedDisplay = try r.string()
                    default: try r.skip()
                    }
                }
            case "year":
                try r.object { r, key throws(Failure) in
                    if key == "count" { s.yearCount = try r.count() } else { try r.skip() }
                }
            case "recent":
                try r.array { r throws(Failure) in
                    var wiki = "", title = "", saved: Int64 = 0, thumbnail: String?
                    try r.object { r, key throws(Failure) in
                        switch key {
                        case "wiki": wiki = try r.string()
                        case "title": title = try r.string()
                        case "saved": saved = try instant(&r)
                        case "thumbnail": thumbnail = try r.optionalString()
                        default: try r.skip()
                        }
                    }
                    s.recent.append(.init(name: .text(wiki: wiki, title: title), saved: saved, thumbnail: thumbnail))
                }
            default: try r.skip()
            }
        }
        return s
    }

    private static func rabbitHole(_ r: inout JSONPullReader) throws(Failure) -> ReaderStats.RabbitHole {
        var hole = ReaderStats.RabbitHole(articles: 0, views: 0, milliseconds: 0, start: 0, end: 0,
                                          first: .text(wiki: "", title: ""), last: .text(wiki: "", title: ""))
        var named = 0
        func name(_ r: inout JSONPullReader) throws(Failure) -> ArticleName {
            var wiki = "", title = ""
            try r.object { r, key throws(Failure) in
                switch key {
                case "wiki": wiki = try r.string()
                case "title": title = try r.string()
                default: try r.skip()
                }
            }
            named += 1
            return .text(wiki: wiki, title: title)
        }
        try r.object { r, key throws(Failure) in
            switch key {
            case "articles": hole.articles = try r.count()
            case "views": hole.views = try r.count()
            case "seconds": hole.milliseconds = try milliseconds(&r)
            case "start": hole.start = try instant(&r)
            case "end": hole.end = try instant(&r)
            case "first": hole.first = try name(&r)
            case "last": hole.last = try name(&r)
            default: try r.skip()
            }
        }
        guard named == 2, hole.views > 0, (1...hole.views).contains(hole.articles), hole.start <= hole.end else {
            throw r.failure("a 'rabbit_hole' with views ≥ articles ≥ 1, start ≤ end, 'first' and 'last', or null")
        }
        return hole
    }

    /// A change to three decimals, of either sign.
    private static func signedDecimal(_ r: inout JSONPullReader) throws(Failure) -> FixedDecimal {
        let text = String(decoding: try r.numberText(), as: UTF8.self)
        let negative = text.hasPrefix("-")
        guard let magnitude = PartitionFormat.fixedDecimal(negative ? String(text.dropFirst()) : text), magnitude.scale <= 3,
              magnitude.value <= JSONPullReader.largestCount
        else { throw r.failure("a number with at most 3 decimals, not '\(text)'") }
        return FixedDecimal(negative ? -magnitude.value : magnitude.value, scale: magnitude.scale)
    }

    private static func article(_ r: inout JSONPullReader) throws(Failure) -> ArticleFigures {
        var wiki = "", title = ""
        var a = ArticleFigures(name: .text(wiki: "", title: ""), milliseconds: 0, views: 0, firstViewed: 0, lastViewed: 0, readers: 0)
        try r.object { r, key throws(Failure) in
            switch key {
            case "wiki": wiki = try r.string()
            case "title": title = try r.string()
            case "seconds": a.milliseconds = try milliseconds(&r)
            case "views": a.views = try r.count()
            case "first_viewed": a.firstViewed = try instant(&r)
            case "last_viewed": a.lastViewed = try instant(&r)
            default: try r.skip()
            }
        }
        a.name = .text(wiki: wiki, title: title)
        return a
    }

    private static func instant(_ r: inout JSONPullReader) throws(Failure) -> Int64 {
        let text = try r.string()
        guard case .success(.instant(let t)) = RFC3339.parse(text) else { throw r.failure("an RFC 3339 instant, not '\(text)'") }
        return t
    }

    /// What `stats` can write: instants of 1970–2099 (SPEC §1.2), and their local days.
    static let instants = RFC3339.earliest...(RFC3339.end - 1)
    static let days = (RFC3339.earliest / millisecondsPerDay - 1)...(RFC3339.end / millisecondsPerDay)

    /// `null`, or a calendar date `YYYY-MM-DD` within `days`.
    private static func date(_ r: inout JSONPullReader) throws(Failure) -> CivilDate? {
        guard let text = try r.optionalString() else { return nil }
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            range.allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 } ? range.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) } : nil
        }
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              (1...12).contains(month), (1...CivilDate.daysInMonth(year: year, month: month)).contains(day),
              days.contains(CivilDate(year: year, month: month, day: day).daysSinceEpoch)
        else { throw r.failure("a date YYYY-MM-DD of 1970–2099, not '\(text)'") }
        return CivilDate(year: year, month: month, day: day)
    }

    /// Seconds ≥ 0 with at most four decimals (a median's), of at most `largestCount` milliseconds.
    private static func decimal(_ r: inout JSONPullReader) throws(Failure) -> FixedDecimal {
        let text = try r.numberText()
        guard let value = PartitionFormat.fixedDecimal(String(decoding: text, as: UTF8.self)), value.scale <= 4,
              value.value / [1, 10, 100, 1000, 10_000][value.scale] <= JSONPullReader.largestCount / 1000
        else { throw r.failure("seconds ≥ 0 with at most 4 decimals, below 2^53 milliseconds") }
        return value
    }

    /// Seconds with at most three decimals, as integer milliseconds.
    private static func milliseconds(_ r: inout JSONPullReader) throws(Failure) -> Int64 {
        let d = try decimal(&r)
        guard d.scale <= 3 else { throw r.failure("seconds with at most 3 decimals") }
        var v = d.value
        for _ in d.scale..<3 { v *= 10 }
        return v
    }
}
