import Foundation
import Testing
import YirHTML
import YirTestSupport

/// SPEC §5's `--metrics FILE`: after every run, the run's figures in the Prometheus text format,
/// read back with prometheus_client's parser (Tests/check_metrics.py), and the cron line and
/// systemd units of docs/OPERATIONS.md that use it, run as written.
@Suite(.needs(.yir, .prometheusClient), .tier(.test)) struct MetricsEndToEndTests {
    let cli = YirCommand()

    typealias Families = [String: (type: String, samples: [(labels: [String: String], value: Double)])]

    /// The file as prometheus_client parses it; the test fails when it does not parse, or a
    /// family lacks its # HELP or # TYPE.
    func parse(_ path: String) throws -> Families {
        let r = try runProgram(
            URL(fileURLWithPath: Tools.python),
            [packageRoot.appendingPathComponent("Tests/check_metrics.py").path, path])
        try #require(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: [String: Any]])
        var families: Families = [:]
        for (name, family) in object {
            let samples = (family["samples"] as? [[Any]] ?? []).map { sample in
                (labels: sample[0] as? [String: String] ?? [:], value: (sample[1] as? NSNumber)?.doubleValue ?? .nan)
            }
            families[name] = (family["type"] as? String ?? "", samples)
        }
        return families
    }

    /// The one value of a family whose samples match `labels`.
    func value(_ families: Families, _ name: String, _ labels: [String: String] = [:]) -> Double? {
        families[name]?.samples.first { sample in labels.allSatisfy { sample.labels[$0.key] == $0.value } }?.value
    }

    func export() throws -> String {
        try cli.file([
            view("2025-05-01T10:00:00Z", user: "a", extra: #","id":"v1""#),
            view("2025-05-01T10:00:00Z", user: "a", extra: #","id":"v1""#),
            session("2025-05-01T10:00:00Z", ms: "60000", user: "b"), "not json",
        ])
    }

    @Test func aSuccessfulRunsMetricsParseAndCarryItsFigures() throws {
        let out = scratchFolder()
        let metrics = scratchFolder().appendingPathComponent("yir.prom").path
        let input = try export()
        let started = Date().timeIntervalSince1970
        let r = try cli.yir([
            "report", input, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z",
            "--max-reject-rate", "0.5", "--metrics", metrics,
        ])
        let ended = Date().timeIntervalSince1970
        #expect(r.status == 0, "\(r.stderr)")
        let m = try parse(metrics)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
                as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [String: Any])
        let accepted = try #require(diagnostics["accepted"] as? [String: Int])
        let rejected = try #require(diagnostics["rejected"] as? [String: Int])
        #expect(Set(m.values.map(\.type)) == ["gauge"])
        #expect(m.keys.allSatisfy { $0.hasPrefix("yir_") })
        #expect(m.values.allSatisfy { $0.samples.allSatisfy { $0.labels["command"] == "report" } })
        #expect(value(m, "yir_exit_code") == 0)
        #expect(value(m, "yir_lines_read") == Double(diagnostics["lines"] as? Int ?? -1))
        for (type, count) in accepted { #expect(value(m, "yir_lines_accepted", ["type": type]) == Double(count)) }
        #expect(value(m, "yir_lines_rejected", ["reason": "invalid_json"]) == Double(rejected["invalid_json"] ?? -1))
        #expect(value(m, "yir_lines_rejected", ["reason": "invalid_timestamp"]) == 0)
        #expect(value(m, "yir_duplicates") == 1)
        #expect(value(m, "yir_readers") == 2)
        let version = try #require((report["generator"] as? [String: Any])?["version"] as? String)
        #expect(value(m, "yir_build_info", ["version": version]) == 1)
        // Every byte of every output file, the reader pages included.
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.path)
        let bytes = try files.reduce(0) { total, path in
            let attributes = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(path).path)
            return total
                + ((attributes[.type] as? FileAttributeType) == .typeRegular ? (attributes[.size] as? Int ?? 0) : 0)
        }
        #expect(value(m, "yir_bytes_written") == Double(bytes))
        // The moment this run ended: between its start and its end as the test saw them (whole
        // seconds or finer), not a time of some other run.
        let success = try #require(value(m, "yir_last_success_timestamp_seconds"))
        #expect(
            success >= started.rounded(.down) && success <= ended.rounded(.up), "\(started) ≤ \(success) ≤ \(ended)")
        #expect(success == value(m, "yir_last_run_timestamp_seconds"))
        #expect(try #require(value(m, "yir_duration_seconds")) >= 0)
        // Written under a temporary name and renamed: nothing else is left beside it.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: (metrics as NSString).deletingLastPathComponent) == [
                "yir.prom"
            ])
    }

    @Test func aFailedRunGivesItsExitCodeAndKeepsTheLastSuccessTime() throws {
        let out = scratchFolder().path
        let metrics = scratchFolder().appendingPathComponent("yir.prom").path
        let input = try export()
        #expect(
            try cli.yir(["report", input, "--out", out, "--max-reject-rate", "0.5", "--metrics", metrics, "--quiet"])
                .status == 0)
        let success = try #require(value(try parse(metrics), "yir_last_success_timestamp_seconds"))
        Thread.sleep(forTimeInterval: 0.01)
        #expect(try cli.yir(["report", input, "--out", out, "--metrics", metrics, "--quiet"]).status == 65)
        let failed = try parse(metrics)
        #expect(value(failed, "yir_exit_code") == 65)
        #expect(value(failed, "yir_last_success_timestamp_seconds") == success)
        #expect(try #require(value(failed, "yir_last_run_timestamp_seconds")) > success)
        // What the failed run read is there: that is what the operator needs.
        #expect(value(failed, "yir_lines_rejected", ["reason": "invalid_json"]) == 1)
    }

    @Test func aUsageErrorIsARunWithMetricsToo() throws {
        let metrics = scratchFolder().appendingPathComponent("yir.prom").path
        let r = try cli.yir([
            "report", try export(), "--out", scratchFolder().path, "--format", "htm", "--metrics", metrics,
        ])
        #expect(r.status == 64)
        let m = try parse(metrics)
        #expect(value(m, "yir_exit_code", ["command": "report"]) == 64)
        #expect(m["yir_last_success_timestamp_seconds"] == nil)
        #expect(m["yir_lines_read"] == nil)
    }

    @Test func anInterruptedRunWritesItsMetricsWithTheSignalsExitCode() throws {
        let metrics = scratchFolder().appendingPathComponent("yir.prom").path
        let process = Process()
        process.executableURL = YirCommand.binary
        process.arguments = ["stats", "-", "--metrics", metrics]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Standard input stays open: the run is reading when the signal comes, having taken the
        // line from the pipe and waiting for more.
        input.fileHandleForWriting.write(Data((view("2025-05-01T10:00:00Z") + "\n").utf8))
        #expect(
            waitUntil { unreadBytes(in: input) == 0 || !process.isRunning },
            "yir never read its standard input: stuck")
        try #require(process.isRunning, "the run ended with its standard input open")
        process.terminate()
        #expect(waitForExit(process), "the run did not end after the signal: stuck")
        #expect(process.terminationStatus == 143)
        #expect(value(try parse(metrics), "yir_exit_code", ["command": "stats"]) == 143)
    }

    @Test func helpAndVersionAreNoRunAndWriteNoMetrics() throws {
        let metrics = scratchFolder().appendingPathComponent("yir.prom").path
        #expect(try cli.yir(["report", "--metrics", metrics, "--help"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: metrics))
    }

    // MARK: docs/OPERATIONS.md, as written

    /// The fenced blocks of OPERATIONS.md with the given info string.
    static func blocks(_ info: String) throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/OPERATIONS.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(info)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// A folder standing for the machine's root: the binary at /usr/local/bin/yir, an export in
    /// /srv/exports/wikipedia, node_exporter's folder (the link key's, /var/lib/yir, the first
    /// run makes).
    func scratchRoot() throws -> URL {
        let root = scratchFolder()
        let manager = FileManager.default
        for folder in [
            "usr/local/bin", "srv/exports/wikipedia", "var/lib/prometheus/node-exporter", "etc/systemd/system",
            "usr/lib/systemd",
        ] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try manager.copyItem(at: YirCommand.binary, to: root.appendingPathComponent("usr/local/bin/yir"))
        let sample = try cli.yir(["sample", "--readers", "40", "--days", "60"])
        try sample.stdout.write(to: root.appendingPathComponent("srv/exports/wikipedia/export.jsonl"))
        return root
    }

    /// Runs a shell command line with every absolute path (a `/` after a space) moved under
    /// `root`, in cron's sparse environment; the metrics file it leaves, parsed.
    func runRooted(_ command: String, _ root: URL) throws -> (status: Int32, output: String, metrics: Families) {
        let rooted = command.replacingOccurrences(of: " /", with: " \(root.path)/")
        let r = try runProgram(
            URL(fileURLWithPath: "/bin/sh"), ["-c", rooted],
            environment: ["PATH": "/usr/bin:/bin", "SHELL": "/bin/sh", "HOME": root.path])
        return (
            r.status, r.stdoutText + r.stderr,
            try parse(root.appendingPathComponent("var/lib/prometheus/node-exporter/yir.prom").path)
        )
    }

    /// What cron runs of the guide's crontab line: the lines joined, the five time fields off,
    /// `\%` as `%`.
    static func cronCommand() throws -> String {
        let block = try #require(try Self.blocks("cron").first)
        let line = block.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").replacingOccurrences(
                of: "\\ ", with: "")
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        try #require(fields.count == 6)
        return " " + String(fields[5]).replacingOccurrences(of: "\\%", with: "%")
    }

    /// What the guide's service runs: its ExecStart lines in order, each after the one before
    /// succeeded (a oneshot service); systemd's `%%` is the shell's `%`.
    static func serviceCommand() throws -> String {
        let service = try #require(try Self.blocks("ini").first { $0.hasPrefix("# yir-report.service") })
        let starts = service.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") }.map {
            $0.dropFirst("ExecStart=".count)
        }
        try #require(!starts.isEmpty)
        return " " + starts.joined(separator: " && ").replacingOccurrences(of: "%%", with: "%")
    }

    @Test func theCronLineOfTheOperationsGuideRunsAndLeavesMetrics() throws {
        let command = try Self.cronCommand()
        let root = try scratchRoot()
        let (status, output, metrics) = try runRooted(command, root)
        #expect(status == 0, "\(output)")
        #expect(value(metrics, "yir_exit_code", ["command": "report"]) == 0)
        #expect(try #require(value(metrics, "yir_lines_read")) > 0)
    }

    @Test(.needs(.systemdAnalyze)) func theSystemdUnitsOfTheOperationsGuideVerifyAndTheServiceRuns() throws {
        let units = try Self.blocks("ini")
        let root = try scratchRoot()
        var names: [String] = []
        var execStart: String?
        for unit in units {
            let name = try #require(unit.split(separator: "\n").first?.dropFirst(2)).trimmingCharacters(
                in: .whitespaces)
            names.append(name)
            try Data(unit.utf8).write(to: root.appendingPathComponent("etc/systemd/system/\(name)"))
            if let line = unit.split(separator: "\n").first(where: { $0.hasPrefix("ExecStart=") }) {
                execStart = String(line.dropFirst("ExecStart=".count))
            }
        }
        #expect(names.sorted() == ["yir-report.service", "yir-report.timer"])
        // verify loads the units the service's start depends on from the root — systemd's own —
        // and checks that ExecStart's program is there.
        try FileManager.default.copyItem(
            atPath: "/lib/systemd/system", toPath: root.appendingPathComponent("usr/lib/systemd/system").path)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: "/bin/sh").resolvingSymlinksInPath(), to: root.appendingPathComponent("bin/sh"))
        let verify = try runProgram(
            Tools.program("systemd-analyze"),
            ["verify", "--root=\(root.path)"] + names.map { "/etc/systemd/system/\($0)" })
        #expect(verify.status == 0, "\(verify.stdoutText)\(verify.stderr)")
        #expect(verify.stderr.isEmpty, "\(verify.stderr)")
        #expect(execStart != nil)
        let (status, output, metrics) = try runRooted(try Self.serviceCommand(), root)
        #expect(status == 0, "\(output)")
        #expect(value(metrics, "yir_exit_code", ["command": "report"]) == 0)
    }

    /// SPEC §4.5 (v4): the guide's recipes never exit non-zero on New Year's nights, wherever the
    /// machine is. Each night at the recipes' 02:15 local time, from 30 December to 3 January, with
    /// the machine's clock (`date`, through faketime) and zone set, the cron line and then the
    /// service's commands run as written; both finish the old year's folder on 2 January (UTC).
    @Test(
        .needs(.faketime),
        arguments: ["UTC", "Asia/Tokyo", "Pacific/Kiritimati", "America/Los_Angeles", "Pacific/Pago_Pago"])
    func theRecipesNeverFailOnNewYearsNightsInAnyMachineZone(zone: String) throws {
        for (recipe, command) in [("cron", try Self.cronCommand()), ("systemd", try Self.serviceCommand())] {
            let root = try scratchRoot()
            // The service's commands start with /bin/sh, which the rooting moves under root too.
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: "/bin/sh").resolvingSymlinksInPath(), to: root.appendingPathComponent("bin/sh")
            )
            // `date` answers for the night's local 02:15; yir itself runs on the real clock.
            let bin = root.appendingPathComponent("fake-bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            // faketime itself runs `date`: the real one, through a PATH without this folder.
            try Data(
                "#!/bin/sh\nPATH=/usr/bin:/bin exec \(Tools.program("faketime").path) \"$YIR_TEST_NOW\" /bin/date \"$@\"\n"
                    .utf8
            )
            .write(to: bin.appendingPathComponent("date"))
            chmod(bin.appendingPathComponent("date").path, 0o755)
            for night in ["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"] {
                let rooted = command.replacingOccurrences(of: " /", with: " \(root.path)/")
                let r = try runProgram(
                    URL(fileURLWithPath: "/bin/sh"), ["-c", rooted],
                    environment: [
                        "PATH": "\(bin.path):/usr/bin:/bin", "SHELL": "/bin/sh", "HOME": root.path,
                        "TZ": zone, "YIR_TEST_NOW": "\(night) 02:15:00",
                    ])
                #expect(r.status == 0, "\(recipe), machine in \(zone), night of \(night): \(r.stdoutText)\(r.stderr)")
            }
            // The old year's folder is finished: as of its very end.
            let record = try String(
                contentsOf: root.appendingPathComponent("srv/yir/2025/.yir-report.json"), encoding: .utf8)
            #expect(record.contains("2026-01-01T12:00:00Z"), "\(recipe), \(zone): \(record)")
            #expect(
                FileManager.default.fileExists(
                    atPath: root.appendingPathComponent("srv/yir/2026/.yir-report.json").path))
        }
    }
}

extension MetricsEndToEndTests {
    /// A cache of hostile files — no picture, cut short, claiming a huge image, a FIFO — under
    /// every thumbnail's name: the run neither stops nor waits, every deck is written with its
    /// illustrations, and the metrics and the log count what stayed out.
    @Test(.needs(.libvips)) func hostileFilesInTheImageCacheStayIllustrationsAndAreCounted() throws {
        let cache = scratchFolder()
        let pictures = packageRoot.appendingPathComponent("Tests/Pictures")
        let hostile = ["page.html", "truncated.jpg", "huge-claim.png", "malformed.jpg", "drawing.svg"]
        let urls = (0..<6).map { "https://upload.wikimedia.org/\($0).jpg" }
        for (i, url) in urls.enumerated() {
            let file = cache.appendingPathComponent(PictureUse.cacheFileName(for: url))
            if i < hostile.count {
                try Data(contentsOf: pictures.appendingPathComponent(hostile[i])).write(to: file)
            } else {
                #expect(mkfifo(file.path, 0o600) == 0)
            }
        }
        let lines = urls.enumerated().map { i, url in
            save("2025-12-0\(i + 1)T10:00:00Z", title: "A\(i)", extra: #","user":"r\#(i % 2)","thumbnail":"\#(url)""#)
        }
        let out = scratchFolder()
        let metrics = out.appendingPathComponent("yir.prom").path
        let r = try cli.yir([
            "report", try cli.file(lines), "--out", out.appendingPathComponent("report").path, "--format", "html",
            "--as-of", "2025-12-31T12:00:00Z", "--images", "embed", "--image-cache", cache.path, "--metrics", metrics,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("6 thumbnail(s) the decks would show stay illustrations"), "\(r.stderr)")
        let families = try parse(metrics)
        #expect(value(families, "yir_images_missing") == 6)
        #expect(value(families, "yir_images_embedded") == 0)
        let decks = try FileManager.default.contentsOfDirectory(
            atPath: out.appendingPathComponent("report/readers").path)
        #expect(decks.filter { $0.hasSuffix(".html") && $0 != "index.html" }.count == 2)
    }
}
