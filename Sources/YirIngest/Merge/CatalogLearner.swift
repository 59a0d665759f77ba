import YirCore

/// The run's catalog, and what each worker's strings are in it. A worker parses into tables of
/// its own (`LocalStrings`) and ships each chunk's new strings with it; the merge learns them
/// here, chunk by chunk in input order, so that a worker's local ids map to the catalog's.
/// Two halves, learnt as two tasks on two threads at once: the strings records carry to their
/// reader (users, keys, URLs, zones, languages), and the wikis, titles and articles. Each half
/// writes its own properties and its own catalog tables.
final class CatalogLearner {
    typealias Table = LocalStrings.Table

    /// Per table of `readerTables`: a worker's local id → the catalog's id (-1: a zone that is
    /// not IANA).
    struct StringMaps {
        var ids = [[Int32]](repeating: [], count: Table.allCases.count)
    }

    /// A worker's local wiki and article ids → the catalog's.
    struct ArticleMaps {
        var wikis: [Int32] = []
        var articles: [Int32] = []
    }

    /// The tables `StringMaps` maps; wikis are learnt with the articles.
    private static let readerTables: [Table] = [.users, .keys, .urls, .zones, .locales, .attributes]

    let catalog = Catalog()
    /// By the catalog's zone id: the zone's rules.
    private(set) var zoneRules: [ZoneRules] = []
    /// Per worker, its local ids mapped to the catalog's: the strings records carry to their
    /// reader, and the articles.
    private(set) var maps: [StringMaps]
    private(set) var articleMaps: [ArticleMaps]

    init(workers: Int) {
        maps = Array(repeating: StringMaps(), count: workers)
        articleMaps = Array(repeating: ArticleMaps(), count: workers)
    }

    /// Frees the workers' maps once every chunk is merged; the catalog stays.
    func freeMaps() {
        maps = []
        articleMaps = []
    }

    /// Maps the users, keys, URLs and zones a chunk added to its worker's tables into the catalog.
    func learnReaderStrings(_ chunk: ParsedChunk) {
        let worker = chunk.worker
        // A chunk's new users are mostly new to the catalog too, whose table holds every
        // reader of the run (a million on the 2 GB export).
        catalog.users.intern(chunk.newStrings[Table.users.rawValue]) {
            maps[worker].ids[Table.users.rawValue].append($0)
        }
        for table in Self.readerTables where table != .users {
            chunk.newStrings[table.rawValue].forEach { k, raw in
                let id: Int32 = {
                    switch table {
                    case .keys: return catalog.keys.intern(raw)
                    case .urls: return catalog.urls.intern(raw)
                    case .locales: return catalog.locales.intern(raw)
                    case .attributes: return catalog.attributeSet(raw)
                    case .zones:
                        // A name that is not an IANA zone only ever came from rejected lines.
                        guard let rules = chunk.newZoneRules[k] else { return -1 }
                        let id = catalog.zones.intern(raw)
                        if Int(id) == zoneRules.count { zoneRules.append(rules) }
                        return id
                    case .users: preconditionFailure("learnt above")
                    case .wikis: preconditionFailure("learnt with the articles")
                    }
                }()
                maps[worker].ids[table.rawValue].append(id)
            }
        }
    }

    /// Maps the wikis and articles a chunk added to its worker's local ids into the catalog.
    func learnArticles(_ chunk: ParsedChunk) {
        let worker = chunk.worker
        chunk.newStrings[Table.wikis.rawValue].forEach { _, raw in
            articleMaps[worker].wikis.append(catalog.wikis.intern(raw))
        }
        // Titles first, then the articles, each with its slot asked for a few ahead: the
        // chunk's new articles are mostly new to the catalog, and each probe was a cache miss.
        var titles: [Int32] = []
        titles.reserveCapacity(chunk.newArticles.titles.count)
        catalog.titles.intern(chunk.newArticles.titles) { titles.append($0) }
        let articles = zip(chunk.newArticles.wikis, titles).map { wiki, title in
            Article(wiki: articleMaps[worker].wikis[Int(wiki)], title: title)
        }
        let ahead = StringTable.prefetchDistance
        for article in articles.prefix(ahead) { catalog.prefetch(article) }
        for (i, article) in articles.enumerated() {
            if i + ahead < articles.count { catalog.prefetch(articles[i + ahead]) }
            articleMaps[worker].articles.append(catalog.article(article))
        }
    }
}
