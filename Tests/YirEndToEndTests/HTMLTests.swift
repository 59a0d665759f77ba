import Foundation
import Testing
import YirTestSupport
@testable import YirHTML

/// SPEC §4.4 and docs/OUTPUT.md: what the command line does with the templates it is given.
@Suite(.needs(.yir)) struct HTMLTests {
    @Test func aBrokenTemplateIsExit66BeforeAnyInputIsRead() throws {
        let overlay = scratchFolder()
        try FileManager.default.createDirectory(at: overlay.appendingPathComponent("html"), withIntermediateDirectories: true)
        try "<p>\n{{#slides}} never closed".write(to: overlay.appendingPathComponent("html/slides.mustache"), atomically: true, encoding: .utf8)
        let out = scratchFolder().appendingPathComponent("out")
        // The input does not exist either: the template is found broken first.
        let r = try YirCommand().yir(["report", "/nonexistent.jsonl", "--out", out.path, "--templates", overlay.path])
        #expect(r.status == 66)
        #expect(r.stderr.contains("html/slides.mustache: not a valid Mustache template: line 2, column 25: expectedSectionEnd"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// Mustache would recurse until the stack ran out on these (a segmentation fault, exit 139):
    /// a partial that includes itself through another, and sections nested thousands deep.
    @Test func templatesThatIncludeThemselvesOrNestTooDeepAreExit66() throws {
        let nested = String(repeating: "{{#a}}", count: 5000) + "x" + String(repeating: "{{/a}}", count: 5000)
        for (files, message) in [
            (["calendar": "{{! {{>slides}} is a comment }}{{>bar-chart}}", "bar-chart": "<p>{{#bars}}{{> calendar }}{{/bars}}"],
             "html/bar-chart.mustache: includes itself: bar-chart → calendar → bar-chart"),
            (["style": nested], "html/style.mustache: sections nested more than 100 deep"),
        ] {
            let overlay = scratchFolder()
            try FileManager.default.createDirectory(at: overlay.appendingPathComponent("html"), withIntermediateDirectories: true)
            for (name, text) in files {
                try text.write(to: overlay.appendingPathComponent("html/\(name).mustache"), atomically: true, encoding: .utf8)
            }
            let out = scratchFolder().appendingPathComponent("out")
            let r = try YirCommand().yir(["report", "/nonexistent.jsonl", "--out", out.path, "--templates", overlay.path])
            #expect(r.status == 66)
            #expect(r.stderr.contains(message), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
        // Nesting within the bound, a partial named in a comment and a missing partial are fine.
        #expect(try TemplateStructure.partials(of: String(repeating: "{{#a}}", count: 100) + String(repeating: "{{/a}}", count: 100),
                                               path: "") == [])
        #expect(try TemplateStructure.partials(of: "{{! {{>a}} }}{{> b }}{{{c}}}{{<d}}{{/d}}", path: "") == ["b", "d"])
    }

    /// Decision 41: a language yir has no texts for falls back to English — said on stderr,
    /// so that `--locale eo` does not quietly give English pages; a region of a language yir
    /// speaks is no such language.
    @Test func aLanguageWithoutTextsFallsBackToEnglishWithAWarning() throws {
        let cli = YirCommand()
        let input = try cli.file([view("2025-03-01T10:00:00Z")])
        for (locale, warned) in [("eo", true), ("de-AT", false), ("en-GB", false), ("pt-BR", false)] {
            let r = try cli.yir(["report", input, "--as-of", "2025-12-31T12:00:00Z", "--locale", locale,
                                 "--out", scratchFolder().appendingPathComponent("out").path])
            #expect(r.status == 0)
            #expect(r.stderr.contains("warning: no strings for the language '\(locale)'") == warned, "\(r.stderr)")
        }
    }
}
