import Foundation
import YirCore
import YirIngest
import YirReport
import YirStats

/// A value of the command line that cannot be used: a usage error (exit 64).
public struct ParameterError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The run's parameters, built once from its options (`RunOptions`); every stage's settings
/// are derived here and nowhere else, so a stage cannot disagree with another on `--as-of`,
/// `--top` or the locale, and what the outputs need (activity, article totals) is known
/// before the run.
public struct RunParameters: Sendable {
    /// The inputs as given: listed (folders searched) when the run reads them, so that what
    /// can be checked without them — templates, the link key — fails first.
    public var inputs: [String]
    /// The as-of instant A (epoch ms).
    public var asOf: Int64
    public var year: Int?
    /// `--tz` as given, and its rules.
    public var timeZone: String?
    public var zoneOverride: ZoneRules?
    public var fallbackZone: ZoneRules
    public var top: Int
    public var excludedTitles: [String]?
    public var excludedCategories: [String]
    /// Each wiki's main page, from the templates' `main-pages.tsv`; empty with `--keep-main-pages`.
    public var mainPages: [MainPage]
    public var keepAllCategories: Bool
    public var maxViewMilliseconds: Int64
    public var strict: Bool
    public var standardInputName: String?
    public var mapping: MappingProfile?
    /// The profile's name as the report echoes it.
    public var profile: String
    /// `--locale`, parsed once: one language for every reader, or each reader's own.
    public var locale: LocaleChoice
    public var jobs: Int
    /// Bytes per ingest chunk: no option, as results never depend on it (tests vary it to
    /// prove so).
    public var chunkSize = Ingestor.defaultChunkSize
    /// What the run will write: the statistics keep what these need and nothing more.
    public var outputs: [Output]
    /// `--rejects FILE`, `--metrics FILE`: checked against the inputs and the other outputs.
    public var rejects: String?
    public var metrics: String?
    /// `--max-reject-rate`: above it, the run fails (65).
    public var maxRejectRate: Double
    /// `--allow-empty`: `report` and `render` write a report of no input line too.
    public var allowEmpty: Bool
    /// The templates the outputs are made with (HTML pages, the XSD), built-in and laid over.
    public var templates: TemplateFiles?

    /// Resolves the options: bad values are `ParameterError`s naming the option. What the
    /// command adds to them: the outputs it will write, `--allow-empty`, the templates and the
    /// mapping profile, both loaded from their layers. `fallbackZone`: where no record names a
    /// zone; nil: `TZ` or the system zone.
    public init(
        _ options: RunOptions, outputs: [Output], allowEmpty: Bool = false, templates: TemplateFiles? = nil,
        mapping: MappingProfile? = nil, fallbackZone: ZoneRules? = nil, zones: ZoneCatalog
    ) throws(ParameterError) {
        if let tz = options.tz {
            guard let rules = zones.rules(for: tz) else {
                throw ParameterError("--tz: '\(tz)' is not an IANA time zone")
            }
            zoneOverride = rules
        }
        self.fallbackZone = fallbackZone ?? zones.systemZone()
        if let text = options.asOf {
            switch RFC3339.parse(text) {
            case .success(.instant(let t)): asOf = t
            case .success(.wall(let wall)): asOf = (zoneOverride ?? self.fallbackZone).instant(fromWall: wall)
            case .failure: throw ParameterError("--as-of: '\(text)' is not an RFC 3339 time in 1970–2099")
            }
        } else {
            asOf = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        }
        inputs = options.inputs.isEmpty ? ["-"] : options.inputs
        // No zone has reached a year after the as-of instant's year in UTC+14, the first to
        // begin a year: such a window would end before it starts.
        if let year = options.year {
            let firstToArrive = CivilDate(daysSinceEpoch: (asOf + 14 * 3_600_000) / millisecondsPerDay).year
            if year > firstToArrive {
                throw ParameterError(
                    "--year \(year) has not begun anywhere at --as-of \(RFC3339.format(asOf, offsetSeconds: 0)): a report of \(year) needs an as-of instant in \(year)"
                )
            }
        }
        year = options.year
        timeZone = options.tz
        top = options.top
        excludedTitles = options.excludeTitle.isEmpty ? nil : options.excludeTitle
        excludedCategories = options.excludeCategory
        mainPages = options.keepMainPages ? [] : try Self.mainPages(in: templates)
        keepAllCategories = options.keepAllCategories
        maxViewMilliseconds = Int64((options.maxViewSeconds * 1000).rounded())
        strict = options.strict
        standardInputName = options.stdinName
        self.mapping = mapping
        profile = mapping?.name ?? options.profile
        guard let locale = LocaleChoice(argument: options.locale) else {
            throw ParameterError(
                "--locale: '\(options.locale)' is neither auto nor a BCP 47 language tag (de, pt-BR, zh-Hant)")
        }
        self.locale = locale
        jobs = max(1, options.process.jobs)
        self.outputs = outputs
        rejects = options.rejects
        metrics = options.process.metrics
        maxRejectRate = options.maxRejectRate
        self.allowEmpty = allowEmpty
        self.templates = templates
    }

    /// The main-page table of the templates' last layer that has one (SPEC §2.2 v4); none
    /// without templates.
    static func mainPages(in templates: TemplateFiles?) throws(ParameterError) -> [MainPage] {
        guard let file = templates?.file("main-pages.tsv") else { return [] }
        do {
            return try MainPage.table(String(decoding: try file.contents(), as: UTF8.self))
        } catch let error as MainPage.TableError {
            throw ParameterError("\(file.place), \(error)")
        } catch {
            throw ParameterError("\(file.place): cannot be read (\(error))")
        }
    }

    /// The files the inputs name, folders searched. Throws `InputError` (an input that cannot
    /// be listed), and `ParameterError` for an input named twice.
    public func inputFiles() throws -> [InputFile] {
        let files = try InputFiles.expand(inputs)
        if let (first, again) = InputFiles.repeated(files) {
            throw ParameterError("\(again.path) is \(first.path) again: each input is read once, so name it once")
        }
        return files
    }

    /// What ingest needs of the run.
    public var ingestOptions: IngestOptions {
        var options = IngestOptions(asOf: asOf)
        options.maxViewMilliseconds = maxViewMilliseconds
        options.strict = strict
        options.mapping = mapping
        options.standardInputName = standardInputName
        return options
    }

    /// What the statistics need: SPEC §2's parameters, and what the outputs read beyond the
    /// report model — the HTML's charts and the partition lines need each reader's activity,
    /// the partition lines their totals per article too.
    public var statsParameters: StatsParameters {
        var parameters = StatsParameters(asOf: asOf, fallbackZone: fallbackZone)
        parameters.year = year
        parameters.zoneOverride = zoneOverride
        parameters.top = top
        if let excludedTitles { parameters.excludedTitles = excludedTitles }
        parameters.excludedCategories = excludedCategories
        parameters.mainPages = mainPages
        parameters.keepAllCategories = keepAllCategories
        parameters.locale = locale
        parameters.jobs = jobs
        parameters.keepActivity = outputs.contains(.html) || outputs.contains(.partition)
        parameters.keepArticleTotals = outputs.contains(.partition)
        return parameters
    }

    /// The parameters as the report echoes them.
    public var reportParameters: ReportModel.Parameters {
        ReportModel.Parameters(
            year: year, asOf: asOf, timeZone: timeZone, top: top, profile: profile,
            locale: locale)
    }
}
