import ArgumentParser
import Foundation
import YirReport

extension Yir {
    /// `yir stats`: the report model to standard output, for analysts and pipelines.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compute the figures and print them to standard output.")

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case json, jsonl, csv, table
        }

        @OptionGroup var options: RunOptions

        @Option(help: "json: the whole report model; jsonl: one line per reader; csv: one row per reader; table: for reading on a terminal.")
        var format: Format = .json

        @Flag(help: "With jsonl: the lines one partition of an export gives `yir render` (SPEC §6): each reader with its detail, then the partition's parameters, inputs and diagnostics.")
        var partition = false

        func validate() throws {
            if partition && format != .jsonl { throw ValidationError("--partition needs --format jsonl") }
        }

        func run() throws {
            let (model, rejects) = try options.runPipeline(keepArticleTotals: partition, keepActivity: partition)
            let logger = options.makeLogger()
            let write = { (bytes: [UInt8]) in try writeToStandardOutput(bytes, logger) }
            let clock = ContinuousClock()
            let start = clock.now
            defer { logger.debug("rendering: \((clock.now - start).logText)") }
            switch format {
            case .json: try JSONReport.writeDocument(model, jobs: options.jobs, to: write)
            case .jsonl where partition: try PartitionFormat.write(model, jobs: options.jobs, to: write)
            case .jsonl: try JSONReport.writeLines(model, jobs: options.jobs, to: write)
            case .csv: try CSVReport.write(model, jobs: options.jobs, to: write)
            case .table: try TableReport.write(model, jobs: options.jobs, to: write)
            }
            try exitOnOutputError(logger) { try OutputFile.commit(rejects.map { [$0] } ?? []) }
        }
    }
}
