import Foundation
import Mustache
import YirCore

/// The Mustache templates of the HTML pages (`html/*.mustache`) and their copy texts
/// (`strings/*.json`). Folders laid over the built-in files override them file by file, so an
/// operator's `--templates DIR` needs to hold only what it changes: say, `html/style.mustache`.
public struct HTMLTemplates: Sendable {
    let library: MustacheLibrary
    /// The copy texts of every language the templates hold.
    public let strings: StringsCatalog
    /// The static parts, rendered once: they carry no data, and the script's hash goes into the
    /// Content-Security-Policy.
    let style: String
    let slidesScript: String
    let indexScript: String

    public static let slideKinds = ["opening", "time", "articles", "top", "patterns", "monthly", "streak", "rabbit-hole",
                                    "change", "saved", "notifications", "rank", "summary"]
    public static let required = ["slides", "index", "style", "slides-script", "index-script", "bar-chart", "calendar"]
        + slideKinds.map { "slide-\($0)" }

    /// The templates of `folders` alone, each laid over the ones before.
    public init(folders: [String]) throws {
        try self.init(files: TemplateFiles(builtIn: [:], folders: folders))
    }

    public init(files: TemplateFiles) throws {
        var templates: [String: MustacheTemplate] = [:]
        var includes: [String: (path: String, partials: [String])] = [:]
        for file in files.files(in: "html", suffix: ".mustache") {
            let path = file.place
            let name = String(file.relativePath.dropFirst("html/".count).dropLast(".mustache".count))
            guard let data = try? file.contents(), let text = String(data: data, encoding: .utf8) else {
                throw TemplateError(path: path, message: "cannot be read as UTF-8")
            }
            includes[name] = (path, try TemplateStructure.partials(of: text, path: path))
            do {
                templates[name] = try MustacheTemplate(string: HTMLEscaping.pragma + text)
            } catch let error as MustacheTemplate.ParserError {
                // Mustache counts the line put before the template (`HTMLEscaping.pragma`).
                let place = "line \(error.context.lineNumber - 1), column \(error.context.columnNumber)"
                throw TemplateError(path: path, message: "not a valid Mustache template: \(place): \(error.error)")
            } catch {
                throw TemplateError(path: path, message: "not a valid Mustache template: \(error)")
            }
        }
        for name in Self.required where templates[name] == nil {
            throw TemplateError(path: files.folders.last ?? "the templates", message: "html/\(name).mustache is missing")
        }
        try TemplateStructure.checkIncludes(includes)
        library = MustacheLibrary(templates: templates)
        strings = try StringsCatalog(files: files)
        let empty: [String: Any] = [:]
        style = library.render(empty, withTemplate: "style") ?? ""
        slidesScript = library.render(empty, withTemplate: "slides-script") ?? ""
        indexScript = library.render(empty, withTemplate: "index-script") ?? ""
    }

    func render(_ context: [String: Any], template: String) -> String {
        library.render(context, withTemplate: template) ?? ""
    }
}
