import ArgumentParser
import Logging
import YirCore
import YirPipeline

extension RunError {
    /// Logs the error and gives the exit code SPEC §5 maps it to (`exitCode`): the one way a
    /// command ends on an error of its own.
    func exit(logging logger: Logger) -> ExitCode {
        logger.error("\(self)")
        return ExitCode(exitCode)
    }
}

extension Yir {
    /// Runs a command's pipeline: the progress line on a terminal, the run's figures for
    /// `--metrics`, and its `RunError` as the exit code SPEC §5 gives it — usage errors through
    /// ArgumentParser, which prints the usage with them.
    static func run(_ command: Pipeline.Command, _ parameters: RunParameters, process: ProcessOptions) throws {
        let log = process.makeLogger()
        let progress = ProgressLine(quiet: process.quiet)
        defer { progress.finish() }
        var events = Pipeline.Events()
        events.onProgress = { progress.update($0) }
        events.onPhaseEnd = { progress.finish() }
        events.onRead = { RunMetrics.shared.record($0) }
        events.standardOutput = { try writeToStandardOutput($0) }
        events.logRejections = process.verbose
        let pipeline = Pipeline(parameters, zones: ZoneCatalog())
        do {
            try pipeline.checkPaths(command)
        } catch {
            // A metrics file in a place no output may be is not written either.
            RunMetrics.shared.untarget()
            throw ValidationError(error.description)
        }
        do {
            try pipeline.run(command, log: log, events: events)
        } catch {
            progress.finish()
            Interruption.waitIfStopping()
            RunMetrics.shared.refuse(error.reason)
            if case .usage(let message) = error { throw ValidationError(message) }
            throw error.exit(logging: log)
        }
    }
}
