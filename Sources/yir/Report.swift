import ArgumentParser
import YirPipeline

extension Yir {
    /// `yir report`: the nightly job — every requested output written atomically into --out.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compute the figures and write the report files into a folder.")

        @OptionGroup var options: RunOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            try options.run(
                .report(output), try options.parameters(outputs: output.formats, allowEmpty: output.allowEmpty))
        }
    }
}
