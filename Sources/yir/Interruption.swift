import Dispatch
import Foundation
import YirReport

/// How yir ends when it is told to (SPEC §4.5, operators' cron jobs): on SIGINT or SIGTERM it
/// removes the temporary files of outputs not yet in place and exits at once with 130 or 143
/// (128 + the signal), leaving the previous outputs untouched — after writing `--metrics`, so
/// that monitoring sees the interrupted run.
enum Interruption {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install() {
        // Over a file-size limit (`ulimit -f`), let write(2) fail with EFBIG — an I/O error,
        // exit 74 — rather than be killed by SIGXFSZ halfway through a temporary file.
        signal(SIGXFSZ, SIG_IGN)
        for (number, code) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            // The handler runs on a dispatch thread, not in signal context, so it may take the
            // lock around the list of temporary files.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                TemporaryFiles.removeAll()
                FileHandle.standardError.write(Data("yir: interrupted\n".utf8))
                RunMetrics.shared.finish(exitCode: code)
                _exit(code)
            }
            source.resume()
            sources.append(source)
        }
    }
}
