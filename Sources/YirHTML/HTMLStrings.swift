import Foundation
import YirCore

/// The copy texts of the HTML pages in one language: `strings/TAG.json` in the templates, an
/// object of key → text with `{name}` placeholders, or key → an object of CLDR plural
/// categories (`{"one": "{n} day in a row", "other": "{n} days in a row"}`) for a counted phrase.
///
/// A tag falls back along its chain (`pt-BR` → `pt` → English); English lies under every
/// language, so a partial file (an operator's overlay, say) still renders whole pages.
public struct HTMLStrings: Sendable {
    /// A text, or its forms by plural category.
    enum Text: Sendable {
        case plain(String)
        case plural([String: String])
    }

    /// The language the texts are really in: the most specific file of the chain that was
    /// found, `en` when none was. Pages carry it as their `lang`.
    public let language: LanguageTag
    /// Whether the language is written right to left (Arabic, Persian, Hebrew, Urdu, …).
    public let isRightToLeft: Bool
    private let texts: [String: Text]
    private let plurals: PluralRules?
    /// The plain texts, for templates that use `{{t.KEY}}` directly: made once, since every
    /// slide of every deck hands them to its template.
    let all: [String: String]

    /// The page's `lang`.
    public var locale: String { language.text }

    /// The page's `dir`.
    public var direction: String { isRightToLeft ? "rtl" : "ltr" }

    init(language: LanguageTag, texts: [String: Text]) {
        self.language = language
        self.texts = texts
        all = texts.compactMapValues { if case .plain(let text) = $0 { text } else { nil } }
        isRightToLeft = Locale.Language(identifier: language.text).characterDirection == .rightToLeft
        plurals = PluralRules(language: language.text)
    }

    /// Plain texts only, for tests and callers that build strings by hand.
    public init(locale: String, texts: [String: String]) {
        self.init(language: LanguageTag(locale) ?? .english, texts: texts.mapValues { .plain($0) })
    }

    /// The files whose texts a page in `tag` is made of, most specific first: the tag cut from
    /// the end, with the language's usual script tried before the bare language (`zh-TW` →
    /// `zh-TW`, `zh-Hant`, `zh`), so that the Traditional Chinese file serves Taiwan.
    public static func chain(_ tag: LanguageTag) -> [LanguageTag] {
        var chain: [LanguageTag] = []
        let script =
            tag.script
            ?? Locale.Language(identifier: tag.text).maximalIdentifier
            .split(separator: "-").dropFirst().first { $0.count == 4 }.map(String.init)
        for candidate in tag.truncations {
            if candidate.text == tag.language, let script, let scripted = LanguageTag("\(tag.language)-\(script)"),
                !chain.contains(scripted)
            {
                chain.append(scripted)
            }
            if !chain.contains(candidate) { chain.append(candidate) }
        }
        return chain
    }

    /// Reads one strings file.
    static func read(_ file: TemplateFiles.File) throws -> [String: Text] {
        let path = file.place
        let data = try file.contents()
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TemplateError(path: path, message: "not a JSON object of strings")
        }
        var texts: [String: Text] = [:]
        for (key, value) in object {
            if let text = value as? String {
                texts[key] = .plain(text)
            } else if let forms = value as? [String: Any] {
                var strings: [String: String] = [:]
                for (category, form) in forms {
                    guard PluralRules.allCategories.contains(category), let form = form as? String else {
                        throw TemplateError(
                            path: path,
                            message: "'\(key)': plural forms are strings under zero, one, two, few, many, other")
                    }
                    strings[category] = form
                }
                guard strings["other"] != nil else {
                    throw TemplateError(path: path, message: "'\(key)' has no 'other' form")
                }
                texts[key] = .plural(strings)
            } else {
                throw TemplateError(path: path, message: "'\(key)' is neither a string nor an object of plural forms")
            }
        }
        return texts
    }

    public func has(_ key: String) -> Bool { texts[key] != nil }

    /// The text of `key` with `{name}` replaced by `values[name]`; the key itself when no file
    /// has it, so a missing text shows up on the page instead of vanishing.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        switch texts[key] {
        case .plain(let text): Self.fill(text, values)
        case .plural(let forms): Self.fill(forms["other"]!, values)
        case nil: key
        }
    }

    /// The form of `key` that `count` takes under the language's plural rules, with `{n}` set
    /// to the formatted count.
    public func plural(_ key: String, _ count: Int, _ formatted: String, _ values: [String: String] = [:]) -> String {
        var values = values
        values["n"] = formatted
        switch texts[key] {
        case .plural(let forms):
            return Self.fill(forms[plurals?.category(count) ?? "other"] ?? forms["other"]!, values)
        case .plain(let text):
            return Self.fill(text, values)
        case nil:
            return key
        }
    }

    /// Every form `key` takes — its text, or each of its plural forms — as written, for checks
    /// of what a language's texts say.
    public func forms(_ key: String) -> [String] {
        switch texts[key] {
        case .plain(let text): [text]
        case .plural(let forms): forms.keys.sorted().map { forms[$0]! }
        case nil: []
        }
    }

    /// The keys and, for counted phrases, the plural categories each key has.
    public var keys: [String: Set<String>?] {
        texts.mapValues { if case .plural(let forms) = $0 { Set(forms.keys) } else { nil } }
    }

    /// The full stops that end a sentence (`.`, CJK `。`, Devanagari `।`), as UTF-8.
    static let fullStops: [[UInt8]] = [".", "。", "।"].map { Array($0.utf8) }

    /// One pass over the text's bytes: `{name}` with a known name is replaced, anything else
    /// kept. (`{` and `}` are ASCII: byte offsets into UTF-8 always fall between characters.)
    ///
    /// A value that ends with a full stop takes the place of the text's own when the sentence
    /// ends right after it: a Russian long date is `24 декабря 2025 г.`, and "… {date}." would
    /// end in two.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, text.utf8.contains(UInt8(ascii: "{")) else { return text }
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
                let value = values[String(decoding: bytes[(i + 1)..<close], as: UTF8.self)]
            {
                out.append(contentsOf: value.utf8)
                i = close + 1
                if let stop = fullStops.first(where: { value.utf8.suffix($0.count).elementsEqual($0) }),
                    bytes[i...].starts(with: stop)
                {
                    i += stop.count
                }
            } else {
                out.append(UInt8(ascii: "{"))
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Every strings file of the templates, read once when the run starts (so a broken one stops
/// the run before the work, not after it), and the texts of any language made from them.
public struct StringsCatalog: Sendable {
    /// Per file name's tag, its layers' texts, the built-in file first.
    private let layers: [LanguageTag: [[String: HTMLStrings.Text]]]

    public init(files: TemplateFiles) throws {
        var layers: [LanguageTag: [[String: HTMLStrings.Text]]] = [:]
        for file in files.files(in: "strings", suffix: ".json") {
            let name = String(file.relativePath.dropFirst("strings/".count).dropLast(".json".count))
            guard let tag = LanguageTag(name), tag.text == name else {
                throw TemplateError(
                    path: file.place,
                    message: "a strings file is named after its BCP 47 language tag (en.json, pt-BR.json, zh-Hant.json)"
                )
            }
            if layers[tag] == nil {
                layers[tag] = try files.layers(of: file.relativePath).map(HTMLStrings.read)
            }
        }
        // The names of Wikimedia's `articletopic` labels (`topics/TAG.json`), under `topic:LABEL`.
        for file in files.files(in: "topics", suffix: ".json") {
            let name = String(file.relativePath.dropFirst("topics/".count).dropLast(".json".count))
            guard let tag = LanguageTag(name), tag.text == name else {
                throw TemplateError(
                    path: file.place,
                    message: "a topics file is named after its BCP 47 language tag (en.json, zh-Hant.json)")
            }
            for layer in try files.layers(of: file.relativePath).map(HTMLStrings.read) {
                layers[tag, default: []].append(
                    Dictionary(uniqueKeysWithValues: layer.map { ("topic:" + $0.key, $0.value) }))
            }
        }
        guard layers[.english] != nil else {
            throw TemplateError(path: files.folders.last ?? "the templates", message: "strings/en.json is missing")
        }
        self.layers = layers
    }

    /// The languages with a strings file.
    public var languages: [LanguageTag] { layers.keys.sorted() }

    /// The texts for a page in `tag`: English under the chain's files, general to specific.
    public func strings(for tag: LanguageTag) -> HTMLStrings {
        let found = HTMLStrings.chain(tag).filter { layers[$0] != nil }
        var texts: [String: HTMLStrings.Text] = [:]
        for language in [LanguageTag.english] + found.reversed() {
            for layer in layers[language] ?? [] { texts.merge(layer) { _, new in new } }
        }
        return HTMLStrings(language: found.first ?? .english, texts: texts)
    }

    /// The texts of one language's own file (its layers, without English under them), for
    /// checks that a translation is complete.
    public func file(_ tag: LanguageTag) -> HTMLStrings? {
        guard let layers = layers[tag] else { return nil }
        var texts: [String: HTMLStrings.Text] = [:]
        for layer in layers { texts.merge(layer) { _, new in new } }
        return HTMLStrings(language: tag, texts: texts)
    }

    /// Whether a page in `tag` finds texts in its own language (English always does).
    public func speaks(_ tag: LanguageTag) -> Bool {
        tag.language == "en" || HTMLStrings.chain(tag).contains { layers[$0] != nil && $0 != .english }
    }
}

/// A template or strings file that cannot be used.
public struct TemplateError: Error, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}
