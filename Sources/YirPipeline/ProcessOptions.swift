import ArgumentParser
import Foundation

/// What every command that does work shares: the templates, threads and how much it says.
public struct ProcessOptions: ParsableArguments {
    @Option(
        help:
            "A templates folder laid over the built-in one file by file (html/*.mustache, strings/LOCALE.json, profiles/NAME.json, report.xsd)."
    )
    public var templates: String?

    @Option(help: "Worker threads (default: all cores). Results are the same for every value.")
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Print errors only.")
    public var quiet = false

    @Flag(help: "Print more about the run.")
    public var verbose = false

    @Option(
        help: ArgumentHelp(
            "After the run, succeeded or failed, write its figures to this file in the Prometheus text format (for node_exporter's textfile collector).",
            valueName: "file"))
    public var metrics: String?

    public init() {}

    public func validate() throws {
        if !(1...1024).contains(jobs) { throw ValidationError("--jobs must lie in 1–1024") }
        if quiet && verbose { throw ValidationError("--quiet and --verbose exclude each other") }
    }
}
