import YirCore
import YirStats
import YirWordBreaks

/// What a reader's slides page shows, as a Mustache context: every text is composed here from
/// the locale's strings and formats, the template only places it, and Mustache escapes all of
/// it. Which slides appear and what they say is chosen by the data (docs/OUTPUT.md, "Copy
/// chosen by the data"): a slide with nothing to show is left out, and so is a weak figure.
struct SlideDeck: Sendable {
    let strings: HTMLStrings
    /// Renders a template by name (`HTMLTemplates.render`).
    let render: @Sendable ([String: Any], String) -> String
    let format: LocaleFormat
    /// Readers of the run with reading time: the rank slide needs `minimumReadersForRank` of them.
    let readersWithReading: Int
    /// Every reading time of the run above 0, ascending: how many readers one read more than.
    let readingTimes: [Int64]
    /// Where the pictures come from (`--images`).
    let images: DeckImages
    /// The service named on the share cards and the ending slide, and its address.
    let shareName: String
    let shareLink: String?
    /// The sites and titles of the figures' articles.
    let articleNames: ArticleNaming
    /// Readers of the run with reading the year before (SPEC §2.4 `cohort.previous_year`): only
    /// when the export holds the year before for some can it say a year is a reader's first.
    var readersWithPreviousYear = 0

    /// The tones of the slides' colours (`tone-1`…), taken in turn.
    static let tones = 6

    /// A slide: its kind (the template `slide-KIND` that renders it, and its section's class), its
    /// heading, and the small context its template is rendered on.
    struct Slide {
        let kind: String
        let heading: String
        let content: [String: Any]

        init(_ kind: String, _ heading: String, _ content: [String: Any]) {
            (self.kind, self.heading, self.content) = (kind, heading, content)
        }
    }

    /// What several slides of one reader's deck turn on, worked out once.
    struct Facts {
        /// The report year, and the window's last day: the window's end is exclusive, so its
        /// last day is the day of the instant before it.
        let year: Int
        let lastDay: CivilDate
        let hasReading: Bool
        /// Reading time as the hero figure says it.
        let reading: (figure: String, label: String)
        /// A handful of articles (`handfulOfArticles`) makes a short deck.
        let shortDeck: Bool
        /// Whether the streak is long enough to be shown (`minimumStreak`).
        let streakShown: Bool
        /// The `src` of each picture the deck shows (`DeckImages.sources`); one without stays an
        /// illustration.
        var pictures: [PictureUse: String] = [:]

        func picture(_ url: String?, pixels: Int) -> String? {
            url.flatMap { pictures[PictureUse(url: $0, pixels: pixels)] }
        }
    }

    /// Text from the data inside a sentence, isolated from its direction (FSI … PDI), so that an
    /// Arabic title in an English sentence, or a Latin one in an Arabic sentence, keeps its order.
    static func isolated(_ text: String) -> String { "\u{2068}\(text)\u{2069}" }

    /// The slides a reader's figures call for, in their order (each slide's file says when it
    /// is shown and what it says), and the page around them.
    func context(for reader: ReaderStats, pictures: [PictureUse: String] = [:]) -> [String: Any] {
        let zone = reader.zone
        let year = zone.local(reader.window.start).date.year
        let facts = Facts(
            year: year, lastDay: zone.local(max(reader.window.start, reader.window.end - 1)).date,
            hasReading: reader.reading.views > 0,
            // Under a minute of reading is said in seconds, never as "0 minutes".
            reading: readingFigure(reader.reading.milliseconds),
            shortDeck: reader.reading.articles < Self.handfulOfArticles,
            streakShown: reader.streak.days >= Self.minimumStreak, pictures: pictures)

        var slides: [Slide] = [openingSlide(reader, facts)]
        if facts.shortDeck && facts.hasReading {
            slides.append(fewSlide(reader))
        } else {
            slides.add(timeSlide(reader, facts))
            if facts.hasReading {
                slides.append(articlesSlide(reader))
                slides.add(firstLastSlide(reader))
                slides.add(topSlide(reader, facts))
                slides.add(topicsSlide(reader))
                slides.add(categoriesSlide(reader))
                slides.add(placesSlide(reader))
                slides.add(languagesSlide(reader))
                slides.add(patternsSlide(reader))
                slides.add(monthlySlide(reader))
                slides.add(streakSlide(reader, facts))
                slides.add(longestReadSlide(reader))
                slides.add(rabbitHoleSlide(reader))
            }
        }
        slides.add(changeSlide(reader, facts))
        slides.add(savedSlide(reader, facts))
        slides.add(waitingSlide(reader, facts))
        slides.add(editsSlide(reader))
        slides.add(notificationsSlide(reader))
        slides.add(rankSlide(reader))
        slides.append(summarySlide(reader, facts))
        slides.append(endingSlide(reader, facts))

        let total = slides.count
        var context: [String: Any] = [
            "lang": strings.locale, "dir": strings.direction,
            // The user id is an identifier, not a name: no page of the reader's shows it.
            "page_title": strings.text("opening_heading", ["year": format.year(year)]),
            "t": strings.all,
            "share_file": strings.text("share_file", ["year": format.year(year)]),
            "share_name": shareName,
            // Each slide's counter and name, `{n}` its number (`sectionAttributes`).
            "slide_counter": strings.text("slide_counter", ["n": "{n}", "total": format.integer(total)]),
            "slide_position": strings.text("slide_position", ["n": "{n}", "total": format.integer(total)]),
            "slides": slides.enumerated().map { i, slide -> [String: Any] in
                var content = slide.content
                content["heading"] = breakable(slide.heading)
                content["t"] = strings.all
                return [
                    "attributes": sectionAttributes(slide, number: i + 1),
                    // Each kind of slide has its template (`slide-KIND`), rendered on its own small context.
                    "body": render(content, "slide-\(slide.kind)"),
                ]
            },
        ]
        if let shareLink { context["share_link"] = shareLink }
        return context
    }

    /// The attributes of a slide's `<section>`: kind, colour, id, its number as the page writes
    /// numbers (`data-n`) and its share card's texts (`ShareCard`). Its counter ("3 / 9") and its
    /// name for assistive technology ("slide 3 of 9": its heading follows inside, and the live
    /// region says both) are written once on the deck, with `{n}` where the number goes, and
    /// given to each slide by the script, which is what shows one slide at a time: on every
    /// slide they were a tenth of a Hindi deck's markup. Written here rather than in the page's
    /// template, where its names, looked up through the slides' section on every slide of every
    /// deck, cost a sixth of the page.
    func sectionAttributes(_ slide: Slide, number: Int) -> String {
        "class=\"slide slide-\(slide.kind) tone-\((number - 1) % Self.tones + 1)\" id=\"slide-\(number)\" data-n=\""
            + format.integer(number) + "\" data-card='" + ShareCard(slide).attributeValue + "'"
    }

    /// Reading time as the hero figure says it: minutes, or seconds under a minute.
    func readingFigure(_ milliseconds: Int64) -> (figure: String, label: String) {
        if milliseconds > 0 && milliseconds < 60_000 {
            let seconds = max(1, (milliseconds + 500) / 1000)
            return (format.integer(seconds), strings.plural("seconds_reading", Int(seconds), format.integer(seconds)))
        }
        let minutes = milliseconds / 60_000
        return (format.integer(minutes), strings.plural("minutes_reading", Int(minutes), format.integer(minutes)))
    }

    /// A heading of the page, with where it may break (`WordBreaks`): headings are set large,
    /// and a long word or a phrase must break right on a 320 px screen.
    func breakable(_ text: String) -> String { WordBreaks.mark(text, language: strings.locale) }

    /// An article's title as a slide shows it, with where it may break in its wiki's language
    /// (the page's own tag for a wiki in the page's language, so that a Traditional Chinese page
    /// breaks zh.wikipedia.org's titles as Traditional Chinese); a wiki that names no language
    /// leaves its titles as they are.
    func breakableTitle(_ name: ArticleName) -> String {
        let title = articleNames.title(name)
        guard let language = WikiLanguage.of(domain: articleNames.wiki(name)) else { return title }
        let tag = language.language == strings.language.language ? strings.locale : language.text
        return WordBreaks.mark(title, language: tag)
    }

    /// An article of a list (`article-item`): its title, time, views and link.
    func article(_ a: ArticleFigures) -> [String: Any] {
        let wiki = articleNames.wiki(a.name), title = articleNames.title(a.name)
        var item: [String: Any] = [
            "article_title": breakableTitle(a.name),
            "article_time": format.duration(milliseconds: a.milliseconds),
            "article_views": strings.plural("views", a.views, format.integer(a.views)),
        ]
        if let url = ArticleLinks.url(wiki: wiki, title: title) { item["article_url"] = url }
        return item
    }
}

extension [SlideDeck.Slide] {
    /// Adds a slide when the reader's figures call for it.
    mutating func add(_ slide: Element?) {
        if let slide { append(slide) }
    }
}
