import Foundation
import Synchronization
import YirCore
import YirHTML
import YirImages
import YirReport

/// `--metrics FILE` (SPEC §5): after every run, whether it succeeded, failed or was interrupted,
/// the run's figures in the Prometheus text exposition format, for node_exporter's textfile
/// collector — so a nightly job's monitoring reads more than its exit code. The file describes
/// the last run, so every figure is a gauge; each series carries the command, so the files of
/// a `report` job and a `render` job can lie in one collector folder. Written atomically: the
/// collector never reads half a file.
final class RunMetrics: Sendable {
    static let shared = RunMetrics()

    private struct State {
        var start = ContinuousClock.now
        var path: String?
        var command = "yir"
        var diagnostics: Diagnostics?
        var readers: Int?
        /// `yir images`: the pictures fetched, found in the cache and failed so far.
        var pictures: PictureSummary?
        /// Why the run stopped, when it failed (`RunError.reason`, `interrupted`, `usage`).
        var reason: String?
        var written = false
    }

    private let state = Mutex(State())
    /// Held while the file is written: a signal's handler waits for a write under way, then
    /// writes the file again with its own code, so that no temporary file is left behind.
    private let writing = Mutex(())

    /// Starts the run's clock: called first thing, so the duration covers parsing too.
    func begin() {
        state.withLock { $0.start = .now }
    }

    /// The figures of the run's reading, known once the inputs are read (before the checks
    /// that may fail the run: a run over the reject rate still reports what it read).
    func record(_ model: ReportModel) {
        state.withLock {
            $0.diagnostics = model.statistics.diagnostics
            $0.readers = model.statistics.readers.count
        }
    }

    /// `yir images`' figures so far: a run stopped half-way reports what it did.
    func record(pictures: PictureSummary) {
        state.withLock { $0.pictures = pictures }
    }

    /// Why the run is stopping: its error's kind, for the operator's alert.
    func refuse(_ reason: String) {
        state.withLock { $0.reason = reason }
    }

    /// The run's metrics file collides with an input or another output (SPEC §4.5): it is
    /// not written, whatever the run's end.
    func untarget() {
        state.withLock { $0.path = nil }
    }

    /// Where to write, and the command's name for the series' label.
    func target(path: String?, command: String) {
        state.withLock {
            $0.path = path
            $0.command = command
        }
    }

    /// `--metrics FILE` or `--metrics=FILE` among arguments that did not parse (a usage error
    /// is a failed run too), and the subcommand named; `--` ends the options.
    func target(rawArguments arguments: [String]) {
        var paths: [String] = []
        var command: String?
        var i = 0
        while i < arguments.count, arguments[i] != "--" {
            let argument = arguments[i]
            if argument == "--metrics", i + 1 < arguments.count {
                paths.append(arguments[i + 1])
                i += 1
            } else if argument.hasPrefix("--metrics=") {
                paths.append(String(argument.dropFirst("--metrics=".count)))
            } else if command == nil, !argument.hasPrefix("-") {
                command = argument
            }
            i += 1
        }
        // `--metrics` given twice names no file the operator surely meant: neither is written.
        target(path: paths.count == 1 ? paths[0] : nil, command: command ?? "yir")
    }

    /// Writes the file, once — or again, with `reason` given, for a signal that came after;
    /// a failure to write it is reported on stderr and leaves the run's exit code as it is:
    /// the run's own outputs are what the code is about.
    func finish(exitCode: Int32, reason: String? = nil) {
        writing.withLock { _ in write(exitCode: exitCode, reason: reason) }
    }

    private func write(exitCode: Int32, reason: String?) {
        let (path, text) = state.withLock { state -> (String?, String) in
            guard let path = state.path, !state.written || reason != nil else { return (nil, "") }
            state.written = true
            if let reason { state.reason = reason }
            return (path, render(state, exitCode: exitCode, previous: Self.lastSuccess(in: path)))
        }
        guard let path else { return }
        // Never over a file that is not a metrics file: a mistyped --metrics named on a command
        // line that did not parse must not replace an export or a key.
        if let existing = FileManager.default.contents(atPath: path), !existing.isEmpty,
            !existing.starts(with: Array("# HELP yir_".utf8))
        {
            writeToStandardError(
                "yir: error: --metrics: \(path) exists and is not a metrics file yir wrote; it is left as it is\n")
            return
        }
        do {
            let file = try OutputFile(path: path, whileStopping: true)
            try file.write(Array(text.utf8))
            try OutputFile.commit([file])
        } catch {
            writeToStandardError("yir: error: --metrics: \(error)\n")
        }
    }

    private func render(_ state: State, exitCode: Int32, previous: String?) -> String {
        let now = Date().timeIntervalSince1970
        let elapsed = ContinuousClock.now - state.start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var text = ""
        let command = "command=\"\(state.command)\""
        func gauge(_ name: String, _ help: String, _ samples: [(labels: String, value: String)]) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) gauge\n"
            for (labels, value) in samples {
                text += "\(name){\(command)\(labels.isEmpty ? "" : "," + labels)} \(value)\n"
            }
        }
        gauge("yir_build_info", "The version of yir that ran.", [("version=\"\(ReportModel.generatorVersion)\"", "1")])
        gauge("yir_exit_code", "The exit code of the last run (0: success).", [("", "\(exitCode)")])
        if exitCode != 0 {
            gauge(
                "yir_failure",
                "Why the last run failed: 1 for its reason (usage, rejected, cannot_open, no_input, cannot_create, io_error, newer_report_in_place, interrupted).",
                [("reason=\"\(state.reason ?? "usage")\"", "1")])
        }
        gauge("yir_duration_seconds", "How long the last run took.", [("", String(format: "%.3f", seconds))])
        gauge(
            "yir_last_run_timestamp_seconds", "When the last run ended, in seconds since the Unix epoch.",
            [("", String(format: "%.3f", now))])
        if exitCode == 0 {
            gauge(
                "yir_last_success_timestamp_seconds",
                "When the last successful run ended, in seconds since the Unix epoch.",
                [("", String(format: "%.3f", now))])
        } else if let previous {
            gauge(
                "yir_last_success_timestamp_seconds",
                "When the last successful run ended, in seconds since the Unix epoch.",
                [("", previous)])
        }
        if let d = state.diagnostics {
            gauge("yir_lines_read", "Non-blank input lines the last run read.", [("", "\(d.lines)")])
            gauge(
                "yir_lines_accepted", "Input lines the last run accepted, by record type.",
                RecordType.allCases.map { ("type=\"\($0.name)\"", "\(d.accepted[$0.rawValue])") })
            gauge(
                "yir_lines_rejected", "Input lines the last run rejected, by reason.",
                RejectReason.allCases.sorted().map { ("reason=\"\($0.rawValue)\"", "\(d.rejected[$0] ?? 0)") })
            gauge(
                "yir_duplicates", "Input lines the last run dropped as duplicates of an earlier record.",
                [("", "\(d.duplicates)")])
        }
        if let readers = state.readers {
            gauge("yir_readers", "Readers with at least one accepted record in the last run.", [("", "\(readers)")])
        }
        if let pictures = DeckImages.lastRun.withLock({ $0 }) {
            gauge(
                "yir_images_embedded",
                "Pictures the last run embedded in the decks (--images embed), each once per size.",
                [("", "\(pictures.embedded)")])
            gauge(
                "yir_images_missing",
                "Thumbnails the decks would show that stayed illustrations (--images embed): not in the image cache, unreadable or no image.",
                [("", "\(pictures.missing)")])
        }
        if let p = state.pictures {
            gauge("yir_images_fetched", "Pictures the last run fetched into the image cache.", [("", "\(p.fetched)")])
            gauge(
                "yir_images_cached", "Pictures the last run found in the image cache already, and did not fetch.",
                [("", "\(p.cached)")])
            gauge(
                "yir_images_failed",
                "Pictures the last run could not fetch, by reason (http_status, timeout, too_large, not_an_image, redirect, tls, network).",
                PictureFailure.Reason.allCases.sorted().map { ("reason=\"\($0.rawValue)\"", "\(p.failed[$0] ?? 0)") })
        }
        gauge(
            "yir_bytes_written", "Bytes the last run wrote into output files and to standard output.",
            [
                (
                    "",
                    "\(OutputFile.bytesWritten.load(ordering: .relaxed) + StandardOutput.bytesWritten.load(ordering: .relaxed))"
                )
            ])
        return text
    }

    /// The value of `yir_last_success_timestamp_seconds` in the previous file, kept when this
    /// run fails so that an alert on its age keeps counting from the last good run.
    static func lastSuccess(in path: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("yir_last_success_timestamp_seconds") {
            guard let value = line.split(separator: " ").last, Double(value) != nil else { return nil }
            return String(value)
        }
        return nil
    }
}

/// Bytes written to standard output (`stats`, `check`), for the run's metrics.
enum StandardOutput {
    static let bytesWritten = Atomic<Int>(0)
}
