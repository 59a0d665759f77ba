import Foundation
import Logging
import YirPipeline

/// Plain `yir: message` lines on standard error: logs are for people reading a terminal or
/// a cron mail, and data goes to standard output only when asked for (SPEC §5).
struct CommandLineLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let prefix = event.level >= .error ? "yir: error: " : event.level == .warning ? "yir: warning: " : "yir: "
        writeToStandardError(prefix + "\(event.message)\n")
    }
}

/// Writes to standard error, losing what cannot be written: a closed pipe (a cron mail that
/// went away, `2>&1 | head`) or a full disk never stops a run (SPEC §4.5). Foundation's
/// `FileHandle.write` traps on such an error.
func writeToStandardError(_ text: String) {
    _ = writeAll(Array(text.utf8), to: 2)
}

extension Logger {
    static func commandLine(quiet: Bool, verbose: Bool) -> Logger {
        var logger = Logger(label: "yir") { _ in CommandLineLogHandler() }
        logger.logLevel = quiet ? .error : verbose ? .debug : .info
        return logger
    }
}

extension ProcessOptions {
    func makeLogger() -> Logger { .commandLine(quiet: quiet, verbose: verbose) }
}
