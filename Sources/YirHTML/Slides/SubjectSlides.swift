import Foundation
import YirCore
import YirPlaces
import YirStats

extension SlideDeck {
    /// A topic or category means something to a reader when at least this many of their
    /// articles carry it (SPEC §4.4, decision 134): one article's category is that
    /// article's, not the year's. The slides list no other.
    static let minimumSubjectArticles = 2
    /// The topics slide needs a top topic of this many articles and a runner-up: one article's
    /// topic says little of a year (the iOS app's topic count starts from three as well).
    static let minimumTopicArticles = 3
    /// The categories slide needs this many categories, as both apps' "most interesting
    /// categories" do.
    static let minimumCategories = 3
    /// The places slide needs this many places: one pin is no map.
    static let minimumPlaces = 2
    /// Runners-up the topics slide names after the top topic.
    static let topicRunnersUp = 3

    /// The topics or categories that mean something: those of 2 articles or more, in the
    /// figures' order (by articles).
    static func meaningful(_ subjects: [SubjectTotal]) -> [SubjectTotal] {
        subjects.filter { $0.articles >= minimumSubjectArticles }
    }

    /// What the year was about: the top topic large, and its runners-up with their articles.
    /// Topic labels of Wikimedia's `articletopic` taxonomy in the reader's language, others as given.
    func topicsSlide(_ reader: ReaderStats) -> Slide? {
        let topics = Self.meaningful(reader.topics)
        guard topics.count >= 2, let top = topics.first, top.articles >= Self.minimumTopicArticles else {
            return nil
        }
        return Slide(
            "topics", strings.text("topics_heading"),
            [
                "topics_lead": strings.text("topics_lead"),
                "top_topic": breakable(strings.topicName(top.name)),
                "top_topic_articles": strings.plural("topic_articles", top.articles, format.integer(top.articles)),
                // Two topics at least (above): there is always a runner-up.
                "topics_also": breakable(strings.text("topics_also")),
                "topics_rest": topics.dropFirst().prefix(Self.topicRunnersUp).map { topic in
                    [
                        "subject_name": strings.topicName(topic.name),
                        "subject_figure": strings.plural(
                            "topic_articles", topic.articles, format.integer(topic.articles)),
                    ]
                },
            ])
    }

    /// The categories read most, each with its articles.
    func categoriesSlide(_ reader: ReaderStats) -> Slide? {
        let categories = Self.meaningful(reader.categories)
        guard categories.count >= Self.minimumCategories else { return nil }
        return Slide(
            "categories", strings.text("categories_heading"),
            [
                "categories_lead": strings.text("categories_lead"),
                "categories": categories.map { category in
                    [
                        "subject_name": category.name,
                        "subject_figure": strings.plural(
                            "topic_articles", category.articles, format.integer(category.articles)),
                    ]
                },
            ])
    }

    /// Where the reading went: a world map with the places pinned and their countries filled,
    /// how many countries, named in the reader's language, and the northernmost and southernmost.
    func placesSlide(_ reader: ReaderStats) -> Slide? {
        guard let places = reader.places, places.articles >= Self.minimumPlaces else { return nil }
        var content: [String: Any] = [
            "map": worldMap(places),
            "map_label": strings.text("places_map"),
            "places_articles": strings.plural("places_articles", places.articles, format.integer(places.articles)),
        ]
        if !places.countries.isEmpty {
            let names = places.countries.map { countryName($0.name) }
            content["hero"] = format.integer(places.countries.count)
            content["hero_label"] = strings.plural(
                "countries", places.countries.count, format.integer(places.countries.count))
            content["countries"] = format.list(names.map(Self.isolated))
        } else {
            content["hero"] = format.integer(places.articles)
            content["hero_label"] = strings.plural("places", places.articles, format.integer(places.articles))
        }
        if places.north.name != places.south.name {
            content["north"] = strings.text(
                "places_north", ["title": Self.isolated(articleNames.title(places.north.name))])
            content["south"] = strings.text(
                "places_south", ["title": Self.isolated(articleNames.title(places.south.name))])
        }
        return Slide("places", strings.text("places_heading"), content)
    }

    /// The edits of the year, with thanks.
    func editsSlide(_ reader: ReaderStats) -> Slide? {
        guard reader.edits.count > 0 else { return nil }
        return Slide(
            "edits", strings.text("edits_heading"),
            [
                "hero": format.integer(reader.edits.count),
                "hero_label": strings.plural("edits", reader.edits.count, format.integer(reader.edits.count)),
                "edits_pages": strings.plural("edits_pages", reader.edits.pages, format.integer(reader.edits.pages)),
                "edits_thanks": strings.text("edits_thanks"),
            ])
    }

    /// A country's name from CLDR in the reader's language. Natural Earth's few areas without an
    /// ISO code, which CLDR does not name, by their own English name on an English page and
    /// elsewhere by CLDR's name of the UN M49 region that holds them ("Südostasien" for the
    /// Spratly Islands on a German page): never English words inside another language.
    func countryName(_ code: String) -> String { Self.countryName(code, format) }

    static func countryName(_ code: String, _ format: LocaleFormat) -> String {
        if let name = format.countryName(code) { return name }
        guard let area = areasWithoutCode[code] else { return code }
        if format.tag.language == "en" { return area.name }
        return format.countryName(area.region) ?? area.name
    }

    /// The areas of Natural Earth's countries that have no ISO 3166 code (SPEC §2.3 names them
    /// by ADM0_A3): each one's English name and the M49 region it lies in.
    static let areasWithoutCode: [String: (name: String, region: String)] = [
        "ESB": ("Dhekelia", "145"), "WSB": ("Akrotiri", "145"), "USG": ("Guantanamo Bay", "029"),
        "BRT": ("Bir Tawil", "015"), "PGA": ("Spratly Islands", "035"), "SCR": ("Scarborough Shoal", "035"),
    ]

    /// The map as inline SVG: the land of the frame that holds the places, the reader's
    /// countries filled, and a pin per place (the top places, the northernmost and the
    /// southernmost). Geography has no reading direction: the map is never mirrored.
    func worldMap(_ places: Places) -> [String: Any] {
        var pins: [Place] = places.top
        for extreme in [places.north, places.south] where !pins.contains(where: { $0.name == extreme.name }) {
            pins.append(extreme)
        }
        let points = pins.map { pin in
            let (lat, lon) = pin.coordinates.degrees
            return (lat: lat, lon: lon)
        }
        let frame = MapFrame(framing: points, countries: places.countries.map(\.name))
        // The frame's land is drawn once per run, whoever's deck needs it first.
        let map = PlacesMap.drawing(frame)
        return [
            "view_box": frame.viewBox,
            "land": map.land,
            "visited": map.land(of: places.countries.map(\.name)),
            // Drawn here, like the charts' shapes: a Mustache section per pin would cost more
            // than the rest of the slide.
            "pins": points.map { place in
                let point = frame.point(lat: place.lat, lon: place.lon)
                return "<circle cx=\"\(Self.mapNumber(point.x))\" cy=\"\(Self.mapNumber(point.y))\"/>"
            }.joined(),
        ]
    }

    /// A map coordinate to a whole unit (a quarter of a pixel on a phone): short.
    static func mapNumber(_ value: Double) -> String {
        String(Int64(value.rounded()))
    }
}

extension HTMLStrings {
    /// A topic's name in the page's language: `articletopic` labels are in `topics/TAG.json`
    /// (under their CirrusSearch spelling, `_` for spaces, which Lift Wing writes as spaces);
    /// any other topic as given.
    func topicName(_ label: String) -> String {
        let key = "topic:" + label.replacingOccurrences(of: " ", with: "_")
        return has(key) ? text(key) : label
    }
}
