import Foundation
import Logging

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
        FileHandle.standardError.write(Data((prefix + "\(event.message)\n").utf8))
    }
}
