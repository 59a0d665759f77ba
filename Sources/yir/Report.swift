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
            let arguments = try output.arguments()
            try options.run(
                .report(arguments), try options.parameters(outputs: arguments.formats, allowEmpty: output.allowEmpty))
        }
    }
}
