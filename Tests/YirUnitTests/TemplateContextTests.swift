import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirHTML
@testable import YirReport
@testable import YirSample
@testable import YirStats

/// A page's or slide's context is a dictionary its template reads by name, so a misspelt key
/// renders nothing and says nothing. Every slide and deck of SampleData's readers (every language
/// it has) and of a synthetic cohort (the kinds SampleData has no reader for), and the overview
/// of them all, are rendered through a recorder: every key a context holds must be a tag of its
/// template (or of a partial it includes), and every tag must be a key of some context of that
/// template.
@Suite struct TemplateContextTests {
    /// Every context each template was rendered on.
    final class Recorder: @unchecked Sendable {
        var contexts: [String: [[String: Any]]] = [:]
    }

    func sampleModel() throws -> ReportModel {
        let folder = packageRoot.appendingPathComponent("SampleData/wikipedia")
        var files: [(name: String, contents: Data)] = []
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        where url.pathExtension == "jsonl" {
            files.append(
                (url.path.replacingOccurrences(of: folder.path + "/", with: "sample/"), try Data(contentsOf: url)))
        }
        var cohort = Data()
        try SyntheticExport(readers: 300, days: 365, seed: 9).generate { cohort.append(contentsOf: $0) }
        files.append(("cohort.jsonl", cohort))
        // A reader who read as much as the year before (the level trend), one who only opened
        // the app for less than a minute (a summary that thanks them, with no highlight), and
        // one who read only this year (a first year, welcomed).
        files.append(
            (
                "moments.jsonl",
                Data(
                    [
                        #"{"type":"page_view","user":"level","timestamp":"2024-03-01T10:00:00Z","wiki":"en.wikipedia.org","title":"A","seconds":600}"#,
                        #"{"type":"page_view","user":"level","timestamp":"2025-03-01T10:00:00Z","wiki":"en.wikipedia.org","title":"A","seconds":600}"#,
                        #"{"type":"session","user":"opened","timestamp":"2025-03-01T10:00:00Z","duration_ms":20000}"#,
                        #"{"type":"page_view","user":"new","timestamp":"2025-05-01T10:00:00Z","wiki":"en.wikipedia.org","title":"B","seconds":600}"#,
                    ].joined(separator: "\n").utf8)
            ))
        var run = Run(files: files)
        run.locale = "auto"
        return try run.model()
    }

    func recordedContexts() throws -> [String: [[String: Any]]] {
        let model = try sampleModel()
        let templates = try HTMLTemplates(folders: [templatesFolder])
        let recorder = Recorder()
        let times = model.statistics.readers.compactMap { $0.reading.milliseconds > 0 ? $0.reading.milliseconds : nil }
            .sorted()
        for language in Set(model.statistics.readers.map(\.locale)) {
            let strings = templates.strings.strings(for: language)
            let deck = SlideDeck(
                strings: strings,
                render: { context, name in
                    recorder.contexts[name, default: []].append(context)
                    return templates.render(context, template: name)
                },
                format: LocaleFormat(HTMLReport.formatLanguage(for: language, textIn: strings.language)),
                readersWithReading: times.count, readingTimes: times, images: HTMLTests.remote,
                shareName: "Wikipedia", shareLink: "https://www.wikipedia.org/",
                articleNames: model.statistics.articleNames,
                readersWithPreviousYear: model.statistics.cohort.previousYear.readers)
            let pages = HTMLReport(templates: templates)
            for reader in model.statistics.readers where reader.locale == language {
                recorder.contexts["slides", default: []].append(pages.readerContext(reader, deck: deck))
            }
        }
        let named = try withSampleDecks(model)
        let decks = try #require(named.decks)
        let links = named.statistics.readers.indices.map { decks.slides(at: $0) }
        recorder.contexts["index"] = [HTMLReport(templates: templates).indexContext(named, readerLinks: links)]
        return recorder.contexts
    }

    /// The names a template's tags look up (the first part of a dotted name), its partials'
    /// included; not comments, partials' own names or the current item (`.`).
    static func tags(of template: String) throws -> Set<String> {
        let text = try String(contentsOfFile: "\(templatesFolder)/html/\(template).mustache", encoding: .utf8)
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else { break }
            var tag = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            rest = rest[close.upperBound...]
            if tag.hasPrefix("{") { tag.removeFirst(); rest = rest.dropFirst() }  // {{{name}}}
            guard let sigil = tag.first else { continue }
            switch sigil {
            case "!": continue
            case ">":
                names.formUnion(try tags(of: tag.dropFirst().trimmingCharacters(in: .whitespaces)))
                continue
            case "#", "^", "/", "&": tag.removeFirst()
            default: break
            }
            let name = tag.trimmingCharacters(in: .whitespaces)
            if name != "." { names.insert(String(name.prefix { $0 != "." })) }
        }
        return names
    }

    /// Every key of a context, and of the contexts its sections open (dictionaries, and lists
    /// of them); not the strings table `t`, which templates read by name (`t.nav_label`).
    static func keys(of context: [String: Any]) -> Set<String> {
        var keys: Set<String> = []
        for (key, value) in context where key != "t" {
            keys.insert(key)
            if let inner = value as? [String: Any] { keys.formUnion(Self.keys(of: inner)) }
            if let list = value as? [[String: Any]] { for inner in list { keys.formUnion(Self.keys(of: inner)) } }
        }
        return keys
    }

    @Test func everyKeyOfAPagesContextIsATagOfItsTemplateAndEveryTagAKey() throws {
        let recorded = try recordedContexts()
        let kinds = Set(recorded.keys)
        #expect(kinds.isSuperset(of: ["slides", "index"]))
        // Every kind of slide a deck can hold was met, so none is checked vacuously.
        let templates = try FileManager.default.contentsOfDirectory(atPath: "\(templatesFolder)/html")
            .filter { $0.hasPrefix("slide-") }.map { String($0.dropLast(".mustache".count)) }
        #expect(
            Set(templates).subtracting(kinds).isEmpty,
            "slides never rendered: \(Set(templates).subtracting(kinds).sorted())")
        for (template, contexts) in recorded.sorted(by: { $0.key < $1.key }) {
            let tags = try Self.tags(of: template).subtracting(["t"])
            let keys = contexts.reduce(into: Set<String>()) { $0.formUnion(Self.keys(of: $1)) }
            #expect(
                keys.subtracting(tags).isEmpty, "\(template): keys no tag reads: \(keys.subtracting(tags).sorted())")
            #expect(
                tags.subtracting(keys).isEmpty, "\(template): tags no context gives: \(tags.subtracting(keys).sorted())"
            )
        }
    }
}
