import YirCore

/// The `String`s of the sites and titles that figures name, made once per article rather than
/// once per mention: popular articles are in many readers' top lists, and making a `String`
/// validates its bytes (and allocates, past 15 bytes). One per statistics worker, used by that
/// worker's thread alone, so its strings are retained by one core.
final class ArticleNames: @unchecked Sendable {
    let catalog: CatalogNames
    private var wikis: [String?]
    private var titles: [String?]

    init(_ catalog: CatalogNames, articles: Int, wikis: Int) {
        self.catalog = catalog
        self.wikis = Array(repeating: nil, count: wikis)
        self.titles = Array(repeating: nil, count: articles)
    }

    func wiki(ofArticle id: Int32) -> String {
        let wiki = Int(catalog.wikiID(ofArticle: id))
        if let name = wikis[wiki] { return name }
        let name = catalog.wiki(ofArticle: id)
        wikis[wiki] = name
        return name
    }

    func title(ofArticle id: Int32) -> String {
        if let name = titles[Int(id)] { return name }
        let name = catalog.title(ofArticle: id)
        titles[Int(id)] = name
        return name
    }
}
