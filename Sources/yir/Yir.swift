import ArgumentParser
import CYirSupport

@main
struct Yir: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "yir",
        abstract: "Year-in-review reports from exported reading-activity records.",
        discussion: """
            Exit codes: 0 success, 64 usage error, 65 input rejected beyond the allowed rate \
            (or any rejection with --strict), 66 an input cannot be opened, 73 output cannot be \
            created, 74 I/O error while reading or writing.
            """,
        subcommands: [Report.self, Stats.self, Check.self, Render.self, Validate.self, Sample.self])

    static func main() {
        Interruption.install()
        keepFreedMemoryForReuse()
        main(nil)
    }

    /// Ingest allocates and frees a few MB per chunk. By default glibc hands blocks that large
    /// straight back to the kernel, which must zero fresh pages for the next chunk — measured
    /// at 17 % of a run's CPU. Keeping them in the heap lets the next chunk reuse them.
    static func keepFreedMemoryForReuse() {
        yir_keep_freed_memory_for_reuse()
    }
}
