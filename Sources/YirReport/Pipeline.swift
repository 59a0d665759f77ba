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
    public func run(onReject: @escaping (Rejection) throws -> Void = { _ in }) throws -> ReportModel {
        let ingestor = Ingestor(options: ingestOptions, zones: zones, onReject: onReject)
        for input in inputs { try ingestor.read(input) }
        let ingest = ingestor.finish()
        let statistics = Statistics.compute(ingest, parameters: statsParameters)
        return ReportModel(parameters: reportParameters, inputs: ingest.inputs, statistics: statistics)
    }
}
