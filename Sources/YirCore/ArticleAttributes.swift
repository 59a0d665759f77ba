/// What a page view says about its article (SPEC §1.2 v3): its categories, topics, the place
/// it is about and its lead image. A worker encodes a view's attributes into bytes, interned
/// like any string, so that the many views of one article carry one small id; the catalog
/// decodes each distinct set once (`Catalog.attributeSet`).
public struct ArticleAttributes: Sendable, BitwiseCopyable {
    /// Whether the view carried each field: an article's attribute is that of its latest
    /// counted view carrying the field (SPEC §2.3), an empty list included.
    public var hasCategories = false
    public var hasTopics = false
    /// Where the set's lists lie in `Catalog.attributeCategories` and `attributeTopics`: a set
    /// is a plain record, so that reading one copies no array (each a retain and a release, on
    /// counts every statistics thread writes to).
    @usableFromInline var categoriesStart: Int32 = 0
    @usableFromInline var categoriesCount: Int32 = 0
    @usableFromInline var topicsStart: Int32 = 0
    @usableFromInline var topicsCount: Int32 = 0
    public var coordinates: Coordinates?
    /// An id in `Catalog.urls`.
    public var thumbnail: Int32?

    public init() {}

    /// Where its categories are in `Catalog.attributeCategories`.
    @inlinable public var categories: Range<Int> { Int(categoriesStart)..<Int(categoriesStart + categoriesCount) }
    /// Where its topics are in `Catalog.attributeTopics`.
    @inlinable public var topics: Range<Int> { Int(topicsStart)..<Int(topicsStart + topicsCount) }

    /// A point in WGS 84 degrees, in units of 10⁻⁷ degree (about a centimetre): exact decimal
    /// text in and out, never a binary fraction.
    public struct Coordinates: Sendable, Equatable, BitwiseCopyable {
        public var lat: Int64
        public var lon: Int64
        public static let scale = 7
        public init(lat: Int64, lon: Int64) {
            self.lat = lat
            self.lon = lon
        }
        public var latitude: FixedDecimal { FixedDecimal(lat, scale: Self.scale) }
        public var longitude: FixedDecimal { FixedDecimal(lon, scale: Self.scale) }
        public var degrees: (lat: Double, lon: Double) { (Double(lat) / 1e7, Double(lon) / 1e7) }
    }

    private enum Present {
        static let categories: UInt8 = 1, topics: UInt8 = 2, coordinates: UInt8 = 4, thumbnail: UInt8 = 8
    }

    /// The bytes a worker interns for a view's attributes: a byte of which fields are present,
    /// then the coordinates, the thumbnail and the two lists, each string length-prefixed.
    public static func encode(
        categories: [[UInt8]]?, topics: [[UInt8]]?, coordinates: Coordinates?,
        thumbnail: UnsafeRawBufferPointer?, into out: inout [UInt8]
    ) {
        out.removeAll(keepingCapacity: true)
        var present: UInt8 = 0
        if categories != nil { present |= Present.categories }
        if topics != nil { present |= Present.topics }
        if coordinates != nil { present |= Present.coordinates }
        if thumbnail != nil { present |= Present.thumbnail }
        out.append(present)
        func integer(_ value: UInt64, bytes: Int) {
            for i in 0..<bytes { out.append(UInt8(truncatingIfNeeded: value >> (8 * i))) }
        }
        func string(_ bytes: some Collection<UInt8>) {
            integer(UInt64(bytes.count), bytes: 4)
            out.append(contentsOf: bytes)
        }
        if let coordinates {
            integer(UInt64(bitPattern: coordinates.lat), bytes: 8)
            integer(UInt64(bitPattern: coordinates.lon), bytes: 8)
        }
        if let thumbnail { string(thumbnail) }
        for list in [categories, topics] {
            guard let list else { continue }
            integer(UInt64(list.count), bytes: 4)
            for name in list { string(name) }
        }
    }

    /// The attributes `encode` wrote, their strings interned into `catalog`.
    /// Its lists' ids are appended to `categories` and `topics` (the catalog's flat lists).
    static func decode(
        _ bytes: UnsafeRawBufferPointer, catalog: Catalog, categories: inout [Int32], topics: inout [Int32]
    ) -> ArticleAttributes {
        var at = 1
        func integer(bytes count: Int) -> UInt64 {
            var value: UInt64 = 0
            for i in 0..<count { value |= UInt64(bytes[at + i]) << (8 * i) }
            at += count
            return value
        }
        func string() -> UnsafeRawBufferPointer {
            let count = Int(integer(bytes: 4))
            defer { at += count }
            return UnsafeRawBufferPointer(rebasing: bytes[at..<(at + count)])
        }
        let present = bytes[0]
        var result = ArticleAttributes()
        if present & Present.coordinates != 0 {
            let lat = Int64(bitPattern: integer(bytes: 8))
            result.coordinates = Coordinates(lat: lat, lon: Int64(bitPattern: integer(bytes: 8)))
        }
        if present & Present.thumbnail != 0 { result.thumbnail = catalog.urls.intern(string()) }
        if present & Present.categories != 0 {
            result.hasCategories = true
            let count = Int(integer(bytes: 4))
            (result.categoriesStart, result.categoriesCount) = (Int32(categories.count), Int32(count))
            for _ in 0..<count { categories.append(catalog.categories.intern(string())) }
        }
        if present & Present.topics != 0 {
            result.hasTopics = true
            let count = Int(integer(bytes: 4))
            (result.topicsStart, result.topicsCount) = (Int32(topics.count), Int32(count))
            for _ in 0..<count { topics.append(catalog.topics.intern(string())) }
        }
        return result
    }
}
