import ArgumentParser
import YirPipeline

extension Yir {
    /// `yir check`: input diagnostics only — what would be accepted, rejected and why.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Read the inputs and print their diagnostics as JSON: lines read, accepted by type, rejected by reason."
        )

        @OptionGroup var options: RunOptions

        func run() throws {
            try options.run(.check, try options.parameters(outputs: []))
        }
    }
}
