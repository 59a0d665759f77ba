import ArgumentParser
import Foundation
import Logging
import YirCore
import YirIngest
import YirPipeline
import YirReport

/// The options every run shares: inputs, SPEC §5's ingest and statistics options, logging.
struct RunOptions: ParsableArguments {
    @Argument(help: "Files, directories (searched recursively for *.jsonl, *.json, *.ndjson and their .gz forms), or - for standard input. Default: standard input.")
    var inputs: [String] = []

    @Option(help: "The report year (default: the year of --as-of in each reader's zone).")
    var year: Int?

    @Option(name: .customLong("as-of"), help: "The as-of instant, RFC 3339 (default: now). Records after it are ignored.")
    var asOf: String?

    @Option(help: "One IANA time zone for every reader (default: each reader's latest zone).")
    var tz: String?

    @Option(help: "How many top articles to list.")
    var top = RunArguments().top

    @Option(name: .customLong("exclude-title"), help: "A title whose views do not count; repeat for more (default: Main Page).")
    var excludeTitle: [String] = []

    @Option(name: .customLong("max-view-seconds"), help: "Page views longer than this count with 0 seconds.")
    var maxViewSeconds = IngestOptions.defaultMaxViewSeconds

    @Option(name: .customLong("max-reject-rate"), help: "Fail (exit 65) when more than this share of non-blank lines is rejected.")
    var maxRejectRate: Double = 0.01

    @Flag(help: "Fail (exit 65) at the first rejected line.")
    var strict = false

    @Option(help: "Write each rejected line as JSON to this file.")
    var rejects: String?

    @Option(name: .customLong("stdin-name"), help: "The name standard input has in the report's inputs (default: -); Spark tasks give the export's name.")
    var stdinName: String?

    @Option(help: "Mapping profile of the input: wikipedia (the native format), sensors, metrics-platform, or a profile FILE (docs/PROFILES.md).")
    var profile = "wikipedia"

    @Option(help: ArgumentHelp("The slides' language: auto (each reader's own: the app's language on their records, else the language of the wiki they read most, else English), or a BCP 47 tag for every reader (de, pt-BR, zh-Hant).", valueName: "TAG|auto"))
    var locale = "auto"

    @OptionGroup var process: ProcessOptions
    var templates: String? { process.templates }
    var jobs: Int { process.jobs }
    var quiet: Bool { process.quiet }

    func validate() throws {
        if let year, !(1970...2099).contains(year) { throw ValidationError("--year must lie in 1970–2099") }
        if top < 0 { throw ValidationError("--top must be 0 or more") }
        if !(maxViewSeconds >= 0) || maxViewSeconds > 1e12 { throw ValidationError("--max-view-seconds must be a number ≥ 0") }
        if !(0...1).contains(maxRejectRate) { throw ValidationError("--max-reject-rate must lie in 0–1") }
        if let rejects { try OutputPlace.check(inputs: inputs, writing: [rejects]) }
    }

    func makeLogger() -> Logger { process.makeLogger() }

    /// The run's parameters, built once for every stage: bad option values are usage errors
    /// (64). `outputs`: what the command will write, so that the statistics keep what those need.
    func parameters(outputs: [Output]) throws -> RunParameters {
        var arguments = RunArguments()
        arguments.inputs = inputs
        arguments.year = year
        arguments.asOf = asOf
        arguments.tz = tz
        arguments.top = top
        arguments.excludedTitles = excludeTitle
        arguments.maxViewSeconds = maxViewSeconds
        arguments.strict = strict
        arguments.standardInputName = stdinName
        arguments.profile = profile
        arguments.mapping = try mappingProfile()
        arguments.locale = locale
        arguments.jobs = jobs
        arguments.outputs = outputs
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
                let known = files.files(in: "profiles", suffix: ".json").map { String($0.relativePath.dropFirst("profiles/".count).dropLast(5)) }
                throw ValidationError("unknown profile '\(profile)' (known: \((["wikipedia"] + known).joined(separator: ", ")), or a profile FILE)")
            }
            guard let data = try? file.contents() else { throw ValidationError("profile \(file.place): cannot be read") }
            return try MappingProfile.parse(data, path: file.place)
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// Runs the pipeline with the rejects file, logging and SPEC §5's exit codes for input
    /// problems. Returns the model only when the run may write its outputs, with the finished
    /// rejects file, which the command renames into place together with its own outputs.
    func runPipeline(_ parameters: RunParameters) throws -> (model: ReportModel, rejects: OutputFile?) {
        let logger = makeLogger()
        let rejectsFile = try rejects.map { path in try exitOnOutputError(logger) { try RejectsFile(path: path) } }
        let model: ReportModel
        let progress = ProgressLine(quiet: quiet)
        defer { progress.finish() }
        do {
            model = try Pipeline(parameters, zones: ZoneCatalog()).run { rejection in
                try rejectsFile?.add(rejection)
                if process.verbose {
                    logger.debug("\(rejection.file):\(rejection.line): rejected (\(rejection.reason.rawValue))")
                }
            } onProgress: { update in
                progress.update(update)
            } onPhase: { phase, duration in
                progress.finish()
                logger.debug("\(phase): \(duration.logText)")
            } onNote: { note in
                logger.debug("\(note)")
            }
        } catch let error as ParameterError {
            throw ValidationError(error.description)
        } catch let stop as StrictModeStop {
            try exitOnOutputError(logger) { try rejectsFile?.finish().commit() }
            let r = stop.rejection
            logger.error("\(r.file):\(r.line): rejected (\(r.reason.rawValue)); stopping (--strict)")
            throw ExitCode(65)
        } catch let error as InputError {
            logger.error("\(error)")
            if case .cannotOpen = error { throw ExitCode(66) }
            throw ExitCode(74)
        } catch let error as OutputError {
            logger.error("\(error)")
            throw ExitCode(error.exitCode)
        }
        let finishedRejects = try exitOnOutputError(logger) { try rejectsFile?.finish() }

        RunMetrics.shared.record(model)
        let d = model.statistics.diagnostics
        logger.info("""
            read \(d.lines) lines from \(model.inputs.count) input(s): \(d.acceptedTotal) accepted, \
            \(d.rejectedTotal) rejected, \(d.duplicates) duplicates\(d.ignored > 0 ? ", \(d.ignored) ignored (not mapped by the profile)" : ""); \(model.statistics.readers.count) readers
            """)
        for (reason, count) in d.rejected.sorted(by: { $0.key < $1.key }) {
            logger.info("  rejected \(count) × \(reason.rawValue)")
        }
        if d.lines > 0, Double(d.rejectedTotal) > maxRejectRate * Double(d.lines) {
            let rate = (Double(d.rejectedTotal) / Double(d.lines) * 10000).rounded() / 100
            logger.error("\(rate)% of lines were rejected, more than --max-reject-rate \(maxRejectRate * 100)%")
            // The rejects file is what the operator needs now; nothing else is written.
            try exitOnOutputError(logger) { try finishedRejects?.commit() }
            throw ExitCode(65)
        }
        keepUntilExit(model)
        return (model, finishedRejects)
    }
}

extension Logger {
    static func commandLine(quiet: Bool, verbose: Bool) -> Logger {
        var logger = Logger(label: "yir") { _ in CommandLineLogHandler() }
        logger.logLevel = quiet ? .error : verbose ? .debug : .info
        return logger
    }
}

extension OutputError {
    var exitCode: Int32 {
        switch self {
        case .cannotCreate: 73
        case .writeFailed: 74
        }
    }
}

/// Runs `body`, turning an `OutputError` into its logged message and exit code.
func exitOnOutputError<T>(_ logger: Logger, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as OutputError {
        logger.error("\(error)")
        throw ExitCode(error.exitCode)
    }
}

/// Writes bytes to standard output; a failed write (a closed pipe, a full disk) is exit 74.
func writeToStandardOutput(_ bytes: [UInt8], _ logger: Logger) throws {
    let ok = bytes.withUnsafeBytes { buffer -> Bool in
        var done = 0
        while done < buffer.count {
            let n = write(1, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += n
        }
        return true
    }
    guard ok else {
        logger.error("error writing standard output: \(String(cString: strerror(errno)))")
        throw ExitCode(74)
    }
    StandardOutput.bytesWritten.add(bytes.count, ordering: .relaxed)
}

extension Duration {
    /// How `--verbose` shows a phase's time: `0.123 secs`.
    var logText: String { formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 3))) }
}
