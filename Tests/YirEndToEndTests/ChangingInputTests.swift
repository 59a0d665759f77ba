import Foundation
import Testing
import YirTestSupport
@testable import YirIngest

/// An input that another process shortens, replaces or appends to while yir reads it: never a
/// crash; exit 74 with one line saying what changed, or — appended to — the file read up to its
/// size at opening. Each change is made at a known point: a debug build stops itself once it
/// holds input it has not parsed yet (`InputChangeTestHook`), the test changes the file, then
/// lets it go on.
@Suite(.serialized, .needs(.yir), .tier(.test)) struct ChangingInputEndToEndTests {
    /// A copy of `SampleExports.overAChunk` of the test's own, to change.
    func exportCopy(name: String = "export.jsonl") throws -> String {
        let path = scratchFolder().appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: SampleExports.overAChunk, toPath: path)
        return path
    }

    struct ChangedRun {
        var status: Int32
        var exited: Bool
        /// Whether the run stopped at the hook, so the change came while it read.
        var stopped: Bool
        var stdout: Data
        var stderrLines: [String]
    }

    /// Runs yir; when it stops at the hook, applies `change` and lets it go on.
    func run(_ arguments: [String], stdin: String? = nil, change: () throws -> Void) throws -> ChangedRun {
        let folder = scratchFolder()
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = YirCommand.binary
        process.arguments = arguments
        process.environment = [
            "TZ": "UTC", "XDG_STATE_HOME": sampleStateHome.path, "YIR_TEST_STOP_AFTER_FIRST_READ": "1",
        ]
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput =
            try stdin.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) } ?? FileHandle.nullDevice
        try process.run()
        // Waits for the stop (or the end), leaving the child's state to be collected as before.
        var info = siginfo_t()
        let waited = waitid(P_PID, id_t(process.processIdentifier), &info, WSTOPPED | WEXITED | WNOWAIT)
        let stopped = waited == 0 && info.si_code == CLD_STOPPED
        if stopped {
            try change()
            kill(process.processIdentifier, SIGCONT)
        }
        process.waitUntilExit()
        let stderr = String(decoding: try Data(contentsOf: err), as: UTF8.self)
        return ChangedRun(
            status: process.terminationStatus, exited: process.terminationReason == .exit, stopped: stopped,
            stdout: try Data(contentsOf: out), stderrLines: stderr.split(separator: "\n").map(String.init))
    }

    func size(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    func report(_ input: String, into out: URL) -> [String] {
        [
            "report", input, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z",
            "--rejects", out.appendingPathComponent("rejects.jsonl").path,
        ]
    }

    @Test func anExportShortenedWhileItIsParsedIsAnIOErrorAndLeavesThePreviousOutputs() throws {
        let (out, before) = try previousRun()
        let input = try exportCopy()
        let original = try size(input)
        let r = try run(report(input, into: out)) { #expect(truncate(input, 500_000) == 0) }
        #expect(r.stopped && r.exited && r.status == 74)
        #expect(r.stderrLines == ["yir: error: \(input) changed while it was read: \(sizeChange(original, 500_000))"])
        #expect(try folderContents(out) == before, "previous outputs intact, no temporary files")
    }

    @Test func anExportReplacedWhileItIsReadIsAnIOErrorAndLeavesThePreviousOutputs() throws {
        let (out, before) = try previousRun()
        let input = try exportCopy()
        let original = try size(input)
        let replacement = try YirCommand().file([view("2025-05-01T10:00:00Z", user: "other")])
        let r = try run(report(input, into: out)) { #expect(rename(replacement, input) == 0) }
        #expect(r.stopped && r.exited && r.status == 74)
        let now = try size(input)
        #expect(
            r.stderrLines == [
                "yir: error: \(input) changed while it was read: replaced by another file (\(sizeChange(original, now)))"
            ])
        #expect(try folderContents(out) == before)
    }

    @Test func anExportAppendedToWhileItIsReadIsReadUpToItsSizeAtOpening() throws {
        let input = try exportCopy()
        let arguments = ["stats", input, "--format", "json", "--as-of", "2025-12-31T12:00:00Z", "--quiet"]
        let unchanged = try YirCommand().yir(arguments)
        #expect(unchanged.status == 0)
        let r = try run(arguments) {
            let file = try FileHandle(forWritingTo: URL(fileURLWithPath: input))
            try file.seekToEnd()
            try file.write(contentsOf: Data((view("2025-05-01T10:00:00Z", user: "appended") + "\n").utf8))
            try file.close()
        }
        #expect(r.stopped && r.exited && r.status == 0, "\(r.stderrLines)")
        #expect(r.stdout == unchanged.stdout, "the same report as before the lines were appended")
    }

    @Test func aSmallExportShortenedWhileItIsReadIsAnIOError() throws {
        let input = try YirCommand().file((1...50).map { view("2025-05-01T10:00:00Z", user: "u\($0)") })
        let original = try size(input)
        let r = try run(["stats", input, "--as-of", "2025-12-31T12:00:00Z"]) { #expect(truncate(input, 100) == 0) }
        #expect(r.stopped && r.exited && r.status == 74)
        #expect(r.stderrLines == ["yir: error: \(input) changed while it was read: \(sizeChange(original, 100))"])
    }

    @Test func aGzipExportShortenedWhileItIsReadIsAnIOError() throws {
        let input = scratchFolder().appendingPathComponent("export.jsonl.gz").path
        try gzip(try Data(contentsOf: URL(fileURLWithPath: SampleExports.overAChunk))).write(
            to: URL(fileURLWithPath: input))
        let original = try size(input)
        let r = try run(["stats", input, "--as-of", "2025-12-31T12:00:00Z"]) { #expect(truncate(input, 300_000) == 0) }
        #expect(r.stopped && r.exited && r.status == 74)
        #expect(r.stderrLines == ["yir: error: \(input) changed while it was read: \(sizeChange(original, 300_000))"])
    }

    @Test func standardInputFromAFileShortenedWhileItIsReadIsAnIOError() throws {
        let input = try exportCopy()
        let original = try size(input)
        let r = try run(["stats", "-", "--as-of", "2025-12-31T12:00:00Z"], stdin: input) {
            #expect(truncate(input, 500_000) == 0)
        }
        #expect(r.stopped && r.exited && r.status == 74)
        #expect(
            r.stderrLines == ["yir: error: standard input changed while it was read: \(sizeChange(original, 500_000))"])
    }

    /// A pipe has no size to fall short of: one that closes mid-line is a short input, its last
    /// piece a line like any other (rejected here), and the run goes on.
    @Test func standardInputFromAPipeThatClosesMidLineIsAShortInput() throws {
        let lines = (1...99).map { view("2025-05-01T10:00:00Z", user: "u\($0)") + "\n" }.joined()
        let cut = String(view("2025-05-01T10:00:00Z", user: "last").prefix(30))
        let process = Process()
        process.executableURL = YirCommand.binary
        process.arguments = [
            "stats", "-", "--format", "json", "--as-of", "2025-12-31T12:00:00Z", "--max-reject-rate", "0.5",
        ]
        process.environment = ["TZ": "UTC"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data((lines + cut).utf8))
        try input.fileHandleForWriting.close()
        let report = try output.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: report) as? [String: Any])
        let diagnostics = try #require(json["diagnostics"] as? [String: Any])
        #expect(diagnostics["lines"] as? Int == 100)
        #expect(diagnostics["rejected_total"] as? Int == 1)
    }

    @Test func partitionLinesShortenedWhileRenderReadsThemAreAnIOErrorAndLeaveThePreviousOutputs() throws {
        let folder = scratchFolder()
        let lines = folder.appendingPathComponent("lines.jsonl").path
        let partition = try YirCommand().yir([
            "stats", SampleExports.overAChunk, "--format", "jsonl", "--partition",
            "--as-of", "2025-12-31T12:00:00Z", "--quiet",
        ])
        try partition.stdout.write(to: URL(fileURLWithPath: lines))
        let original = try size(lines)
        #expect(original > Ingestor.defaultChunkSize, "large enough to be mapped")
        let (out, before) = try previousRun()
        let r = try run(["render", lines, "--out", out.path]) { #expect(truncate(lines, 500_000) == 0) }
        #expect(r.stopped && r.exited && r.status == 74)
        #expect(r.stderrLines == ["yir: error: \(lines) changed while it was read: \(sizeChange(original, 500_000))"])
        #expect(try folderContents(out) == before)
    }

}
