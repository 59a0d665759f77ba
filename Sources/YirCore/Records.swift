import CYirSupport

/// The record types of the native profile (SPEC §1.2), in the order diagnostics list them.
public enum RecordType: Int, CaseIterable, Sendable {
    case pageView, session, savedArticle, historyCleared, notificationSubscription, edit

    /// The `type` value in the input and the key in `diagnostics.accepted`.
    public var name: String {
        switch self {
        case .pageView: "page_view"
        case .session: "session"
        case .savedArticle: "saved_article"
        case .historyCleared: "history_cleared"
        case .notificationSubscription: "notification_subscription"
        case .edit: "edit"
        }
    }

    /// The plural a file name's stem may start with to imply the type.
    public var filePrefix: String {
        switch self {
        case .pageView: "page_views"
        case .session: "sessions"
        case .savedArticle: "saved_articles"
        case .historyCleared: "history_clears"
        case .notificationSubscription: "notification_subscriptions"
        case .edit: "edits"
        }
    }

    public init?(name: UnsafeRawBufferPointer) {
        // Called for every record: compare bytes without building strings.
        func equals(_ literal: StaticString) -> Bool {
            name.count == literal.utf8CodeUnitCount && bytesEqual(name.baseAddress!, literal.utf8Start, name.count)
        }
        if equals("page_view") {
            self = .pageView
        } else if equals("session") {
            self = .session
        } else if equals("saved_article") {
            self = .savedArticle
        } else if equals("history_cleared") {
            self = .historyCleared
        } else if equals("notification_subscription") {
            self = .notificationSubscription
        } else if equals("edit") {
            self = .edit
        } else {
            return nil
        }
    }
}

/// A distinct (wiki, title): SPEC's "article".
public struct Article: Hashable, Sendable {
    public var wiki: Int32
    public var title: Int32
    public init(wiki: Int32, title: Int32) {
        self.wiki = wiki
        self.title = title
    }
}

// Records are kept by the million: their fields are ordered so that the one-byte ones fill
// the gap after `time` (8 bytes and a tag byte), making a page view 24 bytes, not 32.

/// One visit to a page.
public struct PageView: Sendable, Equatable, BitwiseCopyable {
    public var time: RecordTime
    /// In the article namespace (`namespace` 0 or absent): only those count as reading (SPEC §2.3).
    public var isArticle: Bool
    /// Whether the view carries attributes: its set is the next of its reader's
    /// `ReaderActivity.viewAttributes` (a byte of what was padding).
    public var hasAttributes: Bool
    public var article: Int32
    /// Seconds on screen, in milliseconds; 0 when implausible (SPEC §1.4).
    public var milliseconds: Int64
    public init(time: RecordTime, article: Int32, isArticle: Bool, milliseconds: Int64, hasAttributes: Bool = false) {
        self.time = time
        self.isArticle = isArticle
        self.hasAttributes = hasAttributes
        self.article = article
        self.milliseconds = milliseconds
    }
}

/// One app session; `time` is its start.
public struct AppSession: Sendable, Equatable, BitwiseCopyable {
    public var time: RecordTime
    public var milliseconds: Int64
    public init(time: RecordTime, milliseconds: Int64) {
        self.time = time
        self.milliseconds = milliseconds
    }
}

/// An article saved or unsaved.
public struct SaveAction: Sendable, Equatable, BitwiseCopyable {
    public var time: RecordTime
    public var isSave: Bool
    public var article: Int32
    /// String id of an `https://`/`http://` thumbnail URL.
    public var thumbnail: Int32?
    public init(time: RecordTime, article: Int32, isSave: Bool, thumbnail: Int32?) {
        self.time = time
        self.isSave = isSave
        self.article = article
        self.thumbnail = thumbnail
    }
}

/// A push-notification type switched on or off.
public struct NotificationChange: Sendable, Equatable, BitwiseCopyable {
    public var time: RecordTime
    public var enabled: Bool
    public var key: Int32
    public init(time: RecordTime, key: Int32, enabled: Bool) {
        self.time = time
        self.enabled = enabled
        self.key = key
    }
}

/// One edit the reader saved. Edits are contributions, not reading: a history clear leaves them.
public struct EditAction: Sendable, Equatable, BitwiseCopyable {
    public var time: RecordTime
    public var article: Int32
    /// The page's namespace: (wiki, namespace, title) is a distinct page.
    public var namespace: Int32
    public init(time: RecordTime, article: Int32, namespace: Int32) {
        self.time = time
        self.article = article
        self.namespace = namespace
    }
}

/// Every accepted record of one reader, each list in input order. The lists are spans of the
/// memory that holds all records of the reader's shard (ingest's `RecordStore`), which
/// outlives them: a reader is read only while its shard's records are kept.
public struct ReaderActivity: @unchecked Sendable {
    public var user: Int32
    /// The zone of the reader's latest record at or before the as-of instant that has a `tz`
    /// (SPEC §2.1), or -1. (What breaks ties while ingest looks for it is kept by ingest:
    /// a million readers' activities are held through the statistics.)
    public var zone: Int32 = -1
    /// Likewise the `locale` of the latest record that has one: an id in `Catalog.locales`, or -1.
    public var locale: Int32 = -1
    public var pageViews = UnsafeBufferPointer<PageView>(start: nil, count: 0)
    public var sessions = UnsafeBufferPointer<AppSession>(start: nil, count: 0)
    public var saves = UnsafeBufferPointer<SaveAction>(start: nil, count: 0)
    public var historyClears = UnsafeBufferPointer<RecordTime>(start: nil, count: 0)
    public var notifications = UnsafeBufferPointer<NotificationChange>(start: nil, count: 0)
    public var edits = UnsafeBufferPointer<EditAction>(start: nil, count: 0)
    /// What the page views with `hasAttributes` say of their articles (SPEC §1.2 v3), in input
    /// order: ids in `Catalog.attributeSets`, one per such view. Kept apart from the page views,
    /// which stay 24 bytes: an export without these fields pays nothing for them.
    public var viewAttributes = UnsafeBufferPointer<Int32>(start: nil, count: 0)

    public init(user: Int32) { self.user = user }
}

/// The interned strings every record points into. A class: it is large (a dozen arrays), and
/// copying it — even implicitly, into a closure — would retain every one of them; the stats
/// workers share one instance, which must never be copied per call. Mutated only by the
/// ingest merge, on one thread; read-only afterwards.
public final class Catalog: @unchecked Sendable {
    public var users = StringTable()
    public var wikis = StringTable()
    public var titles = StringTable()
    public var keys = StringTable()
    public var urls = StringTable()
    /// Zone identifiers named by records' `tz`.
    public var zones = StringTable()
    /// Language tags named by records' `locale`, as written (well formed; case not yet made
    /// conventional).
    public var locales = StringTable()
    /// Every distinct (wiki, title), by article id.
    public private(set) var articles = ArticleTable()
    /// Page views' categories and topics, by name (SPEC §1.2 v3).
    public var categories = StringTable()
    public var topics = StringTable()

    /// Trims the tables that can hold millions of names (a name per category of an export),
    /// once no more are added.
    public func trimCapacity() {
        for table in [\Catalog.categories, \Catalog.topics, \Catalog.titles, \Catalog.users] {
            self[keyPath: table].trimCapacity()
        }
    }
    /// Each distinct set of a page view's attributes, decoded, by id.
    public private(set) var attributeSets: [ArticleAttributes] = []
    /// The sets' categories and topics, one set's after another's (`ArticleAttributes.categories`
    /// and `.topics` say where): ids in `categories` and `topics`.
    public private(set) var attributeCategories: [Int32] = []
    public private(set) var attributeTopics: [Int32] = []
    /// The sets' ids by a 128-bit fingerprint of their encoding (`ArticleAttributes.encode`),
    /// which is not kept: its bytes were every category name once more (decision 129).
    private var attributeSetOfKey: [SIMD2<UInt64>: Int32] = [:]

    /// The id of a set of attributes as a worker encoded it, adding and decoding it when new:
    /// its categories, topics and thumbnail are interned into this catalog's tables.
    public func attributeSet(_ encoded: UnsafeRawBufferPointer) -> Int32 {
        let hash = hashBytes(encoded, seeds: (0x5851_F42D_4C95_7F2D, 0x1405_7B7E_F767_814F))
        let key = SIMD2(hash.0, hash.1)
        if let id = attributeSetOfKey[key] { return id }
        let id = Int32(attributeSets.count)
        attributeSets.append(
            ArticleAttributes.decode(
                encoded, catalog: self, categories: &attributeCategories, topics: &attributeTopics))
        attributeSetOfKey[key] = id
        return id
    }

    public init() {}

    /// The id of an article, adding it when new.
    public func article(_ article: Article) -> Int32 { articles.intern(article) }

    /// Asks for the slot `article(_:)` will probe first for this article to be brought into the cache.
    public func prefetch(_ article: Article) { articles.prefetch(article) }

    /// The strings as plain memory, made by `names()` (once ingest is done), freed with the catalog.
    private var frozen: (names: CatalogNames, memory: [UnsafeMutableRawPointer])?

    /// The catalog's strings and articles for readers on many threads. Call once no more
    /// strings are interned, and before any thread uses them; valid while the catalog lives.
    public func names() -> CatalogNames {
        if let frozen { return frozen.names }
        var memory: [UnsafeMutableRawPointer] = []
        func copy(_ table: StringTable) -> CatalogNames.Strings {
            let (bytes, starts) = table.copyOut()
            memory += [UnsafeMutableRawPointer(bytes), UnsafeMutableRawPointer(starts)]
            return CatalogNames.Strings(bytes: bytes, starts: starts)
        }
        let articleMemory = UnsafeMutablePointer<Article>.allocate(capacity: max(1, articles.count))
        for id in 0..<articles.count { (articleMemory + id).initialize(to: articles[id]) }
        memory.append(UnsafeMutableRawPointer(articleMemory))
        let titleStrings = copy(titles)
        let spans = UnsafeMutablePointer<CatalogNames.ArticleSpan>.allocate(capacity: max(1, articles.count))
        for id in 0..<articles.count {
            let title = Int(articles[id].title)
            (spans + id).initialize(
                to: .init(
                    titleStart: titleStrings.starts[title],
                    titleCount: Int32(titleStrings.starts[title + 1] - titleStrings.starts[title]),
                    wiki: articles[id].wiki))
        }
        memory.append(UnsafeMutableRawPointer(spans))
        let names = CatalogNames(
            users: copy(users), wikis: copy(wikis), titles: titleStrings, keys: copy(keys),
            urls: copy(urls), articles: articleMemory, spans: spans)
        frozen = (names, memory)
        return names
    }

    deinit {
        for pointer in frozen?.memory ?? [] { pointer.deallocate() }
    }
}

/// The catalog's strings and articles as plain memory, for the statistics workers: a
/// `StringTable` read out of a class retains and releases its arrays at every call, and with
/// two threads doing so on the same arrays the reference counts bounce between the cores
/// (about a quarter of statistics' time at `--jobs 2`). No reference counting here: the
/// memory belongs to the `Catalog` that made it and lives as long as it does.
public struct CatalogNames: @unchecked Sendable {
    public struct Strings: @unchecked Sendable {
        @usableFromInline let bytes: UnsafePointer<UInt8>
        /// Entry i is bytes[starts[i]..<starts[i + 1]].
        @usableFromInline let starts: UnsafePointer<Int>

        @inlinable
        public func bytes(_ id: Int32) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: bytes + starts[Int(id)], count: starts[Int(id) + 1] - starts[Int(id)])
        }

        public func string(_ id: Int32) -> String { String(decoding: bytes(id), as: UTF8.self) }

        /// Byte order of the UTF-8 forms (SPEC's tie rule).
        public func precedes(_ a: Int32, _ b: Int32) -> Bool {
            a != b && bytesPrecede(bytes(a), bytes(b))
        }
    }

    public let users: Strings
    public let wikis: Strings
    public let titles: Strings
    public let keys: Strings
    public let urls: Strings
    @usableFromInline let articles: UnsafePointer<Article>

    /// Where an article's title lies in `titles`' bytes, and its site: what naming an article
    /// takes in one read, where article → title id → title start were three dependent ones,
    /// each a cache miss for the renderers (top articles are met in no order).
    @usableFromInline struct ArticleSpan {
        @usableFromInline var titleStart: Int
        @usableFromInline var titleCount: Int32
        @usableFromInline var wiki: Int32
        @usableFromInline init(titleStart: Int, titleCount: Int32, wiki: Int32) {
            self.titleStart = titleStart
            self.titleCount = titleCount
            self.wiki = wiki
        }
    }
    @usableFromInline let spans: UnsafePointer<ArticleSpan>

    /// The site's and title's bytes of an article.
    @inlinable
    public func nameBytes(ofArticle id: Int32) -> (wiki: UnsafeRawBufferPointer, title: UnsafeRawBufferPointer) {
        let span = spans[Int(id)]
        return (
            wikis.bytes(span.wiki),
            UnsafeRawBufferPointer(start: titles.bytes + span.titleStart, count: Int(span.titleCount))
        )
    }

    /// Where `nameBytes` will read first: to ask the processor for it ahead.
    /// The article's wiki: an id in `wikis`.
    @inlinable
    public func wiki(ofArticle id: Int32) -> Int32 { articles[Int(id)].wiki }

    public func nameAddress(ofArticle id: Int32) -> UnsafeRawPointer { UnsafeRawPointer(spans + Int(id)) }

    /// SPEC's final tie rules: wiki ascending, then title ascending, in UTF-8 byte order.
    public func articlePrecedes(_ a: Int32, _ b: Int32) -> Bool {
        let x = articles[Int(a)]
        let y = articles[Int(b)]
        if x.wiki != y.wiki { return wikis.precedes(x.wiki, y.wiki) }
        return titles.precedes(x.title, y.title)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Interns (wiki, title) pairs: each distinct article gets a small id. Open addressing over
/// the pair packed in 64 bits (slot → id + 1, 0 = empty): looked up once per page view and
/// save, so it avoids `Hasher` and `Dictionary`.
public struct ArticleTable: Sendable {
    private var articles: [Article] = []
    private var slots = [Int32](repeating: 0, count: 1 << 12)

    public init() {}

    public var count: Int { articles.count }
    public subscript(id: Int) -> Article { articles[id] }

    public mutating func intern(_ article: Article) -> Int32 {
        var mask = slots.count - 1
        var slot = Self.slot(article, mask)
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if articles[Int(entry - 1)] == article { return entry - 1 }
            slot = (slot + 1) & mask
        }
        let id = Int32(articles.count)
        articles.append(article)
        if articles.count * 2 > slots.count {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            mask = slots.count - 1
            for (index, a) in articles.enumerated() {
                var s = Self.slot(a, mask)
                while slots[s] != 0 { s = (s + 1) & mask }
                slots[s] = Int32(index + 1)
            }
        } else {
            slots[slot] = id + 1
        }
        return id
    }

    @inline(__always)
    func prefetch(_ article: Article) {
        slots.withUnsafeBufferPointer { yir_prefetch($0.baseAddress! + Self.slot(article, $0.count - 1)) }
    }

    @inline(__always)
    private static func slot(_ a: Article, _ mask: Int) -> Int {
        var z =
            (UInt64(UInt32(bitPattern: a.wiki)) << 32 | UInt64(UInt32(bitPattern: a.title))) &* 0x9E37_79B9_7F4A_7C15
        z ^= z >> 29
        return Int(truncatingIfNeeded: z) & mask
    }
}
