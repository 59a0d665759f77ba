import ArgumentParser
import Logging
import YirPipeline
import YirSample

extension Yir {
    /// `yir sample`: a deterministic synthetic export on standard output.
    struct Sample: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a deterministic synthetic export (JSON Lines) to standard output.")

        @Option(
            help: ArgumentHelp(
                "Readers drawn.",
                discussion: """
                    Like real readers, most read on few days: each is active on about 1 % of days on \
                    average, heavy-tailed, and one never active writes no records. Over 365 days about \
                    80 % of the readers drawn have records; over a few days, few do.
                    """))
        var readers = 1000

        @Option(help: "Days of activity from 2025-01-01.")
        var days = 365

        @Option(help: "Seed: the same seed gives the same bytes.")
        var seed: UInt64 = 1

        @Option(help: "Stop after about this many bytes (with enough --readers).")
        var bytes: Int?

        func validate() throws {
            guard readers >= 0, (1...36_500).contains(days) else {
                throw ValidationError("--readers ≥ 0, --days in 1–36500")
            }
        }

        func run() throws {
            do {
                try SyntheticExport(readers: readers, days: days, seed: seed, byteLimit: bytes).generate {
                    try writeToStandardOutput($0)
                }
            } catch {
                throw RunError.io("error writing standard output: \(error)").exit(
                    logging: .commandLine(quiet: false, verbose: false))
            }
        }
    }
}
