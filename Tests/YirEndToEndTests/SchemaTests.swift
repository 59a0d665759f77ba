import Foundation
import Testing
import YirTestSupport

/// SPEC §4.2: the `json` output and every `jsonl` line match the JSON Schema shipped in
/// Templates/, checked by the `jsonschema` package (installed by `make test` in .venv-test).
@Suite(.needs(.jsonschema), .tier(.test)) struct SchemaEndToEndTests {
    let cli = YirCommand()

    /// Runs the validator; returns its exit status and what it printed.
    func validate(json: [String] = [], jsonl: [String] = []) throws -> (Int32, String) {
        let r = try runProgram(
            URL(fileURLWithPath: Tools.python),
            [
                packageRoot.appendingPathComponent("Tests/validate_schema.py").path,
                packageRoot.appendingPathComponent("Templates/report.schema.json").path,
            ]
                + json.flatMap { ["--json", $0] } + jsonl.flatMap { ["--jsonl", $0] })
        return (r.status, r.stdoutText + r.stderr)
    }

    @Test func sampleDataOutputsMatchTheSchema() throws {
        let reference = packageRoot.appendingPathComponent("Tests/Reference")
        let (status, text) = try validate(
            json: [reference.appendingPathComponent("report.json").path],
            jsonl: [reference.appendingPathComponent("readers.jsonl").path])
        #expect(status == 0, "\(text)")
    }

    @Test(.needs(.yir)) func generatedExportOutputsMatchTheSchema() throws {
        let folder = scratchFolder()
        let export = folder.appendingPathComponent("export.jsonl")
        let sample = try cli.yir(["sample", "--readers", "300", "--days", "365", "--seed", "9"])
        try sample.stdout.write(to: export)
        let out = folder.appendingPathComponent("out")
        let r = try cli.yir(["report", export.path, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z", "--top", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        let (status, text) = try validate(
            json: [out.appendingPathComponent("report.json").path],
            jsonl: [out.appendingPathComponent("readers.jsonl").path])
        #expect(status == 0, "\(text)")
    }

    @Test func aDocumentThatBreaksTheSchemaIsRejected() throws {
        let reference = packageRoot.appendingPathComponent("Tests/Reference/readers.jsonl")
        var line = try #require(
            String(contentsOf: reference, encoding: .utf8).split(separator: "\n").first.map(String.init))
        line = line.replacingOccurrences(of: #""monthly":["#, with: #""monthly":[{"month":13,"seconds":-1,"views":0},"#)
        let broken = scratchFolder().appendingPathComponent("broken.jsonl")
        try Data((line + "\n").utf8).write(to: broken)
        let (status, text) = try validate(jsonl: [broken.path])
        #expect(status == 1)
        #expect(text.contains("broken.jsonl:1: monthly"))
    }
}
