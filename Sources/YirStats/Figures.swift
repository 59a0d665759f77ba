import YirCore

/// The figures of SPEC §2.3 for one reader. Instants are epoch milliseconds, written out
/// in the reader's zone; seconds are fixed-point so they print exactly.
///
/// Made with the memberwise initializer: through a hand-written one the compiler built the
/// figures in a temporary and then copied them out — a retain and a release for each of a
/// dozen references, per reader (statistics at a million readers 1.93 → 1.83 s, `--jobs 1`).
public struct ReaderStats: Sendable {
    public var user: String
    public var zone: ZoneRules
    /// The reader's language L (SPEC §2.1): of the slides and `saved.last_saved_display`.
    public var locale: LanguageTag
    public var window: Window
    public var coverage: Coverage
    public var reading: Reading
    public var topArticles: [ArticleFigures]
    /// Up to `--top` categories and topics of the reader's articles (SPEC §2.3 v3).
    public var categories: [SubjectTotal]
    public var topics: [SubjectTotal]
    /// Where the reader's articles are; nil when none has coordinates.
    public var places: Places?
    public var appTime: AppTime
    public var patterns: Patterns
    public var monthly: [Month]
    public var streak: Streak
    /// The longest sitting; nil without counted views.
    public var rabbitHole: RabbitHole?
    /// The same part of the year before; nil without counted views in it.
    public var previousYear: PreviousYear?
    /// `change.reading_seconds`: this year's reading against the year before's, minus 1
    /// (0.23 is 23 % more); nil without reading the year before.
    public var readingChange: FixedDecimal?
    public var saved: Saved
    public var edits: Edits
    public var notifications: Notifications
    /// `rank.top_percent`, set once the whole run is known; nil without reading time.
    public var rankTopPercent: Int?
    /// The distributions behind `patterns` and `streak`, for the HTML charts and partitions (not
    /// in the JSON); nil unless `StatsParameters.keepActivity` asks for them.
    public var activity: Activity?
    /// Every counted article's totals, in SPEC order, when `StatsParameters.keepArticleTotals`
    /// asks for them (partitions for `yir render`); nil otherwise.
    public var articles: [ArticleFigures]?
    /// Every category and topic of the reader's articles, uncut, alongside `articles`: the
    /// run's categories and topics are summed from them (SPEC §2.4).
    public var allCategories: [SubjectTotal]?
    public var allTopics: [SubjectTotal]?
    /// The articles of the first and the last counted view of the year (SPEC §2.3 v4); nil
    /// without counted views.
    public var firstArticle: ArticleMoment? = nil
    public var lastArticle: ArticleMoment? = nil
    /// The single counted view with the most time; nil without one of more than 0 seconds.
    public var longestView: LongestView? = nil
    /// The languages of the wikis read, by seconds, then articles, then language.
    public var languageShares = LanguageShares()
    /// `languageShares` as a list (an allocation: outputs ask for it, the statistics do not).
    public var languages: [LanguageShare] {
        get { languageShares.list }
        set { languageShares = LanguageShares(newValue) }
    }

    /// `readingChange` in whole percent, rounded half away from zero (0.235 → 24, −0.5 → −50).
    public var readingChangePercent: Int64? {
        readingChange.map { change in
            var thousandths = change.value
            for _ in change.scale..<3 { thousandths *= 10 }
            let percent = Int64((thousandths.magnitude + 5) / 10)
            return thousandths < 0 ? -percent : percent
        }
    }

    public struct Activity: Sendable {
        public static let none = Activity(
            hourViews: Array(repeating: 0, count: 24), weekdayViews: Array(repeating: 0, count: 7), days: [])

        /// Counted views per local hour 0–23.
        public var hourViews: [Int]
        /// Counted views per weekday, Monday first.
        public var weekdayViews: [Int]
        /// Days with counted views, ascending.
        public var days: [Day]

        public init(hourViews: [Int], weekdayViews: [Int], days: [Day]) {
            self.hourViews = hourViews
            self.weekdayViews = weekdayViews
            self.days = days
        }
    }

    public struct Day: Sendable {
        /// Local day, days since 1970-01-01.
        public var day: Int64
        public var views: Int
        public var milliseconds: Int64

        public init(day: Int64, views: Int, milliseconds: Int64) {
            self.day = day
            self.views = views
            self.milliseconds = milliseconds
        }
    }

    public struct Window: Sendable {
        public var start: Int64
        /// The earlier of the next 1 January and the as-of instant.
        public var end: Int64

        public init(start: Int64, end: Int64) {
            self.start = start
            self.end = end
        }
    }

    /// What the figures rest on (SPEC §2.3 `coverage`): the year window from the later of its
    /// start and the history clear, and the first counted view.
    public struct Coverage: Sendable {
        public var start: Int64
        public var end: Int64
        /// The latest history clear at or before A, when it lies after the window's start.
        public var cleared: Int64?
        public var firstView: Int64?

        public init(start: Int64, end: Int64, cleared: Int64?, firstView: Int64?) {
            self.start = start
            self.end = end
            self.cleared = cleared
            self.firstView = firstView
        }
    }

    /// A run of counted views each starting within 30 minutes of the latest end before it.
    public struct RabbitHole: Sendable {
        /// The most time between the end of one view and the start of the next in a sitting.
        public static let pause: Int64 = 30 * 60_000

        public var articles: Int
        public var views: Int
        public var milliseconds: Int64
        public var start: Int64
        /// The latest end (timestamp + seconds) of its views.
        public var end: Int64
        public var first: ArticleName
        public var last: ArticleName
        public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }

        public init(
            articles: Int, views: Int, milliseconds: Int64, start: Int64, end: Int64,
            first: ArticleName, last: ArticleName
        ) {
            self.articles = articles
            self.views = views
            self.milliseconds = milliseconds
            self.start = start
            self.end = end
            self.first = first
            self.last = last
        }
    }

    /// Counted views in the window a year before this one (SPEC §2.3 `previous_year`).
    public struct PreviousYear: Sendable {
        public var milliseconds: Int64
        public var views: Int
        public var articles: Int
        public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }

        public init(milliseconds: Int64, views: Int, articles: Int) {
            self.milliseconds = milliseconds
            self.views = views
            self.articles = articles
        }
    }

    public struct Reading: Sendable {
        public var milliseconds: Int64
        public var views: Int
        public var articles: Int
        public var averageSecondsPerArticle: FixedDecimal
        public var medianSecondsPerArticle: FixedDecimal
        public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }
        public var minutes: Int64 { milliseconds / 60_000 }

        public init(
            milliseconds: Int64, views: Int, articles: Int, averageSecondsPerArticle: FixedDecimal,
            medianSecondsPerArticle: FixedDecimal
        ) {
            self.milliseconds = milliseconds
            self.views = views
            self.articles = articles
            self.averageSecondsPerArticle = averageSecondsPerArticle
            self.medianSecondsPerArticle = medianSecondsPerArticle
        }
    }

    public struct AppTime: Sendable {
        public var milliseconds: Int64
        public var sessions: Int
        public var averageSessionSeconds: FixedDecimal
        public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }

        public init(milliseconds: Int64, sessions: Int, averageSessionSeconds: FixedDecimal) {
            self.milliseconds = milliseconds
            self.sessions = sessions
            self.averageSessionSeconds = averageSessionSeconds
        }
    }

    public struct Patterns: Sendable {
        public var hour: Int?
        public var weekday: Int?
        public var month: Int?
        public var timeOfDay: TimeOfDay? { hour.map(TimeOfDay.init(hour:)) }

        public init(hour: Int?, weekday: Int?, month: Int?) {
            self.hour = hour
            self.weekday = weekday
            self.month = month
        }
    }

    public struct Month: Sendable {
        public var month: Int
        public var milliseconds: Int64
        public var views: Int
        public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }

        public init(month: Int, milliseconds: Int64, views: Int) {
            self.month = month
            self.milliseconds = milliseconds
            self.views = views
        }
    }

    public struct Streak: Sendable {
        public var days: Int
        public var start: CivilDate?
        public var end: CivilDate?

        public init(days: Int, start: CivilDate?, end: CivilDate?) {
            self.days = days
            self.start = start
            self.end = end
        }
    }

    public struct Saved: Sendable {
        public var last30DaysCount: Int
        /// The newest save counted in the last 30 days; how it reads in the reader's language
        /// (`last_saved_display`) is the report's to say.
        public var lastSaved: Int64?
        public var yearCount: Int
        public var recent: [RecentSave]
        /// Of the year's saves, those not read since (SPEC §2.3 v4 `saved.unread`).
        public var unread: Unread

        public init(
            last30DaysCount: Int, lastSaved: Int64?, yearCount: Int, recent: [RecentSave], unread: Unread = .none
        ) {
            self.last30DaysCount = last30DaysCount
            self.lastSaved = lastSaved
            self.yearCount = yearCount
            self.recent = recent
            self.unread = unread
        }
    }

    /// The articles saved in the window that have no counted view at or after their latest
    /// save: how many, and the first 3, oldest save first.
    public struct Unread: Sendable {
        public var count: Int
        public var articles: [RecentSave]

        public init(count: Int, articles: [RecentSave]) {
            self.count = count
            self.articles = articles
        }

        public static let none = Unread(count: 0, articles: [])
    }

    public struct RecentSave: Sendable {
        public var name: ArticleName
        public var saved: Int64
        public var thumbnail: String?

        public init(name: ArticleName, saved: Int64, thumbnail: String?) {
            self.name = name
            self.saved = saved
            self.thumbnail = thumbnail
        }
    }

    public struct Notifications: Sendable {
        public var subscribed: [NotificationType]
        public var unsubscribed: [NotificationType]

        public init(subscribed: [NotificationType], unsubscribed: [NotificationType]) {
            self.subscribed = subscribed
            self.unsubscribed = unsubscribed
        }
    }
}

extension ReaderStats {
    /// A reader with no figures yet — every count 0, every list empty, every nullable figure
    /// nil — for what reads figures back (`yir render`'s partition lines) to fill in. Declared
    /// in an extension, so the memberwise initializer the statistics build every reader with
    /// (see above) stays.
    public init(user: String, zone: ZoneRules, locale: LanguageTag) {
        let zero = FixedDecimal(0, scale: 0)
        self.init(
            user: user, zone: zone, locale: locale, window: Window(start: 0, end: 0),
            coverage: Coverage(start: 0, end: 0, cleared: nil, firstView: nil),
            reading: Reading(
                milliseconds: 0, views: 0, articles: 0, averageSecondsPerArticle: zero, medianSecondsPerArticle: zero),
            topArticles: [], categories: [], topics: [], places: nil,
            appTime: AppTime(milliseconds: 0, sessions: 0, averageSessionSeconds: zero),
            patterns: Patterns(hour: nil, weekday: nil, month: nil), monthly: [],
            streak: Streak(days: 0, start: nil, end: nil), rabbitHole: nil, previousYear: nil, readingChange: nil,
            saved: Saved(last30DaysCount: 0, lastSaved: nil, yearCount: 0, recent: []), edits: .none,
            notifications: Notifications(subscribed: [], unsubscribed: []), rankTopPercent: nil,
            activity: nil, articles: nil, allCategories: nil, allTopics: nil)
    }
}

/// An article at one of its views: the first and the last article of a reader's year.
public struct ArticleMoment: Sendable {
    public var name: ArticleName
    /// The view's instant.
    public var at: Int64

    public init(name: ArticleName, at: Int64) {
        self.name = name
        self.at = at
    }
}

/// A reader's single longest counted view (SPEC §2.3 v4 `longest_view`).
public struct LongestView: Sendable {
    public var name: ArticleName
    public var milliseconds: Int64
    public var at: Int64
    public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }

    public init(name: ArticleName, milliseconds: Int64, at: Int64) {
        self.name = name
        self.milliseconds = milliseconds
        self.at = at
    }
}

/// A language's share of a reader's reading (SPEC §2.3 v4 `languages`): the reader's articles
/// on wikis of that language and their seconds.
public struct LanguageShare: Sendable, Equatable {
    /// A BCP 47 language subtag (`de`, `yue`).
    public var language: String
    public var articles: Int
    public var milliseconds: Int64
    public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }

    public init(language: String, articles: Int, milliseconds: Int64) {
        self.language = language
        self.articles = articles
        self.milliseconds = milliseconds
    }

    /// More seconds, then more articles, then the language ascending.
    public static func precedes(_ a: LanguageShare, _ b: LanguageShare) -> Bool {
        if a.milliseconds != b.milliseconds { return a.milliseconds > b.milliseconds }
        if a.articles != b.articles { return a.articles > b.articles }
        return a.language.utf8.lexicographicallyPrecedes(b.language.utf8)
    }
}

/// An article's totals: a reader's (`top_articles`) or the run's (`cohort.top_articles`).
public struct ArticleFigures: Sendable {
    public var name: ArticleName
    public var milliseconds: Int64
    public var views: Int
    public var firstViewed: Int64
    public var lastViewed: Int64
    /// Distinct readers who counted it (cohort only).
    public var readers: Int
    /// The article's lead image (a reader's top articles only, SPEC §2.3 v3).
    public var thumbnail: String?
    public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }

    public init(
        name: ArticleName, milliseconds: Int64, views: Int, firstViewed: Int64, lastViewed: Int64,
        readers: Int, thumbnail: String? = nil
    ) {
        self.thumbnail = thumbnail
        self.name = name
        self.milliseconds = milliseconds
        self.views = views
        self.firstViewed = firstViewed
        self.lastViewed = lastViewed
        self.readers = readers
    }
}

/// `patterns.time_of_day` (SPEC §2.3).
public enum TimeOfDay: String, Sendable {
    case lateNight = "late_night", morning, midday, afternoon, evening, night

    public init(hour: Int) {
        switch hour {
        case 0...4: self = .lateNight
        case 5...11: self = .morning
        case 12: self = .midday
        case 13...16: self = .afternoon
        case 17...20: self = .evening
        default: self = .night
        }
    }
}

/// SPEC §2.4.
public struct CohortStats: Sendable {
    public var readers: Int
    public var readingMilliseconds: Int64
    public var readingSecondsPercentiles: Percentiles?
    public var appTimeSecondsPercentiles: Percentiles?
    public var topArticles: [ArticleFigures]
    /// The readers with reading the year before, and what they read then.
    public var previousYear: PreviousYear
    /// Categories, topics, places and edits over all readers.
    public var subjects: CohortSubjects
    public var readingSeconds: FixedDecimal { .seconds(milliseconds: readingMilliseconds) }

    public init(
        readers: Int, readingMilliseconds: Int64, readingSecondsPercentiles: Percentiles?,
        appTimeSecondsPercentiles: Percentiles?, topArticles: [ArticleFigures],
        previousYear: PreviousYear, subjects: CohortSubjects = .none
    ) {
        self.subjects = subjects
        self.readers = readers
        self.readingMilliseconds = readingMilliseconds
        self.readingSecondsPercentiles = readingSecondsPercentiles
        self.appTimeSecondsPercentiles = appTimeSecondsPercentiles
        self.topArticles = topArticles
        self.previousYear = previousYear
    }

    public struct PreviousYear: Sendable {
        public var readers: Int
        public var readingMilliseconds: Int64
        public var readingSeconds: FixedDecimal { .seconds(milliseconds: readingMilliseconds) }

        public init(readers: Int, readingMilliseconds: Int64) {
            self.readers = readers
            self.readingMilliseconds = readingMilliseconds
        }
    }

    /// Nearest-rank percentiles, in milliseconds.
    public struct Percentiles: Sendable {
        public var p50: Int64
        public var p90: Int64
        public var p99: Int64

        public init(p50: Int64, p90: Int64, p99: Int64) {
            self.p50 = p50
            self.p90 = p90
            self.p99 = p99
        }
    }
}

/// Everything the statistics stage hands to the renderers.
public struct RunStatistics: Sendable {
    public var readers: [ReaderStats]
    public var cohort: CohortStats
    public var diagnostics: Diagnostics
    /// The sites and titles the figures' `ArticleName`s stand for.
    public var articleNames: ArticleNaming

    public init(
        readers: [ReaderStats], cohort: CohortStats, diagnostics: Diagnostics,
        articleNames: ArticleNaming = ArticleNaming()
    ) {
        self.readers = readers
        self.cohort = cohort
        self.diagnostics = diagnostics
        self.articleNames = articleNames
    }
}
