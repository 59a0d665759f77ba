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
    public var notifications: Notifications
    /// `rank.top_percent`, set once the whole run is known; nil without reading time.
    public var rankTopPercent: Int?
    /// The distributions behind `patterns` and `streak`, for the HTML charts and partitions (not
    /// in the JSON); nil unless `StatsParameters.keepActivity` asks for them.
    public var activity: Activity?
    /// Every counted article's totals, in SPEC order, when `StatsParameters.keepArticleTotals`
    /// asks for them (partitions for `yir render`); nil otherwise.
    public var articles: [ArticleFigures]?

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

    /// What the figures rest on (SPEC §2.3 `coverage`): the year window from the later of its
    /// start and the history clear, and the first counted view.
    public struct Coverage: Sendable {
        public var start: Int64
        public var end: Int64
        /// The latest history clear at or before A, when it lies after the window's start.
        public var cleared: Int64?
        public var firstView: Int64?
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
    }

    /// Counted views in the window a year before this one (SPEC §2.3 `previous_year`).
    public struct PreviousYear: Sendable {
        public var milliseconds: Int64
        public var views: Int
        public var articles: Int
        public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }
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
    /// The readers with reading the year before, and what they read then.
    public var previousYear: PreviousYear
    public var readingSeconds: FixedDecimal { .seconds(milliseconds: readingMilliseconds) }

    public struct PreviousYear: Sendable {
        public var readers: Int
        public var readingMilliseconds: Int64
        public var readingSeconds: FixedDecimal { .seconds(milliseconds: readingMilliseconds) }
    }

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
