import ArgumentParser
import YirIngest
import YirStats

/// The options every run shares (SPEC §5): inputs, ingest and statistics options, and the
/// process's. Each is declared here once, as the command line takes it — text and numbers,
/// checked for range but nothing resolved yet; `RunParameters` resolves them, once, into the
/// run's configuration. The tests build their runs from argv parsed into this type too.
public struct RunOptions: ParsableArguments {
    @Argument(
        help:
            "Files, directories (searched recursively for *.jsonl, *.json, *.ndjson and their .gz forms), or - for standard input. Default: standard input."
    )
    public var inputs: [String] = []

    @Option(help: "The report year (default: the year of --as-of in each reader's zone).")
    public var year: Int?

    @Option(
        name: .customLong("as-of"), help: "The as-of instant, RFC 3339 (default: now). Records after it are ignored.")
    public var asOf: String?

    @Option(help: "One IANA time zone for every reader (default: each reader's latest zone).")
    public var tz: String?

    @Option(help: "How many top articles to list.")
    public var top = StatsParameters.defaultTop

    @Option(
        name: .customLong("exclude-title"),
        help: "A title whose views do not count; repeat for more (default: Main Page).")
    public var excludeTitle: [String] = []
    @Option(
        name: .customLong("exclude-category"),
        help: "A category left out of the categories figures (e.g. a maintenance category); repeat for more.")
    public var excludeCategory: [String] = []
    @Flag(
        name: .customLong("keep-main-pages"),
        help: "Count views of each wiki's main page, which are left out by default (the templates' main-pages.tsv).")
    public var keepMainPages = false
    @Flag(
        name: .customLong("keep-all-categories"),
        help:
            "Keep the categories that say nothing about a subject (Living people, 1815 births, maintenance categories), left out by default."
    )
    public var keepAllCategories = false

    @Option(name: .customLong("max-view-seconds"), help: "Page views longer than this count with 0 seconds.")
    public var maxViewSeconds = IngestOptions.defaultMaxViewSeconds

    @Option(
        name: .customLong("max-reject-rate"),
        help: "Fail (exit 65) when more than this share of non-blank lines is rejected.")
    public var maxRejectRate = 0.01

    @Flag(help: "Fail (exit 65) at the first rejected line.")
    public var strict = false

    @Option(help: "Write each rejected line as JSON to this file.")
    public var rejects: String?

    @Option(
        name: .customLong("stdin-name"),
        help: "The name standard input has in the report's inputs (default: -); Spark tasks give the export's name.")
    public var stdinName: String?

    @Option(
        help:
            "Mapping profile of the input: wikipedia (the native format), sensors, metrics-platform, or a profile FILE (docs/PROFILES.md)."
    )
    public var profile = "wikipedia"

    @Option(
        help: ArgumentHelp(
            "The slides' language: auto (each reader's own: the app's language on their records, else the language of the wiki they read most, else English), or a BCP 47 tag for every reader (de, pt-BR, zh-Hant).",
            valueName: "TAG|auto"))
    public var locale = "auto"

    @OptionGroup public var process: ProcessOptions

    public init() {}

    public func validate() throws {
        if let year, !(1970...2099).contains(year) { throw ValidationError("--year must lie in 1970–2099") }
        if top < 0 { throw ValidationError("--top must be 0 or more") }
        if !(maxViewSeconds >= 0) || maxViewSeconds > 1e12 {
            throw ValidationError("--max-view-seconds must be a number ≥ 0")
        }
        if !(0...1).contains(maxRejectRate) { throw ValidationError("--max-reject-rate must lie in 0–1") }
    }
}
