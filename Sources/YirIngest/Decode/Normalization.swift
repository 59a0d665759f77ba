import Foundation

/// SPEC §1.2's normalisation of sites and titles, so that the same article read through
/// different apps or export formats is one article.
public enum Normalization {
    /// Wikimedia project families: database-name suffix / app project id → domain part.
    private static let families: [(suffix: String, domain: String)] = [
        ("wiki", "wikipedia"), ("wiktionary", "wiktionary"), ("wikibooks", "wikibooks"),
        ("wikinews", "wikinews"), ("wikiquote", "wikiquote"), ("wikisource", "wikisource"),
        ("wikiversity", "wikiversity"), ("wikivoyage", "wikivoyage"),
    ]

    /// Database names and project ids that are not `<language>.<family>.org`.
    private static let specialSites: [String: String] = [
        "commonswiki": "commons.wikimedia.org", "commons": "commons.wikimedia.org",
        "wikidatawiki": "www.wikidata.org", "wikidata": "www.wikidata.org",
        "metawiki": "meta.wikimedia.org", "meta": "meta.wikimedia.org",
        "specieswiki": "species.wikimedia.org", "species": "species.wikimedia.org",
        "mediawikiwiki": "www.mediawiki.org", "mediawiki": "www.mediawiki.org",
        "incubatorwiki": "incubator.wikimedia.org", "sourceswiki": "wikisource.org",
        "wikifunctionswiki": "www.wikifunctions.org",
    ]

    /// Domains that count as Wikimedia sites (lower-cased, mobile `.m.` removed).
    private static let wikimediaDomains =
        families.map { "." + $0.domain + ".org" }
        + [".wikimedia.org", ".wikidata.org", ".mediawiki.org", ".wikifunctions.org"]

    /// The domain of a site given as a domain (`en.wikipedia.org`, `en.m.wikipedia.org`),
    /// a database name (`enwiki`, `dewiktionary`, `commonswiki`, `wikidatawiki`) or an app
    /// project id (`wikipedia~en`, `wikipedia~zh~zh-hans`). Anything else is kept as given.
    public static func wiki(_ site: String) -> String {
        if let special = specialSites[site] { return special }
        if site.contains("~") { return projectID(site) ?? site }
        if site.contains(".") { return wikimediaDomain(site) ?? site }
        return databaseName(site) ?? site
    }

    private static func projectID(_ site: String) -> String? {
        let parts = site.split(separator: "~", omittingEmptySubsequences: false)
        guard parts.count >= 2, isLanguageCode(parts[1]) else {
            return parts.count == 1 ? nil : specialSites[String(parts[0])]
        }
        let project = String(parts[0])
        if let special = specialSites[project] { return special }
        guard families.contains(where: { $0.domain == project }) else { return nil }
        return "\(parts[1]).\(project).org"
    }

    private static func databaseName(_ site: String) -> String? {
        // Longest suffix first: "wiki" is a suffix of nothing else, but "wikisource" ends in neither.
        for family in families.sorted(by: { $0.suffix.count > $1.suffix.count })
        where site.hasSuffix(family.suffix) {
            let language = site.dropLast(family.suffix.count)
            guard isLanguageCode(language) else { return nil }
            return "\(language.replacingOccurrences(of: "_", with: "-")).\(family.domain).org"
        }
        return nil
    }

    private static func wikimediaDomain(_ site: String) -> String? {
        let lower = site.lowercased()
        guard wikimediaDomains.contains(where: { lower.hasSuffix($0) }) else { return nil }
        var labels = lower.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count >= 4, labels[1] == "m" { labels.remove(at: 1) }  // en.m.wikipedia.org
        return labels.joined(separator: ".")
    }

    /// Lower-case letters, digits after the first, `-` or `_` between: `en`, `zh-min-nan`, `be_x_old`.
    private static func isLanguageCode(_ s: some StringProtocol) -> Bool {
        guard let first = s.utf8.first, first >= 0x61 && first <= 0x7A, s.utf8.count <= 20 else { return false }
        return s.utf8.allSatisfy {
            ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F
        }
    }

    /// A title with `_` read as a space, surrounding white space trimmed, in Unicode NFC.
    /// ASCII titles (most of them) never leave the byte level, and titles already in NFC by
    /// `isPlainNFC` never reach the normaliser, which costs a fraction of a microsecond a title.
    public static func title(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        title(bytes, into: &out)
        return out
    }

    /// The same into `out`, replacing what it held: the ingest workers normalise every new
    /// title of a chunk through one buffer, where an array per title was two allocations.
    public static func title(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: bytes)
        for i in out.indices where out[i] == UInt8(ascii: "_") { out[i] = UInt8(ascii: " ") }
        if out.allSatisfy({ $0 < 0x80 }) {
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
            guard let first = out.firstIndex(where: { !isSpace($0) }) else {
                return out.removeAll(keepingCapacity: true)
            }
            let last = out.lastIndex(where: { !isSpace($0) })!
            out.removeSubrange((last + 1)...)
            out.removeSubrange(..<first)
            return
        }
        out = trimmedIfPlainNFC(out) ?? titleByNormaliser(out)
    }

    /// A label (a page view's topic, SPEC §1.2): surrounding white space trimmed, Unicode NFC;
    /// unlike a title, `_` stays (`Geography.Regions.Europe.Western_Europe`).
    public static func label(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: bytes)
        out = trimmedIfPlainNFC(out) ?? titleByNormaliser(out)
    }

    /// The general case: NFC, then white space (Unicode's White_Space) trimmed. The NFC is the
    /// standard library's — the one `String`'s own equality compares by, checked against
    /// Unicode's NormalizationTest.txt in the tests. Foundation's on Linux is not NFC: it
    /// leaves a Hangul LV syllable and a trailing jamo after it apart (U+B098 U+11AB, which
    /// NFC composes to U+B09C), so one article counted as two.
    static func titleByNormaliser(_ text: [UInt8]) -> [UInt8] {
        let nfc = String(decoding: String(decoding: text, as: UTF8.self)._nfcCodeUnits, as: UTF8.self)
        let scalars = nfc.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhiteSpace($0.value) }) else { return [] }
        let last = scalars.lastIndex(where: { !isWhiteSpace($0.value) })!
        return Array(String(scalars[first...last]).utf8)
    }

    /// `text` with surrounding white space trimmed when every scalar passes `isPlainNFC`
    /// (so NFC leaves it as it is); nil for anything else.
    static func trimmedIfPlainNFC(_ text: [UInt8]) -> [UInt8]? {
        var kept: Range<Int>?
        var i = 0
        while i < text.count {
            let start = i
            let lead = UInt32(text[i])
            var value: UInt32
            let length: Int
            switch lead {
            case 0..<0x80: value = lead; length = 1
            case 0xC2..<0xE0: value = lead & 0x1F; length = 2
            case 0xE0..<0xF0: value = lead & 0x0F; length = 3
            case 0xF0..<0xF5: value = lead & 0x07; length = 4
            default: return nil
            }
            guard start + length <= text.count else { return nil }
            for byte in text[(start + 1)..<(start + length)] {
                guard byte & 0xC0 == 0x80 else { return nil }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            i = start + length
            guard isPlainNFC(value) else { return nil }
            if !isWhiteSpace(value) { kept = (kept?.lowerBound ?? start)..<i }
        }
        return kept.map { Array(text[$0]) } ?? []
    }

    /// Unicode's White_Space, the set `.whitespacesAndNewlines` names, without a property
    /// lookup per scalar (a test checks it against `Unicode.Scalar.Properties.isWhitespace`).
    static func isWhiteSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Scalars that NFC never changes, in any string made only of them: starters (canonical
    /// combining class 0) with no canonical decomposition that differs in NFC and that never
    /// combine with a scalar before them (Unicode's NFC_Quick_Check = Yes). A string of such
    /// scalars is in NFC; a scalar that may combine with the one before it (NFC_Quick_Check =
    /// Maybe: combining marks, Hangul vowel and trailing jamo, which compose with a Hangul
    /// syllable before them) is never in the list, so such a title goes to the normaliser.
    /// Ranges of the scripts titles are mostly written in; `Tests/…/plainNFCScalarsAreLeftAsTheyAre`
    /// checks each scalar against the normaliser, and the conformance test runs Unicode's
    /// NormalizationTest.txt through this shortcut.
    static func isPlainNFC(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x300: true  // Latin, Latin-1, Latin Extended, IPA, modifiers
        case 0x400...0x482, 0x48A...0x52F: true  // Cyrillic (0483–0489 are combining marks)
        case 0x900...0x93B, 0x93D...0x94C, 0x94E...0x950, 0x955...0x957, 0x960...0x97F:
            true  // Devanagari without nukta, virama, stress signs, qa–yya
        case 0x3041...0x3096, 0x30A1...0x30FA: true  // kana (not the combining sound marks 3099–309A)
        case 0x4E00...0x9FFF: true  // CJK Unified Ideographs
        case 0xAC00...0xD7A3: true  // Hangul syllables
        default: false
        }
    }

    public static func title(_ string: String) -> String {
        var string = string
        let bytes = string.withUTF8 { title(UnsafeRawBufferPointer($0)) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
