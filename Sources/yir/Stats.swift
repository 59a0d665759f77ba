import ArgumentParser
import YirPipeline

extension Yir {
    /// `yir stats`: the report model to standard output, for analysts and pipelines.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compute the figures and print them to standard output.")

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case json, jsonl, csv, table
        }

        @OptionGroup var options: RunOptions

        @Option(
            help:
                "json: the whole report model; jsonl: one line per reader; csv: one row per reader; table: for reading on a terminal."
        )
        var format: Format = .json

        @Flag(
            help:
                "With jsonl: the lines one partition of an export gives `yir render` (SPEC §6): each reader with its detail, then the partition's parameters, inputs and diagnostics."
        )
        var partition = false

        /// The one output printed.
        var output: Output {
            switch format {
            case .json: .json
            case .jsonl: partition ? .partition : .jsonl
            case .csv: .csv
            case .table: .table
            }
        }

        func validate() throws {
            if partition && format != .jsonl { throw ValidationError("--partition needs --format jsonl") }
        }

        func run() throws {
            try options.run(.stats(output), try options.parameters(outputs: [output]))
        }
    }
}
