import Foundation
import YirCore
import YirIngest
import YirReport
import YirStats

/// The whole one-way run: inputs → records (ingest) → figures (statistics) → report model →
/// outputs (`Output.render`, `HTMLReport`). `report` and `stats` come here for their model;
/// `render` makes the same model from partition lines (`model(fromPartitions:)`) and writes
/// it through the same outputs.
public struct Pipeline {
    public var parameters: RunParameters
    public var zones: ZoneCatalog

    public init(_ parameters: RunParameters, zones: ZoneCatalog) {
        self.parameters = parameters
        self.zones = zones
    }

    /// Runs ingest and statistics. Throws `InputError` for unreadable inputs, `ParameterError`
    /// for one named twice, and `StrictModeStop` under `--strict`; `onReject` sees every
    /// rejected line in input order.
    public func run(onReject: @escaping (Rejection) throws -> Void = { _ in },
                    onProgress: @escaping (IngestProgress) -> Void = { _ in },
                    onPhase: (String, Duration) -> Void = { _, _ in },
                    onNote: (String) -> Void = { _ in }) throws -> ReportModel {
        let inputs = try parameters.inputFiles()
        let clock = ContinuousClock()
        var start = clock.now
        let ingestor = Ingestor(options: parameters.ingestOptions, zones: zones, jobs: parameters.jobs,
                                chunkSize: parameters.chunkSize, onReject: onReject)
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
        let statistics = Statistics.compute(&ingest, parameters: parameters.statsParameters)
        onPhase("statistics", clock.now - start)
        return ReportModel(parameters: parameters.reportParameters, inputs: ingest.inputs, statistics: statistics)
    }

    /// `yir render`'s model: the run's, made from its partitions' lines (SPEC §6) instead of
    /// from records. Throws `PartitionFormat.ReadError` for a line that is no partition line.
    public static func model(fromPartitions files: [(path: String, data: Data)], zones: ZoneCatalog,
                             jobs: Int) throws(PartitionFormat.ReadError) -> ReportModel {
        try PartitionFormat.read(files, zones: zones, jobs: jobs)
    }
}
