import Foundation
import YirIngest

/// Progress of a long run on a terminal (SPEC §5): bytes, records per second and, when the
/// total is known, the time left — one line on standard error, rewritten in place. Nothing at
/// all when standard error is not a terminal (a pipe, a file, cron) or with `--quiet`.
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let start = ContinuousClock.now
    private var lastShown = ContinuousClock.now
    private var shown = false

    init(quiet: Bool) {
        enabled = !quiet && isatty(2) == 1
    }

    /// Called by the ingest merge, one call at a time.
    func update(_ progress: IngestProgress) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard now - lastShown >= .milliseconds(250) else { return }
        lastShown = now
        let seconds = max(
            0.001, Double((now - start).components.attoseconds) / 1e18 + Double((now - start).components.seconds))
        let rate = Double(progress.lines) / seconds
        var text = "yir: read \(megabytes(progress.bytes))"
        if let total = progress.totalBytes, total > 0 {
            text += " of \(megabytes(total))"
            let byteRate = Double(progress.bytes) / seconds
            if byteRate > 0 {
                text += ", about \(Int((Double(total - progress.bytes) / byteRate).rounded(.up))) s left"
            }
        }
        text += ", \(Int(rate / 1000)) k records/s"
        writeToStandardError(("\r\u{1B}[K" + text))
        shown = true
    }

    /// A bar for work counted in items (`yir images`: the pictures done of all), one call at a
    /// time; shown at once when it is not on the line (at the start, after a message), and at
    /// the last item.
    func update(done: Int, of total: Int, _ items: String) {
        guard enabled, total > 0 else { return }
        let now = ContinuousClock.now
        guard !shown || done >= total || now - lastShown >= .milliseconds(250) else { return }
        lastShown = now
        let width = 30
        let filled = min(width, done * width / total)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        writeToStandardError("\r\u{1B}[K" + "yir: \(items) [\(bar)] \(done)/\(total)")
        shown = true
    }

    /// Clears the line before the run's own messages.
    func finish() {
        guard enabled, shown else { return }
        writeToStandardError("\r\u{1B}[K")
        shown = false
    }

    private func megabytes(_ bytes: Int64) -> String { "\(bytes / 1_000_000) MB" }
}
