import Foundation
import Testing
import YirTestSupport
@testable import YirReport

/// SPEC §4.3: the XML report as the library writes it, valid against Templates/report.xsd.
@Suite struct XMLTests {
    /// Readers are rendered in blocks on several threads, each by a libxml2 writer of its own:
    /// the document is the same on any number, valid, and counts the characters replaced in
    /// every block (U+FFFE and U+FFFF too; U+FFFD itself is kept).
    @Test(.needs(.xmllint)) func readersRenderedOnSeveralThreadsMakeTheSameDocument() throws {
        let lines = (0..<700).map { i in
            view(
                "2025-05-01T10:00:00Z", title: i % 100 == 0 ? #"bell\uFFFF \uFFFE \uFFFD"# : "T\(i)",
                user: i % 250 == 0 ? #"u\uFFFF\#(i)"# : "u\(i)")
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

    /// The byte scan that lets a text through unsanitised agrees with XML 1.0's Char production
    /// read scalar by scalar, over random texts near its edges (U+FFFD–U+FFFF, U+EFBF, controls).
    @Test func theByteScanForCharactersXMLCannotHoldAgreesWithTheScalarRule() {
        let alphabet: [Unicode.Scalar] = [
            "a", "\t", "\n", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{D7FF}",
            "\u{E000}", "\u{EFBF}", "\u{EFFF}", "\u{FEFF}", "\u{FFBE}", "\u{FFFD}", "\u{FFFE}",
            "\u{FFFF}", "\u{10000}", "\u{1F600}", "\u{10FFFF}", "é", "東",
        ]
        var generator = SeededRandom()
        for _ in 0..<5000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                text.append(alphabet.randomElement(using: &generator)!)
            }
            let string = String(text)
            let byBytes = Array(string.utf8).withUnsafeBytes { XMLWriter.allAllowed($0) }
            #expect(byBytes == string.unicodeScalars.allSatisfy(XMLWriter.allowed), "\(string.debugDescription)")
        }
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
}
