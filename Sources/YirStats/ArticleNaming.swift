import CYirSupport
import YirCore

/// An article's site and title as the figures carry it: an id in the run's catalog while
/// figures are made from records, or text when they were read back from a partition.
///
/// By id, because popular articles are in many readers' top lists: a `String` per mention
/// was made (its bytes validated, past 15 bytes allocated), then retained at every copy and
/// released — a fifth of the statistics stage. The renderers name the article through
/// `RunStatistics.articleNames`, straight from the catalog's bytes (decision 64).
///
/// The text is boxed (`indirect`): a name is then 8 bytes instead of 40, and every reader
/// holds a dozen of them (top articles, saves, the longest sitting's two ends) — tens of
/// megabytes at a million readers. Only names read back from partitions are text, at the cost
/// of one small allocation each.
public enum ArticleName: Sendable, Hashable {
    case catalog(Int32)
    indirect case text(wiki: String, title: String)
}

/// What `ArticleName`s stand for: the run's catalog, kept alive here for as long as figures
/// point into it. Without a catalog (figures read back from partitions), names are text.
public struct ArticleNaming: Sendable {
    private let catalog: Catalog?
    @usableFromInline let names: CatalogNames?

    /// For figures whose names are all text.
    public init() {
        catalog = nil
        names = nil
    }

    /// For figures made from `catalog`'s records; it must take no more strings.
    public init(_ catalog: Catalog) {
        self.catalog = catalog
        names = catalog.names()
    }

    public func wiki(_ name: ArticleName) -> String {
        withUTF8(name) { wiki, _ in String(decoding: wiki, as: UTF8.self) }
    }

    public func title(_ name: ArticleName) -> String {
        withUTF8(name) { _, title in String(decoding: title, as: UTF8.self) }
    }

    /// A catalog name's site and title bytes, in place for as long as this naming lives; nil for
    /// a name that is text. No closure: a writer that holds its naming beside the buffer it
    /// writes to reads them without copying the naming (and retaining the catalog every thread
    /// shares), as a call of `withUTF8` from inside a mutation of the writer must.
    @inlinable
    public func catalogBytes(_ name: ArticleName) -> (wiki: UnsafeRawBufferPointer, title: UnsafeRawBufferPointer)? {
        guard case .catalog(let id) = name else { return nil }
        guard let names else { preconditionFailure("an article of a catalog named without it") }
        return names.nameBytes(ofArticle: id)
    }

    /// The site's and title's UTF-8 bytes, lent to `body` without making `String`s. Inlinable:
    /// renderers call it for every article they write.
    @inlinable
    public func withUTF8<R>(
        _ name: ArticleName,
        _ body: (_ wiki: UnsafeRawBufferPointer, _ title: UnsafeRawBufferPointer) throws -> R
    ) rethrows -> R {
        if let bytes = catalogBytes(name) { return try body(bytes.wiki, bytes.title) }
        switch name {
        case .catalog: preconditionFailure("catalogBytes names every catalog article")
        case .text(var wiki, var title):
            return try wiki.withUTF8 { wiki in
                try title.withUTF8 { title in try body(UnsafeRawBufferPointer(wiki), UnsafeRawBufferPointer(title)) }
            }
        }
    }

    /// Asks the processor for what naming `name` reads first, so that naming it later finds
    /// it in the cache (renderers name a reader's top articles after writing its other figures).
    public func prefetch(_ name: ArticleName) {
        if case .catalog(let id) = name, let names { yir_prefetch(names.nameAddress(ofArticle: id)) }
    }

    /// SPEC's final tie rules: site, then title, ascending in UTF-8 byte order.
    public func precedes(_ a: ArticleName, _ b: ArticleName) -> Bool {
        withUTF8(a) { aWiki, aTitle in
            withUTF8(b) { bWiki, bTitle in
                if !aWiki.elementsEqual(bWiki) { return bytesPrecede(aWiki, bWiki) }
                return bytesPrecede(aTitle, bTitle)
            }
        }
    }
}
