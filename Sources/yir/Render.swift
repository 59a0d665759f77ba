import ArgumentParser
import Foundation
import Logging
import YirCore
import YirIngest
import YirPipeline
import YirReport

extension Yir {
    /// `yir render`: the second step of SPEC §6 — the report of a whole run from the lines its
    /// partitions gave (`yir stats --format jsonl --partition`), written like `yir report`.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the report of a partitioned run from its partitions' lines.",
            discussion: """
                Each partition of an export partitioned by user runs `yir stats --format jsonl --partition` \
                with the same --as-of and options; `yir render` reads all their lines, computes the run's \
                cohort and ranks, and writes the same files `yir report` writes for the whole export.
                """)

        @Argument(help: "Files of partition lines, or - for standard input (the default).")
        var inputs: [String] = []

        @OptionGroup var output: OutputOptions

        @OptionGroup var process: ProcessOptions

        func validate() throws {
            try OutputPlace.check(inputs: inputs, writing: try output.filesWritten())
        }

        func run() throws {
            let logger = process.makeLogger()
            let jobs = process.jobs
            let paths = inputs.isEmpty ? ["-"] : inputs
            let model = try read(paths, jobs: jobs, logger: logger)
            RunMetrics.shared.record(model)
            keepUntilExit(model)
            let d = model.statistics.diagnostics
            logger.info("read \(model.statistics.readers.count) readers from \(paths.count) file(s); the run read \(d.lines) lines")
            let prepared = try output.prepare(templates: process.templates, jobs: jobs, logger: logger)
            try output.write(model, prepared, alongside: [], jobs: jobs, logger: logger)
        }

        /// The run's model from the partitions' lines. The lines (mapped where large) are let go
        /// on return, before the outputs are rendered: nothing after this reads them.
        private func read(_ paths: [String], jobs: Int, logger: Logger) throws -> ReportModel {
            var inputs: [WholeInput] = []
            for path in paths {
                do throws(InputError) {
                    inputs.append(try WholeInput(path: path))
                } catch {
                    logger.error("\(error)")
                    if case .cannotOpen = error { throw ExitCode(66) }
                    throw ExitCode(74)
                }
            }
            let model = Result { try Pipeline.model(fromPartitions: inputs.map { ($0.path, $0.data) }, zones: ZoneCatalog(), jobs: jobs) }
            // A file changed under the parse may have read as zeros: that, not what the parse
            // made of them, is the error to report.
            for input in inputs {
                do throws(InputError) { try input.checkUnchanged() } catch {
                    logger.error("\(error)")
                    throw ExitCode(74)
                }
            }
            do {
                return try model.get()
            } catch {
                logger.error("\(error)")
                throw ExitCode(65)
            }
        }
    }
}
