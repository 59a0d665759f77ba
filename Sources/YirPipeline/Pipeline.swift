import Foundation
import YirCore
import YirIngest
import YirStats

/// The whole one-way run: inputs → records (ingest) → figures (stats) → report model.
public struct Pipeline {
    public var inputs: [InputFile]
    public var ingestOptions: IngestOptions
    public var statsParameters: StatsParameters
    public var reportParameters: ReportModel.Parameters
    public var zones: ZoneCatalog
    /// Worker threads for ingest (`--jobs`).
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Bytes per ingest chunk; results never depend on it (tests vary it to prove so).
    public var chunkSize = 4 << 20

    public init(inputs: [InputFile], ingestOptions: IngestOptions, statsParameters: StatsParameters,
                reportParameters: ReportModel.Parameters, zones: ZoneCatalog) {
        self.inputs = inputs
        self.ingestOptions = ingestOptions
        self.statsParameters = statsParameters
        self.reportParameters = reportParameters
        self.zones = zones
    }

    /// Runs ingest and statistics. Throws `InputError` for unreadable inputs and
    /// `StrictModeStop` under `--strict`; `onReject` sees every rejected line in input order.
    public func run(onReject: @escaping (Rejection) throws -> Void = { _ in },
                    onProgress: @escaping (IngestProgress) -> Void = { _ in },
                    onPhase: (String, Duration) -> Void = { _, _ in },
                    onNote: (String) -> Void = { _ in }) throws -> ReportModel {
        let clock = ContinuousClock()
        var start = clock.now
        let ingestor = Ingestor(options: ingestOptions, zones: zones, jobs: jobs, chunkSize: chunkSize, onReject: onReject)
        ingestor.onProgress = onProgress
        try ingestor.read(inputs)
        var ingest = ingestor.finish()
        onPhase("ingest", clock.now - start)
        onPhase("  of which parsing (the batch before merging alongside)", ingestor.parseTime)
        onPhase("  of which merging alone", ingestor.mergeTime)
        switch ingestor.gzipEngine {
        case "isa-l": onNote(".gz inflated by ISA-L")
        case let engine?: onNote(".gz inflated by \(engine) (libisal.so.2 not found; ISA-L inflates several times faster)")
        case nil: break
        }
        start = clock.now
        var parameters = statsParameters
        parameters.jobs = jobs
        let statistics = Statistics.compute(&ingest, parameters: parameters)
        onPhase("statistics", clock.now - start)
        return ReportModel(parameters: reportParameters, inputs: ingest.inputs, statistics: statistics)
    }
}
