import YirCore

/// A category's, topic's or country's share of a reader's reading (SPEC §2.3 v3): how many of
/// their articles carry it and those articles' reading time. Categories and topics are ranked
/// by articles (`SubjectCount.precedes`), countries by seconds (`precedesBySeconds`).
public struct SubjectTotal: Sendable, Equatable {
    public var name: String
    public var articles: Int
    public var milliseconds: Int64
    public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }

    public init(name: String, articles: Int, milliseconds: Int64) {
        self.name = name
        self.articles = articles
        self.milliseconds = milliseconds
    }

    /// A country's place among a reader's countries (SPEC §2.3 `places`): more seconds, then
    /// more articles, then the code ascending (byte order).
    public static func precedesBySeconds(_ a: SubjectTotal, _ b: SubjectTotal) -> Bool {
        if a.milliseconds != b.milliseconds { return a.milliseconds > b.milliseconds }
        if a.articles != b.articles { return a.articles > b.articles }
        return a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }
}

/// A category's or topic's share of the run's reading (SPEC §2.4 v3): the readers' seconds
/// for it and how many readers it counts for.
public struct CohortSubject: Sendable, Equatable {
    public var name: String
    public var milliseconds: Int64
    public var readers: Int
    public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }

    public init(name: String, milliseconds: Int64, readers: Int) {
        self.name = name
        self.milliseconds = milliseconds
        self.readers = readers
    }

    /// SPEC §2.4 (v4): more readers, then more seconds, then the name ascending (byte order);
    /// among topics (`topics`), the catch-all labels after every other.
    public static func precedes(_ a: CohortSubject, _ b: CohortSubject, topics: Bool) -> Bool {
        if topics {
            let (x, y) = (SubjectRules.isCatchAll(a.name), SubjectRules.isCatchAll(b.name))
            if x != y { return y }
        }
        if a.readers != b.readers { return a.readers > b.readers }
        if a.milliseconds != b.milliseconds { return a.milliseconds > b.milliseconds }
        return a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }

    /// The first `top` of per-name sums; `topics` as in `precedes`.
    public static func top(
        _ sums: [String: (milliseconds: Int64, readers: Int)], count top: Int, topics: Bool
    ) -> [CohortSubject] {
        ArticleTotals.first(
            top,
            of: sums.lazy.map {
                CohortSubject(name: $0.key, milliseconds: $0.value.milliseconds, readers: $0.value.readers)
            },
            by: { precedes($0, $1, topics: topics) })
    }
}

/// A place a reader read about: an article with coordinates.
public struct Place: Sendable {
    public var name: ArticleName
    public var coordinates: ArticleAttributes.Coordinates
    /// The reader's seconds on it (written for `places.top` only).
    public var milliseconds: Int64

    public init(name: ArticleName, coordinates: ArticleAttributes.Coordinates, milliseconds: Int64) {
        self.name = name
        self.coordinates = coordinates
        self.milliseconds = milliseconds
    }
}

/// SPEC §2.3 `places` (v3): where the reader's articles are.
public struct Places: Sendable {
    /// Articles with coordinates, and their reading time.
    public var articles: Int
    public var milliseconds: Int64
    /// Every country the places lie in, by ISO code (`SubjectTotal.name`), in SPEC order.
    public var countries: [SubjectTotal]
    public var north: Place
    public var south: Place
    /// Up to `--top` places, in `top_articles`' order.
    public var top: [Place]

    public init(articles: Int, milliseconds: Int64, countries: [SubjectTotal], north: Place, south: Place, top: [Place])
    {
        self.articles = articles
        self.milliseconds = milliseconds
        self.countries = countries
        self.north = north
        self.south = south
        self.top = top
    }
}

/// SPEC §2.3 `edits` (v3): the reader's edits in the window, and the distinct pages edited.
public struct Edits: Sendable, Equatable {
    public var count: Int
    public var pages: Int

    public init(count: Int, pages: Int) {
        self.count = count
        self.pages = pages
    }

    public static let none = Edits(count: 0, pages: 0)
}

/// SPEC §2.4 (v3): what the run's readers read about and edited.
public struct CohortSubjects: Sendable {
    public var categories: [CohortSubject]
    public var topics: [CohortSubject]
    /// Readers with places, and the distinct countries over all of them.
    public var placeReaders: Int
    public var countries: Int
    /// Readers with an edit in the window, and all their edits.
    public var editReaders: Int
    public var edits: Int
    /// Every language read (SPEC §2.4 v4), by readers, then seconds, then language.
    public var languages: [CohortLanguage]
    /// Readers with saves still waiting to be read, and all those saves.
    public var unreadReaders: Int
    public var unread: Int

    public init(
        categories: [CohortSubject], topics: [CohortSubject], placeReaders: Int, countries: Int,
        editReaders: Int, edits: Int, languages: [CohortLanguage] = [], unreadReaders: Int = 0, unread: Int = 0
    ) {
        self.categories = categories
        self.topics = topics
        self.placeReaders = placeReaders
        self.countries = countries
        self.editReaders = editReaders
        self.edits = edits
        self.languages = languages
        self.unreadReaders = unreadReaders
        self.unread = unread
    }

    public static let none = CohortSubjects(
        categories: [], topics: [], placeReaders: 0, countries: 0, editReaders: 0, edits: 0)

    /// The run's figures that follow from the readers' own: places, edits, saves still waiting
    /// and, unless the statistics summed them already (`languages`), the languages.
    public static func fromReaders(
        _ readers: [ReaderStats], categories: [CohortSubject], topics: [CohortSubject],
        languages summed: [CohortLanguage]? = nil
    ) -> CohortSubjects {
        var countries = Set<String>()
        var placeReaders = 0, editReaders = 0, edits = 0, unreadReaders = 0, unread = 0
        var languages: [String: (readers: Int, milliseconds: Int64)] = [:]
        for i in readers.indices {
            if summed == nil {
                for share in readers[i].languages {
                    languages[share.language, default: (0, 0)].readers += 1
                    languages[share.language, default: (0, 0)].milliseconds += share.milliseconds
                }
            }
            let waiting = readers[i].saved.unread.count
            if waiting > 0 {
                unreadReaders += 1
                unread += waiting
            }
            // Each figure read in place: a copy of a reader's figures retains a score of buffers.
            if let placeCountries = readers[i].places?.countries {
                placeReaders += 1
                for country in placeCountries { countries.insert(country.name) }
            }
            let edited = readers[i].edits.count
            if edited > 0 {
                editReaders += 1
                edits += edited
            }
        }
        return CohortSubjects(
            categories: categories, topics: topics, placeReaders: placeReaders, countries: countries.count,
            editReaders: editReaders, edits: edits,
            languages: summed
                ?? languages.map {
                    CohortLanguage(language: $0.key, readers: $0.value.readers, milliseconds: $0.value.milliseconds)
                }
                .sorted(by: CohortLanguage.precedes),
            unreadReaders: unreadReaders, unread: unread)
    }
}

/// A language's share of the run (SPEC §2.4 v4): the readers who read in it and the sum of
/// their seconds in it.
public struct CohortLanguage: Sendable, Equatable {
    public var language: String
    public var readers: Int
    public var milliseconds: Int64
    public var seconds: FixedDecimal { .seconds(milliseconds: milliseconds) }

    public init(language: String, readers: Int, milliseconds: Int64) {
        self.language = language
        self.readers = readers
        self.milliseconds = milliseconds
    }

    /// More readers, then more seconds, then the language ascending.
    public static func precedes(_ a: CohortLanguage, _ b: CohortLanguage) -> Bool {
        if a.readers != b.readers { return a.readers > b.readers }
        if a.milliseconds != b.milliseconds { return a.milliseconds > b.milliseconds }
        return a.language.utf8.lexicographicallyPrecedes(b.language.utf8)
    }
}
