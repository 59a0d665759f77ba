import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
import YirTestSupport
@testable import YirReport

/// SPEC §4.3: the XML report, valid against Templates/report.xsd as yir and xmllint both judge
/// it, carrying the same figures as the JSON.
@Suite(.needs(.yir)) struct XMLEndToEndTests {
    let cli = YirCommand()
    static let schema = packageRoot.appendingPathComponent("Templates/report.xsd").path

    /// `yir report --format xml,json` into a new folder.
    func report(_ input: String, _ extra: [String] = []) throws -> URL {
        let out = scratchFolder()
        let r = try cli.yir(
            [
                "report", input, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z", "--format", "xml,json",
                "--templates", packageRoot.appendingPathComponent("Templates").path,
            ] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        return out
    }

    func python(_ script: String, _ arguments: [String]) throws -> (Int32, String) {
        let r = try runProgram(
            URL(fileURLWithPath: Tools.python),
            [packageRoot.appendingPathComponent("Tests/\(script)").path] + arguments)
        return (r.status, r.stdoutText)
    }

    func validate(_ file: String) throws -> ProgramResult {
        try cli.yir(["validate", file, "--templates", packageRoot.appendingPathComponent("Templates").path])
    }

    /// report.xml in `out` is valid for yir and for xmllint, and carries report.json's figures.
    func expectValidAndLikeTheJSON(_ out: URL) throws {
        let xml = out.appendingPathComponent("report.xml").path
        #expect(try validate(xml).status == 0)
        #expect(try xmllint(xml).0 == 0)
        let (status, text) = try python("compare_xml_json.py", [xml, out.appendingPathComponent("report.json").path])
        #expect(status == 0, "\(text)")
    }

    @Test(.needs(.xmllint, .testPython)) func sampleDataReportIsValidForYirAndXmllintAndMatchesTheJSON() throws {
        try expectValidAndLikeTheJSON(
            try report(packageRoot.appendingPathComponent("SampleData/wikipedia").path, ["--validate"]))
    }

    @Test(.needs(.xmllint, .testPython)) func generatedExportReportIsValidAndMatchesTheJSON() throws {
        let export = scratchFolder().appendingPathComponent("export.jsonl")
        try cli.yir(["sample", "--readers", "300", "--days", "365", "--seed", "11"]).stdout.write(to: export)
        try expectValidAndLikeTheJSON(try report(export.path, ["--top", "2"]))
    }

    @Test(.needs(.xmllint, .testPython)) func brokenDocumentsAreRejectedAtTheirLine() throws {
        let out = try report(packageRoot.appendingPathComponent("SampleData/wikipedia").path)
        let lines = try String(contentsOf: out.appendingPathComponent("report.xml"), encoding: .utf8).components(
            separatedBy: "\n")
        let target = try #require(lines.firstIndex { $0.contains("<minutes>") })
        // The line libxml2 names: the changed one; for a cut document, where the data ends.
        let cases: [(String, [String], [Int])] = [
            (
                "negative.xml",
                lines.enumerated().map { $0.offset == target ? "      <minutes>-5</minutes>" : $0.element },
                [target + 1]
            ),
            (
                "unknown.xml", lines.enumerated().map { $0.offset == target ? "      <hours>5</hours>" : $0.element },
                [target + 1]
            ),
            ("truncated.xml", Array(lines.prefix(target + 1)), [target + 1, target + 2]),
        ]
        for (name, broken, expectedLines) in cases {
            let file = scratchFolder().appendingPathComponent(name)
            try Data(broken.joined(separator: "\n").utf8).write(to: file)
            let r = try validate(file.path)
            #expect(r.status == 65, "\(name)")
            #expect(expectedLines.contains { r.stderr.contains("\(file.path):\($0):") }, "\(name): \(r.stderr)")
            #expect(try xmllint(file.path).0 != 0, "xmllint agrees: \(name)")
        }
    }

    @Test func charactersXMLCannotHoldAreReplacedAndCounted() throws {
        // (A control character rejects the line, decision 126: U+FFFE and U+FFFF are what is left.)
        let input = try cli.file([view("2025-05-01T10:00:00Z", title: #"bell\uFFFF and \uFFFE[31m"#, user: "a user")])
        let out = scratchFolder()
        let r = try cli.yir([
            "report", input, "--out", out.path, "--format", "xml", "--validate", "--as-of", "2025-12-31T12:00:00Z",
            "--templates", packageRoot.appendingPathComponent("Templates").path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        // Two in the title, which the document holds eight times (top article, top articles, the
        // year's first and last article, its longest view, cohort, and the longest sitting's first
        // and last article).
        #expect(r.stderr.contains("16 characters that XML 1.0 cannot hold were written as U+FFFD"))
        let xml = try String(contentsOf: out.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(xml.firstRange(of: "bell\u{FFFD} and \u{FFFD}[31m") != nil)
    }

    @Test func validateExitCodes() throws {
        #expect(try validate("/nonexistent/report.xml").status == 66)
        #expect(try cli.yir(["validate"]).status == 64)
        let missing = try cli.yir(["validate", "x.xml", "--templates", "/nonexistent"])
        #expect(missing.status == 66)
    }
}

extension XMLEndToEndTests {
    /// Issue 5: every element, attribute and named type of the XSD carries xs:documentation.
    @Test func everyDeclarationOfTheSchemaIsDocumented() throws {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: Self.schema))
        let undocumented = try document.nodes(
            forXPath:
                "//*[local-name()='element' or local-name()='attribute' or local-name()='simpleType' or (local-name()='complexType' and @name)][not(*[local-name()='annotation']/*[local-name()='documentation'])]"
        )
        #expect(
            undocumented.isEmpty,
            "\(undocumented.compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue })")
    }
}
