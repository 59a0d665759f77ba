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
}
