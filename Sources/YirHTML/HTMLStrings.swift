import Foundation
import YirCore

/// The copy texts of the HTML pages: `strings/LOCALE.json` in the templates folder, a flat
/// object of key → text with `{name}` placeholders. A key missing from the locale's file falls
/// back to English, so a partial translation still renders whole pages.
public struct HTMLStrings: Sendable {
    public let locale: String
    private let texts: [String: String]
    /// Whether a `strings/` file of the locale's language was found (always, for English).
    public let hasLanguageFile: Bool

    public init(locale: String, texts: [String: String], hasLanguageFile: Bool = true) {
        self.locale = locale
        self.texts = texts
        self.hasLanguageFile = hasLanguageFile
    }

    /// English under the locale's own texts; each layer of `files` overrides the ones under it.
    public static func load(locale: String, files: TemplateFiles) throws -> HTMLStrings {
        var texts: [String: String] = [:]
        let language = LocaleFormat.language(of: locale)
        var found = language == "en" || language.isEmpty
        for name in found ? ["en"] : ["en", language] {
            for file in files.layers(of: "strings/\(name).json") {
                texts.merge(try read(file)) { _, new in new }
                if name == language { found = true }
            }
        }
        return HTMLStrings(locale: locale, texts: texts, hasLanguageFile: found)
    }

    static func read(_ file: TemplateFiles.File) throws -> [String: String] {
        let path = file.place
        let data = try file.contents()
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TemplateError(path: path, message: "not a JSON object of strings")
        }
        var texts: [String: String] = [:]
        for (key, value) in object {
            guard let text = value as? String else {
                throw TemplateError(path: path, message: "'\(key)' is not a string")
            }
            texts[key] = text
        }
        return texts
    }

    public func has(_ key: String) -> Bool { texts[key] != nil }

    /// The text of `key` with `{name}` replaced by `values[name]`; the key itself when no file
    /// has it, so a missing text shows up on the page instead of vanishing.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        guard let text = texts[key] else { return key }
        guard !values.isEmpty, text.utf8.contains(UInt8(ascii: "{")) else { return text }
        // One pass over the text's bytes: `{name}` with a known name is replaced, anything else
        // kept. (`{` and `}` are ASCII: byte offsets into UTF-8 always fall between characters.)
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 32)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "{") else {
                out.append(bytes[i])
                i += 1
                continue
            }
            if let close = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "}")),
               let value = values[String(decoding: bytes[(i + 1)..<close], as: UTF8.self)] {
                out.append(contentsOf: value.utf8)
                i = close + 1
            } else {
                out.append(UInt8(ascii: "{"))
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `key_one` for 1, `key_other` otherwise (the plural rule of English and German), with
    /// `{n}` set to the formatted count.
    public func plural(_ key: String, _ count: Int, _ formatted: String, _ values: [String: String] = [:]) -> String {
        var values = values
        values["n"] = formatted
        return text(count == 1 ? "\(key)_one" : "\(key)_other", values)
    }

    /// Every text, for templates that use `{{t.KEY}}` directly.
    var all: [String: String] { texts }
}

/// A template or strings file that cannot be used.
public struct TemplateError: Error, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}
