import ArgumentParser
import Foundation
import Logging
import YirCore
import YirIngest
import YirPipeline
import YirReport

/// The options every run shares: inputs, SPEC §5's ingest and statistics options, logging.
struct RunOptions: ParsableArguments {
    @Argument(
        help:
            "Files, directories (searched recursively for *.jsonl, *.json, *.ndjson and their .gz forms), or - for standard input. Default: standard input."
    )
    var inputs: [String] = []

    @Option(help: "The report year (default: the year of --as-of in each reader's zone).")
    var year: Int?

    @Option(
        name: .customLong("as-of"), help: "The as-of instant, RFC 3339 (default: now). Records after it are ignored.")
    var asOf: String?

    @Option(help: "One IANA time zone for every reader (default: each reader's latest zone).")
    var tz: String?

    @Option(help: "How many top articles to list.")
    var top = RunArguments().top

    @Option(
        name: .customLong("exclude-title"),
        help: "A title whose views do not count; repeat for more (default: Main Page).")
    var excludeTitle: [String] = []
    @Option(
        name: .customLong("exclude-category"),
        help: "A category left out of the categories figures (e.g. a maintenance category); repeat for more.")
    var excludeCategory: [String] = []

    @Option(name: .customLong("max-view-seconds"), help: "Page views longer than this count with 0 seconds.")
    var maxViewSeconds = IngestOptions.defaultMaxViewSeconds

    @Option(
        name: .customLong("max-reject-rate"),
        help: "Fail (exit 65) when more than this share of non-blank lines is rejected.")
    var maxRejectRate = RunArguments.defaultMaxRejectRate

    @Flag(help: "Fail (exit 65) at the first rejected line.")
    var strict = false

    @Option(help: "Write each rejected line as JSON to this file.")
    var rejects: String?

    @Option(
        name: .customLong("stdin-name"),
        help: "The name standard input has in the report's inputs (default: -); Spark tasks give the export's name.")
    var stdinName: String?

    @Option(
        help:
            "Mapping profile of the input: wikipedia (the native format), sensors, metrics-platform, or a profile FILE (docs/PROFILES.md)."
    )
    var profile = "wikipedia"

    @Option(
        help: ArgumentHelp(
            "The slides' language: auto (each reader's own: the app's language on their records, else the language of the wiki they read most, else English), or a BCP 47 tag for every reader (de, pt-BR, zh-Hant).",
            valueName: "TAG|auto"))
    var locale = "auto"

    @OptionGroup var process: ProcessOptions
    var templates: String? { process.templates }
    var jobs: Int { process.jobs }
    var quiet: Bool { process.quiet }

    func validate() throws {
        if let year, !(1970...2099).contains(year) { throw ValidationError("--year must lie in 1970–2099") }
        if top < 0 { throw ValidationError("--top must be 0 or more") }
        if !(maxViewSeconds >= 0) || maxViewSeconds > 1e12 {
            throw ValidationError("--max-view-seconds must be a number ≥ 0")
        }
        if !(0...1).contains(maxRejectRate) { throw ValidationError("--max-reject-rate must lie in 0–1") }
    }

    func makeLogger() -> Logger { process.makeLogger() }

    /// The run's parameters, built once for every stage: bad option values are usage errors
    /// (64). `outputs`: what the command will write, so that the statistics keep what those need.
    func parameters(outputs: [Output], allowEmpty: Bool = false) throws -> RunParameters {
        var arguments = RunArguments()
        arguments.inputs = inputs
        arguments.year = year
        arguments.asOf = asOf
        arguments.tz = tz
        arguments.top = top
        arguments.excludedTitles = excludeTitle
        arguments.excludedCategories = excludeCategory
        arguments.maxViewSeconds = maxViewSeconds
        arguments.strict = strict
        arguments.standardInputName = stdinName
        arguments.profile = profile
        arguments.mapping = try mappingProfile()
        arguments.locale = locale
        arguments.jobs = jobs
        arguments.outputs = outputs
        arguments.rejects = rejects
        arguments.metrics = process.metrics
        arguments.maxRejectRate = maxRejectRate
        arguments.allowEmpty = allowEmpty
        arguments.templates = try TemplateLayers.files(templates, logger: makeLogger())
        do {
            return try RunParameters(arguments, zones: ZoneCatalog())
        } catch let error as ParameterError {
            throw ValidationError(error.description)
        }
    }

    /// SPEC §3: nil for the native `wikipedia` format; else a file (a path, or a name ending in
    /// `.json`), or a built-in profile in the templates' `profiles/` folder. Problems are
    /// usage errors (64), with the profile's path and the place in it.
    func mappingProfile() throws -> MappingProfile? {
        if profile == "wikipedia" { return nil }
        do {
            if profile.contains("/") || profile.hasSuffix(".json") {
                return try MappingProfile.load(path: profile)
            }
            let files = try TemplateLayers.files(templates)
            guard let file = files.file("profiles/\(profile).json") else {
                let known = files.files(in: "profiles", suffix: ".json").map {
                    String($0.relativePath.dropFirst("profiles/".count).dropLast(5))
                }
                throw ValidationError(
                    "unknown profile '\(profile)' (known: \((["wikipedia"] + known).joined(separator: ", ")), or a profile FILE)"
                )
            }
            guard let data = try? file.contents() else {
                throw ValidationError("profile \(file.place): cannot be read")
            }
            return try MappingProfile.parse(data, path: file.place)
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// Runs `command` through the pipeline, showing its progress on a terminal: the one place
    /// a run's `RunError` becomes an exit code (usage errors through ArgumentParser, which
    /// prints the usage too).
    func run(_ command: Pipeline.Command, _ parameters: RunParameters) throws {
        try Yir.run(command, parameters, process: process)
    }
}

extension Logger {
    static func commandLine(quiet: Bool, verbose: Bool) -> Logger {
        var logger = Logger(label: "yir") { _ in CommandLineLogHandler() }
        logger.logLevel = quiet ? .error : verbose ? .debug : .info
        return logger
    }
}

/// Writes bytes to standard output, every byte or an error (a closed pipe, a full disk).
func writeToStandardOutput(_ bytes: [UInt8]) throws {
    if let failure = writeAll(bytes, to: 1) { throw StandardOutputFailure(reason: String(cString: strerror(failure))) }
    StandardOutput.bytesWritten.add(bytes.count, ordering: .relaxed)
}

/// Writes every byte to `fd`, retrying short writes and interruptions; the `errno` of a
/// failed write, or nil.
func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
    bytes.withUnsafeBytes { buffer -> Int32? in
        var done = 0
        while done < buffer.count {
            let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return nil
    }
}

struct StandardOutputFailure: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
