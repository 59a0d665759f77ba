import Foundation
import Testing
import YirTestSupport

/// SPEC §4.5: what a nightly job is promised whatever the operator types or the night brings —
/// no output meets an input or another output, one commit with the rejects file, interruptions
/// that leave nothing behind, no report of an empty input, a folder per year that never goes
/// back in time.
@Suite(.needs(.yir), .tier(.test)) struct NightlyEndToEndTests {
    let cli = YirCommand()
    static let asOf = "2025-12-31T12:00:00Z"

    /// A scratch night: an export folder of two readers, an output folder, a link key.
    struct Night {
        let root: URL
        var exports: URL { root.appendingPathComponent("exports") }
        var export: URL { exports.appendingPathComponent("export.jsonl") }
        var out: URL { root.appendingPathComponent("out") }
        var key: URL { root.appendingPathComponent("link-key") }

        init(readers: [String] = ["ana", "lee"]) throws {
            root = scratchFolder()
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("exports"), withIntermediateDirectories: true)
            let lines = readers.flatMap {
                [view("2025-05-01T10:00:00Z", user: $0), view("2025-06-01T10:00:00Z", title: "Berlin", user: $0)]
            }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(
                to: root.appendingPathComponent("exports/export.jsonl"))
            try FileManager.default.copyItem(at: sampleLinkKey, to: root.appendingPathComponent("link-key"))
            chmod(root.appendingPathComponent("link-key").path, 0o600)
        }

        func report(_ extra: [String] = [], asOf: String = NightlyEndToEndTests.asOf, input: String? = nil) -> [String]
        {
            ["report", input ?? exports.path, "--out", out.path, "--as-of", asOf, "--link-key", key.path, "--quiet"]
                + extra
        }

        /// Every file under `folder` and its bytes, hidden ones included.
        func snapshot(_ folder: URL? = nil) throws -> [String: Data] {
            let base = folder ?? root
            var files: [String: Data] = [:]
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                return files
            }
            for case let url as URL in walker where !url.hasDirectoryPath {
                files[String(url.path.dropFirst(base.path.count))] = try Data(contentsOf: url)
            }
            return files
        }

        /// Temporary files and folders anywhere in the night's folders.
        func leftovers() throws -> [String] {
            try snapshot().keys.filter { $0.contains(".tmp-") }.sorted()
                + (FileManager.default.subpathsOfDirectory(atPath: root.path)).filter { $0.contains(".tmp-") }
        }
    }

    // MARK: 1. No output meets an input or another output

    @Test(arguments: [
        ["--metrics", "EXPORT"], ["--rejects", "KEY"], ["--rejects", "OUT/readers.jsonl"],
        ["--metrics", "OUT/report.xml"],
        ["--metrics", "EXPORTS/yir.jsonl"], ["--metrics", "OUT/readers/yir.prom"],
        ["--rejects", "OUT/readers/rejects.jsonl"],
        ["--rejects", "EXPORTS/nested/rejects.log"],
    ])
    func anOutputPathThatMeetsAnInputOrAnotherOutputIsRefusedBeforeAnythingIsWritten(option: [String]) throws {
        let night = try Night()
        #expect(try cli.yir(night.report()).status == 0)
        let before = try night.snapshot()
        let path = option[1].replacingOccurrences(of: "EXPORTS", with: night.exports.path)
            .replacingOccurrences(of: "EXPORT", with: night.export.path).replacingOccurrences(
                of: "KEY", with: night.key.path
            )
            .replacingOccurrences(of: "OUT", with: night.out.path)
        let r = try cli.yir(night.report([option[0], path]))
        #expect(r.status == 64, "\(option): \(r.stderr)")
        #expect(try night.snapshot() == before, "\(option): nothing may be written, the metrics file neither")
    }

    // MARK: 2. The rejects file is part of the commit

    @Test func aRejectsFileThatCannotBeWrittenLeavesEveryPreviousOutput() throws {
        let night = try Night()
        let rejects = night.root.appendingPathComponent("rejects.jsonl")
        #expect(try cli.yir(night.report(["--rejects", rejects.path])).status == 0)
        let before = try night.snapshot()
        // Its folder cannot be created: a file is in the way.
        let blocked = night.root.appendingPathComponent("a-file")
        try Data("mine\n".utf8).write(to: blocked)
        let r = try cli.yir(
            night.report(
                ["--rejects", blocked.appendingPathComponent("rejects.jsonl").path], asOf: "2025-12-31T13:00:00Z"))
        #expect(r.status == 73, "\(r.stderr)")
        #expect(try night.snapshot() == before.merging(["/a-file": Data("mine\n".utf8)]) { $1 })
        #expect(try night.leftovers().isEmpty)
    }

    @Test func aRunOverTheRejectRateLeavesThePreviousRejectsFile() throws {
        let night = try Night()
        let rejects = night.root.appendingPathComponent("rejects.jsonl")
        #expect(try cli.yir(night.report(["--rejects", rejects.path])).status == 0)
        let before = try night.snapshot()
        try Data("not json\n".utf8).write(to: night.exports.appendingPathComponent("more.jsonl"))
        let r = try cli.yir(night.report(["--rejects", rejects.path], asOf: "2025-12-31T13:00:00Z"))
        #expect(r.status == 65)
        #expect(
            try night.snapshot().filter { !$0.key.hasPrefix("/exports") }
                == before.filter { !$0.key.hasPrefix("/exports") })
    }

    // MARK: 3. Interruptions

    /// Every moment of a run, every stopping signal: the signal's code, the previous outputs
    /// untouched, nothing temporary left, and the metrics file saying so.
    @Test(arguments: ["read:1", "page:1", "page:3", "file:1", "file:3", "commit:1"])
    func anInterruptionAtAnyMomentExitsWithItsSignalAndLeavesNothingBehind(moment: String) throws {
        var lines: [String] = []
        for reader in 0..<40 { lines.append(view("2025-05-01T10:00:00Z", user: "r\(reader)")) }
        for (signal, code) in [(SIGHUP, Int32(129)), (SIGINT, 130), (SIGTERM, 143)] {
            let night = try Night()
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: night.export)
            let metrics = night.root.appendingPathComponent("yir.prom")
            #expect(try cli.yir(night.report(["--metrics", metrics.path])).status == 0)
            let outputs = try night.snapshot(night.out)
            let r = try cli.yir(
                night.report(["--metrics", metrics.path], asOf: "2025-12-31T13:00:00Z"),
                environment: ["TZ": "UTC", "YIR_TEST_SIGNAL": "\(moment):\(signal)"])
            #expect(r.status == code, "\(moment) signal \(signal): \(r.stderr)")
            #expect(try night.snapshot(night.out) == outputs, "\(moment) signal \(signal)")
            #expect(try night.leftovers().isEmpty, "\(moment) signal \(signal)")
            let text = try String(contentsOf: metrics, encoding: .utf8)
            #expect(text.contains("yir_exit_code{command=\"report\"} \(code)"), "\(text)")
            #expect(text.contains("reason=\"interrupted\""), "\(text)")
        }
    }

    // MARK: 4. An empty input is not a report

    @Test func anEmptyExportFolderOrStandardInputLeavesTheReportAndExitsSixtySix() throws {
        let night = try Night()
        #expect(try cli.yir(night.report()).status == 0)
        let before = try night.snapshot(night.out)
        let empty = night.root.appendingPathComponent("empty-exports")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let folder = try cli.yir(night.report(asOf: "2025-12-31T13:00:00Z", input: empty.path))
        #expect(folder.status == 66, "\(folder.stderr)")
        #expect(folder.stderr.contains("no input line"))
        // `yir report $EXPORT_DIR --out …` with the variable unset reads an empty standard input.
        let stdin = try cli.yir(
            ["report", "--out", night.out.path, "--as-of", "2025-12-31T13:00:00Z", "--link-key", night.key.path],
            stdin: Data())
        #expect(stdin.status == 66, "\(stdin.stderr)")
        let render = try cli.yir(["render", "--out", night.out.path, "--link-key", night.key.path], stdin: Data())
        #expect(render.status == 66, "\(render.stderr)")
        #expect(try night.snapshot(night.out) == before)
        let allowed = try cli.yir(night.report(["--allow-empty"], asOf: "2025-12-31T13:00:00Z", input: empty.path))
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    // MARK: 5. Overlapping runs take turns whole

    @Test func anOlderRunNeverReplacesANewerReport() throws {
        let night = try Night(readers: ["ana", "lee"])
        #expect(try cli.yir(night.report()).status == 0)
        let newer = try night.snapshot(night.out)
        // An older export of the same year, with a reader the newer one no longer has.
        let older = try cli.file([
            view("2025-05-01T10:00:00Z", user: "gone"), view("2025-05-01T10:00:00Z", user: "ana"),
        ])
        let r = try cli.yir(night.report(asOf: "2025-12-30T12:00:00Z", input: older))
        #expect(r.status == 75, "\(r.stderr)")
        #expect(r.stderr.contains("2025-12-31T12:00:00Z") && r.stderr.contains("2025-12-30T12:00:00Z"), "\(r.stderr)")
        #expect(try night.snapshot(night.out) == newer)
    }

    @Test func theFolderLockIsTakenBeforeTheInputsAreRead() throws {
        let night = try Night()
        try FileManager.default.createDirectory(at: night.out, withIntermediateDirectories: true)
        let fd = open(night.out.path, O_RDONLY | O_DIRECTORY)
        #expect(flock(fd, LOCK_EX) == 0)
        let errors = night.root.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = YirCommand.binary
        process.arguments = Array(night.report().dropLast())
        process.environment = ["TZ": "UTC"]
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        // Waits (boundedly) for the run to say it waits for the lock: no sleep races it.
        var waiting = false
        for _ in 0..<600 where !waiting {
            waiting =
                (try? String(contentsOf: errors, encoding: .utf8))?.contains("waiting for another yir run") ?? false
            if !waiting { usleep(50_000) }
        }
        #expect(waiting, "the run never said it waits for the folder")
        // The export is gone before the lock is let go: a run that had read it already would succeed.
        try FileManager.default.removeItem(at: night.export)
        flock(fd, LOCK_UN)
        close(fd)
        process.waitUntilExit()
        #expect(process.terminationStatus == 66, "\((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
    }

    // MARK: 6. A folder holds one year

    @Test func aRunForAnotherYearIntoAFolderIsRefused() throws {
        let night = try Night()
        #expect(try cli.yir(night.report(["--year", "2025"])).status == 0)
        let before = try night.snapshot(night.out)
        let r = try cli.yir(night.report(["--year", "2026"], asOf: "2026-01-02T00:00:00Z"))
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("2025") && r.stderr.contains("2026"), "\(r.stderr)")
        #expect(try night.snapshot(night.out) == before)
        // The same year, a later as-of: the folder is finished, as on New Year's night.
        #expect(try cli.yir(night.report(["--year", "2025"], asOf: "2026-01-01T12:00:00Z")).status == 0)
    }

    // MARK: 7. The smaller ones

    @Test func aYearThatHasNotBegunAnywhereIsAUsageError() throws {
        let night = try Night()
        let r = try cli.yir(night.report(["--year", "2026"], asOf: "2025-12-31T09:00:00Z"))
        #expect(r.status == 64, "\(r.stderr)")
        // In UTC+14 it is 2026 already at 10:00 UTC on 31 December.
        #expect(try cli.yir(night.report(["--year", "2026"], asOf: "2025-12-31T10:00:00Z")).status == 0)
    }

    @Test func renderRefusesAThumbnailThatIsNotHTTP() throws {
        let export = try cli.file([
            save("2025-05-01T10:00:00Z", title: "X", extra: #","thumbnail":"https://upload.wikimedia.org/x.jpg""#),
            view("2025-05-01T10:00:00Z"),
        ])
        let lines = try cli.yir(["stats", export, "--format", "jsonl", "--partition", "--as-of", Self.asOf]).stdoutText
        #expect(lines.contains("https://upload.wikimedia.org/x.jpg"))
        let hostile = lines.replacingOccurrences(of: "https://upload.wikimedia.org/x.jpg", with: "javascript:alert(1)")
        let r = try cli.yir(["render", "-", "--out", scratchFolder().path], stdin: Data(hostile.utf8))
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("an http(s) URL"), "\(r.stderr)")
    }

    @Test func aReportOfFewerFormatsRemovesTheOthersInTheSameCommit() throws {
        let night = try Night()
        #expect(try cli.yir(night.report()).status == 0)
        #expect(FileManager.default.fileExists(atPath: night.out.appendingPathComponent("readers").path))
        #expect(try cli.yir(night.report(["--format", "json"], asOf: "2025-12-31T13:00:00Z")).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: night.out.path).sorted()
        #expect(names == [".yir-report.json", "report.json"], "\(names)")
    }
}
