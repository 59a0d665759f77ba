import ArgumentParser
import YirCore
import YirPipeline

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

        func run() throws {
            // None of the run's own options: each has its default, and the partitions' lines
            // carry the parameters they were computed with.
            var options = try RunOptions.parse([])
            options.inputs = inputs
            options.process = process
            let templates = try TemplateLayers.files(process.templates, logger: process.makeLogger())
            let parameters: RunParameters
            do {
                parameters = try RunParameters(
                    options, outputs: output.formats, allowEmpty: output.allowEmpty, templates: templates,
                    zones: ZoneCatalog())
            } catch {
                throw ValidationError(error.description)
            }
            try Yir.run(.render(output), parameters, process: process)
        }
    }
}
