import ArgumentParser
import Foundation
import Logging

/// What every command that does work shares: the templates, threads and how much it says.
struct ProcessOptions: ParsableArguments {
    @Option(
        help:
            "A templates folder laid over the built-in one file by file (html/*.mustache, strings/LOCALE.json, profiles/NAME.json, report.xsd)."
    )
    var templates: String?

    @Option(help: "Worker threads (default: all cores). Results are the same for every value.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Print errors only.")
    var quiet = false

    @Flag(help: "Print more about the run.")
    var verbose = false

    @Option(
        help: ArgumentHelp(
            "After the run, succeeded or failed, write its figures to this file in the Prometheus text format (for node_exporter's textfile collector).",
            valueName: "file"))
    var metrics: String?

    func validate() throws {
        if !(1...1024).contains(jobs) { throw ValidationError("--jobs must lie in 1–1024") }
        if quiet && verbose { throw ValidationError("--quiet and --verbose exclude each other") }
    }

    func makeLogger() -> Logger { .commandLine(quiet: quiet, verbose: verbose) }
}
