import Foundation
import Testing
import YirTestSupport
import YirIngest

/// End to end: the built `yir` binary, its outputs and SPEC §5's exit codes.
@Suite(.needs(.yir)) struct CommandLineEndToEndTests {
    let cli = YirCommand()

    let good = [view("2025-05-01T10:00:00Z", user: "a"), session("2025-05-01T10:00:00Z", ms: "60000", user: "a")]

    @Test func statsPrintsTheReportModelAndExitsZero() throws {
        let r = try cli.yir(["stats", try cli.file(good), "--as-of", "2025-12-31T12:00:00Z"])
        #expect(r.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        #expect((json["readers"] as? [Any])?.count == 1)
    }

    @Test func standardInputIsReadForDashAndWhenNoInputIsGiven() throws {
        let data = Data(good.joined(separator: "\n").utf8)
        for args in [["stats", "-", "--format", "jsonl"], ["stats", "--format", "jsonl"]] {
            let r = try cli.yir(args + ["--as-of", "2025-12-31T12:00:00Z"], stdin: data)
            #expect(r.status == 0)
            #expect(r.stdoutText.split(separator: "\n").count == 1)
            #expect(r.stdoutText.hasPrefix(#"{"user":"a","slides":null,"time_zone":"UTC","#))
        }
    }

    @Test(arguments: [
        ["stats", "--bogus"], ["stats", "--as-of", "yesterday"], ["stats", "--tz", "Mars/Base"],
        ["stats", "--year", "1800"], ["stats", "--format", "pdf"], ["report"],
        ["report", "--out", "x", "--format", "pdf"],
        ["stats", "--max-reject-rate", "2"], ["stats", "--profile", "unknown"],
    ])
    func usageErrorsExitSixtyFour(arguments: [String]) throws {
        #expect(try cli.yir(arguments).status == 64)
    }

    /// The rejects file is one of the run's outputs (SPEC §4.5): a run refused for its rejected
    /// lines leaves the previous one; one that passes writes it.
    @Test func rejectionsBeyondTheRateExitSixtyFiveAndLeaveThePreviousRejectsFile() throws {
        let input = try cli.file(good + ["not json"])
        let rejects = scratchFolder().appendingPathComponent("rejects.jsonl")
        let r = try cli.yir(["stats", input, "--as-of", "2025-12-31T12:00:00Z", "--rejects", rejects.path])
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("more than --max-reject-rate"))
        #expect(!FileManager.default.fileExists(atPath: rejects.path))
        #expect(
            try cli.yir([
                "stats", input, "--as-of", "2025-12-31T12:00:00Z", "--rejects", rejects.path, "--max-reject-rate",
                "0.5",
            ]).status == 0)
        let line = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: rejects)) as? [String: Any])
        #expect(line["reason"] as? String == "invalid_json")
        #expect(line["line"] as? Int == 3)
        #expect(line["text"] as? String == "not json")
        #expect(try cli.yir(["stats", input, "--max-reject-rate", "0.5"]).status == 0)
    }

    @Test func strictStopsAtTheFirstRejectionWithSixtyFive() throws {
        let r = try cli.yir(["check", try cli.file(["oops"] + good + good), "--strict", "--max-reject-rate", "1"])
        #expect(r.status == 65)
        #expect(r.stderr.contains(":1: rejected (invalid_json)"))
    }

    @Test func missingInputExitsSixtySix() throws {
        #expect(try cli.yir(["stats", "/nonexistent/export.jsonl"]).status == 66)
    }

    @Test func outputFolderThatCannotBeCreatedExitsSeventyThree() throws {
        let blocker = try cli.file(good)  // a file where the folder should be
        let r = try cli.yir(["report", try cli.file(good), "--out", blocker + "/out"])
        #expect(r.status == 73)
    }

    /// Outputs that would destroy or feed back into the inputs are refused before anything is
    /// read (64): a file the run writes that is an input (`--rejects export.jsonl` replaced the
    /// export), and a file a folder scan reads (report.json, readers.jsonl, a .jsonl rejects
    /// file) inside an input folder, which the next run would read back (SPEC §1.1). Outputs no
    /// scan reads (HTML, CSV) may live in an input folder.
    /// docs/OUTPUT.md: the share cards' name and link are shown to every reader, so one that
    /// cannot be shown — empty, too long, not https — is a usage error before anything is read.
    @Test func aShareNameOrLinkThatCannotBeShownIsAUsageError() throws {
        let export = try cli.file([view("2025-03-01T10:00:00Z")])
        for (option, value) in [
            ("--share-name", " "), ("--share-name", String(repeating: "n", count: 61)),
            ("--share-link", "http://example.org"), ("--share-link", "https://example.org/a b"),
            ("--share-link", "javascript:alert(1)"),
        ] {
            let out = scratchFolder().appendingPathComponent("out")
            let r = try cli.yir(["report", export, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z", option, value])
            #expect(r.status == 64, "\(option) \(value)")
            #expect(r.stderr.contains(option), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
        let out = scratchFolder().appendingPathComponent("out")
        let r = try cli.yir([
            "report", export, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z", "--format", "html",
            "--share-name", "Wikipedia", "--share-link", "https://www.wikipedia.org/",
        ])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func outputsThatWouldReplaceOrFeedBackIntoTheInputsAreAUsageError() throws {
        let export = try cli.file(good)
        let folder = (export as NSString).deletingLastPathComponent
        let asOf = ["--as-of", "2025-12-31T12:00:00Z"]
        let original = try Data(contentsOf: URL(fileURLWithPath: export))
        try FileManager.default.linkItem(atPath: export, toPath: folder + "/hard-link.txt")
        for (arguments, message) in [
            (
                ["check", export, "--rejects", export],
                "\(export) is the input \(export): writing it would replace the input"
            ),
            (["check", export, "--rejects", folder + "/hard-link.txt"], "hard-link.txt is the input \(export)"),
            (
                ["report", folder, "--out", folder + "/report"] + asOf,
                "--out \(folder)/report lies inside the input folder \(folder)"
            ),
            (["check", folder, "--rejects", folder + "/rejects.jsonl"], "rejects.jsonl lies inside the input folder"),
            (
                ["report", folder, "--out", folder + "/pages", "--format", "html,csv"] + asOf,
                "lies inside the input folder"
            ),
        ] {
            let r = try cli.yir(arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(r.stderr.contains(message), "\(r.stderr)")
        }
        let relative = try cli.yir(
            ["report", ".", "--out", "sub/out", "--format", "jsonl"], in: URL(fileURLWithPath: folder))
        #expect(relative.status == 64 && relative.stderr.contains("--out sub/out lies inside the input folder ."))
        #expect(try Data(contentsOf: URL(fileURLWithPath: export)) == original)
        #expect(
            !FileManager.default.fileExists(atPath: folder + "/report")
                && !FileManager.default.fileExists(atPath: folder + "/sub"))

        // render, over the lines it reads:
        let lines = try cli.yir(["stats", export, "--format", "jsonl", "--partition"] + asOf)
        let out = scratchFolder()
        try lines.stdout.write(to: out.appendingPathComponent("readers.jsonl"))
        let render = try cli.yir(["render", out.appendingPathComponent("readers.jsonl").path, "--out", out.path])
        #expect(render.status == 64 && render.stderr.contains("writing it would replace the input"), "\(render.stderr)")

        #expect(try cli.yir(["report", export, "--out", folder + "/report"] + asOf).status == 0)
    }

    /// The reader pages' folder is replaced whole (decision 42); one that holds anything but
    /// pages — an operator's notes in an `--out` shared with other files — is left alone (73).
    @Test func aReadersFolderHoldingOtherFilesIsNotReplaced() throws {
        let out = scratchFolder()
        let notes = out.appendingPathComponent("readers/notes.txt")
        try FileManager.default.createDirectory(
            at: notes.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: notes)
        let r = try cli.yir(["report", try cli.file(good), "--out", out.path, "--as-of", "2025-12-31T12:00:00Z"])
        #expect(r.status == 73)
        #expect(r.stderr.contains("readers holds what yir does not write there (notes.txt)"), "\(r.stderr)")
        #expect(try Data(contentsOf: notes) == Data("mine".utf8))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
        try FileManager.default.removeItem(at: notes)
        #expect(
            try cli.yir(["report", try cli.file(good), "--out", out.path, "--as-of", "2025-12-31T12:00:00Z"]).status
                == 0)
        #expect(
            try cli.yir(["report", try cli.file(good), "--out", out.path, "--as-of", "2025-12-31T12:00:00Z"]).status
                == 0)
    }

    @Test func truncatedGzipExitsSeventyFour() throws {
        let lines = (1...5000).map { view("2025-05-01T10:00:00Z", extra: #","id":"v\#($0)""#) }
        let gz = try gzip(Data(lines.joined(separator: "\n").utf8))
        let url = scratchFolder().appendingPathComponent("views.jsonl.gz")
        try gz.prefix(gz.count / 2).write(to: url)
        let r = try cli.yir(["stats", url.path])
        #expect(r.status == 74)
        #expect(r.stderr.contains("truncated gzip stream"))
    }

    /// SPEC §4.5: a `.gz` of 0 bytes is a truncated stream (74, naming the file), as `gzip -t`
    /// says — not an empty input — for the library's run and the command line alike.
    @Test func aZeroByteGzipInputIsATruncatedStreamExitingSeventyFour() throws {
        #expect(throws: InputError.self) { try Run(files: [("export.jsonl.gz", Data())]).model() }
        let url = scratchFolder().appendingPathComponent("export.jsonl.gz")
        try Data().write(to: url)
        let out = scratchFolder()
        let r = try cli.yir(["report", url.path, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z"])
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.contains(url.path) && r.stderr.contains("truncated gzip stream"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    /// ISA-L is loaded at run time, so `ldd` cannot tell whether a machine uses it: `--verbose` does.
    @Test func verboseNamesTheEngineThatInflatedAGzipInput() throws {
        let url = scratchFolder().appendingPathComponent("views.jsonl.gz")
        try gzip(Data(good.joined(separator: "\n").utf8)).write(to: url)
        let r = try cli.yir(["check", url.path, "--verbose"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("yir: .gz inflated by ISA-L\n"))
        #expect(try !cli.yir(["check", try cli.file(good), "--verbose"]).stderr.contains(".gz"))
    }

    @Test func checkPrintsOnlyTheDiagnostics() throws {
        let r = try cli.yir(["check", try cli.file(good + ["[]"]), "--max-reject-rate", "1"])
        #expect(r.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        #expect(json["lines"] as? Int == 3)
        #expect((json["rejected"] as? [String: Int]) == ["not_an_object": 1])
        #expect(json["readers"] == nil)
    }

    @Test func reportWritesItsFilesAndAFailedRunLeavesThemUntouched() throws {
        let out = scratchFolder().appendingPathComponent("nightly")
        let ok = try cli.yir(["report", try cli.file(good), "--out", out.path, "--as-of", "2025-12-31T12:00:00Z"])
        #expect(ok.status == 0)
        let before = try Data(contentsOf: out.appendingPathComponent("report.json"))
        let lines = try String(contentsOf: out.appendingPathComponent("readers.jsonl"), encoding: .utf8)
        #expect(lines.split(separator: "\n").count == 1)

        let failed = try cli.yir([
            "report", try cli.file(good + ["bad"]), "--out", out.path, "--as-of", "2025-12-31T13:00:00Z",
        ])
        #expect(failed.status == 65)
        #expect(try Data(contentsOf: out.appendingPathComponent("report.json")) == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(
            names == [
                ".yir-report.json", "index.html", "readers", "readers.csv", "readers.jsonl", "report.json",
                "report.xml",
            ],
            "no temporary files are left")
    }

    @Test func rerunsAreByteIdentical() throws {
        let args = [
            "stats", packageRoot.appendingPathComponent("SampleData/wikipedia").path, "--as-of", "2025-12-31T12:00:00Z",
        ]
        let first = try cli.yir(args)
        let second = try cli.yir(args)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        // With --tz, the machine's zone makes no difference.
        let berlin = try cli.yir(args + ["--tz", "Europe/Berlin"], environment: ["TZ": "Asia/Tokyo"])
        let utc = try cli.yir(args + ["--tz", "Europe/Berlin"], environment: ["TZ": "UTC"])
        #expect(berlin.stdout == utc.stdout)
    }

    /// SampleData → the checked-in report, byte for byte. After an intended change of
    /// output, `make reference` rewrites the reference files; review the diff.
    @Test func sampleDataReportMatchesTheReferenceFiles() throws {
        let out = scratchFolder()
        let r = try cli.yir(
            [
                "report", "SampleData/wikipedia", "--out", out.path, "--as-of", "2025-12-31T12:00:00Z",
                "--format", "html,xml,json,jsonl,csv",
            ], in: packageRoot)
        #expect(r.status == 0, "\(r.stderr)")
        let reference = packageRoot.appendingPathComponent("Tests/Reference")
        let pages = try FileManager.default.contentsOfDirectory(
            atPath: reference.appendingPathComponent("readers").path
        ).sorted()
        #expect(pages.count == 16, "15 decks and the empty index.html")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("readers").path).sorted()
                == pages)
        for name in ["report.xml", "report.json", "readers.jsonl", "readers.csv", "index.html"]
            + pages.map({ "readers/\($0)" })
        {
            let produced = try Data(contentsOf: out.appendingPathComponent(name))
            let expected = try Data(contentsOf: reference.appendingPathComponent(name))
            #expect(produced == expected, "\(name) differs from Tests/Reference/\(name)")
        }
    }
}

extension CommandLineEndToEndTests {
    /// `yir sample` writes every field of the format, the v3 ones too, so that a sample's
    /// decks show every kind of slide.
    @Test func theSampleWritesEveryRecordTypeAndFieldOfTheFormat() throws {
        let sample = try cli.yir(["sample", "--readers", "300", "--days", "365", "--seed", "9"]).stdoutText
        for field in [
            #""type":"page_view""#, #""type":"session""#, #""type":"saved_article""#, #""type":"history_cleared""#,
            #""type":"notification_subscription""#, #""type":"edit""#, #""categories":["#, #""topics":["#,
            #""coordinates":{"lat":"#, #""thumbnail":"https://"#, #""namespace":1"#,
        ] {
            #expect(sample.contains(field), "\(field)")
        }
    }

    @Test func sampleIsDeterministicAndStopsNearItsByteLimit() throws {
        let a = try cli.yir(["sample", "--readers", "200", "--days", "30", "--seed", "5"])
        let b = try cli.yir(["sample", "--readers", "200", "--days", "30", "--seed", "5"])
        let c = try cli.yir(["sample", "--readers", "200", "--days", "30", "--seed", "6"])
        #expect(a.status == 0 && a.stdout == b.stdout && a.stdout != c.stdout)
        let limited = try cli.yir([
            "sample", "--readers", "100000", "--days", "365", "--seed", "1", "--bytes", "3000000",
        ])
        // Written in blocks of about 1 MiB: the limit is reached within one block.
        #expect(limited.stdout.count >= 3_000_000 && limited.stdout.count < 3_000_000 + 2 * (1 << 20))
        let check = try cli.yir(["check", "-", "--max-reject-rate", "0"], stdin: limited.stdout)
        #expect(check.status == 0, "every generated line is valid: \(check.stderr)")
    }

    @Test func tableFormatListsEveryReader() throws {
        let r = try cli.yir([
            "stats", packageRoot.appendingPathComponent("SampleData/wikipedia").path, "--format", "table",
            "--as-of", "2025-12-31T12:00:00Z", "--quiet",
        ])
        #expect(r.status == 0)
        let lines = r.stdoutText.split(separator: "\n")
        #expect(lines.first?.hasPrefix("user") == true)
        #expect(
            ["ana", "jordan", "kiran", "lee", "lucía", "sam", "tomo"].allSatisfy { user in
                lines.contains { $0.hasPrefix(user) }
            })
    }
}
