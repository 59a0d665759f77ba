import YirCore

/// One line's record as a worker reads it: validated, with its strings interned in that
/// worker's `LocalStrings`. The merge step maps the local ids to the run's catalog, reader by
/// reader in input order, so parsing can run on many threads while the result stays that of one.
struct ParsedRecord {
    /// An instant (epoch ms), or a wall time when `isWall`.
    var time: Int64
    /// `seconds` or `duration_ms` in milliseconds; an edit's namespace.
    var milliseconds: Int64 = 0
    /// Two independent 64-bit hashes of the record's `id` (both 0: no id).
    var idHash: (UInt64, UInt64) = (0, 0)
    /// Local user id.
    var user: Int32
    /// Local article id (page views, saves) or notification key id.
    var subject: Int32 = -1
    /// A save's local thumbnail URL id, or a page view's local attributes id
    /// (`LocalStrings.attributes`); -1: none. One field for both: a record is one or the
    /// other, and parsed records pass by the million, 56 bytes each.
    var thumbnailOrAttributes: Int32 = -1
    var thumbnail: Int32 {
        get { thumbnailOrAttributes }
        set { thumbnailOrAttributes = newValue }
    }
    var attributes: Int32 {
        get { thumbnailOrAttributes }
        set { thumbnailOrAttributes = newValue }
    }
    /// Local zone id of `tz`, or -1.
    var zone: Int32 = -1
    /// Local id of `locale`, or -1.
    var locale: Int32 = -1
    var type: RecordType
    var flags: Flags = []

    struct Flags: OptionSet {
        let rawValue: UInt8
        static let isWall = Flags(rawValue: 1)
        static let isUnsave = Flags(rawValue: 2)
        static let enabled = Flags(rawValue: 4)
        static let thumbnailDropped = Flags(rawValue: 8)
        static let hasID = Flags(rawValue: 16)
        static let otherNamespace = Flags(rawValue: 32)
        /// `subject` is already the catalog's article id (`LocalStrings.knownArticles`).
        static let catalogArticle = Flags(rawValue: 64)
        static let coordinatesDropped = Flags(rawValue: 128)
    }

    var recordTime: RecordTime { flags.contains(.isWall) ? .wall(time) : .instant(time) }
}

/// A worker's string tables. Raw wiki and title forms are normalised once per distinct form
/// and remembered, so the cost of normalisation is paid per distinct string, not per record.
struct LocalStrings {
    /// The tables whose ids records carry, in the order chunks ship their new entries.
    enum Table: Int, CaseIterable {
        case users, wikis, keys, urls, zones, locales, attributes
    }

    /// The table whose new entries a chunk ships; nil for `attributes`, which ships its own
    /// (`LocalAttributeSets.takeUnshipped`).
    func table(_ table: Table) -> StringTable? {
        switch table {
        case .users: users
        case .wikis: wikis
        case .keys: keys
        case .urls: urls
        case .zones: zones
        case .locales: locales
        case .attributes: nil
        }
    }

    /// Users' bytes, in local id order; looked up through `userOfKey`.
    private(set) var users = StringTable()
    /// Local user ids by a 96-bit fingerprint of the user's bytes: one slot read per record.
    /// In an export whose lines come in no order of reader, each record's user is one of
    /// every reader the worker has met, and a string table's probe missed the cache three or
    /// four times (slot, hash, start, bytes) where this misses once, and that once is asked
    /// for early (`prefetchUser`).
    private var userOfKey = FingerprintMap()
    private var lastUser: Int32 = -1
    /// The bytes of `lastUser`, kept beside it: the table's copy is a cache miss away when the
    /// user was found by its fingerprint.
    private var lastUserBytes: [UInt8] = []
    /// A hash of the user `user(_:key:)` returned last, the same in every worker: it picks
    /// the reader's shard and salts the fingerprints of its records' ids.
    private(set) var userHash: UInt64 = 0
    var wikis = StringTable()  // normalised
    /// The articles this worker met that it had not met before and that `knownArticles` did
    /// not know, since they were last shipped: local article id `shippedArticles + i` is the
    /// normalised wiki `newArticles.wikis[i]` and normalised title `newArticles.titles[i]`.
    /// The catalog interns them; the worker keeps no table of titles or articles, whose
    /// lookups missed the cache once per new article (one page view in seven here), only
    /// `articleOfRawPair`. One title read two ways on one site becomes two local ids of one
    /// catalog article.
    var newArticles = NewArticles()
    private(set) var shippedArticles = 0
    /// Where `article` normalises a new title, kept from title to title.
    private var titleBuffer: [UInt8] = []
    var keys = StringTable()
    var urls = StringTable()
    var zones = StringTable()
    /// Where zone names are looked up (only at a name's first sighting).
    private let zoneCatalog: ZoneCatalog
    var zoneRules: [ZoneRules?] = []  // by local zone id; nil: not an IANA zone
    private var isZone: [Bool] = []  // by local zone id: zoneRules[id] != nil

    /// Page views' attributes, encoded (`ArticleAttributes.encode`).
    var attributes = LocalAttributeSets()
    /// A fingerprint of a line's attribute fields as written → what they came to: see
    /// `AttributeOutcome`. Attributes repeat with their article, so each distinct form is
    /// parsed and normalised once per worker.
    var attributesOfRaw = FingerprintMap()

    /// Language tags of `locale` fields; by local id, whether the tag is well formed.
    var locales = StringTable()
    private var isLocale: [Bool] = []

    init(zones: ZoneCatalog) { zoneCatalog = zones }

    private var rawWikis = StringTable()
    private var wikiOfRaw: [Int32] = []

    /// (normalised wiki, title as read) → local article id, -1 when nothing is left of the title
    /// after normalisation, or -2 − the catalog's id for an article of `knownArticles`: one
    /// lookup per page view or save, where going through the title's and the article's tables
    /// costs two lookups and several cache misses more.
    private var articleOfRawPair = FingerprintMap()
    /// Per site as read: a hash of its normalised bytes, the same in every worker.
    private var wikiSaltOfRaw: [UInt64] = []

    /// With several workers: the articles the catalog learnt from earlier batches, under the
    /// same fingerprints, read-only while the workers parse. Without it every worker would
    /// normalise and intern every popular title once more.
    var knownArticles: KnownArticles?
    /// The fingerprints this worker added since they were last shipped, with their local value
    /// (article id, or -1), so that the catalog can learn them for `knownArticles`.
    var newFingerprints: [(key: (UInt64, UInt64), value: Int32)] = []

    /// An article as a worker resolved it.
    enum ArticleID {
        /// A worker's local id: one of its new articles, shipped with the chunk that added it.
        case local(Int32)
        /// The catalog's id, from `knownArticles`.
        case catalog(Int32)
    }

    /// Whether `bytes` are the user `user(_:key:)` returned last: exports sorted by reader
    /// repeat it line after line, and a compare costs less than a fingerprint.
    func isLastUser(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lastUser >= 0 && lastUserBytes.count == bytes.count
            && lastUserBytes.withUnsafeBytes {
                bytes.isEmpty || bytesEqual($0.baseAddress!, bytes.baseAddress!, bytes.count)
            }
    }

    /// The fingerprint under which a user is looked up.
    func userKey(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        hashBytes(bytes, seeds: (0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89))
    }

    /// Starts bringing in the slot `user` will read for this key.
    func prefetchUser(_ key: (UInt64, UInt64)) { userOfKey.prefetch(key) }

    /// The local id of a user, adding it when new. `key` is `userKey(_:)`, when already made
    /// for a user other than the last.
    mutating func user(_ bytes: UnsafeRawBufferPointer, key known: (UInt64, UInt64)? = nil) -> Int32 {
        if known == nil, isLastUser(bytes) { return lastUser }
        let key = known ?? userKey(bytes)
        let id: Int32
        if let found = userOfKey.value(key) {
            id = found
        } else {
            id = users.intern(bytes)
            userOfKey.insert(key, value: id)
        }
        lastUser = id
        lastUserBytes.replaceSubrange(lastUserBytes.indices, with: bytes)
        userHash = key.0
        return id
    }

    mutating func user(_ string: String) -> Int32 {
        var string = string
        return string.withUTF8 { user(UnsafeRawBufferPointer($0)) }
    }

    /// The id of a site as read; its normalised form is `wikiOfRaw[id]`.
    mutating func rawWiki(_ raw: UnsafeRawBufferPointer) -> Int32 {
        let rawID = rawWikis.intern(raw)
        if Int(rawID) == wikiOfRaw.count {
            let normalised = wikis.intern(Normalization.wiki(String(decoding: raw, as: UTF8.self)))
            wikiOfRaw.append(normalised)
            wikiSaltOfRaw.append(mix64(wikis.hash(of: normalised)))
        }
        return rawID
    }

    /// The fingerprint under which the article (site as read, title as read) is looked up.
    func articleKey(rawWiki: Int32, title raw: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        // Keyed by the normalised wiki: one site is often written several ways in one export.
        let salt = wikiSaltOfRaw[Int(rawWiki)]
        let hash = hashBytes(raw, seeds: (0x4528_21E6_38D0_1377, 0xBE54_66CF_34E9_0C6C))
        return (mix64(hash.0 ^ salt), mix64(hash.1 &+ salt))
    }

    /// Starts bringing in the slot `article` will read for this key: the map is megabytes,
    /// so a lookup waits on memory unless asked for ahead.
    func prefetchArticle(_ key: (UInt64, UInt64)) { articleOfRawPair.prefetch(key) }

    /// The article (wiki, title as read), or nil when nothing is left of the title after
    /// normalisation. `key` is `articleKey(rawWiki:title:)`, when already made.
    mutating func article(rawWiki: Int32, title raw: UnsafeRawBufferPointer, key: (UInt64, UInt64)? = nil) -> ArticleID?
    {
        let key = key ?? articleKey(rawWiki: rawWiki, title: raw)
        if let id = articleOfRawPair.value(key) {
            return id >= 0 ? .local(id) : id == -1 ? nil : .catalog(-2 - id)
        }
        if let known = knownArticles?.value(key) {
            articleOfRawPair.insert(key, value: known < 0 ? -1 : -2 - known)
            return known < 0 ? nil : .catalog(known)
        }
        Normalization.title(raw, into: &titleBuffer)
        var id: Int32 = -1
        if !titleBuffer.isEmpty {
            id = Int32(shippedArticles + newArticles.wikis.count)
            newArticles.wikis.append(wikiOfRaw[Int(rawWiki)])
            titleBuffer.withUnsafeBytes { newArticles.titles.append($0) }
        }
        articleOfRawPair.insert(key, value: id)
        if knownArticles != nil { newFingerprints.append((key, id)) }
        return id < 0 ? nil : .local(id)
    }

    /// The articles added since the last call, to ship with a chunk.
    mutating func takeNewArticles() -> NewArticles {
        shippedArticles += newArticles.wikis.count
        defer { newArticles = NewArticles() }
        return newArticles
    }

    /// The zone's local id, or nil when the name is not an IANA zone. Only an id: returning
    /// the rules would retain them once per record.
    mutating func zone(_ raw: UnsafeRawBufferPointer) -> Int32? {
        let id = zones.intern(raw)
        if Int(id) == zoneRules.count {
            // A copy of the worker's own: the catalog's objects are shared by every worker.
            let rules = zoneCatalog.rules(for: String(decoding: raw, as: UTF8.self))
            zoneRules.append(rules?.copy())
            isZone.append(rules != nil)
        }
        return isZone[Int(id)] ? id : nil
    }

    /// The tag's local id, or nil when it is not a well-formed BCP 47 tag (checked at the
    /// tag's first sighting only).
    mutating func locale(_ raw: UnsafeRawBufferPointer) -> Int32? {
        let id = locales.intern(raw)
        if Int(id) == isLocale.count { isLocale.append(LanguageTag.isWellFormed(raw)) }
        return isLocale[Int(id)] ? id : nil
    }
}

/// A worker's distinct sets of page-view attributes, encoded: each gets the next local id,
/// found again by a 128-bit fingerprint of its bytes, and its bytes are kept only until the
/// chunk that added it ships them (decision 129). Sets are as many as the articles that carry
/// them, and as long as their categories: a table of their bytes held every category name
/// once more for the whole run.
struct LocalAttributeSets {
    private var idOfKey = FingerprintMap()
    private(set) var count = 0
    /// The sets added since `takeUnshipped`, in local id order.
    private(set) var unshipped = StringBatch()

    /// The local id of a set, adding it when new.
    mutating func intern(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        let key = hashBytes(bytes, seeds: (0x5851_F42D_4C95_7F2D, 0x1405_7B7E_F767_814F))
        if let id = idOfKey.value(key) { return id }
        let id = Int32(count)
        idOfKey.insert(key, value: id)
        unshipped.append(bytes)
        count += 1
        return id
    }

    /// The sets added since the last call, to ship with a chunk.
    mutating func takeUnshipped() -> StringBatch {
        defer { unshipped = StringBatch() }
        return unshipped
    }
}

/// Articles a worker added, in local id order: each one's normalised wiki (a local id) and
/// normalised title.
struct NewArticles {
    var wikis: [Int32] = []
    var titles = StringBatch()
}
