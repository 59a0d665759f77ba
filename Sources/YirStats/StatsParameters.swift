import YirCore

/// The parameters of SPEC §2 that shape the figures.
public struct StatsParameters: Sendable {
    /// The as-of instant A (epoch ms).
    public var asOf: Int64
    /// `--year`; nil: the year of A in each reader's zone.
    public var year: Int?
    /// `--tz`: one report zone for every reader.
    public var zoneOverride: ZoneRules?
    /// Where no record names a zone: `TZ` or the system zone.
    public var fallbackZone: ZoneRules
    /// `--top`'s default: SPEC §2.3's five top articles. The command line's default is this one.
    public static let defaultTop = 5

    /// `--top`.
    public var top = defaultTop
    /// `--exclude-title`, as given (normalised like input titles before comparing).
    public var excludedTitles: [String] = ["Main Page"]
    /// Each wiki's main page by the wiki's language (SPEC §2.2 v4): a view of it does not
    /// count. Titles as given, normalised like input titles before comparing. The run takes
    /// them from the templates' `main-pages.tsv`; empty with `--keep-main-pages`.
    public var mainPages: [MainPage] = []
    /// `--exclude-category`, as given (normalised like titles before comparing).
    public var excludedCategories: [String] = []
    /// `--keep-all-categories`: keep the categories that say nothing about a subject
    /// (`SubjectRules.saysNothing`), which are left out by default.
    public var keepAllCategories = false
    /// `--locale`: every reader's language, or each reader's own (SPEC §2.1).
    public var locale: LocaleChoice = .auto
    /// Worker threads; the figures are the same for every value.
    public var jobs = 1
    /// Keep every reader's totals per article (`ReaderStats.articles`): what `yir render`
    /// needs from a partition for the run's `cohort.top_articles` (SPEC §6).
    public var keepArticleTotals = false
    /// Keep views per hour and weekday and reading per day (`ReaderStats.activity`): the HTML
    /// charts and partitions need them; other outputs do not pay for them.
    public var keepActivity = false

    public init(asOf: Int64, fallbackZone: ZoneRules) {
        self.asOf = asOf
        self.fallbackZone = fallbackZone
    }
}
