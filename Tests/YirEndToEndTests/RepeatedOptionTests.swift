import Foundation
import Testing
import YirTestSupport

/// An option that takes one value is a usage error when given twice, whichever command it
/// belongs to; an option declared to repeat (`--exclude-title`) repeats.
@Suite(.needs(.yir)) struct RepeatedOptionEndToEndTests {
    let cli = YirCommand()

    @Test(arguments: [
        ("report", "--out"), ("report", "--format"), ("report", "--link-key"), ("report", "--share-name"),
        ("stats", "--as-of"), ("stats", "--tz"), ("stats", "--top"), ("stats", "--year"), ("stats", "--locale"),
        ("stats", "--max-reject-rate"), ("check", "--rejects"), ("check", "--metrics"), ("check", "--jobs"),
        ("check", "--profile"), ("sample", "--readers"), ("sample", "--seed"), ("validate", "--templates"),
    ])
    func anOptionOfOneValueGivenTwiceIsAUsageError(command: String, option: String) throws {
        let folder = scratchFolder()
        let r = try cli.yir([command, option, "1", option, "2"], in: folder)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("\(option) is given more than once"), "\(r.stderr)")
        // Nothing is written, the metrics file of `--metrics 1 --metrics 2` neither.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func anOptionDeclaredToRepeatRepeats() throws {
        let input = try cli.file([
            #"{"type":"page_view","user":"a","timestamp":"2025-05-01T10:00:00Z","wiki":"enwiki","title":"Ada Lovelace","seconds":10}"#
        ])
        let r = try cli.yir([
            "stats", input, "--as-of", "2025-12-31T00:00:00Z", "--exclude-title", "A", "--exclude-title", "B",
            "--quiet",
        ])
        #expect(r.status == 0, "\(r.stderr)")
    }
}
