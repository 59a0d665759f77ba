import ArgumentParser
import YirPipeline
import YirReport

extension Yir {
    /// `yir check`: input diagnostics only — what would be accepted, rejected and why.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read the inputs and print their diagnostics as JSON: lines read, accepted by type, rejected by reason.")

        @OptionGroup var options: RunOptions

        func run() throws {
            let logger = options.makeLogger()
            let (model, rejects) = try options.runPipeline(try options.parameters(outputs: []))
            var w = JSONWriter(pretty: true)
            JSONReport.writeDiagnostics(model.statistics.diagnostics, &w)
            try writeToStandardOutput(w.bytes + [0x0A], logger)
            try exitOnOutputError(logger) { try OutputFile.commit(rejects.map { [$0] } ?? []) }
        }
    }
}
