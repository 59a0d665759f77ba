import YirCore
import YirStats

/// One member of the reader object (SPEC §4.1): its name — the JSON key and the XML element
/// are the same — what it says (the schemas' documentation), its CSV column and its role.
/// `ReaderFields` declares every one of them once; the writers, the partition reader and the
/// schema generators all walk that declaration (`ReaderFieldVisitor`).
public struct ReaderField: Sendable {
    public let name: StaticString
    public let doc: StaticString
    public let csv: CSVColumn
    public let role: Role

    public init(_ name: StaticString, _ doc: StaticString, csv: CSVColumn = .none, role: Role = .figure) {
        self.name = name
        self.doc = doc
        self.csv = csv
        self.role = role
    }

    /// Where a value comes from, and so which outputs carry it and whether it is read back.
    public enum Role: Sendable {
        /// A figure: in every output, and read back from partition lines.
        case figure
        /// Worked out from other figures or from the run (`minutes`, `top_article`, `slides`,
        /// `rank`): in every output, never read back — `render` works it out again.
        case derived
        /// Only in `yir stats --partition` lines: what `render` needs beyond the reader object.
        case partition
        /// Only in the CSV, which has no lists: a scalar taken from one (the top category).
        case csvOnly

        /// Whether the reader object of the JSON, JSON Lines and XML outputs carries it.
        public var inReaderObject: Bool { self == .figure || self == .derived }
        /// Whether the partition reader takes it back.
        public var readBack: Bool { self == .figure || self == .partition }
    }

    /// A field's column in `readers.csv` (SPEC §4.6: the scalar figures).
    public enum CSVColumn: Sendable {
        /// Not a column.
        case none
        /// Named by its path, the names joined by `_` (`window_start`, `rabbit_hole_first_wiki`).
        case path
        /// A name of its own (`pattern_hour`, `saved_year`).
        case named(StaticString)
    }
}

/// The kind of a text field: how its value is checked and what the schemas say it is.
public enum TextKind: Sendable, Hashable {
    /// Any string.
    case any
    /// At least one character (a user id, a title).
    case nonEmpty
    /// A reader's deck in the output folder: `readers/` + 26 base32 characters + `.html`.
    case deckPath
    /// An `http://` or `https://` URL (thumbnails, SPEC §1.2).
    case imageURL
    /// `patterns.time_of_day` (SPEC §2.3).
    case timeOfDay
    /// An IANA zone's identifier.
    case zone
    /// A BCP 47 language tag.
    case languageTag
}

/// A whole number's kind: its range and the simple type the XSD names it by.
public struct CountKind: Sendable, Hashable {
    public let range: ClosedRange<Int64>
    /// What a value read back must be, for the failure that names it.
    public let expected: StaticString
    /// The XSD's type of it.
    public let xsdType: StaticString

    public static let count = CountKind(
        range: 0...JSONPullReader.largestCount, expected: "a count from 0 to 2^53 − 1",
        xsdType: "xs:nonNegativeInteger")
    public static let positive = CountKind(
        range: 1...JSONPullReader.largestCount, expected: "a count from 1 to 2^53 − 1",
        xsdType: "xs:positiveInteger")
    public static let hour = CountKind(range: 0...23, expected: "an hour from 0 to 23", xsdType: "Hour")
    public static let weekday = CountKind(range: 1...7, expected: "a weekday from 1 to 7", xsdType: "Weekday")
    public static let month = CountKind(range: 1...12, expected: "a month from 1 to 12", xsdType: "Month")
    public static let percent = CountKind(range: 1...100, expected: "a percentage from 1 to 100", xsdType: "Percent")
    /// Of the rows of partition lines alone, which no schema describes.
    public static let instantMilliseconds = CountKind(
        range: RFC3339.earliest...(RFC3339.end - 1), expected: "an instant of 1970–2099 in milliseconds", xsdType: "")
    public static let day = CountKind(
        range: (RFC3339.earliest / millisecondsPerDay - 1)...(RFC3339.end / millisecondsPerDay),
        expected: "a day of 1970–2099", xsdType: "")

    public static func == (a: CountKind, b: CountKind) -> Bool {
        a.range == b.range && a.expected.description == b.expected.description
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(range) }
}

/// Which half of an article's name a field holds.
public enum ArticlePart: Sendable, Hashable { case wiki, title }

/// What walks a reader's fields: a writer reads each value, a schema generator looks only at
/// the fields. The walk only reads: each value is handed by value (borrowed, never copied out
/// of the figures), and nothing a visitor does can change the figures. Reading a partition
/// line back is a decoder of its own (YirPartitions' `ReaderLineDecoder`), checked against this
/// declaration by the members it asks for (`ReaderFields.members`).
///
/// Lists, rows and nullable objects carry an `empty` element: what a schema generator, or the
/// CSV writer's empty cells of a null object, walk when there is no element.
public protocol ReaderFieldVisitor: ~Copyable {
    associatedtype Failure: Error

    /// A text: a string, a zone's identifier, a language tag (`kind` says which).
    mutating func text(_ field: ReaderField, _ value: String, _ kind: TextKind) throws(Failure)
    mutating func text(_ field: ReaderField, _ value: String?, _ kind: TextKind) throws(Failure)
    mutating func instant(_ field: ReaderField, _ value: Int64) throws(Failure)
    mutating func instant(_ field: ReaderField, _ value: Int64?) throws(Failure)
    mutating func date(_ field: ReaderField, _ value: CivilDate?) throws(Failure)
    mutating func count(_ field: ReaderField, _ value: Int, _ kind: CountKind) throws(Failure)
    mutating func count(_ field: ReaderField, _ value: Int?, _ kind: CountKind) throws(Failure)
    /// Integer milliseconds, written as seconds with up to three decimals.
    mutating func seconds(_ field: ReaderField, milliseconds value: Int64) throws(Failure)
    mutating func seconds(_ field: ReaderField, milliseconds value: Int64?) throws(Failure)
    /// Seconds ≥ 0 with up to four decimals (an average, a median).
    mutating func decimal(_ field: ReaderField, _ value: FixedDecimal) throws(Failure)
    /// A ratio less one, three decimals, either sign (`change.reading_seconds`).
    mutating func change(_ field: ReaderField, _ value: FixedDecimal?) throws(Failure)
    mutating func articleName(_ field: ReaderField, _ name: ArticleName, _ part: ArticlePart) throws(Failure)
    /// A latitude or longitude in 10⁻⁷ degrees, within ±`limit` degrees, written as degrees.
    mutating func degrees(_ field: ReaderField, _ value: Int64, limit: Int64) throws(Failure)
    /// A whole number of a row of `rows` (milliseconds, epoch milliseconds, a day number),
    /// written as it is; `kind` says what it may be.
    mutating func integer(_ field: ReaderField, _ value: Int64, _ kind: CountKind) throws(Failure)

    mutating func object(_ field: ReaderField, _ body: (inout Self) throws(Failure) -> Void) throws(Failure)
    /// An object, or null.
    mutating func object<T>(
        _ field: ReaderField, _ value: T?, empty: T, _ body: (inout Self, T) throws(Failure) -> Void
    ) throws(Failure)
    /// A list of objects; the XML names each one `element`. `count` bounds its length.
    mutating func list<T>(
        _ field: ReaderField, element: StaticString, _ value: [T], empty: T, count: ClosedRange<Int>?,
        _ body: (inout Self, T) throws(Failure) -> Void) throws(Failure)
    /// A list of `count` numbers.
    mutating func numbers(_ field: ReaderField, _ value: [Int], count: Int) throws(Failure)
    /// A list of fixed-length rows of values (`detail.days`), `row` walking one row's values
    /// in order, written unnamed.
    mutating func rows<T>(
        _ field: ReaderField, _ value: [T], empty: T, _ row: (inout Self, T) throws(Failure) -> Void
    ) throws(Failure)
}

/// The failure of visitors that cannot fail (the writers into memory, the schema generators):
/// it has no value.
public enum Unfailing: Error {}

/// What a field's value is, as the declaration hands it to a visitor: what the partition
/// lines' decoder must read it as (`ReaderFields.members`).
public enum FieldValue: Hashable, Sendable {
    case text(TextKind, nullable: Bool)
    case instant(nullable: Bool)
    case date
    case count(CountKind, nullable: Bool)
    case seconds(nullable: Bool)
    case decimal
    case change
    case articleName(ArticlePart)
    case degrees(limit: Int64)
    case integer(CountKind)
    case object(nullable: Bool)
    case list(count: ClosedRange<Int>?)
    case numbers(count: Int)
    case rows
}
