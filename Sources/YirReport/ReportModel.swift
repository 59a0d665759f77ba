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

    /// The forms of each language met, for `saved.last_saved_display`.
    private let formats = LocaleFormats()

    public init(parameters: Parameters, inputs: [InputSummary], statistics: RunStatistics, decks: DeckNames? = nil) {
        self.parameters = parameters
        self.inputs = inputs
        self.statistics = statistics
        self.decks = decks
    }

    /// Reader `index`'s `slides`: the path of their deck in the output folder, or nil.
    public func slides(of index: Int) -> String? { decks?.slides(at: index) }

    /// What reader `index`'s output carries beyond their figures.
    func context(of index: Int, _ reader: UnsafePointer<ReaderStats>) -> ReaderFields.Context {
        ReaderFields.Context(slides: slides(of: index), lastSavedDisplay: lastSavedDisplay(reader))
    }

    /// `saved.last_saved_display` (SPEC §2.3): the newest save of the last 30 days as the
    /// reader's language says it — its short time when it fell on the as-of instant's local
    /// day, else its month and day; empty without one.
    public func lastSavedDisplay(_ reader: UnsafePointer<ReaderStats>) -> String {
        guard let lastSaved = reader.pointee.saved.lastSaved else { return "" }
        let zone = reader.pointee.zone
        let format = formats.format(reader.pointee.locale)
        let local = zone.local(lastSaved)
        return local.day == zone.local(parameters.asOf).day ? format.shortTime(local) : format.monthAndDay(local.date)
    }

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
