import CYirStart
import Foundation
import YirReport

/// How yir ends when it is told to (SPEC §4.5, operators' cron jobs): on SIGINT, SIGTERM or
/// SIGHUP it stops writing, removes the temporary files and folders of outputs not yet in
/// place, writes `--metrics` with the signal's code, and exits with 130, 143 or 129
/// (128 + the signal) — the previous outputs untouched, nothing left behind.
///
/// The handler itself only marks the run as stopping, at once, on whichever thread the signal
/// lands: from then on no output takes its name and no deck is written, so a commit that has
/// not begun never will. It then wakes a thread of its own (through a pipe, which is safe in a
/// signal handler), which takes the lock around the temporary files — waiting for a commit
/// under way — removes them, writes the metrics and exits.
enum Interruption {
    nonisolated(unsafe) private static var wakeUp: (read: Int32, write: Int32) = (-1, -1)

    static func install() {
        // Over a file-size limit (`ulimit -f`), let write(2) fail with EFBIG — an I/O error,
        // exit 74 — rather than be killed by SIGXFSZ halfway through a temporary file.
        signal(SIGXFSZ, SIG_IGN)
        // A closed standard error (a pipe whose reader left) never stops a run: its messages
        // are lost, its outputs are not.
        signal(SIGPIPE, SIG_IGN)
        // Never descriptor 0, 1 or 2: yir's start filled any that were closed (CYirStart).
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        wakeUp = (fds[0], fds[1])
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                TemporaryFiles.stop()
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(Interruption.wakeUp.write, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(wakeUp.read, &byte, 1) != 1 {}
            let code = 128 + Int32(byte)
            // Once the outputs have begun to take their names, the run ends by its commit:
            // finished (0) or rolled back whole (74), never cut between the two.
            guard TemporaryFiles.stopAndRemoveAll() else { return }
            writeToStandardError("yir: interrupted\n")
            RunMetrics.shared.finish(exitCode: code, reason: "interrupted")
            _exit(code)
        }
        // A parent may hand the signals down blocked (a test runner, a supervisor), and yir's
        // start holds them back until now: let through, a signal that came meanwhile is
        // handled at once.
        yir_release_stopping_signals()
    }

    /// On the way out of a failed run: when a signal caused the failure, waits for its
    /// thread to exit with the signal's code rather than exit with the failure's. A commit
    /// that began is not the signal's to end.
    static func waitIfStopping() {
        guard TemporaryFiles.stopping, !TemporaryFiles.commitBegun else { return }
        while true { pause() }
    }
}
