import Foundation
import Testing
import YirTestSupport

/// Operators' guarantees (SPEC §4.5, §5): an interrupted or killed run never damages the
/// previous outputs, ends with the right exit code, and leaves no temporary files behind.
@Suite(.serialized, .needs(.yir), .tier(.test)) struct ReliabilityEndToEndTests {
    let cli = YirCommand()

    /// Starts yir in the background; with `readMarks`, its read hook marks that file
    /// (`YIR_TEST_READ_MARKS`, debug builds).
    func start(_ arguments: [String], readMarks: URL? = nil, errors: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = YirCommand.binary
        process.arguments = arguments
        process.environment = ["TZ": "UTC", "XDG_STATE_HOME": sampleStateHome.path]
            .merging(readMarks.map { ["YIR_TEST_READ_MARKS": $0.path] } ?? [:]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try errors.map { try FileHandle(forWritingTo: $0) } ?? FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The signal comes while the run reads (its first read mark): it ends by itself, with
    /// 128 + the signal, not after doing the rest of its work and not stuck.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func interruptedRunExitsWithItsSignalsCodeAndLeavesNoTemporaryFiles(signal: Int32, code: Int32) throws {
        let (out, before) = try previousRun()
        let marks = scratchFolder().appendingPathComponent("read-marks")
        let run = try start(
            [
                "report", SampleExports.big, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z",
                "--rejects", out.appendingPathComponent("rejects.jsonl").path,
            ], readMarks: marks)
        let reading = waitUntil { !readMarks(marks).isEmpty || !run.isRunning }
        try #require(
            reading && run.isRunning,
            "the run should be reading when the signal comes (no read mark: is YIR_BIN a debug build?)")
        kill(run.processIdentifier, signal)
        #expect(waitForExit(run), "the run did not end after the signal: stuck")
        #expect(run.terminationReason == .exit && run.terminationStatus == code)
        #expect(try folderContents(out) == before, "previous outputs intact, no temporary files")
    }

    @Test func runKilledWhileWritingLeavesThePreviousOutputsAndTheNextRunClearsItsLeftovers() throws {
        let (out, before) = try previousRun()
        let run = try start([
            "report", SampleExports.medium, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z",
            "--rejects", out.appendingPathComponent("rejects.jsonl").path,
        ])
        // Wait until the new report.json is being written under its temporary name, then kill.
        let writing =
            try waitUntil {
                try FileManager.default.contentsOfDirectory(atPath: out.path).contains {
                    $0.hasPrefix(".report.json.tmp-")
                }
                    || !run.isRunning
            } && run.isRunning
        #expect(writing, "the run reached its writing phase (or, past the wait, is stuck)")
        kill(run.processIdentifier, SIGKILL)
        run.waitUntilExit()
        #expect(run.terminationReason == .uncaughtSignal)
        let after = try folderContents(out).filter { !$0.key.contains(".tmp-") }
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(
            after == before,
            "previous outputs intact: \(after.filter { before[$0.key] != $0.value }.keys.sorted()) changed; \(names)")
        // SIGKILL cannot clean up; the next run removes what the killed one left.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.contains(".tmp-") }
        #expect(!leftovers.isEmpty)
        let again = try cli.yir([
            "report", try cli.file([view("2025-05-01T10:00:00Z")]), "--out", out.path,
            "--as-of", "2025-12-31T13:00:00Z",
        ])
        #expect(again.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.contains(".tmp-") }.isEmpty)
    }

    /// The previous `readers/` swapped out by a run is removed whole even when it and its decks
    /// were made read-only: no folder of old decks is left under a temporary name.
    @Test func aReadOnlyPreviousReadersFolderLeavesNothingBehind() throws {
        let out = scratchFolder()
        let input = try cli.file([view("2025-05-01T10:00:00Z", user: "a")])
        let arguments = ["report", input, "--out", out.path, "--format", "html", "--as-of", "2025-12-31T12:00:00Z"]
        let first = try cli.yir(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let readers = out.appendingPathComponent("readers").path
        for deck in try FileManager.default.contentsOfDirectory(atPath: readers) { chmod(readers + "/" + deck, 0o444) }
        #expect(chmod(readers, 0o555) == 0)
        // As an operator's user: root, which tests run as, may write into any folder. Without
        // those capabilities, root is held to the folders' modes like anyone else.
        let again =
            geteuid() != 0
            ? try cli.yir(arguments)
            : try runProgram(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--bounding-set", "-dac_override,-dac_read_search,-fowner", "--", YirCommand.binary.path] + arguments,
                environment: ["TZ": "UTC", "XDG_STATE_HOME": sampleStateHome.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.contains(".tmp-") }.isEmpty)
    }

    /// SPEC §4.5: a closed standard error never stops a run. Logs written to a pipe nobody reads
    /// any more fail (EPIPE); the run goes on, exits 0 and puts its outputs in place.
    @Test func aClosedStandardErrorNeverStopsARun() throws {
        let out = scratchFolder()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let process = Process()
        process.executableURL = YirCommand.binary
        // --verbose: the run has something to say on standard error.
        process.arguments = [
            "report", try cli.file([view("2025-05-01T10:00:00Z", user: "a")]), "--out", out.path,
            "--as-of", "2025-12-31T12:00:00Z", "--verbose",
        ]
        process.environment = ["TZ": "UTC", "XDG_STATE_HOME": sampleStateHome.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        try process.run()
        process.waitUntilExit()
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 0,
            "status \(process.terminationStatus) (\(process.terminationReason == .uncaughtSignal ? "signal" : "exit"))")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.json").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
    }

    @Test func fileSizeLimitIsAnIOErrorAndLeavesNoTemporaryFile() throws {
        let (out, before) = try previousRun()
        let input = try cli.file((1...2000).map { view("2025-05-02T10:00:00Z", user: "reader-\($0)") })
        let script = "ulimit -f 16; exec \"$0\" report \"$1\" --out \"$2\" --as-of 2025-12-31T12:00:00Z"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, YirCommand.binary.path, input, out.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(try folderContents(out) == before)
    }

    /// `--strict` ends the run at the first rejection even when the input is a pipe that stays
    /// open: the rejection is reported once its batch is parsed, not after the next batch is
    /// read, and the thread reading ahead (blocked on the pipe) is not waited for.
    @Test func strictStopOnAPipeThatStaysOpenEndsTheRun() throws {
        let status = scratchFolder().appendingPathComponent("status")
        // The writer sends a bad line and 20 MB of export, then holds the pipe open for a minute
        // (SIGKILL: under the test runner, SIGTERM did not end the writer's sleep).
        let script = """
            fifo="$(mktemp -u)"; mkfifo "$fifo"
            { printf 'bad line\\n'; head -c 20000000 "$1"; exec sleep 60; } > "$fifo" 2> /dev/null < /dev/null & writer=$!
            timeout 40 "$0" stats - --strict --jobs 2 --as-of 2025-12-31T12:00:00Z < "$fifo" > /dev/null 2>&1
            echo $? > "$2"; kill -KILL $writer; rm -f "$fifo"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, YirCommand.binary.path, SampleExports.big, status.path]
        try process.run()
        process.waitUntilExit()
        #expect(try String(contentsOf: status, encoding: .utf8) == "65\n", "65 is --strict's exit; 124 would be a hang")
    }

    /// The same stop when the pipe then delivers all the rest: the read-ahead thread, woken
    /// with its queue full, ends cleanly, and the exit code stays 65 (a semaphore disposed
    /// while its count was still lent out once made it 132, an illegal instruction).
    @Test func strictStopOnAPipeThatGoesOnExitsSixtyFive() throws {
        let script = """
            for run in 1 2 3; do
              { printf 'bad line\\n'; head -c 40000000 "$1"; } | "$0" stats - --strict --jobs 2 --as-of 2025-12-31T12:00:00Z > /dev/null 2>&1
              echo $?
            done
            """
        let r = try runProgram(
            URL(fileURLWithPath: "/bin/bash"), ["-c", script, YirCommand.binary.path, SampleExports.big])
        #expect(r.stdoutText == "65\n65\n65\n")
    }

    /// Runs writing into the same --out wait for each other (a cron job that overran meets the
    /// next one): held by another process, the folder's lock keeps `report` waiting, saying so,
    /// and the run completes once it is released.
    @Test func aRunWaitsForAnotherWritingIntoTheSameFolder() throws {
        let out = scratchFolder()
        let fd = open(out.path, O_RDONLY | O_DIRECTORY)
        #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
        let errors = scratchFolder().appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = YirCommand.binary
        process.arguments = [
            "report", try YirCommand().file([view("2025-05-01T10:00:00Z")]), "--out", out.path,
            "--as-of", "2025-12-31T12:00:00Z", "--format", "jsonl",
        ]
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let waited = try waitUntil {
            String(decoding: try Data(contentsOf: errors), as: UTF8.self).contains(
                "waiting for another yir run writing into")
                || !process.isRunning
        }
        #expect(waited && process.isRunning, "the run says it waits for the lock, and waits")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("readers.jsonl").path))
        close(fd)
        #expect(waitForExit(process), "the run went on once the lock was released")
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("readers.jsonl").path))
    }

    /// Runs `yir stats` on the big export, under a pseudo-terminal or not, until `shown` holds
    /// for what it wrote to standard error or `seconds` pass, then interrupts it (SIGINT, as
    /// Ctrl-C would); returns what it wrote and how long it ran. The shell execs yir, so the
    /// pid it writes down is yir's.
    func stderrOfALongRun(
        terminal: Bool, seconds: Double = stuckAfterSeconds,
        until shown: (String) -> Bool = { _ in false }
    ) throws -> (text: String, seconds: Double) {
        let output = scratchFolder().appendingPathComponent("stderr")
        let pidFile = scratchFolder().appendingPathComponent("pid")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let command = "echo $$ > \"$2\"; exec \"$0\" stats \"$1\" --format jsonl --jobs 1 > /dev/null"
        let process = Process()
        if terminal {
            // script(1) runs the command on a pseudo-terminal and copies what it shows.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = [
                "-qec", "/bin/bash -c '\(command)' \(YirCommand.binary.path) \(SampleExports.big) \(pidFile.path)",
                "/dev/null",
            ]
            process.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [
                "-c", command + " 2> \"$3\"", YirCommand.binary.path, SampleExports.big, pidFile.path, output.path,
            ]
        }
        process.standardInput = FileHandle.nullDevice
        let started = DispatchTime.now()
        try process.run()
        let text = { String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self) }
        _ = waitUntil(seconds: seconds) { shown(text()) || !process.isRunning }
        let ran = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let pid = {
            (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        try #require(waitUntil { pid() != nil }, "the shell wrote yir's pid")
        kill(pid()!, SIGINT)
        #expect(waitForExit(process), "the interrupted run ended")
        return (text(), ran)
    }

    /// A terminal shows the progress line once the first batch is merged, however long a debug
    /// build takes to get there; a run without a terminal, given at least as long, shows none.
    @Test func progressIsShownOnATerminalAndNowhereElse() throws {
        let onATerminal = try stderrOfALongRun(terminal: true) { $0.contains("k records/s") }
        #expect(onATerminal.text.contains("k records/s"))
        let elsewhere = try stderrOfALongRun(terminal: false, seconds: onATerminal.seconds + 1)
        #expect(!elsewhere.text.contains("records/s"))
    }

    /// Inputs shortened, replaced or appended to at moments spread over the read, racing it on
    /// purpose: whatever the moment, the run exits — 74 with the one line saying what changed,
    /// or, appended to, 0 — and never by a signal.
    /// Each change is proved to come while yir reads, through the read hook's marks
    /// (`InputChangeTestHook`, YIR_TEST_READ_MARKS): it is made after the mark of the batch it
    /// races, and yir then says the input changed (shortened, replaced) or marks a batch read
    /// after it (appended). A change that came before or after the read fails the round.
    @Test func anInputChangedAtAnyMomentNeverEndsTheRunWithASignal() throws {
        let replacement = try cli.file([view("2025-05-01T10:00:00Z", user: "other")])
        // One worker: the export's 20 MB are parsed in a few batches (two chunks each), one read
        // mark each, as an unchanged run shows.
        let arguments = { (input: String) in
            [
                "stats", input, "--format", "jsonl", "--jobs", "1", "--as-of", "2025-12-31T12:00:00Z", "--quiet",
                "--max-reject-rate", "1",
            ]
        }
        let unchanged = scratchFolder().appendingPathComponent("read-marks")
        let plain = try start(arguments(SampleExports.medium), readMarks: unchanged)
        #expect(waitForExit(plain) && plain.terminationStatus == 0, "an unchanged run ends with 0")
        let batches = readMarks(unchanged).count
        try #require(
            batches >= 2, "\(batches) read marks: YIR_BIN must be a debug build (the hook) and the export over a batch")
        var random = SeededRandom()
        for round in 0..<12 {
            let input = scratchFolder().appendingPathComponent("export.jsonl").path
            try FileManager.default.copyItem(atPath: SampleExports.medium, toPath: input)
            let errors = scratchFolder().appendingPathComponent("stderr")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let marks = scratchFolder().appendingPathComponent("read-marks")
            let process = try start(arguments(input), readMarks: marks, errors: errors)
            let kind = round % 3
            // The batch the change races, and a moment in its parse: an append must leave a batch
            // after it, whose mark shows that yir read on.
            let batch = Int.random(in: 1...(kind == 2 ? batches - 1 : batches), using: &random)
            let reached = waitUntil { readMarks(marks).count >= batch || !process.isRunning }
            try #require(
                reached && process.isRunning, "round \(round): the run never reached batch \(batch) of \(batches)")
            usleep(UInt32.random(in: 0..<20_000, using: &random))
            switch kind {
            case 0: _ = truncate(input, Int.random(in: 0..<4_000_000, using: &random))
            case 1:
                try FileManager.default.copyItem(atPath: replacement, toPath: input + ".new")
                _ = rename(input + ".new", input)
            default:
                let file = try FileHandle(forWritingTo: URL(fileURLWithPath: input))
                try file.seekToEnd()
                try file.write(contentsOf: Data(repeating: 0x0A, count: 1_000_000))
                try file.close()
            }
            addMark("changed", to: marks)
            #expect(waitForExit(process), "round \(round): the run did not end: stuck")
            let stderr = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
            #expect(process.terminationReason == .exit, "round \(round): \(stderr)")
            let log = readMarks(marks)
            let readAfterTheChange = log.drop { $0 != "changed" }.contains("read")
            if kind == 2 {
                #expect(process.terminationStatus == 0, "round \(round): \(stderr)")
                #expect(
                    readAfterTheChange,
                    "round \(round): no batch read after the append (marks \(log)): it came after the read")
            } else {
                #expect(
                    process.terminationStatus == 74,
                    "round \(round): the change came after the read, or went unseen (marks \(log)): \(stderr)")
                #expect(
                    stderr.hasPrefix("yir: error: \(input) changed while it was read: ")
                        && stderr.filter { $0 == "\n" }.count == 1,
                    "round \(round): \(stderr)")
            }
        }
    }
}
