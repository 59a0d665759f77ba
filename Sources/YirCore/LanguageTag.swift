/// A well-formed BCP 47 language tag (RFC 5646 `langtag` or a private-use tag), in the
/// conventional case: `pt-BR`, `zh-Hant-TW`, `sr-Latn`, `de-CH-1996`.
///
/// Only the form is checked, not the registry: `xx` is well formed and simply has no strings
/// file, so it falls back like any language yir does not ship. Pure byte checks, no Foundation,
/// because records' `locale` fields are checked on the ingest path.
public struct LanguageTag: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The tag, `-`-separated, in conventional case. The only stored property: every reader's
    /// figures hold a tag, and a million readers' subtags kept beside it weighed 56 MB.
    public let text: String
    /// The primary language subtag, lower case: `pt` for `pt-BR`.
    public var language: String { subtags.language }
    /// The script subtag (`Hant`), when the tag has one.
    public var script: String? { subtags.script }
    /// The region subtag (`BR`, `419`), when the tag has one.
    public var region: String? { subtags.region }

    private var subtags: (language: String, script: String?, region: String?) {
        var utf8 = Array(text.utf8)
        return Self.parse(&utf8)!  // `text` was parsed when the tag was made
    }

    public static let english = LanguageTag("en")!

    public var description: String { text }
    public static func < (a: LanguageTag, b: LanguageTag) -> Bool { a.text < b.text }

    public init?(_ text: String) {
        var utf8 = Array(text.utf8)
        guard LanguageTag.parse(&utf8) != nil else { return nil }
        self.text = String(decoding: utf8, as: UTF8.self)
    }

    /// Whether `bytes` form a well-formed tag; the check behind `LanguageTag.init`, for callers
    /// that hold the bytes only.
    public static func isWellFormed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var copy = Array(bytes)
        return parse(&copy) != nil
    }

    /// The tag cut subtag by subtag from the end: `zh-Hant-TW` → `zh-Hant-TW`, `zh-Hant`, `zh`.
    /// Extensions and private-use parts go first, with what they qualify.
    public var truncations: [LanguageTag] {
        var subtags = text.split(separator: "-").map(String.init)
        var out: [LanguageTag] = []
        while !subtags.isEmpty {
            if let tag = LanguageTag(subtags.joined(separator: "-")), !out.contains(tag) { out.append(tag) }
            subtags.removeLast()
            // A dangling singleton (`de-u`) is not a tag: drop it with its value.
            if let last = subtags.last, last.utf8.count == 1 { subtags.removeLast() }
        }
        return out
    }

    /// Checks RFC 5646's grammar and sets each subtag's conventional case in place.
    /// Returns the language, script and region subtags.
    private static func parse(_ bytes: inout [UInt8]) -> (String, String?, String?)? {
        guard !bytes.isEmpty, bytes.count <= 255 else { return nil }
        for i in bytes.indices {
            switch bytes[i] {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes[i] += 32  // lower case; fixed below
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): break
            default: return nil
            }
        }
        var ranges: [Range<Int>] = []
        var start = 0
        for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: "-") {
            guard i > start, i - start <= 8 else { return nil }
            ranges.append(start..<i)
            start = i + 1
        }
        func isAlpha(_ r: Range<Int>) -> Bool { bytes[r].allSatisfy { $0 >= UInt8(ascii: "a") } }
        func isDigit(_ r: Range<Int>) -> Bool { bytes[r].allSatisfy { $0 <= UInt8(ascii: "9") } }
        func string(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }

        var i = 0
        // A private-use tag (`x-whatever`) names no language yir could know.
        if ranges[0].count == 1 && bytes[ranges[0].lowerBound] == UInt8(ascii: "x") {
            return privateUse(from: 1) ? ("x", nil, nil) : nil
        }
        // language: 2–3 letters (+ up to three 3-letter extlangs), or 4–8 letters.
        guard isAlpha(ranges[0]), ranges[0].count >= 2 else { return nil }
        let language = string(ranges[0])
        i = 1
        if ranges[0].count <= 3 {
            var extlangs = 0
            while i < ranges.count, extlangs < 3, ranges[i].count == 3, isAlpha(ranges[i]) { i += 1; extlangs += 1 }
        }
        var script: String?
        if i < ranges.count, ranges[i].count == 4, isAlpha(ranges[i]) {
            bytes[ranges[i].lowerBound] -= 32  // title case: `Hant`
            script = string(ranges[i])
            i += 1
        }
        var region: String?
        if i < ranges.count,
            (ranges[i].count == 2 && isAlpha(ranges[i])) || (ranges[i].count == 3 && isDigit(ranges[i]))
        {
            for j in ranges[i] where bytes[j] >= UInt8(ascii: "a") { bytes[j] -= 32 }
            region = string(ranges[i])
            i += 1
        }
        // variants: 5–8 alphanumerics, or a digit and 3 alphanumerics; never repeated.
        var variants: Set<String> = []
        while i < ranges.count,
            ranges[i].count >= 5 || (ranges[i].count == 4 && bytes[ranges[i].lowerBound] <= UInt8(ascii: "9"))
        {
            guard variants.insert(string(ranges[i])).inserted else { return nil }
            i += 1
        }
        // extensions: a singleton other than `x`, then subtags of 2–8; each singleton once.
        var singletons: Set<UInt8> = []
        while i < ranges.count, ranges[i].count == 1, bytes[ranges[i].lowerBound] != UInt8(ascii: "x") {
            guard singletons.insert(bytes[ranges[i].lowerBound]).inserted else { return nil }
            i += 1
            let first = i
            while i < ranges.count, ranges[i].count >= 2 { i += 1 }
            guard i > first else { return nil }
        }
        if i < ranges.count {
            guard ranges[i].count == 1, bytes[ranges[i].lowerBound] == UInt8(ascii: "x"), privateUse(from: i + 1) else {
                return nil
            }
        }
        return (language, script, region)

        func privateUse(from first: Int) -> Bool { first < ranges.count }
    }
}

/// What `--locale` asks for (SPEC §2.1): one language for every reader's slides, or each
/// reader's own (`auto`).
public enum LocaleChoice: Hashable, Sendable, CustomStringConvertible {
    case auto
    case fixed(LanguageTag)

    /// `auto`, or a well-formed tag; nil otherwise.
    public init?(argument: String) {
        if argument == "auto" { self = .auto; return }
        guard let tag = LanguageTag(argument) else { return nil }
        self = .fixed(tag)
    }

    /// The form written into `parameters.locale`: `auto` or the tag.
    public var description: String {
        switch self {
        case .auto: "auto"
        case .fixed(let tag): tag.text
        }
    }

    /// The language of pages that belong to no reader (the overview): the tag, or English.
    public var runLanguage: LanguageTag {
        switch self {
        case .auto: .english
        case .fixed(let tag): tag
        }
    }
}
