import YirCore
import YirReport
import YirStats

/// Reads a partition's reader line (SPEC §6) back into `ReaderStats` by walking
/// `ReaderFields` — YirReport's field table, which stays there because the JSON, XML and CSV
/// writers walk it too; this module depends on it rather than declaring a field twice. Each
/// field is looked up by name among its object's members (in any order; members it does not
/// know are passed over) and read exactly — instants from their RFC 3339 text, decimals from
/// their digits. Fields worked out from others (`minutes`, `rank`) are not read: `render`
/// works them out again.
///
/// Every value is checked against what `yir stats` can write — counts ≥ 0, hours 0–23, months
/// 1–12 in order, calendar dates, instants of 1970–2099, http(s) thumbnails, texts no longer
/// than an input line and free of control characters — and then the figures against each other
/// (`Partitions.checkAgreement`), so that a damaged or hand-made line is refused with its
/// place, never renders as nonsense, and never reaches a renderer that indexes a table by month
/// or weekday.
struct PartitionFieldReader: ReaderFieldVisitor {
    typealias Failure = JSONPullReader.Failure

    private var r: JSONPullReader
    private let zones: ZoneCatalog
    /// The members of each object being read, innermost last: name, and where its value starts.
    private var members: [[(name: String, value: Int)]] = []
    /// Inside a row of `rows`: where each of its values starts, and the next one's index.
    private var row: (values: [Int], next: Int)?
    /// Members of the reader object that are not there: all are named together, so that a
    /// line of plain `jsonl` (which lacks only what partition lines add) can be told apart.
    private var missing: [ReaderField] = []

    /// The figures of one reader line.
    static func reader(_ line: UnsafeRawBufferPointer, zones: ZoneCatalog) throws(Partitions.DecodeError) -> ReaderStats
    {
        let utc = zones.rules(for: "UTC")!
        var fields = PartitionFieldReader(r: JSONPullReader(line), zones: zones)
        var reader = ReaderStats.placeholder(zone: utc)
        do {
            try fields.enterObject()
            let members = fields.members[0]
            try ReaderFields.visit(&reader, ReaderFields.Context(slides: nil, lastSavedDisplay: ""), &fields)
            fields.leaveObject()
            try fields.r.end()
            // Figures that contradict each other are named by the member they are in.
            if fields.missing.isEmpty {
                do throws(Partitions.Contradiction) { try Partitions.checkAgreement(of: reader) } catch {
                    let place = members.first { $0.name == error.member }?.value ?? 0
                    throw Failure(offset: place, expected: error.expected)
                }
            }
        } catch {
            throw Partitions.DecodeError(message: "reader line: \(error)")
        }
        if !fields.missing.isEmpty {
            let names = fields.missing.map(\.name.description).joined(separator: ", ")
            throw Partitions.DecodeError(
                message: "reader line: '\(names)' is missing",
                lacksOnlyDetail: fields.missing.allSatisfy { $0.role == .partition })
        }
        return reader
    }

    private init(r: JSONPullReader, zones: ZoneCatalog) {
        self.r = r
        self.zones = zones
    }

    // MARK: Finding values

    /// Takes note of the members of the object that starts here.
    private mutating func enterObject() throws(Failure) {
        var found: [(name: String, value: Int)] = []
        try r.object { r, key throws(Failure) in
            found.append((key, r.position))
            try r.skip()
        }
        members.append(found)
        members[members.count - 1].append(("", r.position))  // where the object ends
    }

    /// Goes on after the object.
    private mutating func leaveObject() {
        r.position = members.removeLast().last!.value
    }

    /// Places the reader at the field's value; false when the field is not read back, or
    /// (in the reader object) not there.
    private mutating func find(_ field: ReaderField) throws(Failure) -> Bool {
        guard field.role.readBack else { return false }
        if var place = row {
            guard place.next < place.values.count else { throw r.failure("another value in the row") }
            r.position = place.values[place.next]
            place.next += 1
            row = place
            return true
        }
        let name = field.name.description
        guard let member = members[members.count - 1].dropLast().first(where: { $0.name == name }) else {
            if members.count == 1 {
                missing.append(field)
                return false
            }
            throw r.failure("'\(name)'")
        }
        r.position = member.value
        return true
    }

    /// The places of an array's elements, from here.
    private mutating func elements() throws(Failure) -> [Int] {
        var places: [Int] = []
        try r.array { r throws(Failure) in
            places.append(r.position)
            try r.skip()
        }
        return places
    }

    // MARK: Values

    mutating func text(_ field: ReaderField, _ value: inout String, _ kind: TextKind) throws(Failure) {
        guard try find(field) else { return }
        value = try string(kind)
    }

    mutating func text(_ field: ReaderField, _ value: inout String?, _ kind: TextKind) throws(Failure) {
        guard try find(field) else { return }
        value = r.null() ? nil : try string(kind)
    }

    private mutating func string(_ kind: TextKind) throws(Failure) -> String {
        let start = r.position
        let text = try r.string()
        try Self.check(text, at: start)
        switch kind {
        case .nonEmpty where text.isEmpty:
            throw Failure(offset: start, expected: "a string of at least one character")
        case .imageURL where !(text.lowercased().hasPrefix("https://") || text.lowercased().hasPrefix("http://")):
            throw Failure(offset: start, expected: "an http(s) URL, not '\(text.prefix(40))'")
        default: return text
        }
    }

    /// SPEC §1.1 and §4.5: every text `stats` writes comes from a line of at most 1 MiB, and
    /// one with a control character is rejected. Normalisation (`_` a space, NFC) never makes
    /// a text more Unicode scalars than it had UTF-8 bytes, so no text read back has more
    /// scalars than a line has bytes.
    static let longestText = 1 << 20

    /// Refuses a text with a control character (U+0000–U+001F, U+007F: only an escape can put
    /// one in a JSON string) or longer than `longestText`.
    private static func check(_ text: String, at offset: Int) throws(Failure) {
        var text = text  // `withUTF8` reads a native string's bytes in place
        if text.withUTF8({ $0.contains { $0 < 0x20 || $0 == 0x7F } }) {
            throw Failure(offset: offset, expected: "text without control characters (U+0000–U+001F, U+007F)")
        }
        if text.utf8.count > longestText && text.unicodeScalars.count > longestText {
            throw Failure(
                offset: offset,
                expected: "a text of at most \(longestText) characters, as an input line of 1 MiB can carry")
        }
    }

    mutating func zone(_ field: ReaderField, _ value: inout ZoneRules) throws(Failure) {
        guard try find(field) else { return }
        let name = try r.string()
        guard let rules = zones.rules(for: name) else { throw r.failure("an IANA zone, not '\(name)'") }
        value = rules
    }

    mutating func locale(_ field: ReaderField, _ value: inout LanguageTag) throws(Failure) {
        guard try find(field) else { return }
        let text = try r.string()
        guard let tag = LanguageTag(text) else { throw r.failure("a BCP 47 language tag, not '\(text)'") }
        value = tag
    }

    mutating func instant(_ field: ReaderField, _ value: inout Int64) throws(Failure) {
        guard try find(field) else { return }
        value = try instant()
    }

    mutating func instant(_ field: ReaderField, _ value: inout Int64?) throws(Failure) {
        guard try find(field) else { return }
        value = r.null() ? nil : try instant()
    }

    private mutating func instant() throws(Failure) -> Int64 {
        let text = try r.string()
        guard case .success(.instant(let t)) = RFC3339.parse(text) else {
            throw r.failure("an RFC 3339 instant, not '\(text)'")
        }
        return t
    }

    mutating func date(_ field: ReaderField, _ value: inout CivilDate?) throws(Failure) {
        guard try find(field) else { return }
        guard let text = try r.optionalString() else { return value = nil }
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            range.allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
                ? range.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) } : nil
        }
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), (1...CivilDate.daysInMonth(year: year, month: month)).contains(day),
            ReaderFields.days.contains(CivilDate(year: year, month: month, day: day).daysSinceEpoch)
        else { throw r.failure("a date YYYY-MM-DD of 1970–2099, not '\(text)'") }
        value = CivilDate(year: year, month: month, day: day)
    }

    mutating func count(_ field: ReaderField, _ value: inout Int, _ kind: CountKind) throws(Failure) {
        guard try find(field) else { return }
        value = Int(try r.int64(in: kind.range, kind.expected.description))
    }

    mutating func count(_ field: ReaderField, _ value: inout Int?, _ kind: CountKind) throws(Failure) {
        guard try find(field) else { return }
        value = r.null() ? nil : Int(try r.int64(in: kind.range, kind.expected.description))
    }

    mutating func seconds(_ field: ReaderField, milliseconds value: inout Int64) throws(Failure) {
        guard try find(field) else { return }
        value = try milliseconds()
    }

    mutating func seconds(_ field: ReaderField, milliseconds value: inout Int64?) throws(Failure) {
        guard try find(field) else { return }
        value = r.null() ? nil : try milliseconds()
    }

    /// Seconds with at most three decimals, as integer milliseconds.
    private mutating func milliseconds() throws(Failure) -> Int64 {
        let d = try decimal()
        guard d.scale <= 3 else { throw r.failure("seconds with at most 3 decimals") }
        var v = d.value
        for _ in d.scale..<3 { v *= 10 }
        return v
    }

    mutating func decimal(_ field: ReaderField, _ value: inout FixedDecimal) throws(Failure) {
        guard try find(field) else { return }
        value = try decimal()
    }

    /// Seconds ≥ 0 with at most four decimals (a median's), of at most `largestCount` milliseconds.
    private mutating func decimal() throws(Failure) -> FixedDecimal {
        let text = try r.numberText()
        guard let value = PartitionFormat.fixedDecimal(String(decoding: text, as: UTF8.self)), value.scale <= 4,
            value.value / [1, 10, 100, 1000, 10_000][value.scale] <= JSONPullReader.largestCount / 1000
        else { throw r.failure("seconds ≥ 0 with at most 4 decimals, below 2^53 milliseconds") }
        return value
    }

    /// A change to three decimals, of either sign.
    mutating func change(_ field: ReaderField, _ value: inout FixedDecimal?) throws(Failure) {
        guard try find(field) else { return }
        if r.null() { return value = nil }
        let (text, negative, magnitude) = try signedDecimal()
        guard let magnitude, magnitude.scale <= 3, magnitude.value <= JSONPullReader.largestCount
        else { throw r.failure("a number with at most 3 decimals, not '\(text)'") }
        value = FixedDecimal(negative ? -magnitude.value : magnitude.value, scale: magnitude.scale)
    }

    /// A number of either sign: its text, its sign and its magnitude's digits (nil when they are
    /// not a plain decimal).
    private mutating func signedDecimal() throws(Failure) -> (text: String, negative: Bool, magnitude: FixedDecimal?) {
        let text = String(decoding: try r.numberText(), as: UTF8.self)
        let negative = text.hasPrefix("-")
        return (text, negative, PartitionFormat.fixedDecimal(negative ? String(text.dropFirst()) : text))
    }

    /// Degrees of either sign with at most 7 decimals, within ±`limit`.
    mutating func degrees(_ field: ReaderField, _ value: inout Int64, limit: Int64) throws(Failure) {
        guard try find(field) else { return }
        let (text, negative, magnitude) = try signedDecimal()
        let scale = ArticleAttributes.Coordinates.scale
        guard let magnitude, magnitude.scale <= scale
        else { throw r.failure("degrees with at most \(scale) decimals, not '\(text)'") }
        var units = magnitude.value
        for _ in magnitude.scale..<scale { units *= 10 }
        guard units <= limit * 10_000_000 else { throw r.failure("degrees from -\(limit) to \(limit), not '\(text)'") }
        value = negative ? -units : units
    }

    mutating func articleName(_ field: ReaderField, _ name: inout ArticleName, _ part: ArticlePart) throws(Failure) {
        guard try find(field) else { return }
        let start = r.position
        let text = try r.string()
        // SPEC §1.3: an empty wiki or title (after normalisation) rejects its line.
        guard !text.isEmpty else {
            throw Failure(offset: start, expected: "a wiki and a title of at least one character")
        }
        try Self.check(text, at: start)
        guard case .text(let wiki, let title) = name else { return name = .text(wiki: text, title: "") }
        name = part == .wiki ? .text(wiki: text, title: title) : .text(wiki: wiki, title: text)
    }

    mutating func integer(_ value: inout Int64, _ range: ClosedRange<Int64>, _ expected: StaticString) throws(Failure) {
        guard try find(ReaderField("", "", role: .partition)) else { return }
        value = try r.int64(in: range, expected.description)
    }

    // MARK: Objects and lists

    mutating func object(_ field: ReaderField, _ body: (inout Self) throws(Failure) -> Void) throws(Failure) {
        guard try find(field) else { return }
        try enterObject()
        try body(&self)
        leaveObject()
    }

    mutating func object<T>(
        _ field: ReaderField, _ value: inout T?, empty: T,
        _ body: (inout Self, inout T) throws(Failure) -> Void
    ) throws(Failure) {
        guard try find(field) else { return }
        if r.null() { return value = nil }
        var read = empty
        try enterObject()
        try body(&self, &read)
        leaveObject()
        value = read
    }

    mutating func list<T>(
        _ field: ReaderField, element: StaticString, _ value: inout [T], empty: T, count: ClosedRange<Int>?,
        _ body: (inout Self, inout T) throws(Failure) -> Void
    ) throws(Failure) {
        guard try find(field) else { return }
        let places = try elements()
        let after = r.position
        if let count, !count.contains(places.count) {
            throw r.failure(
                "'\(field.name)' of \(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)") elements"
            )
        }
        value = []
        value.reserveCapacity(places.count)
        for place in places {
            r.position = place
            var read = empty
            try enterObject()
            try body(&self, &read)
            leaveObject()
            value.append(read)
        }
        r.position = after
    }

    mutating func numbers(_ field: ReaderField, _ value: inout [Int], count: Int) throws(Failure) {
        guard try find(field) else { return }
        var read: [Int] = []
        try r.array { r throws(Failure) in read.append(try r.count()) }
        guard read.count == count else { throw r.failure("\(count) numbers in '\(field.name)'") }
        value = read
    }

    mutating func rows<T>(
        _ field: ReaderField, _ value: inout [T], empty: T,
        _ body: (inout Self, inout T) throws(Failure) -> Void
    ) throws(Failure) {
        guard try find(field) else { return }
        let places = try elements()
        let after = r.position
        value = []
        value.reserveCapacity(places.count)
        for place in places {
            r.position = place
            let values = try elements()
            let end = r.position
            row = (values, 0)
            var read = empty
            try body(&self, &read)
            guard row!.next == values.count else { throw r.failure("a row of \(row!.next) values in '\(field.name)'") }
            row = nil
            r.position = end
            value.append(read)
        }
        r.position = after
    }

    mutating func require(_ holds: @autoclosure () -> Bool, _ expected: StaticString) throws(Failure) {
        // A member left out of the reader object leaves its figure empty: that is the failure to report.
        guard missing.isEmpty, !holds() else { return }
        throw r.failure(expected.description)
    }
}
