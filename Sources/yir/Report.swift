import ArgumentParser

extension Yir {
    /// `yir report`: the nightly job — every requested output written atomically into --out.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compute the figures and write the report files into a folder.")

        @OptionGroup var options: RunOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            try OutputPlace.check(inputs: options.inputs, writing: try output.filesWritten())
        }

        func run() throws {
            let logger = options.makeLogger()
            let parameters = try options.parameters(outputs: try output.formats())
            let prepared = try output.prepare(templates: options.templates, jobs: parameters.jobs, logger: logger)
            let (model, rejects) = try options.runPipeline(parameters)
            try output.write(model, prepared, alongside: rejects.map { [$0] } ?? [], jobs: options.jobs, logger: logger)
        }
    }
}
