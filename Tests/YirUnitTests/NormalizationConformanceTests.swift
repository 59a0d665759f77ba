import Foundation
import Testing
import YirTestSupport
@testable import YirIngest

/// SPEC §1.2: titles are Unicode NFC — checked against the Unicode Consortium's own conformance
/// data, NormalizationTest.txt, as Debian's `unicode-data` package ships it (`make test`
/// installs it).
@Suite(.needs(.testPython, .normalizationTest)) struct NormalizationConformanceTests {
    static let file = "/usr/share/unicode/NormalizationTest.txt.bz2"

    /// The file's test lines: five columns of scalars each (source, NFC, NFD, NFKC, NFKD).
    static func lines() throws -> [[[Unicode.Scalar]]] {
        // bzip2 through Python's own library, the tests' Python: no other tool needed.
        let r = try runProgram(
            URL(fileURLWithPath: Tools.python),
            ["-c", "import bz2, sys; sys.stdout.buffer.write(bz2.open(sys.argv[1]).read())", file])
        try #require(r.status == 0, "\(file) cannot be read (make test installs unicode-data): \(r.stderr)")
        return r.stdoutText.split(separator: "\n").compactMap { line in
            guard let first = line.first, first != "#", first != "@" else { return nil }
            return line.split(separator: ";", omittingEmptySubsequences: false).prefix(5).map { column in
                column.split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
            }
        }
    }

    /// What a title is besides NFC, done to the expected column: `_` is a space, and Unicode
    /// White_Space is trimmed from both ends (by the standard library's property, not yir's
    /// table). Both commute with NFC — `_`, the space and the white space characters are
    /// starters that compose with nothing, and NFC maps white space only to white space
    /// (U+2000 → U+2002) — so NFC of the source as a title is this of the NFC column.
    static func asTitle(_ scalars: [Unicode.Scalar]) -> [UInt8] {
        let spaced = scalars.map { $0 == "_" ? " " : $0 }
        guard let first = spaced.firstIndex(where: { !$0.properties.isWhitespace }) else { return [] }
        let last = spaced.lastIndex(where: { !$0.properties.isWhitespace })!
        var text = String.UnicodeScalarView()
        text.append(contentsOf: spaced[first...last])
        return Array(String(text).utf8)
    }

    /// Every line's c1, c2 and c3 as a title is its c2 as one, and c4 and c5 are c4: NFC of
    /// each source column is the NFC column. Through `Normalization.title`, so through the
    /// ASCII and `isPlainNFC` shortcuts wherever a column takes them — and the shortcut, asked
    /// alone, either declines a column or gives that same title.
    @Test func titlesAreNFCByUnicodesConformanceData() throws {
        let lines = try Self.lines()
        #expect(lines.count > 19_000, "the whole file")
        var failures: [String] = []
        var shortcuts = 0
        var transformed = 0
        var compared = 0
        for columns in lines {
            for (source, nfc) in [(0, 1), (1, 1), (2, 1), (3, 3), (4, 3)] {
                let bytes = Array(String(String.UnicodeScalarView(columns[source])).utf8)
                let expected = Self.asTitle(columns[nfc])
                compared += 1
                if expected != Array(String(String.UnicodeScalarView(columns[nfc])).utf8) { transformed += 1 }
                let title = bytes.withUnsafeBytes { Normalization.title($0) }
                if title != expected, failures.count < 20 {
                    failures.append("c\(source + 1) of \(columns[0].map { String($0.value, radix: 16) })")
                }
                let spaced = bytes.map { $0 == UInt8(ascii: "_") ? 0x20 : $0 }
                if let shortcut = Normalization.trimmedIfPlainNFC(spaced) {
                    shortcuts += 1
                    #expect(shortcut == expected)
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(shortcuts > 1_000, "the shortcut is taken by lines of the file")
        // The title rules (white space, `_`) change under 1 % of the columns compared: the
        // file tests NFC, not them.
        #expect(transformed * 100 < compared)
    }
}
