import YirCore
import YirStats

extension ReaderFields {
    /// A member of the reader object, or of an object, list element or row in it: its path (the
    /// names from the reader object down, joined by `.`) and what its value is.
    public struct Member: Hashable, Sendable, CustomStringConvertible {
        public var path: String
        public var value: FieldValue

        public init(path: String, value: FieldValue) {
            self.path = path
            self.value = value
        }

        public var description: String { "\(path): \(value)" }
    }

    /// The declared members whose role `role` accepts, in order, with every list's element and
    /// every nullable object walked (a member inside one whose role `role` refuses is left out
    /// with it). `members(where: \.readBack)` is what the partition lines' decoder must read,
    /// no more and no less.
    public static func members(where role: @escaping (ReaderField.Role) -> Bool) -> [Member] {
        var listing = MemberListing(accepts: role)
        ReaderFields.walk(
            ReaderStats.placeholder(zone: ZoneCatalog().rules(for: "UTC")!),
            Context(slides: nil, lastSavedDisplay: ""), &listing)
        return listing.members
    }
}

/// Walks `ReaderFields` once, noting each member's path and kind of value.
private struct MemberListing: ReaderFieldVisitor {
    typealias Failure = Unfailing

    let accepts: (ReaderField.Role) -> Bool
    var members: [ReaderFields.Member] = []
    private var path: [String] = []

    init(accepts: @escaping (ReaderField.Role) -> Bool) { self.accepts = accepts }

    private mutating func add(_ field: ReaderField, _ value: FieldValue) {
        guard accepts(field.role) else { return }
        members.append(.init(path: (path + [field.name.description]).joined(separator: "."), value: value))
    }

    /// Notes the field and walks what is inside it.
    private mutating func add(_ field: ReaderField, _ value: FieldValue, _ inside: (inout Self) throws(Failure) -> Void)
    {
        guard accepts(field.role) else { return }
        add(field, value)
        path.append(field.name.description)
        do { try inside(&self) } catch let impossible as Unfailing { switch impossible {} }
        path.removeLast()
    }

    mutating func text(_ field: ReaderField, _ value: String, _ kind: TextKind) {
        add(field, .text(kind, nullable: false))
    }
    mutating func text(_ field: ReaderField, _ value: String?, _ kind: TextKind) {
        add(field, .text(kind, nullable: true))
    }
    mutating func instant(_ field: ReaderField, _ value: Int64) { add(field, .instant(nullable: false)) }
    mutating func instant(_ field: ReaderField, _ value: Int64?) { add(field, .instant(nullable: true)) }
    mutating func date(_ field: ReaderField, _ value: CivilDate?) { add(field, .date) }
    mutating func count(_ field: ReaderField, _ value: Int, _ kind: CountKind) {
        add(field, .count(kind, nullable: false))
    }
    mutating func count(_ field: ReaderField, _ value: Int?, _ kind: CountKind) {
        add(field, .count(kind, nullable: true))
    }
    mutating func seconds(_ field: ReaderField, milliseconds value: Int64) { add(field, .seconds(nullable: false)) }
    mutating func seconds(_ field: ReaderField, milliseconds value: Int64?) { add(field, .seconds(nullable: true)) }
    mutating func decimal(_ field: ReaderField, _ value: FixedDecimal) { add(field, .decimal) }
    mutating func change(_ field: ReaderField, _ value: FixedDecimal?) { add(field, .change) }
    mutating func articleName(_ field: ReaderField, _ name: ArticleName, _ part: ArticlePart) {
        add(field, .articleName(part))
    }
    mutating func degrees(_ field: ReaderField, _ value: Int64, limit: Int64) { add(field, .degrees(limit: limit)) }
    mutating func integer(_ field: ReaderField, _ value: Int64, _ kind: CountKind) { add(field, .integer(kind)) }
    mutating func numbers(_ field: ReaderField, _ value: [Int], count: Int) { add(field, .numbers(count: count)) }

    mutating func object(_ field: ReaderField, _ body: (inout Self) throws(Failure) -> Void) throws(Failure) {
        add(field, .object(nullable: false), body)
    }

    mutating func object<T>(
        _ field: ReaderField, _ value: T?, empty: T, _ body: (inout Self, T) throws(Failure) -> Void
    ) throws(Failure) {
        add(field, .object(nullable: true)) { (v: inout Self) throws(Failure) in try body(&v, empty) }
    }

    mutating func list<T>(
        _ field: ReaderField, element: StaticString, _ value: [T], empty: T, count: ClosedRange<Int>?,
        _ body: (inout Self, T) throws(Failure) -> Void
    ) throws(Failure) {
        add(field, .list(count: count)) { (v: inout Self) throws(Failure) in try body(&v, empty) }
    }

    mutating func rows<T>(
        _ field: ReaderField, _ value: [T], empty: T, _ row: (inout Self, T) throws(Failure) -> Void
    ) throws(Failure) {
        add(field, .rows) { (v: inout Self) throws(Failure) in try row(&v, empty) }
    }
}
