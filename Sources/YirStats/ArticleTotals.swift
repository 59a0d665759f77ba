import YirCore

/// Running totals of one article's counted views.
struct ArticleTotals {
    var article: Int32
    var milliseconds: Int64 = 0
    var views = 0
    var firstViewed = Int64.max
    var lastViewed = Int64.min
    var readers = 0

    init(article: Int32) { self.article = article }

    mutating func add(milliseconds: Int64, at instant: Int64) {
        self.milliseconds += milliseconds
        views += 1
        firstViewed = min(firstViewed, instant)
        lastViewed = max(lastViewed, instant)
    }

    /// Adds one reader's totals of this article to the run's (`cohort.top_articles`).
    mutating func addReader(_ reader: ArticleTotals) {
        var one = reader
        one.readers = 1
        add(one)
    }

    /// Adds totals of the same article.
    mutating func add(_ other: ArticleTotals) {
        milliseconds += other.milliseconds
        views += other.views
        firstViewed = min(firstViewed, other.firstViewed)
        lastViewed = max(lastViewed, other.lastViewed)
        readers += other.readers
    }

    /// SPEC §2.3's order for top articles: more seconds, then more views, then the later
    /// last view, then wiki and title ascending (UTF-8 byte order).
    static func ranksBefore(_ a: ArticleTotals, _ b: ArticleTotals, catalog: CatalogNames) -> Bool {
        ranksBefore((a.milliseconds, a.views, a.lastViewed), (b.milliseconds, b.views, b.lastViewed)) {
            catalog.articlePrecedes(a.article, b.article)
        }
    }

    /// The rule itself, for totals held by id (above) or by name (`Partitions.merge`);
    /// `wikiAndTitlePrecede` settles what the figures leave tied.
    static func ranksBefore(_ a: (milliseconds: Int64, views: Int, lastViewed: Int64),
                            _ b: (milliseconds: Int64, views: Int, lastViewed: Int64),
                            wikiAndTitlePrecede: () -> Bool) -> Bool {
        if a.milliseconds != b.milliseconds { return a.milliseconds > b.milliseconds }
        if a.views != b.views { return a.views > b.views }
        if a.lastViewed != b.lastViewed { return a.lastViewed > b.lastViewed }
        return wikiAndTitlePrecede()
    }

    /// The first `count` in SPEC order.
    static func top(_ totals: some Sequence<ArticleTotals>, count: Int, catalog: CatalogNames) -> [ArticleFigures] {
        first(count, of: totals) { ranksBefore($0, $1, catalog: catalog) }.map { t in
            ArticleFigures(name: .catalog(t.article),
                           milliseconds: t.milliseconds, views: t.views, firstViewed: t.firstViewed,
                           lastViewed: t.lastViewed, readers: t.readers)
        }
    }

    /// The first `count` elements in `precedes` order. A few of many (the run's top five of
    /// hundreds of thousands of articles) are kept in a small sorted list while the rest stream
    /// past; asked for most of them, it sorts.
    static func first<T>(_ count: Int, of elements: some Sequence<T>, by precedes: (T, T) -> Bool) -> [T] {
        guard count > 0 else { return [] }
        guard count <= 16 else { return Array(elements.sorted(by: precedes).prefix(count)) }
        var best: [T] = []
        best.reserveCapacity(count + 1)
        for element in elements {
            if best.count == count, !precedes(element, best[count - 1]) { continue }
            var i = best.count
            while i > 0 && precedes(element, best[i - 1]) { i -= 1 }
            best.insert(element, at: i)
            if best.count > count { best.removeLast() }
        }
        return best
    }
}
