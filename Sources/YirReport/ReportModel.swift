import YirCore
import YirStats

/// SPEC §4.1's report model: the one value every renderer writes.
public struct ReportModel: Sendable {
    public static let schemaVersion = 1
    public static let generatorName = "yir"
    public static let generatorVersion = "0.1.0"

    public var parameters: Parameters
    public var inputs: [InputSummary]
    public var statistics: RunStatistics
    /// The readers' deck names, in reader order, when the run writes the HTML slides; each
    /// reader's `slides` in the other outputs, null without them.
    public var decks: DeckNames?

    public init(parameters: Parameters, inputs: [InputSummary], statistics: RunStatistics, decks: DeckNames? = nil) {
        self.parameters = parameters
        self.inputs = inputs
        self.statistics = statistics
        self.decks = decks
    }

    /// Reader `index`'s `slides`: the path of their deck in the output folder, or nil.
    public func slides(of index: Int) -> String? { decks?.slides(at: index) }

    /// The run's parameters as the report echoes them.
    public struct Parameters: Sendable, Equatable {
        /// `--year`, or nil when each reader's year is the year of A in their zone.
        public var year: Int?
        public var asOf: Int64
        /// `--tz`, or nil.
        public var timeZone: String?
        public var top: Int
        public var profile: String
        /// `--locale`: `auto` or one tag for every reader.
        public var locale: LocaleChoice

        public init(year: Int?, asOf: Int64, timeZone: String?, top: Int, profile: String, locale: LocaleChoice) {
            self.year = year
            self.asOf = asOf
            self.timeZone = timeZone
            self.top = top
            self.profile = profile
            self.locale = locale
        }
    }
}
