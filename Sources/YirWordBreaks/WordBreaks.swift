import Synchronization

/// Where a heading or a title may break, written into its text (SPEC §4.4, "Words that break
/// right"): U+00AD SOFT HYPHEN at the hyphenation points of its long words, which a browser
/// shows as a hyphen where it breaks there and not at all elsewhere; U+200B ZERO WIDTH SPACE
/// between the phrases of Japanese and Chinese, which have no spaces to break at. The pages'
/// stylesheet keeps every other break out (`hyphens: manual`, `word-break: keep-all`).
/// Korean separates its words with spaces, which `keep-all` breaks at alone: it is left as it is.
public enum WordBreaks {
    /// `text` with its break points marked, for a text in `language` (a BCP 47 tag); as it is
    /// where yir has neither patterns nor a phrase model for that language. The same text and
    /// language give the same marks on every run and every thread.
    public static func mark(_ text: String, language: String) -> String {
        // Decks repeat their headings (one set per language) and their readers' titles (the
        // popular articles): each text is marked once per run and language.
        let key = Marked(text: text, language: language)
        if let known = cache.withLock({ $0[key] }) { return known }
        let marked = marking(text, language: language)
        cache.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = marked
        }
        return marked
    }

    private struct Marked: Hashable {
        let text: String
        let language: String
    }
    /// Enough for every heading and the titles of a run's many decks; emptied when full, so a
    /// run of millions of distinct titles holds no more than this many.
    private static let cacheLimit = 50_000
    private static let cache = Mutex<[Marked: String]>([:])

    static func marking(_ text: String, language: String) -> String {
        let subtags = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let primary = subtags.first else { return text }
        if let phrases = PhraseModel.model(named: phraseModelName(primary, subtags.dropFirst())) {
            return phrases.mark(text)
        }
        if let hyphenation = Hyphenation.patterns(for: primary) {
            return hyphenation.mark(text)
        }
        return text
    }

    /// BudouX's model for the language: Japanese, and Chinese in its script — Traditional where
    /// the tag says so or names Taiwan, Hong Kong or Macao, Simplified otherwise.
    static func phraseModelName(_ primary: String, _ rest: ArraySlice<String>) -> String {
        guard primary == "zh" else { return primary }
        return rest.contains { ["hant", "tw", "hk", "mo"].contains($0) } ? "zh-hant" : "zh-hans"
    }
}
