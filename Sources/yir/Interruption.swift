import Dispatch
import Foundation
import YirReport

/// How yir ends when it is told to (SPEC §4.5, operators' cron jobs): on SIGINT, SIGTERM or
/// SIGHUP it stops writing, removes the temporary files and folders of outputs not yet in
/// place, writes `--metrics` with the signal's code, and exits with 130, 143 or 129
/// (128 + the signal) — the previous outputs untouched, nothing left behind.
enum Interruption {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install() {
        // Over a file-size limit (`ulimit -f`), let write(2) fail with EFBIG — an I/O error,
        // exit 74 — rather than be killed by SIGXFSZ halfway through a temporary file.
        signal(SIGXFSZ, SIG_IGN)
        // A closed standard error (a pipe whose reader left) never stops a run: its messages
        // are lost, its outputs are not.
        signal(SIGPIPE, SIG_IGN)
        for (number, code) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))] {
            // The handler runs on a dispatch thread, not in signal context, so it may take the
            // lock around the list of temporary files.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                // From here on the run's own failures are not its end: the workers' writes
                // fail as their folder goes, and the signal's code is the one to exit with.
                TemporaryFiles.stopAndRemoveAll()
                FileHandle.standardError.write(Data("yir: interrupted\n".utf8))
                RunMetrics.shared.finish(exitCode: code, reason: "interrupted")
                _exit(code)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether a signal is ending the run: then its handler exits, with its own code.
    static var stopping: Bool { TemporaryFiles.stopping }

    /// On the way out of a failed run: when a signal caused the failure, waits for its
    /// handler to exit with the signal's code rather than exit with the failure's.
    static func waitIfStopping() {
        guard stopping else { return }
        while true { pause() }
    }
}
