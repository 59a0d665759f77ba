import Crypto
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
    let indexStyle: String
    let slidesScript: String
    let indexScript: String

    public static let slideKinds = [
        "opening", "few", "time", "articles", "first-last", "top", "languages", "patterns", "monthly", "streak",
        "longest", "rabbit-hole", "change", "saved", "waiting", "notifications", "rank", "summary", "ending",
    ]
    public static let required =
        [
            "slides", "index", "style", "index-style", "slides-script", "index-script", "bar-chart", "calendar",
            "article-item",
        ]
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
            throw TemplateError(
                path: files.folders.last ?? "the templates", message: "html/\(name).mustache is missing")
        }
        try TemplateStructure.checkIncludes(includes)
        library = MustacheLibrary(templates: templates)
        strings = try StringsCatalog(files: files)
        let empty: [String: Any] = [:]
        // Every page carries them whole: without comments and indentation they weigh a third less.
        style = Self.compact(library.render(empty, withTemplate: "style") ?? "", comment: "/*")
        indexStyle = Self.compact(library.render(empty, withTemplate: "index-style") ?? "", comment: "/*")
        slidesScript = Self.minified(
            library.render(empty, withTemplate: "slides-script") ?? "", as: files.file("html/slides-script.min.js"))
        indexScript = ScriptCompaction.compact(library.render(empty, withTemplate: "index-script") ?? "")
    }

    /// The slides' script as esbuild minifies it (`html/slides-script.min.js`, written by `make
    /// minify`; every deck carries the script whole, and esbuild's shorter local names take a
    /// quarter off it), when that file was made from this very script: its first line is a
    /// comment naming the SHA-256 of the script it was made from. A `--templates` folder that
    /// changes the script, and not its minified form, has its own script compacted instead.
    static func minified(_ script: String, as minified: TemplateFiles.File?) -> String {
        let source = "/* minified from sha256:\(SHA256.hash(data: Array(script.utf8)).hex) */\n"
        guard let bytes = try? minified?.contents(), let text = String(data: bytes, encoding: .utf8),
            text.hasPrefix(source)
        else { return ScriptCompaction.compact(script) }
        return String(text.dropFirst(source.count)).trimmingCharacters(in: .newlines)
    }

    /// A style sheet without indentation, blank lines and comment lines (runs of lines from one
    /// starting with `/*` to the `*/` that ends one), and each line without the spaces its
    /// punctuation does not need (`tightened`).
    static func compact(_ text: String, comment: String) -> String {
        var lines: [Substring] = []
        var inComment = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if inComment {
                if trimmed.contains("*/") { inComment = false }
                continue
            }
            if trimmed.isEmpty { continue }
            if comment == "/*" && trimmed.hasPrefix("/*") {
                if !trimmed.contains("*/") { inComment = true }
                continue
            }
            lines.append(comment == "/*" ? Substring(tightened(trimmed)) : trimmed)
        }
        return lines.joined(separator: "\n")
    }

    /// A line of style without the spaces its punctuation does not need and zeros before a
    /// decimal point (`a { b: 0.5em; }` → `a{b:.5em}`); a line holding a quoted string is left
    /// as it is.
    private static func tightened(_ line: Substring) -> String {
        guard !line.contains("\"") && !line.contains("'") else { return String(line) }
        var text = String(line)
        for (spaced, tight) in [
            (" { ", "{"), (" {", "{"), ("{ ", "{"), (" }", "}"), ("; ", ";"), (": ", ":"), (", ", ","), (";}", "}"),
        ] {
            text = text.replacingOccurrences(of: spaced, with: tight)
        }
        // `0.5em` → `.5em`: a zero before the point, where no digit comes before it.
        var bytes = Array(text.utf8), i = 0
        while i + 2 < bytes.count {
            if bytes[i] == UInt8(ascii: "0"), bytes[i + 1] == UInt8(ascii: "."),
                (i == 0 || !(0x30...0x39).contains(bytes[i - 1]) && bytes[i - 1] != UInt8(ascii: ".")),
                (0x30...0x39).contains(bytes[i + 2])
            {
                bytes.remove(at: i)
            }
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func render(_ context: [String: Any], template: String) -> String {
        library.render(context, withTemplate: template) ?? ""
    }
}

extension SHA256.Digest {
    /// The digest in lowercase hexadecimal.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
