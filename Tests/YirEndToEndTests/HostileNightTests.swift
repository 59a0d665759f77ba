import Foundation
import Testing
import YirTestSupport

/// SPEC §4.5's promises against a hostile machine: yir replaces only what it could have written,
/// its own descriptors are never the input, a signal at any instant, a commit that is all or
/// nothing, one year per folder without `--year` too, paths read as the kernel reads them.
@Suite(.needs(.yir), .tier(.test)) struct HostileNightEndToEndTests {
    typealias Night = NightlyEndToEndTests.Night
    let cli = YirCommand()

    /// Runs yir through `sh` with `redirections` applied (`<&-`), waiting a bounded time: a run
    /// that hangs is killed and reported, never waited on for good.
    func yirThroughShell(_ arguments: [String], redirections: String, environment: [String: String] = [:]) throws -> (
        status: Int32?, stderr: String
    ) {
        let errors = scratchFolder().appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirections)", YirCommand.binary.path] + arguments
        process.environment = ["TZ": "UTC", "PATH": "/usr/bin:/bin"].merging(environment) { _, given in given }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let ended = waitForExit(process, seconds: 120)
        return (ended ? process.terminationStatus : nil, String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    // MARK: yir replaces only what it could have written

    enum Obstacle: String, CaseIterable, Sendable {
        case fifo, device, folder, socket

        /// Makes the obstacle at `url`; false when this machine cannot (a device needs root).
        func make(at url: URL) throws -> Bool {
            switch self {
            case .fifo: return mkfifo(url.path, 0o644) == 0
            case .device: return getuid() == 0 && mknod(url.path, S_IFCHR | 0o666, (1 << 8) | 3) == 0
            case .folder:
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true); return true
            case .socket:
                let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
                defer { close(fd) }
                var address = sockaddr_un()
                address.sun_family = sa_family_t(AF_UNIX)
                let path = Array(url.path.utf8CString)
                guard path.count <= MemoryLayout.size(ofValue: address.sun_path) else { return false }
                withUnsafeMutableBytes(of: &address.sun_path) { raw in path.withUnsafeBytes { raw.copyMemory(from: $0) }
                }
                return withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
                    }
                }
            }
        }

        func isStill(at url: URL) -> Bool {
            var status = stat()
            guard lstat(url.path, &status) == 0 else { return false }
            let kind = status.st_mode & S_IFMT
            switch self {
            case .fifo: return kind == S_IFIFO
            case .device: return kind == S_IFCHR
            case .folder: return kind == S_IFDIR
            case .socket: return kind == S_IFSOCK
            }
        }
    }

    @Test(arguments: ["--rejects", "--metrics"], Obstacle.allCases)
    func anOutputPathThatIsNoRegularFileIsAUsageErrorAndNeverReplaced(option: String, obstacle: Obstacle) throws {
        let night = try Night()
        #expect(try cli.yir(night.report()).status == 0)
        let path = night.root.appendingPathComponent("obstacle")
        guard try obstacle.make(at: path) else { return }
        let before = try night.snapshot(night.out)
        let r = try cli.yir(night.report([option, path.path], asOf: "2025-12-31T13:00:00Z"))
        #expect(r.status == 64, "\(r.stderr)")
        #expect(obstacle.isStill(at: path), "\(option) \(obstacle) was replaced")
        #expect(try night.snapshot(night.out) == before)
    }

    @Test(arguments: [Obstacle.fifo, .device, .socket])
    func anOutFolderThatIsNoFolderIsAUsageError(obstacle: Obstacle) throws {
        let night = try Night()
        guard try obstacle.make(at: night.out) else { return }
        let r = try cli.yir(night.report())
        #expect(r.status == 64, "\(r.stderr)")
        #expect(obstacle.isStill(at: night.out))
    }

    @Test func anOutputUnderARegularFileSaysWhichPathIsInTheWay() throws {
        let night = try Night()
        let file = night.root.appendingPathComponent("a-file")
        try Data("mine\n".utf8).write(to: file)
        let r = try cli.yir(night.report(["--rejects", file.appendingPathComponent("rejects.jsonl").path]))
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("\(file.path): it is a file, not a folder"), "\(r.stderr)")
        #expect(!r.stderr.contains("NSCocoaErrorDomain"), "\(r.stderr)")
    }

    @Test func anOptionGivenTwiceIsAUsageError() throws {
        let night = try Night()
        let other = night.root.appendingPathComponent("other")
        let r = try cli.yir(night.report(["--out", other.path]))
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("--out is given more than once"), "\(r.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: night.out.path)
                && !FileManager.default.fileExists(atPath: other.path))
    }

    // MARK: Paths as the kernel reads them

    @Test(arguments: ["--rejects", "--out"])
    func pathChecksResolveLinksBeforeDotDot(option: String) throws {
        let night = try Night()
        // `link` leads into the export folder: `link/../x` is in the export folder, not beside the link.
        let inside = night.exports.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let link = night.root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: inside)
        let before = try night.snapshot(night.exports)
        let path = link.path + "/../x"
        let arguments =
            option == "--out" ? night.report().map { $0 == night.out.path ? path : $0 } : night.report([option, path])
        let r = try cli.yir(arguments)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("lies inside the input folder"), "\(r.stderr)")
        #expect(try night.snapshot(night.exports) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: night.exports.path).sorted() == ["export.jsonl", "sub"])
    }

    // MARK: Its own descriptors are never the input

    @Test(arguments: ["report", "check", "stats"])
    func aClosedStandardInputExitsSixtySixAndNeverHangs(command: String) throws {
        let night = try Night()
        let metrics = night.root.appendingPathComponent("yir.prom")
        var arguments = [command, "--as-of", NightlyEndToEndTests.asOf, "--metrics", metrics.path]
        if command == "report" { arguments += ["--out", night.out.path, "--link-key", night.key.path] }
        let r = try yirThroughShell(arguments, redirections: "<&-")
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr.contains("standard input is closed"), "\(r.stderr)")
        let text = try String(contentsOf: metrics, encoding: .utf8)
        #expect(text.contains("yir_exit_code{command=\"\(command)\"} 66"), "\(text)")
    }

    @Test func aStandardInputOpenForWritingOnlyExitsSixtySix() throws {
        let night = try Night()
        let r = try yirThroughShell(
            ["check", "--as-of", NightlyEndToEndTests.asOf], redirections: "0>\(night.root.path)/w")
        #expect(r.status == 66, "\(r.stderr)")
    }

    // MARK: A signal at any instant

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalBeforeTheHandlersAreInstalledIsHandledLikeAnyOther(signal: Int32) throws {
        let code = 128 + signal
        let night = try Night()
        #expect(try cli.yir(night.report()).status == 0)
        let before = try night.snapshot(night.out)
        let metrics = night.root.appendingPathComponent("yir.prom")
        let r = try cli.yir(
            night.report(["--metrics", metrics.path], asOf: "2025-12-31T13:00:00Z"),
            environment: ["TZ": "UTC", "YIR_TEST_SIGNAL": "start:1:\(signal)"])
        #expect(r.status == code, "\(r.stderr)")
        #expect(try night.snapshot(night.out) == before)
        #expect(try String(contentsOf: metrics, encoding: .utf8).contains("yir_exit_code{command=\"report\"} \(code)"))
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalOnceTheOutputsAreInPlaceFinishesTheRunAndLeavesNothingOfThePrevious(signal: Int32) throws {
        let night = try Night()
        #expect(try cli.yir(night.report()).status == 0)
        let metrics = night.root.appendingPathComponent("yir.prom")
        let r = try cli.yir(
            night.report(["--metrics", metrics.path], asOf: "2025-12-31T13:00:00Z"),
            environment: ["TZ": "UTC", "YIR_TEST_SIGNAL": "renamed:1:\(signal)"])
        #expect(r.status == 0, "\(r.stderr)")
        let record = try String(contentsOf: night.out.appendingPathComponent(".yir-report.json"), encoding: .utf8)
        #expect(record.contains("2025-12-31T13:00:00Z"), "the new outputs are in place: \(record)")
        #expect(try night.leftovers().isEmpty)
        #expect(try String(contentsOf: metrics, encoding: .utf8).contains("yir_exit_code{command=\"report\"} 0"))
    }

    // MARK: The commit is all or nothing

    @Test func aCommitThatFailsPartWayPutsBackEveryRenameDone() throws {
        let night = try Night()
        let rejects = night.root.appendingPathComponent("rejects.jsonl")
        try Data("{\"type\":\"page_view\"\n".utf8).write(to: night.exports.appendingPathComponent("bad.jsonl"))
        #expect(try cli.yir(night.report(["--rejects", rejects.path, "--max-reject-rate", "1"])).status == 0)
        let before = try night.snapshot()
        // html and json written; xml, jsonl and csv removed: four files and three removals,
        // each rename of the commit made to fail in turn.
        for failing in 1...7 {
            let r = try cli.yir(
                night.report(
                    ["--rejects", rejects.path, "--max-reject-rate", "1", "--format", "html,json"],
                    asOf: "2025-12-31T13:00:00Z"),
                environment: ["TZ": "UTC", "YIR_TEST_FAIL_RENAME": "\(failing)"])
            #expect(r.status == 74, "rename \(failing): \(r.stderr)")
            #expect(try night.snapshot() == before, "rename \(failing): the previous outputs are all back")
            #expect(try night.leftovers().isEmpty, "rename \(failing)")
        }
        #expect(
            try cli.yir(
                night.report(
                    ["--rejects", rejects.path, "--max-reject-rate", "1", "--format", "html,json"],
                    asOf: "2025-12-31T13:00:00Z")
            ).status == 0)
    }

    // MARK: One year per folder without --year too

    @Test func withoutYearTheFolderIsRefusedWhenTheReadersZoneIsInAnotherYear() throws {
        let night = try Night()
        #expect(try cli.yir(night.report()).status == 0)
        let before = try night.snapshot(night.out)
        // 23:30 UTC on 31 December is 2026 in Berlin: these decks would be 2026's.
        let r = try cli.yir(night.report(["--tz", "Europe/Berlin"], asOf: "2025-12-31T23:30:00Z"))
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("2025") && r.stderr.contains("2026"), "\(r.stderr)")
        #expect(try night.snapshot(night.out) == before)
    }

    @Test func withoutYearReadersWhoseZonesAreInDifferentYearsAreAUsageError() throws {
        let night = try Night()
        let lines = [
            view("2025-05-01T10:00:00Z", user: "ana", extra: #","tz":"America/Los_Angeles""#),
            view("2025-05-01T10:00:00Z", user: "kai", extra: #","tz":"Asia/Tokyo""#),
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: night.export)
        let r = try cli.yir(night.report([], asOf: "2025-12-31T18:00:00Z"))
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("give --year"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: night.out.appendingPathComponent("readers").path))
        #expect(try cli.yir(night.report(["--year", "2025"], asOf: "2025-12-31T18:00:00Z")).status == 0)
    }

    @Test func theFolderRecordsTheYearEveryDeckReports() throws {
        let night = try Night()
        #expect(try cli.yir(night.report(["--tz", "Pacific/Kiritimati"], asOf: "2025-12-31T12:00:00Z")).status == 0)
        let record = try String(contentsOf: night.out.appendingPathComponent(".yir-report.json"), encoding: .utf8)
        #expect(record.contains("\"year\": 2026"), "\(record)")
    }

    @Test(arguments: ["{\"year\": 20", "", "not json\n", "{\"year\": \"2025\"}\n"])
    func aFolderRecordThatCannotBeReadIsRefused(record: String) throws {
        let night = try Night()
        #expect(try cli.yir(night.report()).status == 0)
        try Data(record.utf8).write(to: night.out.appendingPathComponent(".yir-report.json"))
        let before = try night.snapshot(night.out)
        let r = try cli.yir(night.report([], asOf: "2025-12-31T13:00:00Z"))
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains(".yir-report.json"), "\(r.stderr)")
        #expect(try night.snapshot(night.out) == before)
    }
}
