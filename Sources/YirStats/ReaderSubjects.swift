import YirCore
import YirIngest
import YirPlaces

/// What the statistics read of the catalog's article attributes (SPEC §1.2 v3), made once per
/// run and shared, read-only, by every worker.
final class AttributeTables: Sendable {
    /// The catalog's sets, each a plain record, and their lists, one set's after another's.
    let sets: [ArticleAttributes]
    let categoryIDs: [Int32]
    let topicIDs: [Int32]
    /// The catalog's categories and topics, by id: names are made only of those a report
    /// shows. A `String` each cost some 60 bytes more than the name, for millions of names.
    let categoryNames: StringTable
    let topicNames: StringTable
    /// By topic id: one of the taxonomy's catch-all labels (`SubjectRules.isCatchAll`).
    let catchAllTopics: [Bool]
    /// By category id: one of `--exclude-category`'s, or bookkeeping (`SubjectRules.saysNothing`)
    /// without `--keep-all-categories`.
    let excludedCategories: [Bool]
    /// By attribute set: the country of its coordinates, an index in `countryCodes`, or -1.
    let countryOfSet: [Int32]
    let countryCodes: [String]
    /// The catalog's thumbnails, each made a `String` once: top articles share them, where a
    /// `String` made per top article held every reader's copy (tens of MB on 50,000 readers).
    let urls: [String]

    init(_ catalog: Catalog, excludedCategories excluded: [String], keepAllCategories: Bool = false, jobs: Int = 1) {
        let sets = catalog.attributeSets
        self.sets = sets
        categoryIDs = catalog.attributeCategories
        topicIDs = catalog.attributeTopics
        let categories = catalog.categories
        categoryNames = categories
        topicNames = catalog.topics
        catchAllTopics = (0..<catalog.topics.count).map { SubjectRules.isCatchAll(catalog.topics.string(Int32($0))) }
        var excludedCategories = [Bool](repeating: false, count: categories.count)
        if !keepAllCategories {
            // Once per distinct category, on `jobs` threads: an export can name millions.
            excludedCategories.withUnsafeMutableBufferPointer { excluded in
                let parts = max(1, min(jobs, categories.count / 4096))
                Parallel.perform(parts) { part in
                    for id in (categories.count * part / parts)..<(categories.count * (part + 1) / parts) {
                        excluded[id] = categories.withBytes(Int32(id), SubjectRules.saysNothing)
                    }
                }
            }
        }
        for name in excluded {
            var name = name
            let normalised = name.withUTF8 {
                String(decoding: Normalization.title(UnsafeRawBufferPointer($0)), as: UTF8.self)
            }
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
    /// A view: its instant, its index among the reader's views and its attribute set. 16
    /// bytes, where an optional tuple took 24: a reader holds one per field of every article.
    struct Mark {
        var at: Int64 = 0
        var view: Int32 = -1
        var set: Int32 = 0
        /// Whether a view gave this field.
        var isSet: Bool { view >= 0 }

        func isLater(than current: Mark) -> Bool {
            !current.isSet || (at, view) > (current.at, current.view)
        }
    }
    var categories = Mark()
    var topics = Mark()
    var coordinates = Mark()
    var thumbnail = Mark()
}

/// What a reader's articles were about and where (SPEC §2.3 v3).
struct ReaderSubjects {
    var categories: [SubjectTotal] = []
    var topics: [SubjectTotal] = []
    var places: Places?
}

/// The names of the categories and topics one worker's readers are shown, by id, each made a
/// `String` once and shared by every reader that shows it. A name made per reader was a
/// `String` allocated, copied and freed ten times a reader (3.6 % of `stats --format jsonl`'s
/// instructions on `gen_v3.py`'s export); the names a report shows are few, however many the
/// catalog holds.
struct ShownNames {
    private var categories = Made()
    private var topics = Made()

    mutating func category(_ count: SubjectCount, in names: StringTable) -> SubjectTotal {
        SubjectTotal(
            name: categories.name(count.id, names), articles: Int(count.articles), milliseconds: count.milliseconds)
    }

    mutating func topic(_ count: SubjectCount, in names: StringTable) -> SubjectTotal {
        SubjectTotal(
            name: topics.name(count.id, names), articles: Int(count.articles), milliseconds: count.milliseconds)
    }

    /// The names made, by id, in open addressing: found with a multiply and a compare or two,
    /// where a `Dictionary` hashed each id with SipHash.
    private struct Made {
        /// Each slot's id, or -1 when empty; `names` holds its name.
        private var ids = [Int32](repeating: -1, count: 256)
        private var names = [String](repeating: "", count: 256)
        private var count = 0

        mutating func name(_ id: Int32, _ table: StringTable) -> String {
            var slot = Self.slot(id, ids.count)
            while ids[slot] >= 0 {
                if ids[slot] == id { return names[slot] }
                slot = (slot + 1) & (ids.count - 1)
            }
            let name = table.string(id)
            guard count < ShownNames.maximum else { return name }
            ids[slot] = id
            names[slot] = name
            count += 1
            if count * 2 > ids.count { grow() }
            return name
        }

        private static func slot(_ id: Int32, _ slots: Int) -> Int {
            Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (slots - 1)
        }

        private mutating func grow() {
            let (oldIDs, oldNames) = (ids, names)
            ids = [Int32](repeating: -1, count: oldIDs.count * 2)
            names = [String](repeating: "", count: oldIDs.count * 2)
            for (id, name) in zip(oldIDs, oldNames) where id >= 0 {
                var slot = Self.slot(id, ids.count)
                while ids[slot] >= 0 { slot = (slot + 1) & (ids.count - 1) }
                ids[slot] = id
                names[slot] = name
            }
        }
    }

    /// Names kept per list, at most: past this, a worker's readers show names that hardly
    /// repeat (an export whose every article has categories of its own), and each is made as
    /// before rather than held.
    static let maximum = 65_536
}

/// A category's or topic's share of a reader's reading, by id: `SubjectTotal` without its name,
/// which is made only for what is shown. 16 bytes: a reader of a million categories holds one
/// per category, and once per article of each.
struct SubjectCount {
    var id: Int32
    var articles: Int32
    var milliseconds: Int64

    func total(named names: StringTable) -> SubjectTotal {
        SubjectTotal(name: names.string(id), articles: Int(articles), milliseconds: milliseconds)
    }

    /// SPEC §2.3 (v4): more articles, then more seconds, then the name ascending (byte order,
    /// compared in `names`); a catch-all topic (`catchAll[id]`, nil for categories) after
    /// every other. What many of a reader's articles share comes before what one long read
    /// carried.
    static func precedes(_ a: SubjectCount, _ b: SubjectCount, names: StringTable, catchAll: [Bool]?) -> Bool {
        if let catchAll, catchAll[Int(a.id)] != catchAll[Int(b.id)] { return catchAll[Int(b.id)] }
        if a.articles != b.articles { return a.articles > b.articles }
        if a.milliseconds != b.milliseconds { return a.milliseconds > b.milliseconds }
        return names.precedes(a.id, b.id)
    }

    /// Folds `counts`, one per article and subject in any order, into one per subject, in
    /// place and in id order. A sort of 16-byte counts holds nothing beside them, where a
    /// dictionary by id held some 40 bytes per subject.
    static func sumByID(_ counts: inout [SubjectCount]) {
        guard !counts.isEmpty else { return }
        counts.sort { $0.id < $1.id }
        let kept = counts.withUnsafeMutableBufferPointer { counts in
            var last = 0
            for i in 1..<counts.count {
                if counts[i].id == counts[last].id {
                    counts[last].articles += counts[i].articles
                    counts[last].milliseconds += counts[i].milliseconds
                } else {
                    last += 1
                    counts[last] = counts[i]
                }
            }
            return last + 1
        }
        counts.removeLast(counts.count - kept)
    }

    /// Every count of `counts` in `precedes` order, names compared in `names`: by their first
    /// 16 bytes, and in full only where those are equal.
    static func ordered(_ counts: [SubjectCount], names: StringTable, catchAll: [Bool]?) -> [SubjectCount] {
        var keyed = counts.map { (count: $0, prefix: names.orderPrefix($0.id), last: catchAll?[Int($0.id)] ?? false) }
        keyed.sort { a, b in
            if a.last != b.last { return b.last }
            if a.count.articles != b.count.articles { return a.count.articles > b.count.articles }
            if a.count.milliseconds != b.count.milliseconds { return a.count.milliseconds > b.count.milliseconds }
            return a.prefix != b.prefix ? a.prefix < b.prefix : names.precedes(a.count.id, b.count.id)
        }
        return keyed.map(\.count)
    }
}

extension ReaderCalculator {
    /// SPEC §2.3 `categories`, `topics` and `places`, from the reader's counted views that carry
    /// attributes and their totals per article; the thumbnails of `topArticles`. Every
    /// category and topic of the reader's is left in `allCategories` and `allTopics`, in id
    /// order, for the run's totals: buffers the caller reuses from reader to reader.
    func subjects(
        _ activity: ReaderActivity, in window: ReaderWindow, totals: [ArticleTotals], indexOfArticle: [Int32],
        allCategories categories: inout [SubjectCount], allTopics topics: inout [SubjectCount],
        topArticles: inout [ArticleFigures], names shown: inout ShownNames
    ) -> ReaderSubjects {
        categories.removeAll(keepingCapacity: true)
        topics.removeAll(keepingCapacity: true)
        let tables = attributes
        // By the article's place in `totals` (`indexOfArticle`): every counted article is there.
        var latest = [LatestAttributes](repeating: LatestAttributes(), count: totals.count)
        var anyCounted = false
        var ignored = Diagnostics()
        var next = 0  // the next view with attributes takes the next set
        for (index, view) in activity.pageViews.enumerated() where view.hasAttributes {
            let id = activity.viewAttributes[next]
            next += 1
            let t = window.instant(view.time)
            // The same rule as the counted views; what does not count was counted there.
            guard view.isArticle, !excludedArticles[Int(view.article)], window.counts(t, skipped: &ignored) else {
                continue
            }
            let place = Int(indexOfArticle[Int(view.article)])
            guard place >= 0 else { continue }
            anyCounted = true
            let set = tables.sets[Int(id)]
            let mark = LatestAttributes.Mark(at: t, view: Int32(index), set: id)
            if set.hasCategories, mark.isLater(than: latest[place].categories) { latest[place].categories = mark }
            if set.hasTopics, mark.isLater(than: latest[place].topics) { latest[place].topics = mark }
            if set.coordinates != nil, mark.isLater(than: latest[place].coordinates) {
                latest[place].coordinates = mark
            }
            if set.thumbnail != nil, mark.isLater(than: latest[place].thumbnail) { latest[place].thumbnail = mark }
        }
        guard anyCounted else { return ReaderSubjects() }

        // The thumbnails of the few articles a report shows.
        for i in topArticles.indices {
            guard case .catalog(let article) = topArticles[i].name else { continue }
            let place = Int(indexOfArticle[Int(article)])
            guard place >= 0, case let mark = latest[place].thumbnail, mark.isSet else { continue }
            topArticles[i].thumbnail = tables.urls[Int(tables.sets[Int(mark.set)].thumbnail!)]
        }

        var result = ReaderSubjects()
        // Room for one count per article and subject, taken at once: grown by doubling, the
        // buffers of a reader of a million categories held half as much again.
        var pairs = (categories: 0, topics: 0)
        for entry in latest {
            if entry.categories.isSet {
                pairs.categories += tables.sets[Int(entry.categories.set)].categories.count
            }
            if entry.topics.isSet { pairs.topics += tables.sets[Int(entry.topics.set)].topics.count }
        }
        categories.reserveCapacity(pairs.categories)
        topics.reserveCapacity(pairs.topics)
        var located: [(totals: ArticleTotals, coordinates: ArticleAttributes.Coordinates, country: Int32)] = []
        for (total, entry) in zip(totals, latest) {
            if case let mark = entry.categories, mark.isSet {
                for i in tables.sets[Int(mark.set)].categories {
                    let id = tables.categoryIDs[i]
                    if !tables.excludedCategories[Int(id)] {
                        categories.append(SubjectCount(id: id, articles: 1, milliseconds: total.milliseconds))
                    }
                }
            }
            if case let mark = entry.topics, mark.isSet {
                for i in tables.sets[Int(mark.set)].topics {
                    topics.append(SubjectCount(id: tables.topicIDs[i], articles: 1, milliseconds: total.milliseconds))
                }
            }
            if case let mark = entry.coordinates, mark.isSet {
                located.append((total, tables.sets[Int(mark.set)].coordinates!, tables.countryOfSet[Int(mark.set)]))
            }
        }
        SubjectCount.sumByID(&categories)
        SubjectCount.sumByID(&topics)
        let categoryNames = tables.categoryNames, topicNames = tables.topicNames, catchAll = tables.catchAllTopics
        result.categories = ArticleTotals.first(
            parameters.top, of: categories, by: { SubjectCount.precedes($0, $1, names: categoryNames, catchAll: nil) }
        ) {
            shown.category($0, in: categoryNames)
        }
        result.topics = ArticleTotals.first(
            parameters.top, of: topics, by: { SubjectCount.precedes($0, $1, names: topicNames, catchAll: catchAll) }
        ) {
            shown.topic($0, in: topicNames)
        }
        result.places = places(located, tables: tables)
        return result
    }

    /// SPEC §2.3 `places`: nil without an article with coordinates.
    private func places(
        _ located: [(totals: ArticleTotals, coordinates: ArticleAttributes.Coordinates, country: Int32)],
        tables: AttributeTables
    ) -> Places? {
        guard !located.isEmpty else { return nil }
        var countries: [Int32: SubjectTotal] = [:]
        var milliseconds: Int64 = 0
        for place in located {
            milliseconds += place.totals.milliseconds
            if place.country >= 0 {
                countries[
                    place.country,
                    default: SubjectTotal(name: tables.countryCodes[Int(place.country)], articles: 0, milliseconds: 0)
                ]
                .add(place.totals.milliseconds)
            }
        }
        func place(_ p: (totals: ArticleTotals, coordinates: ArticleAttributes.Coordinates, country: Int32)) -> Place {
            Place(name: .catalog(p.totals.article), coordinates: p.coordinates, milliseconds: p.totals.milliseconds)
        }
        // Ties: more seconds, then wiki and title ascending.
        func beforeOnTies(_ a: ArticleTotals, _ b: ArticleTotals) -> Bool {
            a.milliseconds != b.milliseconds
                ? a.milliseconds > b.milliseconds : catalog.articlePrecedes(a.article, b.article)
        }
        let north = located.min { a, b in
            a.coordinates.lat != b.coordinates.lat
                ? a.coordinates.lat > b.coordinates.lat : beforeOnTies(a.totals, b.totals)
        }!
        let south = located.min { a, b in
            a.coordinates.lat != b.coordinates.lat
                ? a.coordinates.lat < b.coordinates.lat : beforeOnTies(a.totals, b.totals)
        }!
        let top = ArticleTotals.first(
            parameters.top, of: located, by: { ArticleTotals.ranksBefore($0.totals, $1.totals, catalog: catalog) },
            place)
        return Places(
            articles: located.count, milliseconds: milliseconds,
            countries: countries.values.sorted(by: SubjectTotal.precedesBySeconds),
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
