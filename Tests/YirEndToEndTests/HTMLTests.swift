import Foundation
import Testing
import YirTestSupport
@testable import YirHTML

/// SPEC §4.4 and docs/OUTPUT.md: what the command line does with the templates it is given.
@Suite(.needs(.yir)) struct HTMLEndToEndTests {
    @Test func aBrokenTemplateIsExit66BeforeAnyInputIsRead() throws {
        let overlay = scratchFolder()
        try FileManager.default.createDirectory(
            at: overlay.appendingPathComponent("html"), withIntermediateDirectories: true)
        try "<p>\n{{#slides}} never closed".write(
            to: overlay.appendingPathComponent("html/slides.mustache"), atomically: true, encoding: .utf8)
        let out = scratchFolder().appendingPathComponent("out")
        // The input does not exist either: the template is found broken first.
        let r = try YirCommand().yir(["report", "/nonexistent.jsonl", "--out", out.path, "--templates", overlay.path])
        #expect(r.status == 66)
        #expect(
            r.stderr.contains(
                "html/slides.mustache: not a valid Mustache template: line 2, column 25: expectedSectionEnd"),
            "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// Mustache would recurse until the stack ran out on these (a segmentation fault, exit 139):
    /// a partial that includes itself through another, and sections nested thousands deep.
    @Test func templatesThatIncludeThemselvesOrNestTooDeepAreExit66() throws {
        let nested = String(repeating: "{{#a}}", count: 5000) + "x" + String(repeating: "{{/a}}", count: 5000)
        for (files, message) in [
            (
                [
                    "calendar": "{{! {{>slides}} is a comment }}{{>bar-chart}}",
                    "bar-chart": "<p>{{#bars}}{{> calendar }}{{/bars}}",
                ],
                "html/bar-chart.mustache: includes itself: bar-chart → calendar → bar-chart"
            ),
            (["style": nested], "html/style.mustache: sections nested more than 100 deep"),
        ] {
            let overlay = scratchFolder()
            try FileManager.default.createDirectory(
                at: overlay.appendingPathComponent("html"), withIntermediateDirectories: true)
            for (name, text) in files {
                try text.write(
                    to: overlay.appendingPathComponent("html/\(name).mustache"), atomically: true, encoding: .utf8)
            }
            let out = scratchFolder().appendingPathComponent("out")
            let r = try YirCommand().yir([
                "report", "/nonexistent.jsonl", "--out", out.path, "--templates", overlay.path,
            ])
            #expect(r.status == 66)
            #expect(r.stderr.contains(message), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
        // Nesting within the bound, a partial named in a comment and a missing partial are fine.
        #expect(
            try TemplateStructure.partials(
                of: String(repeating: "{{#a}}", count: 100) + String(repeating: "{{/a}}", count: 100),
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
            let r = try cli.yir([
                "report", input, "--as-of", "2025-12-31T12:00:00Z", "--locale", locale,
                "--out", scratchFolder().appendingPathComponent("out").path,
            ])
            #expect(r.status == 0)
            #expect(r.stderr.contains("warning: no strings for the language '\(locale)'") == warned, "\(r.stderr)")
        }
    }
}

/// The decks as files. docs/OUTPUT.md, "Copy chosen by the data", over the decks of `yir
/// sample`'s readers in all 20 languages: every figure a slide leads with is above 0, and no deck
/// names its reader's id. Every deck ends by thanking its reader and weighs 40 KB at most, 48
/// with the map (BrowserTests.swift).
@Suite(.needs(.yir), .tier(.test)) struct SampleDeckEndToEndTests {
    /// The decks of 300 synthetic readers, with each reader's id.
    static func sampleDecks() throws -> [(user: String, deck: String)] {
        let cli = YirCommand()
        let sample = try cli.yir(["sample", "--readers", "300", "--seed", "9"])
        #expect(sample.status == 0, "\(sample.stderr)")
        let input = scratchFolder().appendingPathComponent("sample.jsonl")
        try sample.stdout.write(to: input)
        let out = scratchFolder().appendingPathComponent("out")
        let r = try cli.yir([
            "report", input.path, "--out", out.path, "--as-of", "2025-12-24T12:00:00Z", "--format", "html,jsonl",
            "--no-remote-images",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        return try String(contentsOf: out.appendingPathComponent("readers.jsonl"), encoding: .utf8).split(
            separator: "\n"
        ).map { line in
            let reader = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return (
                reader["user"] as! String,
                try String(contentsOf: out.appendingPathComponent(reader["slides"] as! String), encoding: .utf8)
            )
        }
    }

    /// Whether a figure as a page writes it (`0`, `٠`, `۰`, `0%`) is zero: digits of any
    /// script, all of them 0.
    static func isZero(_ figure: String) -> Bool {
        let digits = figure.compactMap(\.wholeNumberValue)
        return !digits.isEmpty && digits.allSatisfy { $0 == 0 }
    }

    @Test func noHeroFigureOnAnySlideIsZero() throws {
        let decks = try Self.sampleDecks()
        #expect(decks.count >= 200, "the sample's readers with a deck (\(decks.count))")
        var heroes = 0
        for (user, deck) in decks {
            // The hero figure of a slide, and the summary's (the share card's) figures.
            for open in ["<p class=\"hero fit\">", "<dd class=\"fit\">"] {
                for figure in deck.components(separatedBy: open).dropFirst().map({ String($0.prefix { $0 != "<" }) }) {
                    heroes += 1
                    #expect(!Self.isZero(figure), "\(user): a hero of \(figure)")
                }
            }
        }
        #expect(heroes > 1000, "the check saw the decks' figures (\(heroes))")
        #expect(Self.isZero("٠") && Self.isZero("۰٪") && !Self.isZero("10") && !Self.isZero("A"))
    }

    @Test func noDeckShowsItsReadersId() throws {
        for (user, deck) in try Self.sampleDecks() {
            #expect(!deck.contains(user), "\(user)'s deck names them")
        }
    }
}
