import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import YirTestSupport
@testable import YirReport

/// SPEC §4.3: the XML report, valid against Templates/report.xsd as yir and xmllint both judge
/// it, carrying the same figures as the JSON.
@Suite struct XMLTests {
    let cli = CommandLineTests()
    static let schema = packageRoot.appendingPathComponent("Templates/report.xsd").path

    /// `yir report --format xml,json` into a new folder.
    func report(_ input: String, _ extra: [String] = []) throws -> URL {
        let out = scratchFolder()
        let r = try cli.yir(["report", input, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z", "--format", "xml,json",
                             "--templates", packageRoot.appendingPathComponent("Templates").path] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        return out
    }

    func xmllint(_ file: String) throws -> (Int32, String) {
        let r = try runProgram(URL(fileURLWithPath: "/usr/bin/xmllint"), ["--noout", "--schema", Self.schema, file])
        return (r.status, r.stderr)
    }

    func python(_ script: String, _ arguments: [String]) throws -> (Int32, String) {
        let r = try runProgram(URL(fileURLWithPath: SchemaTests.python),
                               [packageRoot.appendingPathComponent("Tests/\(script)").path] + arguments)
        return (r.status, r.stdoutText)
    }

    func validate(_ file: String) throws -> CommandLineTests.Result {
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

    @Test func sampleDataReportIsValidForYirAndXmllintAndMatchesTheJSON() throws {
        try expectValidAndLikeTheJSON(try report(packageRoot.appendingPathComponent("SampleData/wikipedia").path, ["--validate"]))
    }

    @Test func generatedExportReportIsValidAndMatchesTheJSON() throws {
        let export = scratchFolder().appendingPathComponent("export.jsonl")
        try cli.yir(["sample", "--readers", "300", "--days", "365", "--seed", "11"]).stdout.write(to: export)
        try expectValidAndLikeTheJSON(try report(export.path, ["--top", "2"]))
    }

    @Test func brokenDocumentsAreRejectedAtTheirLine() throws {
        let out = try report(packageRoot.appendingPathComponent("SampleData/wikipedia").path)
        let lines = try String(contentsOf: out.appendingPathComponent("report.xml"), encoding: .utf8).components(separatedBy: "\n")
        let target = try #require(lines.firstIndex { $0.contains("<minutes>") })
        // The line libxml2 names: the changed one; for a cut document, where the data ends.
        let cases: [(String, [String], [Int])] = [
            ("negative.xml", lines.enumerated().map { $0.offset == target ? "      <minutes>-5</minutes>" : $0.element }, [target + 1]),
            ("unknown.xml", lines.enumerated().map { $0.offset == target ? "      <hours>5</hours>" : $0.element }, [target + 1]),
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
        let input = try cli.file([view("2025-05-01T10:00:00Z", title: #"bell\u0007 and \u001b[31m"#, user: #"tab\tuser"#)])
        let out = scratchFolder()
        let r = try cli.yir(["report", input, "--out", out.path, "--format", "xml", "--validate", "--as-of", "2025-12-31T12:00:00Z",
                             "--templates", packageRoot.appendingPathComponent("Templates").path])
        #expect(r.status == 0, "\(r.stderr)")
        // Two in the title, which the document holds five times (top article, top articles, cohort,
        // and the longest sitting's first and last article).
        #expect(r.stderr.contains("10 characters that XML 1.0 cannot hold were written as U+FFFD"))
        let xml = try String(contentsOf: out.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(xml.firstRange(of: "bell\u{FFFD} and \u{FFFD}[31m") != nil)
        #expect(xml.contains("<user>tab\tuser</user>"), "a tab is allowed and kept")
    }

    /// Readers are rendered in blocks on several threads, each by a libxml2 writer of its own:
    /// the document is the same on any number, valid, and counts the characters replaced in
    /// every block (U+FFFE and U+FFFF too; U+FFFD itself is kept).
    @Test func readersRenderedOnSeveralThreadsMakeTheSameDocument() throws {
        let lines = (0..<700).map { i in
            view("2025-05-01T10:00:00Z", title: i % 100 == 0 ? #"bell\u0007 \uFFFE \uFFFD"# : "T\(i)", user: i % 250 == 0 ? #"u\uFFFF\#(i)"# : "u\(i)")
        }
        let model = try Run(lines).model()
        func document(jobs: Int) throws -> (bytes: [UInt8], replaced: Int) {
            var bytes: [UInt8] = []
            let replaced = try XMLReport.write(model, jobs: jobs) { bytes += $0 }
            return (bytes, replaced)
        }
        let one = try document(jobs: 1), three = try document(jobs: 3)
        let same = one.bytes == three.bytes  // (not in #expect: it would print megabytes)
        #expect(same)
        let file = scratchFolder().appendingPathComponent("report.xml")
        try Data(three.bytes).write(to: file)
        #expect(try xmllint(file.path).0 == 0)
        let text = String(decoding: three.bytes, as: UTF8.self)
        #expect(text.components(separatedBy: "<reader>").count == 701)
        // Two replaced in each of the seven readers' title, written in their top article and top
        // list, and in the cohort's top articles when it is there; one in each of three users.
        let titles = text.components(separatedBy: "<title>bell\u{FFFD} \u{FFFD} \u{FFFD}</title>").count - 1
        #expect(titles >= 7 * 2)
        #expect(one.replaced == 2 * titles + 3)
        #expect(three.replaced == one.replaced)
    }

    /// A sink that fails (a full disk under report.xml) is an error yir reports in its own
    /// words: libxml2 prints nothing of its own ("I/O error") on standard error.
    @Test func aFailingSinkIsAnErrorLibxml2DoesNotPrint() throws {
        struct DiskFull: Error {}
        let printed = try standardError {
            let x = XMLWriter(indent: true) { _ in throw DiskFull() }
            #expect(throws: DiskFull.self) {
                try x.startDocument()
                try x.startRoot("report", namespace: XMLReport.namespace)
                // More than libxml2's output buffer holds, so it writes while elements are added.
                for _ in 0..<100 { try x.element("title", String(repeating: "x", count: 1000)) }
                try x.end()
                try x.endDocument()
            }
        }
        // (Tests running meanwhile may print on standard error too: only libxml2's lines count.)
        #expect(!printed.contains("I/O error") && !printed.contains("xmlTextWriter"), "\(printed)")
    }

    /// What `body` wrote on standard error (file descriptor 2, where libxml2 prints).
    func standardError(_ body: () throws -> Void) throws -> String {
        let file = scratchFolder().appendingPathComponent("stderr")
        let fd = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        fflush(nil)
        let saved = dup(2)
        dup2(fd, 2)
        close(fd)
        defer {
            fflush(nil)
            dup2(saved, 2)
            close(saved)
        }
        try body()
        fflush(nil)
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// The byte scan that lets a text through unsanitised agrees with XML 1.0's Char production
    /// read scalar by scalar, over random texts near its edges (U+FFFD–U+FFFF, U+EFBF, controls).
    @Test func theByteScanForCharactersXMLCannotHoldAgreesWithTheScalarRule() {
        let alphabet: [Unicode.Scalar] = ["a", "\t", "\n", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{D7FF}",
                                          "\u{E000}", "\u{EFBF}", "\u{EFFF}", "\u{FEFF}", "\u{FFBE}", "\u{FFFD}", "\u{FFFE}",
                                          "\u{FFFF}", "\u{10000}", "\u{1F600}", "\u{10FFFF}", "é", "東"]
        var generator = SeededRandom()
        for _ in 0..<5000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &generator) { text.append(alphabet.randomElement(using: &generator)!) }
            let string = String(text)
            let byBytes = Array(string.utf8).withUnsafeBytes { XMLWriter.allAllowed($0) }
            #expect(byBytes == string.unicodeScalars.allSatisfy(XMLWriter.allowed), "\(string.debugDescription)")
        }
    }

    @Test func validateExitCodes() throws {
        #expect(try validate("/nonexistent/report.xml").status == 66)
        #expect(try cli.yir(["validate"]).status == 64)
        let missing = try cli.yir(["validate", "x.xml", "--templates", "/nonexistent"])
        #expect(missing.status == 66)
    }
}

extension XMLTests {
    /// Issue 5: every element, attribute and named type of the XSD carries xs:documentation.
    @Test func everyDeclarationOfTheSchemaIsDocumented() throws {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: Self.schema))
        let undocumented = try document.nodes(forXPath:
            "//*[local-name()='element' or local-name()='attribute' or local-name()='simpleType' or (local-name()='complexType' and @name)][not(*[local-name()='annotation']/*[local-name()='documentation'])]")
        #expect(undocumented.isEmpty, "\(undocumented.compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue })")
    }
}
