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
    private static let wikimediaDomains = families.map { "." + $0.domain + ".org" }
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
        return s.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
    }

    /// A title with `_` read as a space, surrounding white space trimmed, in Unicode NFC.
    /// ASCII titles (most of them) never leave the byte level.
    public static func title(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out = [UInt8](bytes)
        for i in out.indices where out[i] == UInt8(ascii: "_") { out[i] = UInt8(ascii: " ") }
        if out.allSatisfy({ $0 < 0x80 }) {
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
            guard let first = out.firstIndex(where: { !isSpace($0) }) else { return [] }
            let last = out.lastIndex(where: { !isSpace($0) })!
            return Array(out[first...last])
        }
        let text = String(decoding: out, as: UTF8.self).precomposedStringWithCanonicalMapping
        return Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
    }

    public static func title(_ string: String) -> String {
        var string = string
        let bytes = string.withUTF8 { title(UnsafeRawBufferPointer($0)) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
