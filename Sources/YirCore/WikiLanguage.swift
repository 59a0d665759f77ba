/// The language a Wikimedia wiki is written in, as a BCP 47 tag, from its domain
/// (`de.wikipedia.org` → `de`): the fallback for a reader's language when no record names one
/// (SPEC §2.1).
public enum WikiLanguage {
    /// The projects whose first domain label is a language code.
    static let projects: Set<String> = [
        "wikipedia", "wiktionary", "wikibooks", "wikinews", "wikiquote", "wikisource", "wikiversity", "wikivoyage",
    ]

    /// Wikimedia language codes that are not the BCP 47 tag of their language (the codes of
    /// wikis opened before the standard covered them, and a few local conventions). Every other
    /// code is already a tag. Decision 94 (docs/decisions/) gives the choices made here.
    public static let codesThatDiffer: [String: String] = [
        "als": "gsw",  // Alemannic (ISO 639 `als` is Tosk Albanian)
        "bat-smg": "sgs",  // Samogitian
        "be-x-old": "be-tarask",  // the old code of the Taraškievica wiki
        "cbk-zam": "cbk",  // Chavacano de Zamboanga
        "eml": "egl",  // Emilian (the retired code of Emilian-Romagnol)
        "fiu-vro": "vro",  // Võro
        "map-bms": "jv",  // Banyumasan, a Javanese dialect
        "mo": "ro",  // Moldovan, written as Romanian
        "nds-nl": "nds-NL",  // Dutch Low Saxon
        "no": "nb",  // the Norwegian (Bokmål) wiki
        "nrm": "nrf",  // Norman (ISO 639 `nrm` is Narom)
        "roa-rup": "rup",  // Aromanian
        "roa-tara": "nap",  // Tarantino, a Neapolitan dialect
        "simple": "en",  // Simple English
        "zh-classical": "lzh",  // Classical Chinese
        "zh-min-nan": "nan",  // Min Nan
        "zh-yue": "yue",  // Cantonese
    ]

    /// The language of `domain`, or nil when the wiki has none (Commons, Wikidata, Meta, a
    /// site of another app).
    public static func of(domain: String) -> LanguageTag? {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        // `de.wikipedia.org`, `de.m.wikipedia.org`
        guard labels.count >= 3, labels.last == "org",
            projects.contains(String(labels[labels.count - 2])),
            labels.count == 3 || (labels.count == 4 && labels[1] == "m")
        else { return nil }
        let code = String(labels[0]).lowercased()
        return LanguageTag(codesThatDiffer[code] ?? code)
    }
}
