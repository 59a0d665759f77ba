import YirCore
import YirStats

extension SlideDeck {
    /// A sitting of one or two articles is no rabbit hole.
    static let minimumArticlesForRabbitHole = 3

    /// 7a. The longest sitting, when it went somewhere: three articles or more.
    func rabbitHoleSlide(_ reader: ReaderStats) -> Slide? {
        guard let hole = reader.rabbitHole, hole.articles >= Self.minimumArticlesForRabbitHole else { return nil }
        let first = articleNames.title(hole.first), last = articleNames.title(hole.last)
        // A sitting that came back to where it began is told as a round trip, with one title.
        let roundTrip = first == last && articleNames.wiki(hole.first) == articleNames.wiki(hole.last)
        var content: [String: Any] = [
            "hole_articles": format.integer(hole.articles),
            "hole_label": strings.plural("rabbit_hole_articles", hole.articles, format.integer(hole.articles)),
            "hole_when": strings.text(
                "rabbit_hole_when",
                [
                    "date": format.longDate(reader.zone.local(hole.start).date),
                    "duration": format.duration(milliseconds: hole.milliseconds),
                ]),
            "hole_from": strings.text(roundTrip ? "rabbit_hole_round_trip" : "rabbit_hole_from"),
            "first_title": breakableTitle(hole.first),
        ]
        if let url = ArticleLinks.url(wiki: articleNames.wiki(hole.first), title: first) { content["first_url"] = url }
        if !roundTrip {
            content["hole_to"] = strings.text("rabbit_hole_to")
            content["last_title"] = breakableTitle(hole.last)
            if let url = ArticleLinks.url(wiki: articleNames.wiki(hole.last), title: last) { content["last_url"] = url }
        }
        return Slide("rabbit-hole", strings.text("rabbit_hole_heading"), content)
    }
}
