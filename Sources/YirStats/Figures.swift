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
    public var window: Window
    public var reading: Reading
    public var topArticles: [ArticleFigures]
    public var appTime: AppTime
    public var patterns: Patterns
    public var monthly: [Month]
    public var streak: Streak
    public var saved: Saved
    public var notifications: Notifications
    /// `rank.top_percent`, set once the whole run is known; nil without reading time.
    public var rankTopPercent: Int?
    /// The distributions behind `patterns` and `streak`, for the HTML charts and partitions (not
    /// in the JSON); nil unless `StatsParameters.keepActivity` asks for them.
    public var activity: Activity?
    /// Every counted article's totals, in SPEC order, when `StatsParameters.keepArticleTotals`
    /// asks for them (partitions for `yir render`); nil otherwise.
    public var articles: [ArticleFigures]?

    public struct Activity: Sendable {
        public static let none = Activity(hourViews: Array(repeating: 0, count: 24), weekdayViews: Array(repeating: 0, count: 7), days: [])

        /// Counted views per local hour 0–23.
        public var hourViews: [Int]
        /// Counted views per weekday, Monday first.
        public var weekdayViews: [Int]
        /// Days with counted views, ascending.
        public var days: [Day]
    }

    public struct Day: Sendable {
        /// Local day, days since 1970-01-01.
        public var day: Int64
        public var views: Int
        public var milliseconds: Int64
    }

    public struct Window: Sendable {
        public var start: Int64
        /// The earlier of the next 1 January and the as-of instant.
        public var end: Int64
    }

    public struct Reading: Sendable {
        public var milliseconds: Int64
        public var views: Int
        public var articles: Int
        public var averageSecondsPerArticle: FixedDecimal
        public var medianSecondsPerArticle: FixedDecimal
        public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }
        public var minutes: Int64 { milliseconds / 60_000 }
    }

    public struct AppTime: Sendable {
        public var milliseconds: Int64
        public var sessions: Int
        public var averageSessionSeconds: FixedDecimal
        public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }
    }

    public struct Patterns: Sendable {
        public var hour: Int?
        public var weekday: Int?
        public var month: Int?
        public var timeOfDay: TimeOfDay? { hour.map(TimeOfDay.init(hour:)) }
    }

    public struct Month: Sendable {
        public var month: Int
        public var milliseconds: Int64
        public var views: Int
        public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }
    }

    public struct Streak: Sendable {
        public var days: Int
        public var start: CivilDate?
        public var end: CivilDate?
    }

    public struct Saved: Sendable {
        public var last30DaysCount: Int
        public var lastSaved: Int64?
        public var lastSavedDisplay: String
        public var yearCount: Int
        public var recent: [RecentSave]
    }

    public struct RecentSave: Sendable {
        public var name: ArticleName
        public var saved: Int64
        public var thumbnail: String?
    }

    public struct Notifications: Sendable {
        public var subscribed: [NotificationType]
        public var unsubscribed: [NotificationType]
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
    public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }
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
    public var readingSeconds: FixedDecimal { .seconds(milliseconds: readingMilliseconds) }

    /// Nearest-rank percentiles, in milliseconds.
    public struct Percentiles: Sendable {
        public var p50: Int64
        public var p90: Int64
        public var p99: Int64
    }
}

/// Everything the statistics stage hands to the renderers.
public struct RunStatistics: Sendable {
    public var readers: [ReaderStats]
    public var cohort: CohortStats
    public var diagnostics: Diagnostics
    /// The sites and titles the figures' `ArticleName`s stand for.
    public var articleNames: ArticleNaming

    public init(readers: [ReaderStats], cohort: CohortStats, diagnostics: Diagnostics,
                articleNames: ArticleNaming = ArticleNaming()) {
        self.readers = readers
        self.cohort = cohort
        self.diagnostics = diagnostics
        self.articleNames = articleNames
    }
}
