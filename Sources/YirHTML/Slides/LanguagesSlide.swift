import YirCore
import YirStats

extension SlideDeck {
    /// Languages the languages slide shows with their bars; the rest are behind a disclosure.
    static let languagesShown = 4

    /// 6a. The languages read, when more than one: how many, and each one's share of the
    /// reading as a bar, with its time and articles. Named in the reader's language by CLDR.
    func languagesSlide(_ reader: ReaderStats) -> Slide? {
        let languages = reader.languages
        guard languages.count >= 2 else { return nil }
        let total = languages.reduce(Int64(0)) { $0 + $1.milliseconds }
        let rows = languages.map { share -> [String: Any] in
            let articles = strings.plural("topic_articles", share.articles, format.integer(share.articles))
            // The bar is the language's share of the reading time, never narrower than a sliver.
            let width = total > 0 ? max(2, Int((share.milliseconds * 100 + total / 2) / total)) : 0
            var row: [String: Any] = [
                "language_name": format.standAlone(format.languageName(share.language) ?? share.language),
                "language_figure": share.milliseconds > 0
                    ? format.duration(milliseconds: share.milliseconds) + " · " + articles : articles,
            ]
            if width > 0 { row["language_share"] = String(width) }
            return row
        }
        var content: [String: Any] = [
            "hero": format.integer(languages.count),
            "hero_label": strings.plural("languages", languages.count, format.integer(languages.count)),
            "languages": Array(rows.prefix(Self.languagesShown)),
        ]
        if rows.count > Self.languagesShown {
            content["languages_more"] = strings.plural(
                "languages_more", rows.count - Self.languagesShown, format.integer(rows.count - Self.languagesShown))
            content["languages_rest"] = Array(rows.dropFirst(Self.languagesShown))
        }
        return Slide("languages", strings.text("languages_heading"), content)
    }
}
