import Foundation
import Testing
import YirTestSupport

/// SPEC §1.1: framing of JSON Lines inputs, as the command line is given them.
@Suite(.needs(.yir)) struct FramingEndToEndTests {
    /// A file named twice — given twice, or given and found in a folder given — would be read
    /// twice: its records without ids counted twice. A usage error (64) instead.
    @Test func anInputNamedTwiceIsAUsageError() throws {
        let cli = YirCommand()
        let export = try cli.file([view("2025-05-01T10:00:00Z")])
        let folder = (export as NSString).deletingLastPathComponent
        for inputs in [[export, export], [folder, export]] {
            let r = try cli.yir(["check"] + inputs)
            #expect(r.status == 64)
            #expect(r.stderr.contains("export.jsonl again: each input is read once"), "\(r.stderr)")
        }
        #expect(try cli.yir(["check", export]).status == 0)
    }
}

/// SPEC §4.2: the same input and parameters give byte-identical output, whatever `--jobs` is.
@Suite(.needs(.yir), .tier(.test)) struct DeterminismEndToEndTests {
    /// Every file of a whole `yir report` — report.json, report.xml, readers.jsonl, readers.csv,
    /// the overview and every deck — and the partition lines are the same bytes at `--jobs 1`
    /// and `--jobs 3`, on SampleData and on a generated export of 700 readers (blocks of
    /// readers rendered on several threads, shards, stores freed as they go).
    @Test func aWholeReportIsTheSameBytesWhateverJobsIs() throws {
        let cli = YirCommand()
        let generated = try runProgram(
            YirCommand.binary, ["sample", "--readers", "700", "--days", "120", "--seed", "31"])
        let export = scratchFolder().appendingPathComponent("export.jsonl")
        try generated.stdout.write(to: export)
        for input in [packageRoot.appendingPathComponent("SampleData/wikipedia").path, export.path] {
            var runs: [[String: Data]] = []
            for jobs in ["1", "3"] {
                let out = scratchFolder()
                let r = try cli.yir([
                    "report", input, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z",
                    "--format", "html,xml,json,jsonl,csv", "--jobs", jobs,
                ])
                #expect(r.status == 0, "\(r.stderr)")
                let lines = try cli.yir([
                    "stats", input, "--format", "jsonl", "--partition", "--as-of", "2025-12-31T12:00:00Z",
                    "--jobs", jobs, "--quiet",
                ])
                try lines.stdout.write(to: out.appendingPathComponent("partition-lines.jsonl"))
                var files: [String: Data] = [:]
                for name in try FileManager.default.subpathsOfDirectory(atPath: out.path) {
                    var isFolder: ObjCBool = false
                    let url = out.appendingPathComponent(name)
                    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                        files[name] = try Data(contentsOf: url)
                    }
                }
                runs.append(files)
            }
            #expect(runs[0].count > 7 && runs[0].keys.sorted() == runs[1].keys.sorted(), "\(input)")
            for (name, data) in runs[0] {
                #expect(runs[1][name] == data, "\(input): \(name) differs between --jobs 1 and 3")
            }
        }
    }
}
