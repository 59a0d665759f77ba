import YirCore
import YirStats

extension SlideDeck {
    /// 8a. The saves still waiting to be read, as an invitation: how many, up to three of them,
    /// oldest save first, and that they are ready whenever the reader is.
    func waitingSlide(_ reader: ReaderStats, _ facts: Facts) -> Slide? {
        let unread = reader.saved.unread
        guard unread.count > 0 else { return nil }
        return Slide(
            "waiting", strings.text("waiting_heading"),
            [
                "hero": format.integer(unread.count),
                "hero_label": strings.plural("waiting_articles", unread.count, format.integer(unread.count)),
                "waiting": unread.articles.map { save -> [String: Any] in
                    let wiki = articleNames.wiki(save.name), title = articleNames.title(save.name)
                    var item: [String: Any] = [
                        "save_title": breakableTitle(save.name),
                        "save_date": strings.text(
                            "waiting_saved", ["date": format.monthAndDay(reader.zone.local(save.saved).date)]),
                    ]
                    if let url = ArticleLinks.url(wiki: wiki, title: title) { item["save_url"] = url }
                    if let thumbnail = facts.picture(save.thumbnail, pixels: PictureUse.savePixels) {
                        item["thumbnail"] = thumbnail
                    }
                    return item
                },
                "waiting_call": strings.text("waiting_call"),
            ])
    }
}
