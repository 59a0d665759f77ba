import Foundation
import Mustache

/// The Mustache templates of the HTML pages (`html/*.mustache`) and their copy texts
/// (`strings/*.json`). Folders later in the list override earlier ones file by file, so an
/// operator's `--templates DIR` needs to hold only what it changes: say, `html/style.mustache`.
public struct HTMLTemplates: Sendable {
    let library: MustacheLibrary
    public let strings: HTMLStrings
    /// The static parts, rendered once: they carry no data, and the script's hash goes into the
    /// Content-Security-Policy.
    let style: String
    let slidesScript: String
    let indexScript: String

    public static let slideKinds = ["opening", "time", "articles", "top", "patterns", "monthly", "streak", "rabbit-hole",
                                    "change", "saved", "notifications", "rank", "summary"]
    public static let required = ["slides", "index", "style", "slides-script", "index-script", "bar-chart", "calendar"]
        + slideKinds.map { "slide-\($0)" }

    public init(folders: [String], locale: String) throws {
        var templates: [String: MustacheTemplate] = [:]
        var includes: [String: (path: String, partials: [String])] = [:]
        for folder in folders {
            let html = (folder as NSString).appendingPathComponent("html")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: html) else { continue }
            for name in names.sorted() where name.hasSuffix(".mustache") {
                let path = (html as NSString).appendingPathComponent(name)
                let text: String
                do {
                    text = try String(contentsOfFile: path, encoding: .utf8)
                } catch {
                    throw TemplateError(path: path, message: "cannot be read as UTF-8")
                }
                includes[String(name.dropLast(".mustache".count))] = (path, try TemplateStructure.partials(of: text, path: path))
                do {
                    templates[String(name.dropLast(".mustache".count))] = try MustacheTemplate(string: HTMLEscaping.pragma + text)
                } catch let error as MustacheTemplate.ParserError {
                    // Mustache counts the line put before the template (`HTMLEscaping.pragma`).
                    let place = "line \(error.context.lineNumber - 1), column \(error.context.columnNumber)"
                    throw TemplateError(path: path, message: "not a valid Mustache template: \(place): \(error.error)")
                } catch {
                    throw TemplateError(path: path, message: "not a valid Mustache template: \(error)")
                }
            }
        }
        for name in Self.required where templates[name] == nil {
            throw TemplateError(path: folders.last ?? "", message: "html/\(name).mustache is missing")
        }
        try TemplateStructure.checkIncludes(includes)
        library = MustacheLibrary(templates: templates)
        strings = try HTMLStrings.load(locale: locale, folders: folders)
        let empty: [String: Any] = [:]
        style = library.render(empty, withTemplate: "style") ?? ""
        slidesScript = library.render(empty, withTemplate: "slides-script") ?? ""
        indexScript = library.render(empty, withTemplate: "index-script") ?? ""
    }

    func render(_ context: [String: Any], template: String) -> String {
        library.render(context, withTemplate: template) ?? ""
    }
}
