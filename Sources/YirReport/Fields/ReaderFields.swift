import YirCore
import YirStats

/// Every field of a reader (SPEC §2.3, in §4.1's order), declared once. The JSON and JSON
/// Lines writers (the partition lines too), the XML writer, the CSV writer, and the JSON Schema
/// and XSD generators all walk this one declaration; the partition lines' decoder (YirPartitions)
/// is checked against it (`members`). A new figure is one line here (its value in
/// `ReaderStats`, and its reading back in the decoder), and a key cannot be spelt two ways.
///
/// Each line names the field, says what it is (the schemas' documentation), its CSV column and
/// role, and hands the visitor the value, read in place: the walk changes nothing.
public enum ReaderFields {
    /// What a reader's output carries beyond its figures: where their deck is, and how their
    /// last save reads in their language.
    public struct Context {
        public var slides: String?
        public var lastSavedDisplay: String

        public init(slides: String?, lastSavedDisplay: String) {
            self.slides = slides
            self.lastSavedDisplay = lastSavedDisplay
        }
    }

    /// Walks reader `r`'s fields in order, handing each value to `v` to read.
    @inline(__always)
    public static func visit<V: ReaderFieldVisitor & ~Copyable>(
        _ r: borrowing ReaderStats, _ context: Context, _ v: inout V
    ) throws(V.Failure) {
        try v.text(ReaderField("user", "The reader's id.", csv: .path), r.user, .nonEmpty)
        try v.text(
            ReaderField(
                "slides",
                "The reader's slides page relative to the output folder (a keyed hash of the user id, never the id itself); absent (null) when the run wrote no HTML.",
                csv: .path, role: .derived), context.slides, .deckPath)
        try v.text(ReaderField("time_zone", "The report zone Z (IANA).", csv: .path), r.zone.identifier, .zone)
        try v.text(
            ReaderField("locale", "The reader's language L, a BCP 47 tag: the language of their slides.", csv: .path),
            r.locale.text, .languageTag)
        try v.object(
            ReaderField(
                "window", "The year window W: its start, and the earlier of next 1 January and the as-of instant.")
        ) { v throws(V.Failure) in
            try v.instant(ReaderField("start", "1 January 00:00 in Z.", csv: .path), r.window.start)
            try v.instant(ReaderField("end", "The window's end.", csv: .path), r.window.end)
        }
        try v.object(ReaderField("coverage", "The part of the year the figures rest on.")) { v throws(V.Failure) in
            try v.instant(
                ReaderField("start", "The later of the window's start and the history clear.", csv: .path),
                r.coverage.start)
            try v.instant(ReaderField("end", "The window's end.", csv: .path), r.coverage.end)
            try v.instant(
                ReaderField(
                    "cleared",
                    "The latest history clear at or before the as-of instant, when after the window's start.",
                    csv: .path), r.coverage.cleared)
            try v.instant(
                ReaderField("first_view", "The earliest counted view.", csv: .path), r.coverage.firstView)
        }
        try v.object(ReaderField("reading", "Counted page views (SPEC §2.2).")) { v throws(V.Failure) in
            try v.seconds(
                ReaderField("seconds", "Σ seconds.", csv: .path), milliseconds: r.reading.milliseconds)
            try v.count(
                ReaderField("minutes", "⌊seconds / 60⌋.", csv: .path, role: .derived), Int(r.reading.minutes), .count)
            try v.count(ReaderField("views", "Counted views.", csv: .path), r.reading.views, .count)
            try v.count(
                ReaderField("articles", "Distinct (wiki, title).", csv: .path), r.reading.articles, .count)
            try v.decimal(
                ReaderField(
                    "average_seconds_per_article", "seconds / articles, 3 decimals.",
                    csv: .named("average_seconds_per_article")), r.reading.averageSecondsPerArticle)
            try v.decimal(
                ReaderField(
                    "median_seconds_per_article", "Median of per-article totals.",
                    csv: .named("median_seconds_per_article")), r.reading.medianSecondsPerArticle)
        }
        try v.object(
            ReaderField("top_article", "The first of top_articles; absent (null) when none.", role: .derived),
            r.topArticles.first, empty: .placeholder
        ) { v, a throws(V.Failure) in try article(&v, a) }
        try v.list(
            ReaderField("top_articles", "Up to --top articles by seconds, then views, later last view, wiki, title."),
            element: "article", r.topArticles, empty: .placeholder, count: nil
        ) { v, a throws(V.Failure) in
            try article(&v, a)
        }
        try v.object(
            ReaderField(
                "first_article",
                "The article of the year's first counted view (timestamp order, equal timestamps in input order); absent (null) without counted views."
            ), r.firstArticle, empty: .placeholder
        ) { v, m throws(V.Failure) in try moment(&v, m) }
        try v.object(
            ReaderField(
                "last_article",
                "The article of the year's last counted view (equal timestamps: the later line); absent (null) without counted views."
            ), r.lastArticle, empty: .placeholder
        ) { v, m throws(V.Failure) in try moment(&v, m) }
        try v.object(
            ReaderField(
                "longest_view",
                "The single counted view with the most seconds (ties: the earlier, then the earlier line); absent (null) without one of more than 0 seconds."
            ), r.longestView, empty: .placeholder
        ) { v, view throws(V.Failure) in
            try name(&v, view.name, csv: .none)
            try v.seconds(ReaderField("seconds", "Its seconds.", csv: .path), milliseconds: view.milliseconds)
            try v.instant(ReaderField("at", "When it began."), view.at)
        }
        try v.list(
            ReaderField(
                "categories",
                "Up to --top categories of the reader's articles (each article's from its latest counted view that carries them), by articles, then seconds, then name; --exclude-category's and, without --keep-all-categories, bookkeeping categories left out."
            ),
            element: "category", r.categories, empty: .placeholder, count: nil
        ) { v, c throws(V.Failure) in
            try subject(&v, c, ReaderField("category", "The category, normalised like a title."))
        }
        try v.list(
            ReaderField(
                "topics",
                "Up to --top topics of the reader's articles, ordered as categories, the taxonomy's catch-all labels last."
            ),
            element: "topic", r.topics, empty: .placeholder, count: nil
        ) { v, t throws(V.Failure) in
            try subject(&v, t, ReaderField("topic", "The topic label, trimmed, NFC."))
        }
        try v.text(
            ReaderField("top_category", "The first of categories.", csv: .path, role: .csvOnly),
            r.categories.first?.name, .nonEmpty
        )
        try v.text(
            ReaderField("top_topic", "The first of topics.", csv: .path, role: .csvOnly), r.topics.first?.name,
            .nonEmpty)
        try v.object(
            ReaderField("places", "Where the reader's articles are; absent (null) when none has coordinates."),
            r.places, empty: .placeholder
        ) { v, p throws(V.Failure) in
            try v.count(ReaderField("articles", "Articles with coordinates.", csv: .path), p.articles, .positive)
            try v.seconds(ReaderField("seconds", "Their seconds."), milliseconds: p.milliseconds)
            try v.list(
                ReaderField(
                    "countries",
                    "Every country of the places (Natural Earth 1:10m Admin 0, 5.1.1), by seconds, then articles, then code; its length is the CSV's places_countries.",
                    csv: .named("places_countries")),
                element: "country", p.countries, empty: .placeholder, count: nil
            ) { v, c throws(V.Failure) in
                try subject(&v, c, ReaderField("country", "ISO 3166-1 alpha-2 code (ISO_A2_EH), else ADM0_A3."))
            }
            try v.object(ReaderField("north", "The northernmost place (ties: more seconds, wiki, title).")) {
                v throws(V.Failure) in
                try place(&v, p.north, seconds: false)
            }
            try v.object(ReaderField("south", "The southernmost place.")) { v throws(V.Failure) in
                try place(&v, p.south, seconds: false)
            }
            try v.list(
                ReaderField("top", "Up to --top places in top_articles' order."), element: "place", p.top,
                empty: .placeholder, count: nil
            ) { v, place throws(V.Failure) in
                try ReaderFields.place(&v, place, seconds: true)
            }
        }
        try v.list(
            ReaderField(
                "languages",
                "The languages of the wikis of the counted views (a wiki naming none left out), by seconds, then articles, then language; its length is the CSV's languages.",
                csv: .named("languages")),
            element: "language", r.languages, empty: .placeholder, count: nil
        ) { v, l throws(V.Failure) in
            try v.text(ReaderField("language", "A BCP 47 language subtag."), l.language, .nonEmpty)
            try v.count(ReaderField("articles", "The reader's articles on its wikis."), l.articles, .positive)
            try v.seconds(ReaderField("seconds", "Their seconds."), milliseconds: l.milliseconds)
        }
        try v.object(ReaderField("app_time", "Sessions in the window, not cleared.")) { v throws(V.Failure) in
            try v.seconds(
                ReaderField("seconds", "Σ durations.", csv: .path), milliseconds: r.appTime.milliseconds)
            try v.count(ReaderField("sessions", "Their count.", csv: .path), r.appTime.sessions, .count)
            try v.decimal(
                ReaderField(
                    "average_session_seconds", "seconds / sessions, 3 decimals.", csv: .named("average_session_seconds")
                ),
                r.appTime.averageSessionSeconds)
        }
        try v.object(
            ReaderField(
                "patterns",
                "Values with the most counted views, ties to the smallest; each absent (null) when no views.")
        ) { v throws(V.Failure) in
            try v.count(
                ReaderField("hour", "Favourite hour.", csv: .named("pattern_hour")), r.patterns.hour, .hour)
            try v.count(
                ReaderField("weekday", "Favourite weekday.", csv: .named("pattern_weekday")),
                r.patterns.weekday, .weekday)
            try v.count(
                ReaderField("month", "Favourite month.", csv: .named("pattern_month")), r.patterns.month,
                .month)
            try v.text(
                ReaderField(
                    "time_of_day",
                    "Of the favourite hour: late_night 0–4, morning 5–11, midday 12, afternoon 13–16, evening 17–20, night 21–23.",
                    csv: .named("pattern_time_of_day"), role: .derived), r.patterns.timeOfDay?.rawValue, .timeOfDay)
        }
        try v.list(
            ReaderField("monthly", "The 12 months of the year."), element: "entry", r.monthly,
            empty: ReaderStats.Month(month: 1, milliseconds: 0, views: 0), count: 12...12
        ) { v, m throws(V.Failure) in
            try v.count(ReaderField("month", "The month."), m.month, .month)
            try v.seconds(ReaderField("seconds", "Seconds read."), milliseconds: m.milliseconds)
            try v.count(ReaderField("views", "Counted views."), m.views, .count)
        }
        try v.object(
            ReaderField("streak", "Longest run of consecutive local days with a counted view; the earliest on ties.")
        ) { v throws(V.Failure) in
            try v.count(ReaderField("days", "Its length.", csv: .path), r.streak.days, .count)
            try v.date(ReaderField("start", "First day.", csv: .path), r.streak.start)
            try v.date(ReaderField("end", "Last day.", csv: .path), r.streak.end)
        }
        try v.object(
            ReaderField(
                "rabbit_hole",
                "The longest sitting: counted views each starting within 30 minutes of the latest end before it, with the most distinct articles; absent (null) without counted views."
            ), r.rabbitHole, empty: .placeholder
        ) { v, hole throws(V.Failure) in
            try v.count(ReaderField("articles", "Distinct articles.", csv: .path), hole.articles, .positive)
            try v.count(ReaderField("views", "Counted views.", csv: .path), hole.views, .positive)
            try v.seconds(ReaderField("seconds", "Their seconds.", csv: .path), milliseconds: hole.milliseconds)
            try v.instant(ReaderField("start", "Its first view's timestamp.", csv: .path), hole.start)
            try v.instant(
                ReaderField("end", "The latest end (timestamp + seconds) of its views.", csv: .path), hole.end)
            try v.object(ReaderField("first", "The article of its first view.")) { v throws(V.Failure) in
                try name(&v, hole.first, csv: .path)
            }
            try v.object(ReaderField("last", "The article of its last view.")) { v throws(V.Failure) in
                try name(&v, hole.last, csv: .path)
            }
        }
        try v.object(
            ReaderField(
                "previous_year", "Counted views in the same part of the year before; absent (null) when there are none."
            ), r.previousYear, empty: .placeholder
        ) { v, previous throws(V.Failure) in
            try v.seconds(ReaderField("seconds", "Σ seconds.", csv: .path), milliseconds: previous.milliseconds)
            try v.count(ReaderField("views", "Counted views.", csv: .path), previous.views, .positive)
            try v.count(ReaderField("articles", "Distinct articles.", csv: .path), previous.articles, .positive)
        }
        try v.object(ReaderField("change", "This year against the year before.")) { v throws(V.Failure) in
            try v.change(
                ReaderField(
                    "reading_seconds",
                    "reading seconds / previous_year seconds − 1; absent (null) without reading the year before.",
                    csv: .path), r.readingChange)
        }
        try v.object(
            ReaderField("saved", "Articles whose latest save/unsave at or before the as-of instant is a save.")
        ) { v throws(V.Failure) in
            try v.object(ReaderField("last_30_days", "Window [as-of − 30 local days, as-of].")) { v throws(V.Failure) in
                try v.count(
                    ReaderField("count", "Articles.", csv: .named("saved_last_30_days")),
                    r.saved.last30DaysCount, .count)
                try v.instant(
                    ReaderField("last_saved", "Newest such save.", csv: .named("last_saved")),
                    r.saved.lastSaved)
                try v.text(
                    ReaderField(
                        "last_saved_display", "Localised time (same day as as-of) or month and day; empty when none.",
                        csv: .named("last_saved_display"), role: .derived), context.lastSavedDisplay, .any)
            }
            try v.object(ReaderField("year", "Window W.")) { v throws(V.Failure) in
                try v.count(
                    ReaderField("count", "Articles.", csv: .named("saved_year")), r.saved.yearCount, .count)
            }
            try v.list(
                ReaderField("recent", "Up to 3 of the year's articles, newest save first."), element: "save",
                r.saved.recent, empty: .placeholder, count: 0...3
            ) { v, s throws(V.Failure) in try save(&v, s) }
            try v.object(
                ReaderField("unread", "The year's articles with no counted view at or after their latest save.")
            ) { v throws(V.Failure) in
                try v.count(
                    ReaderField("count", "Articles.", csv: .named("saved_unread")), r.saved.unread.count, .count)
                try v.list(
                    ReaderField("articles", "Up to 3 of them, oldest save first."), element: "save",
                    r.saved.unread.articles, empty: .placeholder, count: 0...3
                ) { v, s throws(V.Failure) in try save(&v, s) }
            }
        }
        try v.object(ReaderField("edits", "The reader's edits in the window (a history clear leaves them).")) {
            v throws(V.Failure) in
            try v.count(ReaderField("count", "Edits.", csv: .path), r.edits.count, .count)
            try v.count(
                ReaderField("pages", "Distinct (wiki, namespace, title).", csv: .path), r.edits.pages, .count)
        }
        try v.object(
            ReaderField(
                "notifications",
                "Each key's latest state at or before the as-of instant, in the table order of SPEC §2.5, unknown keys after, by key."
            )
        ) { v throws(V.Failure) in
            try v.list(
                ReaderField("subscribed", "Switched on.", csv: .named("notifications_subscribed")),
                element: "notification",
                r.notifications.subscribed, empty: NotificationType(key: ""), count: nil
            ) { v, n throws(V.Failure) in
                try notification(&v, n)
            }
            try v.list(
                ReaderField("unsubscribed", "Switched off.", csv: .named("notifications_unsubscribed")),
                element: "notification",
                r.notifications.unsubscribed, empty: NotificationType(key: ""), count: nil
            ) { v, n throws(V.Failure) in
                try notification(&v, n)
            }
        }
        try v.object(ReaderField("rank", "Among readers with reading time.")) { v throws(V.Failure) in
            try v.count(
                ReaderField(
                    "top_percent", "⌈100 · r / N⌉; absent (null) without reading time.", csv: .path, role: .derived),
                r.rankTopPercent, .percent)
        }
        // What `render` needs beyond the reader object (SPEC §6): every counted article, for
        // the run's top articles, and the views by hour, weekday and day, for the charts.
        try v.object(ReaderField("detail", "What render needs beyond the reader object.", role: .partition)) {
            v throws(V.Failure) in
            try v.rows(
                ReaderField(
                    "articles", "[wiki, title, ms, views, first, last] of every counted article.", role: .partition),
                r.articles!, empty: .placeholder
            ) { v, a throws(V.Failure) in
                try v.articleName(ReaderField("wiki", "", role: .partition), a.name, .wiki)
                try v.articleName(ReaderField("title", "", role: .partition), a.name, .title)
                try v.integer(ReaderField("ms", "", role: .partition), a.milliseconds, .count)
                try v.integer(ReaderField("views", "", role: .partition), Int64(a.views), .count)
                try v.integer(ReaderField("first", "", role: .partition), a.firstViewed, .instantMilliseconds)
                try v.integer(ReaderField("last", "", role: .partition), a.lastViewed, .instantMilliseconds)
            }
            try v.rows(
                ReaderField(
                    "categories", "[category, articles, ms] of every category of the reader's.", role: .partition),
                r.allCategories!, empty: .placeholder
            ) { v, c throws(V.Failure) in try subjectRow(&v, c) }
            try v.rows(
                ReaderField("topics", "[topic, articles, ms] of every topic of the reader's.", role: .partition),
                r.allTopics!, empty: .placeholder
            ) { v, t throws(V.Failure) in try subjectRow(&v, t) }
            try v.numbers(
                ReaderField("hours", "Counted views per local hour 0–23.", role: .partition),
                r.activity!.hourViews, count: 24)
            try v.numbers(
                ReaderField("weekdays", "Counted views per weekday, Monday first.", role: .partition),
                r.activity!.weekdayViews, count: 7)
            try v.rows(
                ReaderField(
                    "days", "[day, views, ms] of each local day with counted views (days since 1970-01-01).",
                    role: .partition),
                r.activity!.days, empty: ReaderStats.Day(day: 0, views: 0, milliseconds: 0)
            ) { v, d throws(V.Failure) in
                try v.integer(ReaderField("day", "", role: .partition), d.day, .day)
                try v.integer(ReaderField("views", "", role: .partition), Int64(d.views), .count)
                try v.integer(ReaderField("ms", "", role: .partition), d.milliseconds, .count)
            }
        }
    }

    /// Walks with a visitor that cannot fail: a writer into memory, a schema generator.
    @inline(__always)
    static func walk<V: ReaderFieldVisitor & ~Copyable>(
        _ r: borrowing ReaderStats, _ context: Context, _ v: inout V
    )
    where V.Failure == Unfailing {
        do { try visit(r, context, &v) } catch let impossible as Unfailing { switch impossible {} }
    }

    /// An article's totals: the top article and each of `top_articles`.
    @inline(__always)
    static func article<V: ReaderFieldVisitor & ~Copyable>(_ v: inout V, _ a: ArticleFigures) throws(V.Failure) {
        try name(&v, a.name, csv: .path)
        try v.seconds(
            ReaderField("seconds", "Seconds over the reader's counted views of it.", csv: .path),
            milliseconds: a.milliseconds)
        try v.count(ReaderField("views", "Counted views.", csv: .path), a.views, .positive)
        try v.instant(ReaderField("first_viewed", "Earliest counted view."), a.firstViewed)
        try v.instant(ReaderField("last_viewed", "Latest counted view."), a.lastViewed)
        try v.text(
            ReaderField(
                "thumbnail",
                "The article's http(s) lead image, from its latest counted view that carries one; absent (null) when none."
            ),
            a.thumbnail, .imageURL)
    }

    /// A category's, topic's or country's share: its name, articles and seconds.
    @inline(__always)
    static func subject<V: ReaderFieldVisitor & ~Copyable>(_ v: inout V, _ s: SubjectTotal, _ name: ReaderField)
        throws(V.Failure)
    {
        try v.text(name, s.name, .nonEmpty)
        try v.count(ReaderField("articles", "The reader's articles that carry it."), s.articles, .positive)
        try v.seconds(ReaderField("seconds", "Their seconds."), milliseconds: s.milliseconds)
    }

    /// A row of `detail.categories` or `detail.topics`.
    @inline(__always)
    static func subjectRow<V: ReaderFieldVisitor & ~Copyable>(_ v: inout V, _ s: SubjectTotal) throws(V.Failure) {
        try v.text(ReaderField("name", "", role: .partition), s.name, .nonEmpty)
        try v.integer(ReaderField("articles", "", role: .partition), Int64(s.articles), .positive)
        try v.integer(ReaderField("ms", "", role: .partition), s.milliseconds, .count)
    }

    /// A place: its article and coordinates, and (in `places.top`) its seconds.
    @inline(__always)
    static func place<V: ReaderFieldVisitor & ~Copyable>(_ v: inout V, _ p: Place, seconds: Bool) throws(V
        .Failure)
    {
        try name(&v, p.name, csv: .none)
        try v.degrees(ReaderField("lat", "Latitude, WGS 84 degrees."), p.coordinates.lat, limit: 90)
        try v.degrees(ReaderField("lon", "Longitude, WGS 84 degrees."), p.coordinates.lon, limit: 180)
        if seconds {
            try v.seconds(ReaderField("seconds", "The reader's seconds on it."), milliseconds: p.milliseconds)
        }
    }

    /// An article by its site and title.
    @inline(__always)
    static func name<V: ReaderFieldVisitor & ~Copyable>(
        _ v: inout V, _ name: ArticleName,
        csv: ReaderField.CSVColumn
    ) throws(V.Failure) {
        try v.articleName(ReaderField("wiki", "The site's domain, normalised.", csv: csv), name, .wiki)
        try v.articleName(ReaderField("title", "Title with spaces, trimmed, NFC.", csv: csv), name, .title)
    }

    /// A save of `saved.recent` or `saved.unread.articles`: its article, when, and its thumbnail.
    @inline(__always)
    static func save<V: ReaderFieldVisitor & ~Copyable>(_ v: inout V, _ s: ReaderStats.RecentSave) throws(V.Failure) {
        try name(&v, s.name, csv: .none)
        try v.instant(ReaderField("saved", "When it was saved."), s.saved)
        try v.text(ReaderField("thumbnail", "The save's http(s) thumbnail."), s.thumbnail, .imageURL)
    }

    /// The first or the last article of the year: its site and title, and when.
    @inline(__always)
    static func moment<V: ReaderFieldVisitor & ~Copyable>(_ v: inout V, _ m: ArticleMoment) throws(V.Failure) {
        try v.articleName(ReaderField("wiki", "The site's domain, normalised."), m.name, .wiki)
        try v.articleName(ReaderField("title", "Title with spaces, trimmed, NFC.", csv: .path), m.name, .title)
        try v.instant(ReaderField("at", "When it was viewed."), m.at)
    }

    /// A push-notification type with its SPEC §2.5 label (the key itself when unknown).
    @inline(__always)
    static func notification<V: ReaderFieldVisitor & ~Copyable>(_ v: inout V, _ n: NotificationType) throws(V
        .Failure)
    {
        try v.text(ReaderField("key", "The preference key."), n.key, .nonEmpty)
        try v.text(ReaderField("label", "Its label.", role: .derived), n.label, .any)
    }
}

// What the schema generators and the listing of members (`ReaderFields.members`) walk where
// there is no value: each list's element and each nullable object, so that their fields are
// met. Writers never walk them but for the empty cells of a null object in the CSV.

extension ReaderStats {
    /// A reader without figures, its `detail` empty, in zone `zone`.
    static func placeholder(zone: ZoneRules) -> ReaderStats {
        var r = ReaderStats(user: "", zone: zone, locale: .english)
        r.activity = Activity.none
        r.articles = []
        r.allCategories = []
        r.allTopics = []
        return r
    }
}

extension ArticleFigures {
    static let placeholder = ArticleFigures(
        name: .text(wiki: "", title: ""), milliseconds: 0, views: 0, firstViewed: 0,
        lastViewed: 0, readers: 1)
}

extension ReaderStats.RabbitHole {
    static let placeholder = ReaderStats.RabbitHole(
        articles: 0, views: 0, milliseconds: 0, start: 0, end: 0,
        first: .text(wiki: "", title: ""), last: .text(wiki: "", title: ""))
}

extension ReaderStats.PreviousYear {
    static let placeholder = ReaderStats.PreviousYear(milliseconds: 0, views: 0, articles: 0)
}

extension ReaderStats.RecentSave {
    static let placeholder = ReaderStats.RecentSave(name: .text(wiki: "", title: ""), saved: 0, thumbnail: nil)
}

extension SubjectTotal {
    static let placeholder = SubjectTotal(name: "", articles: 0, milliseconds: 0)
}

extension Place {
    static let placeholder = Place(
        name: .text(wiki: "", title: ""), coordinates: .init(lat: 0, lon: 0), milliseconds: 0)
}

extension Places {
    static let placeholder = Places(
        articles: 0, milliseconds: 0, countries: [], north: .placeholder, south: .placeholder, top: [])
}

extension ArticleMoment {
    static let placeholder = ArticleMoment(name: .text(wiki: "", title: ""), at: 0)
}

extension LongestView {
    static let placeholder = LongestView(name: .text(wiki: "", title: ""), milliseconds: 0, at: 0)
}

extension LanguageShare {
    static let placeholder = LanguageShare(language: "", articles: 0, milliseconds: 0)
}
