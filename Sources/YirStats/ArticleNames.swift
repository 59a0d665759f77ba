import YirCore

/// The `String`s of the sites and titles that figures name, made once per article rather than
/// once per mention: popular articles are in many readers' top lists, and making a `String`
/// validates its bytes (and allocates, past 15 bytes). One per statistics worker, used by that
/// worker's thread alone, so its strings are retained by one core.
///
/// Titles are kept in a direct-mapped cache of fixed size, not an array over every article:
/// each worker has one, and a catalog of millions of articles on dozens of cores would
/// otherwise hold gigabytes of mostly empty slots. Popular articles, the ones named again
/// and again, stay in it.
final class ArticleNames: @unchecked Sendable {
    let catalog: CatalogNames
    private var wikis: [String?]
    /// Slot `article & (slots - 1)`: the article whose title is there (-1: none), and the title,
    /// side by side so that a lookup reads one place.
    private var cache = [(article: Int32, title: String)](repeating: (-1, ""), count: ArticleNames.slots)
    static let slots = 1 << 16

    init(_ catalog: CatalogNames, wikis: Int) {
        self.catalog = catalog
        self.wikis = Array(repeating: nil, count: wikis)
    }

    /// An empty cache over the same catalog, for another worker.
    func forWorker() -> ArticleNames { ArticleNames(catalog, wikis: wikis.count) }

    func wiki(ofArticle id: Int32) -> String {
        let wiki = Int(catalog.wikiID(ofArticle: id))
        if let name = wikis[wiki] { return name }
        let name = catalog.wiki(ofArticle: id)
        wikis[wiki] = name
        return name
    }

    func title(ofArticle id: Int32) -> String {
        let slot = Int(id) & (Self.slots - 1)
        if cache[slot].article == id { return cache[slot].title }
        let name = catalog.title(ofArticle: id)
        cache[slot] = (id, name)
        return name
    }
}
