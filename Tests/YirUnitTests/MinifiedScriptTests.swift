import Foundation
import Testing
import YirTestSupport

@testable import YirHTML

/// The slides' script reaches every deck as esbuild minified it, and only when it was made from
/// the script the templates hold (decision 139).
@Suite struct MinifiedScriptTests {
    var script: String {
        get throws { try String(contentsOfFile: "\(templatesFolder)/html/slides-script.mustache", encoding: .utf8) }
    }
    var minified: String {
        get throws { try String(contentsOfFile: "\(templatesFolder)/html/slides-script.min.js", encoding: .utf8) }
    }

    @Test func theDecksCarryTheMinifiedScriptMadeFromTheirScript() throws {
        let templates = try HTMLTemplates(folders: [templatesFolder])
        let body = try minified.split(separator: "\n", maxSplits: 1).last.map(String.init)
        #expect(templates.slidesScript == body?.trimmingCharacters(in: .newlines), "run `make minify`")
        #expect(templates.slidesScript.utf8.count < ScriptCompaction.compact(try script).utf8.count * 85 / 100)
    }

    @Test func aScriptChangedByATemplatesFolderIsCompactedInsteadOfItsStaleMinifiedForm() throws {
        let folder = scratchFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("html"), withIntermediateDirectories: true)
        let changed = try script + "\nconsole.log(\"changed\");\n"
        try changed.write(
            to: folder.appendingPathComponent("html/slides-script.mustache"), atomically: true, encoding: .utf8)
        let templates = try HTMLTemplates(folders: [templatesFolder, folder.path])
        #expect(templates.slidesScript == ScriptCompaction.compact(changed))
    }

    @Test(.needs([.esbuild])) func theMinifiedScriptIsEsbuildsOutputOfTheScript() throws {
        let r = try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["esbuild", "--minify", "--loader=js", "--charset=utf8", "--log-level=warning"],
            stdin: Data(try script.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            try minified.split(separator: "\n", maxSplits: 1).last.map(String.init) == r.stdoutText, "run `make minify`"
        )
    }
}
