import YirCore

/// Running totals of one article's counted views. Public for its ranking rule and top-list
/// selection, which YirPartitions applies to the totals it reads back.
public struct ArticleTotals {
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
    public static func ranksBefore(
        _ a: (milliseconds: Int64, views: Int, lastViewed: Int64),
        _ b: (milliseconds: Int64, views: Int, lastViewed: Int64),
        wikiAndTitlePrecede: () -> Bool
    ) -> Bool {
        if a.milliseconds != b.milliseconds { return a.milliseconds > b.milliseconds }
        if a.views != b.views { return a.views > b.views }
        if a.lastViewed != b.lastViewed { return a.lastViewed > b.lastViewed }
        return wikiAndTitlePrecede()
    }

    /// The first `count` in SPEC order.
    static func top(_ totals: some Sequence<ArticleTotals>, count: Int, catalog: CatalogNames) -> [ArticleFigures] {
        first(count, of: totals, by: { ranksBefore($0, $1, catalog: catalog) }) { t in
            ArticleFigures(
                name: .catalog(t.article),
                milliseconds: t.milliseconds, views: t.views, firstViewed: t.firstViewed,
                lastViewed: t.lastViewed, readers: t.readers)
        }
    }

    /// The first `count` elements in `precedes` order.
    public static func first<T>(_ count: Int, of elements: some Sequence<T>, by precedes: (T, T) -> Bool) -> [T] {
        first(count, of: elements, by: precedes) { $0 }
    }

    /// The first `count` elements in `precedes` order, each passed through `transform`.
    /// A few of many (a reader's top five, or the run's of hundreds of thousands of articles)
    /// are kept in a small sorted list on the stack while the rest stream past, so that only
    /// the result is allocated (this runs once per reader); asked for most of them, it sorts.
    static func first<T, R>(
        _ count: Int, of elements: some Sequence<T>, by precedes: (T, T) -> Bool,
        _ transform: (T) -> R
    ) -> [R] {
        guard count > 0 else { return [] }
        guard count <= 16 else { return elements.sorted(by: precedes).prefix(count).map(transform) }
        return withUnsafeTemporaryAllocation(of: T.self, capacity: count + 1) { best in
            var kept = 0
            for element in elements {
                if kept == count, !precedes(element, best[count - 1]) { continue }
                var i = kept
                while i > 0 && precedes(element, best[i - 1]) { i -= 1 }
                if kept == count {
                    best.baseAddress!.advanced(by: count - 1).deinitialize(count: 1)
                    kept -= 1
                }
                // Shift the worse ones one place down, then put the element in its place.
                (best.baseAddress! + i + 1).moveInitialize(from: best.baseAddress! + i, count: kept - i)
                (best.baseAddress! + i).initialize(to: element)
                kept += 1
            }
            defer { best.baseAddress!.deinitialize(count: kept) }
            return (0..<kept).map { transform(best[$0]) }
        }
    }
}
