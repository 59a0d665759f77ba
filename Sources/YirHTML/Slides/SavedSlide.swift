import YirCore
import YirStats

extension SlideDeck {
    /// 8. Saved: the year's saves lead, the last 30 days follow in a line of their own; a year
    /// without a save keeps the Activity tab's empty state — a modest 0 and how to save — but
    /// not in a short deck, which shows saves only when there were some (docs/OUTPUT.md).
    func savedSlide(_ reader: ReaderStats, _ facts: Facts) -> Slide? {
        let saved = reader.saved
        let year = format.year(facts.year)
        let anySaved = saved.yearCount > 0 || saved.last30DaysCount > 0
        guard anySaved || !facts.shortDeck else { return nil }
        let zone = reader.zone
        var savedContent: [String: Any] = [:]
        if saved.yearCount > 0 {
            savedContent["hero"] = format.integer(saved.yearCount)
            savedContent["hero_label"] = strings.plural(
                "saved_in_year", saved.yearCount, format.integer(saved.yearCount), ["year": year])
            savedContent["recently"] =
                saved.last30DaysCount > 0
                ? strings.plural("saved_in_last_30_days", saved.last30DaysCount, format.integer(saved.last30DaysCount))
                : strings.text("saved_none_in_last_30_days")
        } else if saved.last30DaysCount > 0 {
            // Early in a year, the last 30 days reach back into the one before.
            savedContent["hero"] = format.integer(saved.last30DaysCount)
            savedContent["hero_label"] = strings.plural(
                "saved_last_30_days", saved.last30DaysCount, format.integer(saved.last30DaysCount))
        } else {
            savedContent["empty"] = strings.plural("saved_this_year", 0, format.integer(0), ["year": year])
            savedContent["call"] = strings.text("saved_call")
        }
        if let last = saved.lastSaved {
            // Always with its day: a time alone says nothing a week later.
            savedContent["last_saved"] = strings.text("saved_last", ["date": format.longDate(zone.local(last).date)])
        }
        if !saved.recent.isEmpty {
            savedContent["recent"] = saved.recent.map { save -> [String: Any] in
                let wiki = articleNames.wiki(save.name), title = articleNames.title(save.name)
                var item: [String: Any] = [
                    "save_title": breakableTitle(save.name),
                    "save_date": format.longDate(zone.local(save.saved).date),
                ]
                if let url = ArticleLinks.url(wiki: wiki, title: title) { item["save_url"] = url }
                if let thumbnail = facts.picture(save.thumbnail, pixels: PictureUse.savePixels) {
                    item["thumbnail"] = thumbnail
                }
                return item
            }
            savedContent["recent_heading"] = breakable(strings.text("saved_recent"))
        }
        return Slide("saved", strings.text("saved_heading"), savedContent)
    }
}
