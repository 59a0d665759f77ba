import Foundation
import Testing
import YirPlaces
import YirTestSupport
@testable import YirCore
@testable import YirHTML
@testable import YirStats

/// SPEC §1.2, §2.3 and §2.4 (v3): what the articles were about and where — categories, topics,
/// places with their countries, thumbnails — and edits; and the slides that show them.
@Suite struct SubjectTests {
    /// A page view of `title` that carries `fields` (raw JSON members).
    func about(_ timestamp: String, _ title: String, seconds: String = "60", _ fields: String) -> String {
        view(timestamp, title: title, seconds: seconds, extra: "," + fields)
    }

    func edit(_ timestamp: String, title: String, namespace: Int? = nil) -> String {
        #"{"type":"edit","timestamp":"\#(timestamp)","wiki":"en.wikipedia.org","title":"\#(title)"\#(namespace.map { #","namespace":\#($0)"# } ?? "")}"#
    }

    @Test func anArticlesAttributesAreThoseOfItsLatestCountedViewThatCarriesEach() throws {
        let reader = try Run(
            [
                about(
                    "2025-03-01T10:00:00Z", "Berlin", #""categories":["Old"],"coordinates":{"lat":52.52,"lon":13.405}"#),
                about("2025-03-02T10:00:00Z", "Berlin", #""categories":["New"]"#),
                // The latest view, but after the as-of instant: it does not count, nor do its categories.
                about("2026-03-01T10:00:00Z", "Berlin", #""categories":["After as-of"]"#),
            ], asOf: "2025-12-31T12:00:00Z"
        ).reader()
        #expect(reader.categories.map(\.name) == ["New"])
        #expect(
            reader.places?.countries.map(\.name) == ["DE"],
            "the coordinates of the earlier view: the later carries none")
    }

    /// What many of a reader's articles share comes before what one long read carried.
    @Test func categoriesAreOrderedByArticlesThenSecondsThenNameAndCutAtTop() throws {
        var run = Run([
            about("2025-03-01T10:00:00Z", "A", seconds: "900", #""categories":["Zeta","Long read"]"#),
            about("2025-03-02T10:00:00Z", "B", seconds: "50", #""categories":["Alpha","Beta","Beta",""]"#),
            about("2025-03-03T10:00:00Z", "C", seconds: "50", #""categories":["Gamma","Beta","Alpha"]"#),
        ])
        run.top = 4
        let categories = try run.reader().categories
        #expect(categories.map(\.name) == ["Alpha", "Beta", "Long read", "Zeta"])
        #expect(categories.map(\.articles) == [2, 2, 1, 1])
        #expect(categories.map(\.milliseconds) == [100_000, 100_000, 900_000, 900_000])
    }

    /// SPEC §2.3 (v4): the categories a wiki files under for its own bookkeeping say nothing
    /// about what the reader read, and are left out.
    @Test func bookkeepingCategoriesAreLeftOutByDefault() throws {
        let bookkeeping = [
            "Living people", "Possibly living people", "1815 births", "1990s deaths", "44 BC deaths",
            "300 BCE births", "Geboren 1815", "Gestorben 44 v. Chr.", "Mann", "Frau",
            "Articles with short description", "All articles with unsourced statements", "Pages using infoboxes",
            "CS1 maint: url-status", "Webarchive template wayback links", "Use dmy dates from May 2025",
            "Use mdy dates from May 2025", "Short description is different from Wikidata",
            "Commons category link is on Wikidata", "Coordinates on Wikidata", "Good articles",
            "Featured articles", "Wikipedia:Vital articles", "Wikipedia-Artikel mit GND",
        ]
        let kept = [
            "Physics", "births", "12345 births", "1815 Births", "Living people of Berlin ", "People from Berlin",
            "Geboren 12345", "Manner", "Articles", "Wikipedians",
        ]
        let names = (bookkeeping + kept).map { #""\#($0)""# }.joined(separator: ",")
        var run = Run([about("2025-03-01T10:00:00Z", "A", #""categories":[\#(names)]"#)])
        run.top = 100
        #expect(
            Set(try run.reader().categories.map(\.name)) == Set(kept.map { $0.trimmingCharacters(in: .whitespaces) }))
    }

    @Test func keepAllCategoriesKeepsTheBookkeepingOnesAndExcludeCategoryStillLeavesOut() throws {
        var run = Run([
            about("2025-03-01T10:00:00Z", "A", #""categories":["Living people","1815 births","Physics","Chemistry"]"#)
        ])
        run.keepAllCategories = true
        run.excludedCategories = ["Chemistry"]
        #expect(Set(try run.reader().categories.map(\.name)) == ["Living people", "1815 births", "Physics"])
    }

    /// The taxonomy's catch-all labels tell less than the specific ones beside them: after them,
    /// however many articles carry them.
    @Test func catchAllTopicsComeAfterEveryOtherLabel() throws {
        let run = Run([
            about("2025-03-01T10:00:00Z", "A", #""topics":["STEM.STEM*","Geography.Geographical","STEM.Physics"]"#),
            about("2025-03-02T10:00:00Z", "B", #""topics":["STEM.STEM*","Geography.Geographical"]"#),
            about("2025-03-03T10:00:00Z", "C", #""topics":["Culture.Biography.Biography*","Culture.Media.Music"]"#),
        ])
        #expect(
            try run.reader().topics.map(\.name) == [
                "Culture.Media.Music", "STEM.Physics", "Geography.Geographical", "STEM.STEM*",
                "Culture.Biography.Biography*",
            ])
        #expect(
            try run.model().statistics.cohort.subjects.topics.map(\.name) == [
                "Culture.Media.Music", "STEM.Physics", "Geography.Geographical", "STEM.STEM*",
                "Culture.Biography.Biography*",
            ])
    }

    /// A reader's counts, one per article and subject in any order, fold into one per subject
    /// in id order, adding articles and seconds.
    @Test func aReadersCountsFoldIntoOnePerSubjectInIDOrder() {
        var counts = [(7, 10), (2, 5), (7, 1), (9, 3), (2, 5), (7, 100)].map {
            SubjectCount(id: Int32($0.0), articles: 1, milliseconds: Int64($0.1))
        }
        SubjectCount.sumByID(&counts)
        #expect(counts.map(\.id) == [2, 7, 9])
        #expect(counts.map(\.articles) == [2, 3, 1])
        #expect(counts.map(\.milliseconds) == [10, 111, 3])
        var none: [SubjectCount] = []
        SubjectCount.sumByID(&none)
        #expect(none.isEmpty)
    }

    /// A worker makes each shown name once and hands the same name to every reader that shows
    /// it: asked in any order, again and again, and past its table's first size, each id gets
    /// its own name, with its count.
    @Test func aWorkersShownNamesAreEachIDsOwnName() {
        var table = StringTable()
        let ids = (0..<2000).map { table.intern("Category \($0)") }
        var shown = ShownNames()
        for round in 0..<2 {
            for id in ids.reversed() + ids.filter({ $0 % 7 == 3 }) {
                let count = SubjectCount(id: id, articles: 2, milliseconds: Int64(round))
                #expect(shown.category(count, in: table).name == "Category \(id)")
                #expect(
                    shown.topic(count, in: table)
                        == SubjectTotal(name: "Category \(id)", articles: 2, milliseconds: Int64(round)))
            }
        }
    }

    @Test func excludedCategoriesAreLeftOutNormalisedLikeTitles() throws {
        var run = Run([about("2025-03-01T10:00:00Z", "A", #""categories":["Living people","Physicists"]"#)])
        run.excludedCategories = [" Living_people "]
        #expect(try run.reader().categories.map(\.name) == ["Physicists"])
    }

    @Test func categoriesAreNormalisedLikeTitlesAndTopicsKeepTheirUnderscores() throws {
        let reader = try Run([
            about(
                "2025-03-01T10:00:00Z", "A",
                #""categories":["Cities_in_Germany"," Cities in Germany"],"topics":[" Geography.Regions.Europe.Western_Europe ","","STEM.Space","STEM.Space"]"#
            )
        ])
        .reader()
        #expect(reader.categories.map(\.name) == ["Cities in Germany"])
        #expect(reader.topics.map(\.name) == ["Geography.Regions.Europe.Western_Europe", "STEM.Space"])
    }

    @Test func coordinatesOutOfRangeAreDroppedAndCountedAndTheViewStillCounts() throws {
        let run = Run([
            about("2025-03-01T10:00:00Z", "A", #""coordinates":{"lat":90.5,"lon":10}"#),
            about("2025-03-01T11:00:00Z", "B", #""coordinates":{"lat":10,"lon":-180.25}"#),
        ])
        #expect(try run.diagnostics().droppedCoordinates == 2)
        let reader = try run.reader()
        #expect(reader.places == nil)
        #expect(reader.reading.views == 2)
    }

    /// SPEC §4.5 (v4): a place is outside the range by its value, however close; kept, it is
    /// still held to 10⁻⁷ degree.
    @Test func coordinatesAreComparedWithTheRangeByValueHoweverClose() throws {
        let run = Run([
            about("2025-03-01T10:00:00Z", "A", #""coordinates":{"lat":90.00000001,"lon":0}"#),
            about("2025-03-01T11:00:00Z", "B", #""coordinates":{"lat":0,"lon":-180.0000000000000000001}"#),
            about("2025-03-01T12:00:00Z", "C", #""coordinates":{"lat":-9.00000000000001e1,"lon":0}"#),
            about("2025-03-01T13:00:00Z", "D", #""coordinates":{"lat":-90.000000000,"lon":1.8e2}"#),
            about("2025-03-01T14:00:00Z", "E", #""coordinates":{"lat":89.99999999,"lon":-179.999999999}"#),
        ])
        #expect(try run.diagnostics().droppedCoordinates == 3)
        let places = try #require(try run.reader().places)
        #expect(places.articles == 2)
        #expect(places.south.coordinates == .init(lat: -900_000_000, lon: 1_800_000_000))
        #expect(places.north.coordinates == .init(lat: 900_000_000, lon: -1_800_000_000), "rounded to 10⁻⁷ once inside")
    }

    /// SPEC §4.5 (v4): members of `coordinates` other than `lat` and `lon` are ignored, whatever
    /// they hold and however deep they nest within the line's own limit, which still holds.
    @Test func membersOfCoordinatesOtherThanLatAndLonAreIgnored() throws {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let tooDeep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let run = Run([
            about("2025-03-01T10:00:00Z", "Berlin", #""coordinates":{"lat":52.52,"lon":13.405,"alt":{"x":[1]}}"#),
            about(
                "2025-03-01T11:00:00Z", "Paris",
                #""coordinates":{"alt":\#(deep),"lon":2.3522,"lat":48.8566,"name":"x"}"#),
            about("2025-03-01T12:00:00Z", "Nowhere", #""coordinates":{"lat":1,"lon":2,"alt":\#(tooDeep)}"#),
        ])
        #expect(try run.diagnostics().rejected == [.nestingTooDeep: 1])
        let places = try #require(try run.reader().places)
        #expect(places.countries.map(\.name) == ["DE", "FR"])
    }

    @Test func attributesOfTheWrongTypeRejectTheLine() throws {
        let run = Run([
            about("2025-03-01T10:00:00Z", "A", #""categories":"Physics""#),
            about("2025-03-01T10:00:00Z", "A", #""topics":[1]"#),
            about("2025-03-01T10:00:00Z", "A", #""coordinates":{"lat":10}"#),
            about("2025-03-01T10:00:00Z", "A", #""coordinates":[10,20]"#),
            about("2025-03-01T10:00:00Z", "A", #""coordinates":{"lat":"10","lon":20}"#),
            about("2025-03-01T10:00:00Z", "A", #""thumbnail":5"#),
            about("2025-03-01T10:00:00Z", "A", #""categories":[],"topics":[],"coordinates":{"lat":0,"lon":0}"#),
        ])
        #expect(try run.diagnostics().rejected == [.wrongType: 6])
    }

    @Test func placesNameTheirCountriesTheNorthernmostAndTheSouthernmost() throws {
        let reader = try Run([
            about("2025-03-01T10:00:00Z", "Berlin", seconds: "120", #""coordinates":{"lat":52.52,"lon":13.405}"#),
            about("2025-03-02T10:00:00Z", "Paris", seconds: "60", #""coordinates":{"lat":48.8566,"lon":2.3522}"#),
            about("2025-03-03T10:00:00Z", "Potsdam", seconds: "60", #""coordinates":{"lat":52.3906,"lon":13.0645}"#),
            about(
                "2025-03-04T10:00:00Z", "Point Nemo", seconds: "30", #""coordinates":{"lat":-48.8767,"lon":-123.3933}"#),
        ]).reader()
        let places = try #require(reader.places)
        #expect(places.articles == 4 && places.milliseconds == 270_000)
        #expect(
            places.countries == [
                SubjectTotal(name: "DE", articles: 2, milliseconds: 180_000),
                SubjectTotal(name: "FR", articles: 1, milliseconds: 60_000),
            ],
            "the place at sea counts in articles and seconds, in no country")
        #expect(places.north.coordinates == .init(lat: 525_200_000, lon: 134_050_000))
        #expect(places.south.coordinates.lat == -488_767_000)
        #expect(places.top.map(\.milliseconds) == [120_000, 60_000, 60_000, 30_000])
    }

    @Test func theTopArticlesThumbnailIsItsLatestCountedViewsThatCarriesOne() throws {
        let reader = try Run([
            about("2025-03-01T10:00:00Z", "A", #""thumbnail":"https://upload.wikimedia.org/old.jpg""#),
            about("2025-03-02T10:00:00Z", "A", #""thumbnail":"https://upload.wikimedia.org/new.jpg""#),
            about("2025-03-03T10:00:00Z", "A", #""thumbnail":"javascript:alert(1)""#),
            view("2025-03-04T10:00:00Z", title: "B"),
        ]).reader()
        #expect(reader.topArticles.map(\.thumbnail) == ["https://upload.wikimedia.org/new.jpg", nil])
    }

    @Test func editsInTheWindowCountDistinctPagesAndAHistoryClearLeavesThem() throws {
        let run = Run([
            edit("2025-02-01T10:00:00Z", title: "Moon"),
            edit("2025-02-02T10:00:00Z", title: "Moon"),
            edit("2025-02-03T10:00:00Z", title: "Moon", namespace: 1),
            edit("2024-12-31T10:00:00Z", title: "Moon"),
            edit("2026-01-02T10:00:00Z", title: "Moon"),
            #"{"type":"history_cleared","timestamp":"2025-06-01T10:00:00Z"}"#,
        ])
        #expect(try run.reader().edits == Edits(count: 3, pages: 2))
        let diagnostics = try run.diagnostics()
        #expect(diagnostics.accepted[RecordType.edit.rawValue] == 5)
        #expect(diagnostics.outsideWindow == 1 && diagnostics.afterAsOf == 1)
    }

    @Test func theRunsCategoriesSumTheReadersSecondsAndAreOrderedByReaders() throws {
        var run = Run([
            about("2025-03-01T10:00:00Z", "A", seconds: "60", #""categories":["Physics"],"user":"a""#),
            about("2025-03-01T10:00:00Z", "B", seconds: "30", #""categories":["Physics","Art"],"user":"a""#),
            about("2025-03-01T10:00:00Z", "A", seconds: "10", #""categories":["Art"],"user":"b""#),
            about("2025-03-01T10:00:00Z", "A", seconds: "10", #""coordinates":{"lat":52.52,"lon":13.405},"user":"c""#),
            edit("2025-03-01T10:00:00Z", title: "X").replacingOccurrences(of: "}", with: #","user":"c"}"#),
        ])
        run.top = 5
        let cohort = try run.model().statistics.cohort.subjects
        // By readers first: Art is two readers', Physics one's, however long.
        #expect(
            cohort.categories == [
                CohortSubject(name: "Art", milliseconds: 40_000, readers: 2),
                CohortSubject(name: "Physics", milliseconds: 90_000, readers: 1),
            ])
        #expect(cohort.placeReaders == 1 && cohort.countries == 1)
        #expect(cohort.editReaders == 1 && cohort.edits == 1)
    }

    // MARK: Slides

    func deck(_ lines: [String], locale: String = "en") throws -> String {
        try HTMLTests().page(Run(HTMLTests().fullYear() + lines), locale: locale)
    }

    func topics(_ pairs: [(String, Int)]) -> [String] {
        var lines: [String] = []
        for (topic, articles) in pairs {
            for i in 0..<articles {
                lines.append(
                    about(
                        "2025-04-\(String(format: "%02d", lines.count + 1))T10:00:00Z", "\(topic) \(i)",
                        #""topics":["\#(topic)"]"#))
            }
        }
        return lines
    }

    /// Counted over the topics that mean something (2 articles or more): a runner-up of one
    /// article is none.
    @Test func theTopicsSlideNeedsThreeArticlesOnTheTopTopicAndARunnerUp() throws {
        #expect(HTMLTests().slideIDs(try deck(topics([("STEM.Physics", 3), ("STEM.Space", 2)]))).contains("topics"))
        #expect(!HTMLTests().slideIDs(try deck(topics([("STEM.Physics", 3), ("STEM.Space", 1)]))).contains("topics"))
        #expect(!HTMLTests().slideIDs(try deck(topics([("STEM.Physics", 2), ("STEM.Space", 2)]))).contains("topics"))
        #expect(!HTMLTests().slideIDs(try deck(topics([("STEM.Physics", 5)]))).contains("topics"))
    }

    /// SPEC §4.4 (v4): the topics and categories slides list only what at least 2 of the
    /// reader's articles carry, each with its articles, the figure the list is ordered by.
    @Test func topicsAndCategoriesListOnlyWhatTwoArticlesShareWithTheirArticles() throws {
        let topics = HTMLTests().slide(
            try deck(topics([("STEM.Physics", 3), ("STEM.Space", 2), ("STEM.Chemistry", 1)])), "topics")
        #expect(topics.contains("<bdi>Space</bdi></span><span class=\"figures\">2 articles</span>"), "\(topics)")
        #expect(!topics.contains("Chemistry"))
        let categories = HTMLTests().slide(
            try deck([
                about("2025-04-01T10:00:00Z", "P", #""categories":["A","B","C","Alone"]"#),
                about("2025-04-02T10:00:00Z", "Q", #""categories":["A","B","C"]"#),
            ]), "categories")
        for name in ["A", "B", "C"] {
            #expect(
                categories.contains("<bdi>\(name)</bdi></span><span class=\"figures\">2 articles</span>"),
                "\(categories)")
        }
        #expect(!categories.contains("Alone"))
    }

    @Test func topicLabelsAreNamedInTheReadersLanguageAndOtherTopicsAsGiven() throws {
        let de = HTMLTests().slide(
            try deck(topics([("Culture.Biography.Women", 3), ("My own topic", 2)]), locale: "de"), "topics")
        #expect(de.contains("<bdi>Biografie (Frauen)</bdi>") && de.contains("<bdi>My own topic</bdi>"), "\(de)")
        // Lift Wing writes the labels with spaces, CirrusSearch with underscores: both are known.
        let ja = HTMLTests().slide(
            try deck(topics([("Culture.Internet culture", 3), ("STEM.Space", 2)]), locale: "ja"), "topics")
        #expect(ja.contains("<bdi>インターネット文化</bdi>"), "\(ja)")
    }

    @Test func everyArticletopicLabelIsNamedInEveryLanguage() throws {
        let folder = packageRoot.appendingPathComponent("Templates")
        let english =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("topics/en.json")))
            as! [String: String]
        #expect(english.count == 64, "the 64 labels of Wikimedia's articletopic model")
        let strings = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("strings").path)
        for file in strings {
            let names =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: folder.appendingPathComponent("topics/\(file)"))) as! [String: String]
            #expect(Set(names.keys) == Set(english.keys), "topics/\(file)")
            #expect(names.values.allSatisfy { !$0.isEmpty && !$0.contains(".") }, "topics/\(file)")
        }
    }

    /// Three categories that mean something: each carried by 2 articles or more.
    @Test func theCategoriesSlideNeedsThreeCategories() throws {
        let first = about("2025-04-01T10:00:00Z", "P", #""categories":["A","B","C"]"#)
        let three = about("2025-04-02T10:00:00Z", "Q", #""categories":["A","B","C"]"#)
        let two = about("2025-04-02T10:00:00Z", "Q", #""categories":["A","B"]"#)
        #expect(HTMLTests().slideIDs(try deck([first, three])).contains("categories"))
        #expect(!HTMLTests().slideIDs(try deck([first, two])).contains("categories"))
        #expect(!HTMLTests().slideIDs(try deck([first])).contains("categories"), "three categories of one article")
    }

    @Test func thePlacesSlideNeedsTwoPlacesAndNamesCountriesInTheReadersLanguage() throws {
        let berlin = about("2025-04-01T10:00:00Z", "Berlin", #""coordinates":{"lat":52.52,"lon":13.405}"#)
        let tokyo = about("2025-04-02T10:00:00Z", "Tokyo", #""coordinates":{"lat":35.6895,"lon":139.6917}"#)
        #expect(!HTMLTests().slideIDs(try deck([berlin])).contains("places"))
        let ja = HTMLTests().slide(try deck([berlin, tokyo], locale: "ja"), "places")
        #expect(ja.contains("ドイツ") && ja.contains("日本"), "\(ja)")
        #expect(ja.contains("<p class=\"hero fit\">2</p>"))
        #expect(ja.contains(#"<g class="pins"><circle"#))
    }

    /// SPEC §4.4 (v4): the map shows the part of the world the places are in, with the
    /// reader's countries filled and every pin inside the view box.
    @Test func thePlacesSlidesMapFramesTheReadersPlaces() throws {
        let paris = about("2025-04-01T10:00:00Z", "Paris", #""coordinates":{"lat":48.8566,"lon":2.3522}"#)
        let berlin = about("2025-04-02T10:00:00Z", "Berlin", #""coordinates":{"lat":52.52,"lon":13.405}"#)
        let slide = HTMLTests().slide(try deck([paris, berlin]), "places")
        let frame = MapFrame(framing: [(48.8566, 2.3522), (52.52, 13.405)])
        #expect(slide.contains(#"viewBox="\#(frame.viewBox)""#), "\(slide)")
        let map = PlacesMap.drawing(frame)
        #expect(slide.contains(#"<path class="land" d="\#(map.land)"/>"#))
        #expect(slide.contains(#"<path class="visited" d="\#(map.land(of: ["DE", "FR"]))"/>"#))
        for pin in slide.matches(of: #/<circle cx="(-?\d+)" cy="(-?\d+)"/>/#) {
            let (x, y) = (Int(pin.1)!, Int(pin.2)!)
            #expect(x >= 10 && x <= MapFrame.width - 10 && y >= 10 && y <= frame.height - 10, "\(pin.0)")
        }
    }

    /// Geography has no reading direction: the map is drawn left to right in an Arabic deck too.
    @Test func theMapIsNeverMirrored() throws {
        let berlin = about("2025-04-01T10:00:00Z", "Berlin", #""coordinates":{"lat":52.52,"lon":13.405}"#)
        let tokyo = about("2025-04-02T10:00:00Z", "Tokyo", #""coordinates":{"lat":35.6895,"lon":139.6917}"#)
        let page = try deck([berlin, tokyo], locale: "ar")
        #expect(page.contains(#"dir="rtl""#))
        #expect(HTMLTests().slide(page, "places").contains(#"<svg class="world-map" dir="ltr""#))
    }

    @Test func theEditsSlideThanksEveryoneWithAnEdit() throws {
        let page = try deck([edit("2025-05-01T10:00:00Z", title: "Moon")])
        let edits = HTMLTests().slide(page, "edits")
        #expect(edits.contains("<p class=\"hero fit\">1</p>") && edits.contains("on 1 page"), "\(edits)")
        #expect(!HTMLTests().slideIDs(try deck([])).contains("edits"))
    }

    /// SPEC §4.4's budget for a deck with the map, on SampleData's decks (all but one have places).
    @Test func aDeckWithTheMapStaysWithin60KB() throws {
        let readers = packageRoot.appendingPathComponent("Tests/Reference/readers")
        for name in try FileManager.default.contentsOfDirectory(atPath: readers.path) where name != "index.html" {
            let bytes = try Data(contentsOf: readers.appendingPathComponent(name)).count
            #expect(bytes <= 60 * 1024, "\(name): \(bytes) bytes")
        }
    }
}

extension Run {
    init(_ lines: [String], asOf: String) {
        self.init(lines)
        self.asOf = asOf
    }
}
