import YirCore
import YirPlaces
import YirStats

/// SPEC §6: `render` takes from partition lines only what `stats` could have written. Each
/// value is checked on its own as it is read (`ReaderLineDecoder`); here, a reader's figures
/// are checked against each other — and its window against the partitions' parameters — by
/// the rules that made them (SPEC §2.1–§2.3), so a hand-edited or damaged line that is valid
/// value by value is still refused rather than rendered as a year that cannot have been.
///
/// Only what is cheap (one pass over what the line holds) and certain (true of every line
/// `stats` writes, whatever the export) is checked.
extension Partitions {
    /// A figure that contradicts another: the reader object's member it is in, and what
    /// `stats` writes there.
    public struct Contradiction: Error, CustomStringConvertible {
        public var member: String
        public var expected: String
        public var description: String { "expected \(expected)" }

        init(_ member: String, _ expected: String) {
            self.member = member
            self.expected = expected
        }
    }

    /// SPEC §1.2: a user id has 1–256 characters (Unicode scalars, as ingest counts them).
    public static let longestUser = 256

    /// The country codes yir's map can give a place (SPEC §2.3): every other is refused, however
    /// harmless it looks.
    public static let knownCountries = Set(CountryLookup.countries)

    /// Checks that reader `r`'s figures, read back from a partition line with its `detail`,
    /// agree with each other as SPEC §2.3 makes them.
    public static func checkAgreement(of r: ReaderStats) throws(Contradiction) {
        let views = r.reading.views, articles = r.reading.articles, milliseconds = r.reading.milliseconds

        guard r.user.utf8.count <= longestUser || r.user.unicodeScalars.count <= longestUser else {
            throw Contradiction("user", "a user id of 1 to \(longestUser) characters")
        }

        // The coverage is the window's, from the later of its start and the history clear; the
        // first counted view lies in it.
        let c = r.coverage
        guard c.end == r.window.end, c.start == max(r.window.start, c.cleared ?? r.window.start),
            c.cleared.map({ $0 > r.window.start }) ?? true
        else {
            throw Contradiction(
                "coverage",
                "'coverage' with the window's end, and its start the later of the window's start and 'cleared'")
        }
        guard (c.firstView == nil) == (views == 0), c.firstView.map({ $0 >= c.start && $0 <= r.window.end }) ?? true
        else {
            throw Contradiction("coverage", "'first_view' inside the coverage, null exactly when there are no views")
        }

        // Reading: every article was viewed; the average is of these figures.
        guard articles <= views, (articles == 0) == (views == 0), views > 0 || milliseconds == 0 else {
            throw Contradiction(
                "reading", "'reading' with articles ≥ 1 and no more articles than views, or no views and 0 seconds")
        }
        guard
            same(r.reading.averageSecondsPerArticle, articles == 0 ? 0 : roundedQuotient(milliseconds, Int64(articles)))
        else {
            throw Contradiction("reading", "'average_seconds_per_article' of seconds / articles")
        }

        // The top articles are some of the reader's articles, most seconds first.
        guard r.topArticles.count <= articles,
            zip(r.topArticles, r.topArticles.dropFirst()).allSatisfy({ $0.milliseconds >= $1.milliseconds }),
            r.topArticles.allSatisfy({ a in
                a.views <= views && a.milliseconds <= milliseconds && a.firstViewed >= c.start
                    && a.lastViewed <= r.window.end
            })
        else {
            throw Contradiction(
                "top_articles",
                "'top_articles' of the reader's articles, most seconds first, each within 'reading' and the coverage")
        }
        // The year's first and last article and its longest view are of its counted views.
        for (member, moment) in [("first_article", r.firstArticle), ("last_article", r.lastArticle)] {
            guard (moment == nil) == (views == 0), moment.map({ $0.at >= c.start && $0.at <= r.window.end }) ?? true
            else {
                throw Contradiction(member, "'\(member)' inside the coverage, null exactly when there are no views")
            }
        }
        if let first = r.firstArticle, let last = r.lastArticle, first.at > last.at {
            throw Contradiction("last_article", "a 'last_article' no earlier than 'first_article'")
        }
        if let longest = r.longestView {
            guard longest.milliseconds <= milliseconds, longest.at >= c.start, longest.at <= r.window.end else {
                throw Contradiction(
                    "longest_view", "a 'longest_view' of no more seconds than 'reading', inside the coverage")
            }
        }
        guard
            sum(r.languages.lazy.map { Int64($0.articles) }, atMost: Int64(articles)) != nil,
            sum(r.languages.lazy.map(\.milliseconds), atMost: milliseconds) != nil
        else {
            throw Contradiction("languages", "'languages' of no more articles or seconds than 'reading'")
        }
        for (member, list) in [("categories", r.categories), ("topics", r.topics)]
        where !subjects(list, within: articles, milliseconds) {
            throw Contradiction(member, "'\(member)' of no more articles or seconds than 'reading'")
        }

        if let places = r.places {
            guard places.articles <= articles, places.milliseconds <= milliseconds, places.top.count <= places.articles,
                subjects(places.countries, within: places.articles, places.milliseconds),
                sum(places.countries.lazy.map { Int64($0.articles) }, atMost: Int64(places.articles)) != nil,
                sum(places.countries.lazy.map(\.milliseconds), atMost: places.milliseconds) != nil
            else {
                throw Contradiction(
                    "places",
                    "'places' of no more articles or seconds than 'reading', and countries of no more than the places")
            }
            for country in places.countries where !knownCountries.contains(country.name) {
                throw Contradiction(
                    "places",
                    "a country code of yir's map (ISO 3166-1 alpha-2 or ADM0_A3), not '\(country.name.prefix(40))'")
            }
        }

        let sessions = r.appTime.sessions
        guard sessions > 0 || r.appTime.milliseconds == 0,
            same(
                r.appTime.averageSessionSeconds,
                sessions == 0 ? 0 : roundedQuotient(r.appTime.milliseconds, Int64(sessions)))
        else {
            throw Contradiction("app_time", "'app_time' with 'average_session_seconds' of seconds / sessions")
        }

        // The month figures add up to the reading, and name its favourite month.
        guard sum(r.monthly.lazy.map { Int64($0.views) }, atMost: Int64(views)) == Int64(views),
            sum(r.monthly.lazy.map(\.milliseconds), atMost: milliseconds) == milliseconds
        else {
            throw Contradiction("monthly", "'monthly' that adds up to the views and seconds of 'reading'")
        }
        guard r.patterns.month == ReaderCalculator.mostFrequent([0] + r.monthly.map(\.views), in: 1...12) else {
            throw Contradiction("patterns", "'month' the month of 'monthly' with the most views")
        }

        if let hole = r.rabbitHole {
            guard hole.articles <= articles, hole.views <= views, hole.milliseconds <= milliseconds,
                hole.start >= c.start, hole.start <= r.window.end
            else {
                throw Contradiction("rabbit_hole", "a 'rabbit_hole' within 'reading' and the coverage")
            }
        } else if views > 0 {
            throw Contradiction("rabbit_hole", "a 'rabbit_hole' for a reader with views")
        }

        guard
            same(
                r.readingChange,
                r.previousYear.flatMap { ReaderCalculator.change(milliseconds, against: $0.milliseconds) })
        else {
            throw Contradiction(
                "change",
                "'reading_seconds' of reading seconds / previous_year seconds − 1, null without previous_year seconds")
        }

        let saved = r.saved
        guard saved.recent.count == min(3, saved.yearCount), (saved.lastSaved == nil) == (saved.last30DaysCount == 0)
        else {
            throw Contradiction(
                "saved",
                "'saved' with as many 'recent' as the year's count (at most 3), and 'last_saved' exactly when the last 30 days count any"
            )
        }

        try checkDetail(of: r)
    }

    /// The partition's `detail` against the reader object: every counted article, view and
    /// day is in it, so it adds up to `reading` and makes `patterns` and `streak`.
    private static func checkDetail(of r: ReaderStats) throws(Contradiction) {
        let views = Int64(r.reading.views), milliseconds = r.reading.milliseconds
        let window = r.window, start = r.coverage.start
        if let all = r.articles {
            guard all.count == r.reading.articles,
                all.allSatisfy({ $0.views >= 1 && $0.firstViewed >= start && $0.lastViewed <= window.end }),
                sum(all.lazy.map { Int64($0.views) }, atMost: views) == views,
                sum(all.lazy.map(\.milliseconds), atMost: milliseconds) == milliseconds
            else {
                throw Contradiction(
                    "detail",
                    "'detail.articles' of as many articles, views and seconds as 'reading', each viewed within the coverage"
                )
            }
        }
        for (name, list) in [("categories", r.allCategories), ("topics", r.allTopics)] {
            guard let list, !subjects(list, within: r.reading.articles, milliseconds) else { continue }
            throw Contradiction("detail", "'detail.\(name)' of no more articles or seconds than 'reading'")
        }
        guard let activity = r.activity else { return }
        guard sum(activity.hourViews.lazy.map(Int64.init), atMost: views) == views,
            sum(activity.weekdayViews.lazy.map(Int64.init), atMost: views) == views
        else {
            throw Contradiction("detail", "'detail.hours' and 'detail.weekdays' that add up to the views of 'reading'")
        }
        guard r.patterns.hour == ReaderCalculator.mostFrequent(activity.hourViews, in: 0...23),
            r.patterns.weekday == ReaderCalculator.mostFrequent([0] + activity.weekdayViews, in: 1...7)
        else {
            throw Contradiction(
                "patterns", "'hour' and 'weekday' those of 'detail.hours' and 'detail.weekdays' with the most views")
        }
        let days = activity.days
        // Counted views lie in the window, so their local days do too — give or take the day a
        // clock set back across midnight can reach (St John's ended DST at 00:01 until 2011).
        let first = r.zone.local(window.start).day - 1, last = r.zone.local(window.end).day + 1
        guard days.allSatisfy({ $0.views >= 1 }), days.first.map({ $0.day >= first }) ?? true,
            days.last.map({ $0.day <= last }) ?? true,
            sum(days.lazy.map { Int64($0.views) }, atMost: views) == views,
            sum(days.lazy.map(\.milliseconds), atMost: milliseconds) == milliseconds
        else {
            throw Contradiction(
                "detail", "'detail.days' inside the window, adding up to the views and seconds of 'reading'")
        }
        let streak = ReaderCalculator.longestStreak(sortedDays: days.map(\.day))
        guard r.streak.days == streak.days, r.streak.start == streak.start, r.streak.end == streak.end else {
            throw Contradiction("streak", "the 'streak' that 'detail.days' make, \(streak.days) long")
        }
    }

    /// Checks reader `r`'s window against the partitions' parameters: SPEC §2.1's W, from
    /// 1 January of the report year in the reader's zone to the next or the as-of instant,
    /// whichever comes first. That end comes before the start only when `--year` names a year
    /// the reader's zone had not reached at the as-of instant — the one window `stats` writes
    /// that way.
    public static func checkWindow(of r: ReaderStats, year: Int?, asOf: Int64) throws(Contradiction) {
        let zone = r.zone
        let y = year ?? zone.local(asOf).date.year
        let start = zone.instant(fromWall: CivilDate(year: y, month: 1, day: 1).daysSinceEpoch * millisecondsPerDay)
        let next = zone.instant(fromWall: CivilDate(year: y + 1, month: 1, day: 1).daysSinceEpoch * millisecondsPerDay)
        guard r.window.start == start, r.window.end == min(next, asOf) else {
            let end = RFC3339.format(min(next, asOf), offsetSeconds: 0)
            throw Contradiction(
                "window",
                "the 'window' of \(y) in \(zone.identifier) up to the partitions' as-of instant: \(RFC3339.format(start, offsetSeconds: 0)) to \(end)"
            )
        }
    }

    /// Each subject of no more articles or seconds than its whole.
    private static func subjects(_ list: [SubjectTotal], within articles: Int, _ milliseconds: Int64) -> Bool {
        list.allSatisfy { $0.articles <= articles && $0.milliseconds <= milliseconds }
    }

    /// The sum of values of at most 2^53 each, or nil once it passes `limit` (≤ 2^53): it
    /// never overflows, however long the list.
    private static func sum(_ values: some Sequence<Int64>, atMost limit: Int64) -> Int64? {
        var total: Int64 = 0
        for value in values {
            total += value
            if total > limit { return nil }
        }
        return total
    }

    /// A decimal read back (any scale up to 3) against milliseconds, or another decimal.
    private static func same(_ read: FixedDecimal, _ milliseconds: Int64) -> Bool {
        thousandths(read) == milliseconds
    }

    private static func same(_ read: FixedDecimal?, _ made: FixedDecimal?) -> Bool {
        switch (read, made) {
        case (nil, nil): true
        case let (read?, made?): thousandths(read) != nil && thousandths(read) == thousandths(made)
        default: false
        }
    }

    /// `value` in thousandths; nil when it has more decimals than that or lies beyond 64 bits.
    private static func thousandths(_ d: FixedDecimal) -> Int64? {
        guard d.scale <= 3 else { return nil }
        var v = d.value
        for _ in d.scale..<3 {
            let (scaled, overflow) = v.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            v = scaled
        }
        return v
    }
}
