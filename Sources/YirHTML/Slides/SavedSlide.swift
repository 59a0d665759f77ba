import YirCore
import YirStats

extension SlideDeck {
    /// 8. Saved: "0" is an answer too, but not in a short deck.
    func savedSlide(_ reader: ReaderStats, _ facts: Facts) -> Slide? {
        let saved = reader.saved
        guard !facts.shortDeck || saved.yearCount > 0 || saved.last30DaysCount > 0 else { return nil }
        let zone = reader.zone
        var savedContent: [String: Any] = [
            "saved_30": format.integer(saved.last30DaysCount),
            "saved_30_label": strings.plural("saved_last_30_days", saved.last30DaysCount, format.integer(saved.last30DaysCount)),
            "saved_year": strings.plural("saved_this_year", saved.yearCount, format.integer(saved.yearCount), ["year": format.year(facts.year)]),
        ]
        if let last = saved.lastSaved {
            // Always with its day: a time alone says nothing a week later.
            savedContent["last_saved"] = strings.text("saved_last", ["date": format.longDate(zone.local(last).date)])
        }
        if !saved.recent.isEmpty {
            savedContent["recent"] = saved.recent.map { save -> [String: Any] in
                let wiki = articleNames.wiki(save.name), title = articleNames.title(save.name)
                var item: [String: Any] = ["save_title": title,
                                           "save_date": format.longDate(zone.local(save.saved).date)]
                if let url = ArticleLinks.url(wiki: wiki, title: title) { item["save_url"] = url }
                if let thumbnail = ArticleLinks.thumbnail(save.thumbnail, remoteImages: remoteImages) { item["thumbnail"] = thumbnail }
                return item
            }
            savedContent["recent_heading"] = strings.text("saved_recent")
        }
        return Slide("saved", strings.text("saved_heading"), savedContent)
    }
}
