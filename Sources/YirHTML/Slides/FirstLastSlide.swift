import YirCore
import YirStats

extension SlideDeck {
    /// 3a. The year's first article and its latest, each with its day; one article that is both
    /// is told as such, with its title once. In a whole deck only: a short deck's one slide
    /// already names every article.
    func firstLastSlide(_ reader: ReaderStats) -> Slide? {
        guard let first = reader.firstArticle, let last = reader.lastArticle else { return nil }
        let zone = reader.zone
        let firstDay = zone.local(first.at).date, lastDay = zone.local(last.at).date
        let firstDate = format.monthAndDay(firstDay), lastDate = format.monthAndDay(lastDay)
        var content: [String: Any] = ["first": titled(first.name)]
        if first.name == last.name {
            content["same"] =
                firstDay == lastDay
                ? strings.text("first_last_same_day", ["date": firstDate])
                : strings.text("first_last_same", ["first": firstDate, "last": lastDate])
        } else {
            content["first_intro"] = strings.text("first_last_first", ["date": firstDate])
            content["last_intro"] = strings.text("first_last_last", ["date": lastDate])
            content["last"] = titled(last.name)
        }
        return Slide("first-last", strings.text("first_last_heading"), content)
    }

    /// An article's title and link, for a slide that names it large (`headline`).
    func titled(_ name: ArticleName) -> [String: Any] {
        let title = articleNames.title(name)
        var item: [String: Any] = ["title": breakableTitle(name)]
        if let url = ArticleLinks.url(wiki: articleNames.wiki(name), title: title) { item["url"] = url }
        return item
    }
}
