import YirCore
import YirIngest
import YirPlaces

/// What the statistics read of the catalog's article attributes (SPEC §1.2 v3), made once per
/// run and shared, read-only, by every worker.
final class AttributeTables: Sendable {
    let sets: [ArticleAttributes]
    /// The catalog's categories and topics, by id: names are made only of those a report
    /// shows. A `String` each cost some 60 bytes more than the name, for millions of names.
    let categoryNames: StringTable
    let topicNames: StringTable
    /// By category id: one of `--exclude-category`'s.
    let excludedCategories: [Bool]
    /// By attribute set: the country of its coordinates, an index in `countryCodes`, or -1.
    let countryOfSet: [Int32]
    let countryCodes: [String]
    let urls: [String]

    init(_ catalog: Catalog, excludedCategories excluded: [String], jobs: Int = 1) {
        let sets = catalog.attributeSets
        self.sets = sets
        categoryNames = catalog.categories
        topicNames = catalog.topics
        var excludedCategories = [Bool](repeating: false, count: catalog.categories.count)
        for name in excluded {
            var name = name
            let normalised = name.withUTF8 { String(decoding: Normalization.title(UnsafeRawBufferPointer($0)), as: UTF8.self) }
            if let id = catalog.categories.lookup(normalised) { excludedCategories[Int(id)] = true }
        }
        self.excludedCategories = excludedCategories
        // Each distinct set's country is looked up once (sets repeat with their article), on
        // `jobs` threads: an export of many articles with places has tens of thousands of them.
        var found = [String?](repeating: nil, count: sets.count)
        found.withUnsafeMutableBufferPointer { found in
            let parts = max(1, min(jobs, sets.count / 1024))
            Parallel.perform(parts) { part in
                for i in (sets.count * part / parts)..<(sets.count * (part + 1) / parts) {
                    guard let c = sets[i].coordinates else { continue }
                    found[i] = CountryLookup.country(lat: c.degrees.lat, lon: c.degrees.lon)
                }
            }
        }
        var codes: [String] = []
        var indexOfCode: [String: Int32] = [:]
        countryOfSet = found.map { code in
            guard let code else { return -1 }
            if let known = indexOfCode[code] { return known }
            indexOfCode[code] = Int32(codes.count)
            codes.append(code)
            return Int32(codes.count - 1)
        }
        countryCodes = codes
        urls = sets.isEmpty ? [] : (0..<catalog.urls.count).map { catalog.urls.string(Int32($0)) }
    }
}

/// An article's attributes as its counted views give them: per field, the set of the latest
/// view that carries it (timestamp order, equal timestamps in input order).
private struct LatestAttributes {
    typealias Mark = (at: Int64, view: Int32, set: Int32)
    var categories: Mark?
    var topics: Mark?
    var coordinates: Mark?
    var thumbnail: Mark?

    static func later(_ mark: Mark, than current: Mark?) -> Bool {
        guard let current else { return true }
        return (mark.at, mark.view) > (current.at, current.view)
    }
}

/// What a reader's articles were about and where (SPEC §2.3 v3).
struct ReaderSubjects {
    var categories: [SubjectTotal] = []
    var topics: [SubjectTotal] = []
    var places: Places?
    /// By article id: its thumbnail, for the top articles.
    var thumbnails: [Int32: String] = [:]
    /// Every category and topic, by id, in the order of `SubjectTotal.precedes`, for the run's
    /// totals.
    var allCategories: [SubjectCount] = []
    var allTopics: [SubjectCount] = []
}

/// A category's or topic's share of a reader's reading, by id: `SubjectTotal` without its name,
/// which is made only for what is shown.
struct SubjectCount {
    var id: Int32
    var articles: Int
    var milliseconds: Int64

    func total(named names: StringTable) -> SubjectTotal {
        SubjectTotal(name: names.string(id), articles: articles, milliseconds: milliseconds)
    }

    /// Every count of `counts` in `SubjectTotal.precedes` order, names compared in `names`:
    /// by their first 16 bytes, and in full only where those are equal. `counts` is emptied
    /// first: a reader of a million categories held it, the keys and the result at once.
    static func ordered(_ counts: inout [Int32: (articles: Int, milliseconds: Int64)], names: StringTable) -> [SubjectCount] {
        var keyed = counts.map { (count: SubjectCount(id: $0.key, articles: $0.value.articles, milliseconds: $0.value.milliseconds),
                                  prefix: names.orderPrefix($0.key)) }
        counts = [:]
        keyed.sort { a, b in
            if a.count.milliseconds != b.count.milliseconds { return a.count.milliseconds > b.count.milliseconds }
            if a.count.articles != b.count.articles { return a.count.articles > b.count.articles }
            return a.prefix != b.prefix ? a.prefix < b.prefix : names.precedes(a.count.id, b.count.id)
        }
        return keyed.map(\.count)
    }
}

extension ReaderCalculator {
    /// SPEC §2.3 `categories`, `topics`, `places` and the top articles' thumbnails, from the
    /// reader's counted views that carry attributes, and their totals per article.
    func subjects(_ activity: ReaderActivity, in window: ReaderWindow, totals: [ArticleTotals]) -> ReaderSubjects {
        let tables = attributes
        var latest: [Int32: LatestAttributes] = [:]
        var ignored = Diagnostics()
        var next = 0  // the next view with attributes takes the next set
        for (index, view) in activity.pageViews.enumerated() where view.hasAttributes {
            let id = activity.viewAttributes[next]
            next += 1
            let t = window.instant(view.time)
            // The same rule as the counted views; what does not count was counted there.
            guard view.isArticle, !excludedArticles[Int(view.article)], window.counts(t, skipped: &ignored) else { continue }
            let set = tables.sets[Int(id)]
            let mark = (at: t, view: Int32(index), set: id)
            var entry = latest[view.article] ?? LatestAttributes()
            if set.hasCategories, LatestAttributes.later(mark, than: entry.categories) { entry.categories = mark }
            if set.hasTopics, LatestAttributes.later(mark, than: entry.topics) { entry.topics = mark }
            if set.coordinates != nil, LatestAttributes.later(mark, than: entry.coordinates) { entry.coordinates = mark }
            if set.thumbnail != nil, LatestAttributes.later(mark, than: entry.thumbnail) { entry.thumbnail = mark }
            latest[view.article] = entry
        }
        guard !latest.isEmpty else { return ReaderSubjects() }

        var result = ReaderSubjects()
        var categories: [Int32: (articles: Int, milliseconds: Int64)] = [:]
        var topics: [Int32: (articles: Int, milliseconds: Int64)] = [:]
        var located: [(totals: ArticleTotals, coordinates: ArticleAttributes.Coordinates, country: Int32)] = []
        for total in totals {
            guard let entry = latest[total.article] else { continue }
            if let mark = entry.categories {
                for id in tables.sets[Int(mark.set)].categories where !tables.excludedCategories[Int(id)] {
                    categories[id, default: (0, 0)].articles += 1
                    categories[id, default: (0, 0)].milliseconds += total.milliseconds
                }
            }
            if let mark = entry.topics {
                for id in tables.sets[Int(mark.set)].topics {
                    topics[id, default: (0, 0)].articles += 1
                    topics[id, default: (0, 0)].milliseconds += total.milliseconds
                }
            }
            if let mark = entry.coordinates {
                located.append((total, tables.sets[Int(mark.set)].coordinates!, tables.countryOfSet[Int(mark.set)]))
            }
            if let mark = entry.thumbnail {
                result.thumbnails[total.article] = tables.urls[Int(tables.sets[Int(mark.set)].thumbnail!)]
            }
        }
        let categoryNames = tables.categoryNames, topicNames = tables.topicNames
        result.allCategories = SubjectCount.ordered(&categories, names: categoryNames)
        result.allTopics = SubjectCount.ordered(&topics, names: topicNames)
        result.categories = result.allCategories.prefix(parameters.top).map { $0.total(named: categoryNames) }
        result.topics = result.allTopics.prefix(parameters.top).map { $0.total(named: topicNames) }
        result.places = places(located, tables: tables)
        return result
    }

    /// SPEC §2.3 `places`: nil without an article with coordinates.
    private func places(_ located: [(totals: ArticleTotals, coordinates: ArticleAttributes.Coordinates, country: Int32)],
                        tables: AttributeTables) -> Places? {
        guard !located.isEmpty else { return nil }
        var countries: [Int32: SubjectTotal] = [:]
        var milliseconds: Int64 = 0
        for place in located {
            milliseconds += place.totals.milliseconds
            if place.country >= 0 {
                countries[place.country, default: SubjectTotal(name: tables.countryCodes[Int(place.country)], articles: 0, milliseconds: 0)]
                    .add(place.totals.milliseconds)
            }
        }
        func place(_ p: (totals: ArticleTotals, coordinates: ArticleAttributes.Coordinates, country: Int32)) -> Place {
            Place(name: .catalog(p.totals.article), coordinates: p.coordinates, milliseconds: p.totals.milliseconds)
        }
        // Ties: more seconds, then wiki and title ascending.
        func beforeOnTies(_ a: ArticleTotals, _ b: ArticleTotals) -> Bool {
            a.milliseconds != b.milliseconds ? a.milliseconds > b.milliseconds : catalog.articlePrecedes(a.article, b.article)
        }
        let north = located.min { a, b in
            a.coordinates.lat != b.coordinates.lat ? a.coordinates.lat > b.coordinates.lat : beforeOnTies(a.totals, b.totals)
        }!
        let south = located.min { a, b in
            a.coordinates.lat != b.coordinates.lat ? a.coordinates.lat < b.coordinates.lat : beforeOnTies(a.totals, b.totals)
        }!
        let top = ArticleTotals.first(parameters.top, of: located, by: { ArticleTotals.ranksBefore($0.totals, $1.totals, catalog: catalog) },
                                      place)
        return Places(articles: located.count, milliseconds: milliseconds,
                      countries: countries.values.sorted(by: SubjectTotal.precedes),
                      north: place(north), south: place(south), top: top)
    }

    /// SPEC §2.3 `edits`: the edits in W (a history clear does not remove them); those after
    /// A count as `after_as_of`, the others outside W as `outside_window`.
    func edits(_ activity: ReaderActivity, in window: ReaderWindow, skipped: inout Diagnostics) -> Edits {
        guard !activity.edits.isEmpty else { return .none }
        var count = 0
        var pages = Set<Int64>()
        for edit in activity.edits {
            let t = window.instant(edit.time)
            if t > window.asOf { skipped.afterAsOf += 1; continue }
            guard window.year.contains(t) else { skipped.outsideWindow += 1; continue }
            count += 1
            pages.insert(Int64(edit.article) << 32 | Int64(UInt32(bitPattern: edit.namespace)))
        }
        return Edits(count: count, pages: pages.count)
    }
}

extension SubjectTotal {
    mutating func add(_ milliseconds: Int64) {
        articles += 1
        self.milliseconds += milliseconds
    }
}
