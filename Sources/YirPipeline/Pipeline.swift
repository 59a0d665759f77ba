import Foundation
import Logging
import YirCore
import YirIngest
import YirPartitions
import YirReport
import YirStats

/// The whole one-way run, from the paths the command line names to the files put in place:
/// paths checked → output folder prepared and locked → inputs → records (ingest) → figures
/// (statistics) → report model → renderers → one commit (SPEC §4.5). `report`, `stats`,
/// `check` and `render` all come here; each differs only in what it reads (`render`: the
/// lines of partitions) and what it writes.
public struct Pipeline {
    public var parameters: RunParameters
    public var zones: ZoneCatalog

    /// What a command asks of the run.
    public enum Command: Sendable {
        /// Report files in a folder, from records.
        case report(OutputOptions)
        /// The same files, from the lines `yir stats --partition` wrote for each partition.
        case render(OutputOptions)
        /// One output to standard output.
        case stats(Output)
        /// The input diagnostics alone, to standard output.
        case check
        /// The figures handed to the command, with the run's log, once the inputs are read and
        /// checked: `yir images`, which fetches the decks' pictures into `cache` (a folder,
        /// checked as an output and created before anything is read).
        case pictures(cache: String, use: @Sendable (ReportModel, Logger) throws(RunError) -> Void)

        var folder: OutputOptions? {
            switch self {
            case .report(let output), .render(let output): output
            case .stats, .check, .pictures: nil
            }
        }
    }

    /// What the command line shows of a run while it goes, and where standard output goes.
    public struct Events {
        public var onProgress: (IngestProgress) -> Void = { _ in }
        /// A phase ended: the progress line gives way to the log.
        public var onPhaseEnd: () -> Void = {}
        /// The inputs are read: the run's figures are known (its metrics, even when it fails later).
        public var onRead: (ReportModel) -> Void = { _ in }
        /// Bytes for standard output; a failure is an I/O error (74).
        public var standardOutput: ([UInt8]) throws -> Void = { _ in }
        /// Each rejected line is logged (`--verbose`).
        public var logRejections = false

        public init() {}
    }

    public init(_ parameters: RunParameters, zones: ZoneCatalog) {
        self.parameters = parameters
        self.zones = zones
    }

    /// Runs `command` to its end: its outputs in place, or a `RunError` and every previous
    /// output as it was.
    public func run(_ command: Command, log: Logger, events: Events = Events()) throws(RunError) {
        try checkPaths(command)
        var folder: ReportFolder?
        if let output = command.folder {
            folder = try ReportFolder(output, templates: parameters.templates, jobs: parameters.jobs, log: log)
            if case .report = command {
                try folder!.checkHistory(of: FolderHistory(before: parameters))
            }
        }
        if case .pictures(let cache, _) = command {
            do throws(OutputError) {
                try OutputFile.makeFolder(cache)
                OutputFile.removeStaleTemporaryFiles(in: cache)
            } catch {
                throw RunError(error)
            }
        }
        var rejects: RejectsFile?
        if let path = parameters.rejects {
            do throws(OutputError) { rejects = try RejectsFile(path: path) } catch { throw RunError(error) }
        }
        let model: ReportModel
        if case .render = command {
            model = try modelFromPartitions(log: log)
        } else {
            model = try modelFromRecords(rejects, log: log, events: events)
        }
        // The readers' years, known only now (and for `render` the partitions' as-of instant),
        // bind the folder.
        let history = try folder.map { (folder) throws(RunError) in
            let history = try FolderHistory(of: model, zone: parameters.zoneOverride ?? parameters.fallbackZone)
            try folder.checkHistory(of: history)
            return history
        }
        events.onRead(model)
        SignalTestHook.moment("read")
        keepUntilExit(model)
        let diagnostics = model.statistics.diagnostics
        if command.folder != nil, diagnostics.lines == 0, !parameters.allowEmpty {
            throw .noInput(
                "no input line was read (\(model.inputs.isEmpty ? "no input files" : model.inputs.map(\.path).joined(separator: ", "))): an empty export is no report, and the previous one is left as it was (--allow-empty writes it)"
            )
        }
        if diagnostics.lines > 0,
            Double(diagnostics.rejectedTotal) > parameters.maxRejectRate * Double(diagnostics.lines)
        {
            let rate = (Double(diagnostics.rejectedTotal) / Double(diagnostics.lines) * 10000).rounded() / 100
            throw .rejected(
                "\(rate)% of lines were rejected, more than --max-reject-rate \(parameters.maxRejectRate * 100)%")
        }
        let finishedRejects: OutputFile?
        do throws(OutputError) { finishedRejects = try rejects?.finish() } catch { throw RunError(error) }
        switch command {
        case .report, .render:
            try folder!.write(
                model, history: history!, alongside: finishedRejects.map { [$0] } ?? [], jobs: parameters.jobs)
        case .stats(let output):
            let clock = ContinuousClock()
            let start = clock.now
            do {
                try output.render(model, jobs: parameters.jobs, to: events.standardOutput)
            } catch {
                throw .io("error writing standard output: \(error)")
            }
            log.debug("rendering: \((clock.now - start).logText)")
            try commit(finishedRejects)
        case .check:
            var w = JSONWriter(pretty: true)
            JSONReport.writeDiagnostics(diagnostics, &w)
            do { try events.standardOutput(w.bytes + [0x0A]) } catch {
                throw .io("error writing standard output: \(error)")
            }
            try commit(finishedRejects)
        case .pictures(_, let use):
            try use(model, log)
            try commit(finishedRejects)
        }
    }

    private func commit(_ rejects: OutputFile?) throws(RunError) {
        guard let rejects else { return }
        do throws(OutputError) { try OutputFile.commit([rejects]) } catch { throw RunError(error) }
    }

    /// SPEC §4.5: every path the run writes, checked before anything is read.
    public func checkPaths(_ command: Command) throws(RunError) {
        var written: [OutputPaths.Written] = []
        var readers: String?
        var linkKey: String?
        if let output = command.folder {
            written.append(.init(output.out, "--out", isFolder: true))
            for format in output.formats {
                written.append(.init(output.path(of: format), "--format \(format.rawValue)'s file"))
                if format == .html {
                    readers = output.readers
                    written.append(.init(output.readers, "the decks' folder", isFolder: true))
                    linkKey = output.linkKey ?? LinkKey.defaultPath()
                }
            }
            written.append(.init(output.history, "the folder's record"))
        }
        if case .pictures(let cache, _) = command { written.append(.init(cache, "--image-cache", isFolder: true)) }
        if let rejects = parameters.rejects { written.append(.init(rejects, "--rejects")) }
        if let metrics = parameters.metrics { written.append(.init(metrics, "--metrics")) }
        // The link key is an output too when this run creates it.
        if let key = linkKey, !FileManager.default.fileExists(atPath: key) {
            written.append(.init(key, "--link-key", isLinkKey: true))
        }
        try OutputPaths.check(written, inputs: parameters.inputs, linkKey: linkKey, readers: readers)
    }

    /// Reads the inputs and computes the figures: the report model of the run, with each
    /// rejected line added to `rejects` and logged under `--verbose`.
    private func modelFromRecords(_ rejects: RejectsFile?, log: Logger, events: Events) throws(RunError) -> ReportModel
    {
        let model: ReportModel
        do {
            model = try self.model { rejection in
                try rejects?.add(rejection)
                if events.logRejections {
                    log.debug("\(rejection.file):\(rejection.line): rejected (\(rejection.reason.rawValue))")
                }
            } onProgress: {
                events.onProgress($0)
            } onPhase: { phase, duration in
                events.onPhaseEnd()
                log.debug("\(phase): \(duration.logText)")
            } onNote: {
                log.debug("\($0)")
            }
        } catch let error as RunError {
            throw error
        } catch let error as ParameterError {
            throw .usage(error.description)
        } catch let stop as StrictModeStop {
            let r = stop.rejection
            throw .rejected("\(r.file):\(r.line): rejected (\(r.reason.rawValue)); stopping (--strict)")
        } catch let error as InputError {
            throw RunError(error)
        } catch let error as OutputError {
            throw RunError(error)
        } catch {
            throw .io("\(error)")
        }
        events.onPhaseEnd()
        let d = model.statistics.diagnostics
        log.info(
            """
            read \(d.lines) lines from \(model.inputs.count) input(s): \(d.acceptedTotal) accepted, \
            \(d.rejectedTotal) rejected, \(d.duplicates) duplicates\(d.ignored > 0 ? ", \(d.ignored) ignored (not mapped by the profile)" : ""); \(model.statistics.readers.count) readers
            """)
        for (reason, count) in d.rejected.sorted(by: { $0.key < $1.key }) {
            log.info("  rejected \(count) × \(reason.rawValue)")
        }
        return model
    }

    /// `yir render`'s model (SPEC §6): the partitions' lines read back, and the run's figures
    /// (cohort, ranks) made from all of them, as `Statistics` makes them from records.
    private func modelFromPartitions(log: Logger) throws(RunError) -> ReportModel {
        var inputs: [WholeInput] = []
        for path in parameters.inputs {
            do throws(InputError) { inputs.append(try WholeInput(path: path)) } catch { throw RunError(error) }
        }
        let lines = Result { () throws(PartitionFormat.ReadError) in
            try PartitionFormat.read(inputs.map { ($0.path, $0.data) }, zones: zones, jobs: parameters.jobs)
        }
        // A file changed under the parse may have read as zeros: that, not what the parse made
        // of them, is the error to report.
        for input in inputs {
            do throws(InputError) { try input.checkUnchanged() } catch { throw RunError(error) }
        }
        // No non-blank line in any input — empty files, an empty standard input — is no input.
        let noLine = inputs.allSatisfy { input in
            input.data.allSatisfy { $0 == 0x0A || $0 == 0x0D || $0 == 0x20 || $0 == 0x09 }
        }
        // The lines are let go before the outputs are rendered: nothing after this reads them.
        inputs = []
        let read: PartitionFormat.Lines
        switch lines {
        case .success(let value): read = value
        case .failure(let error):
            // No line at all is an empty input (66), not a damaged one.
            if noLine, !parameters.allowEmpty {
                throw .noInput(
                    "no input line was read (\(parameters.inputs.joined(separator: ", "))): an empty export is no report, and the previous one is left as it was"
                )
            }
            throw .rejected(error.description)
        }
        let merged: (readers: [ReaderStats], cohort: CohortStats)
        do throws(Partitions.DecodeError) {
            merged = try Partitions.merge(read.readers, totals: read.totals, top: read.parameters.top)
        } catch {
            throw .rejected("\(parameters.inputs.joined(separator: ", ")): \(error.description)")
        }
        let model = ReportModel(
            parameters: read.parameters, inputs: read.inputs,
            statistics: RunStatistics(readers: merged.readers, cohort: merged.cohort, diagnostics: read.diagnostics))
        log.info(
            "read \(model.statistics.readers.count) readers from \(parameters.inputs.count) file(s); the run read \(read.diagnostics.lines) lines"
        )
        return model
    }

    /// Runs ingest and statistics: the report model. Throws `InputError` for unreadable inputs,
    /// `ParameterError` for one named twice, and `StrictModeStop` under `--strict`; `onReject`
    /// sees every rejected line in input order.
    public func model(
        onReject: @escaping (Rejection) throws -> Void = { _ in },
        onProgress: @escaping (IngestProgress) -> Void = { _ in },
        onPhase: (String, Duration) -> Void = { _, _ in },
        onNote: (String) -> Void = { _ in }
    ) throws -> ReportModel {
        let inputs = try parameters.inputFiles()
        let clock = ContinuousClock()
        var start = clock.now
        let ingestor = Ingestor(
            options: parameters.ingestOptions, zones: zones, jobs: parameters.jobs,
            chunkSize: parameters.chunkSize, onReject: onReject)
        ingestor.onProgress = onProgress
        try ingestor.read(inputs)
        var ingest = ingestor.finish()
        onPhase("ingest", clock.now - start)
        onPhase("  of which parsing (the batch before merging alongside)", ingestor.parseTime)
        onPhase("  of which merging alone", ingestor.mergeTime)
        switch ingestor.gzipEngine {
        case "isa-l": onNote(".gz inflated by ISA-L")
        case let engine?:
            onNote(".gz inflated by \(engine) (libisal.so.2 not found; ISA-L inflates several times faster)")
        case nil: break
        }
        start = clock.now
        let statistics = Statistics.compute(&ingest, parameters: parameters.statsParameters)
        onPhase("statistics", clock.now - start)
        return ReportModel(parameters: parameters.reportParameters, inputs: ingest.inputs, statistics: statistics)
    }
}

/// Keeps `value` alive until the process exits, never freed. A run's figures are millions of
/// small allocations (every reader's strings and arrays); freeing them one by one after the
/// outputs are written cost ~0.1 s on one thread (perf, the bench export) for memory the
/// kernel takes back at exit anyway. Only for what a run holds to its end.
func keepUntilExit<T>(_ value: T) {
    _ = Unmanaged.passRetained(Immortal(value))
}

private final class Immortal<T> {
    let value: T
    init(_ value: T) { self.value = value }
}
