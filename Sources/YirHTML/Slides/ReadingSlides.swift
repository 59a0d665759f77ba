import YirCore
import YirStats

extension SlideDeck {
    /// Fewer articles than this make a short deck: one slide of what was read.
    static let handfulOfArticles = 5

    /// 2. Time in the app and reading: reading is the hero figure, else the app's time. Without
    /// reading time (none, or views of 0 seconds) it is shown only when there is app time to
    /// tell: never a hero of 0.
    func timeSlide(_ reader: ReaderStats, _ facts: Facts) -> Slide? {
        let appMinutes = reader.appTime.milliseconds / 60_000
        let hasReadingTime = reader.reading.milliseconds > 0
        var time: [String: Any] =
            hasReadingTime ? ["hero": facts.reading.figure, "hero_label": facts.reading.label] : [:]
        if reader.appTime.sessions > 0 && appMinutes > 0 {
            let figure = format.integer(appMinutes),
                label = strings.plural("minutes_in_app", Int(appMinutes), format.integer(appMinutes))
            if hasReadingTime {
                time["app_minutes"] = figure
                time["app_label"] = label
            } else {
                time["hero"] = figure
                time["hero_label"] = label
            }
            time["sessions"] = strings.plural(
                "sessions", reader.appTime.sessions, format.integer(reader.appTime.sessions))
        }
        guard time["hero"] != nil else { return nil }
        return Slide("time", strings.text("time_heading"), time)
    }

    /// 2–7 as one slide in a short deck: the few articles, each with its time and views. A
    /// handful of articles gets one warm slide of what was read, not a row of small numbers.
    func fewSlide(_ reader: ReaderStats) -> Slide {
        let articles = format.integer(reader.reading.articles)
        return Slide(
            // "A few good reads" is not said of one article.
            "few", strings.text(reader.reading.articles == 1 ? "few_heading_one" : "few_heading"),
            [
                "few_text": strings.plural(
                    "few_text", reader.reading.articles, articles,
                    ["duration": format.duration(milliseconds: reader.reading.milliseconds)]),
                "few_list": reader.topArticles.map(article),
            ])
    }

    /// 3. Articles: how many, the views, and the average and median time per article.
    func articlesSlide(_ reader: ReaderStats) -> Slide {
        let articles = format.integer(reader.reading.articles)
        return Slide(
            "articles", strings.text("articles_heading"),
            [
                "articles": articles,
                "articles_label": strings.plural("articles", reader.reading.articles, articles),
                "views": strings.plural("views", reader.reading.views, format.integer(reader.reading.views)),
                "average": strings.text(
                    "articles_average", ["duration": duration(reader.reading.averageSecondsPerArticle)]),
                "median": strings.text(
                    "articles_median", ["duration": duration(reader.reading.medianSecondsPerArticle)]),
            ])
    }

    /// 4. Top article, then the rest of the top list numbered from 2.
    func topSlide(_ reader: ReaderStats, _ facts: Facts) -> Slide? {
        guard let top = reader.topArticles.first else { return nil }
        var topArticle = article(top)
        topArticle["article_wiki"] = articleNames.wiki(top.name)
        var content: [String: Any] = ["top_article": topArticle]
        if top.milliseconds > 0 {
            content["top_minutes"] = strings.text(
                "top_time", ["duration": format.duration(milliseconds: top.milliseconds)])
        }
        if let image = facts.picture(DeckPictures.top(reader), pixels: PictureUse.topPixels) {
            content["top_thumbnail"] = image
        }
        if reader.topArticles.count > 1 {
            content["top_rest"] = reader.topArticles.dropFirst().map(article)
            content["top_list_heading"] = breakable(strings.text("top_list_heading"))
        }
        return Slide("top", strings.text("top_heading"), content)
    }

    private func duration(_ seconds: FixedDecimal) -> String {
        format.duration(milliseconds: seconds.value * 1000 / pow10(seconds.scale))
    }

    private func pow10(_ n: Int) -> Int64 { (0..<n).reduce(Int64(1)) { p, _ in p * 10 } }
}
