import YirCore
import YirReport
import YirStats

/// Reads a partition's reader line (SPEC §6) back into `ReaderStats`: the decoder beside the
/// writers' walk of YirReport's field table (`ReaderFields`), as `Decodable` is beside
/// `Encodable`. It asks for every member the table reads back (a figure, or a field of
/// partition lines alone) by its name, in the table's order, reads it as the table says it is
/// (`FieldValue`: a count's range, a text's kind) and builds the figures from what it read.
/// Fields worked out from others (`minutes`, `rank.top_percent`) are not read: `render` works
/// them out again. What it asks for is held to the table by a test (`membersAsked` against
/// `ReaderFields.members`): a field declared and not decoded, or decoded under another name or
/// as another kind, fails it.
///
/// Each member is looked up by name among its object's members (in any order; members it does
/// not know are passed over) and read exactly — instants from their RFC 3339 text, decimals
/// from their digits. Every value is checked against what `yir stats` can write — counts ≥ 0,
/// hours 0–23, months 1–12 in order, calendar dates, instants of 1970–2099, http(s)
/// thumbnails, texts no longer than an input line and free of control characters — and then
/// the figures against each other (`Partitions.checkAgreement`), so that a damaged or
/// hand-made line is refused with its place, never renders as nonsense, and never reaches a
/// renderer that indexes a table by month or weekday.
struct ReaderLineDecoder {
    typealias Failure = JSONPullReader.Failure

    private var r: JSONPullReader
    private let zones: ZoneCatalog
    /// The members of each object being read, innermost last: name, and where its value starts.
    private var members: [[(name: String, value: Int)]] = []
    /// Inside a row of `rows`: where each of its values starts, and the next one's index.
    private var row: (values: [Int], next: Int)?
    /// Members of the reader object that are not there: all are named together, so that a
    /// line of plain `jsonl` (which lacks only what partition lines add) can be told apart.
    private var missing: [String] = []
    /// Walking what a member that is not there would hold: nothing is read, every value is
    /// its type's zero (the line is refused once the members that are there have been read).
    private var absent = false
    /// When set, every member asked for, with what it is read as; each list's element and
    /// each nullable object are then walked even where there is none.
    private var asked: [ReaderFields.Member]?
    /// The names from the reader object down to the object being read, while `asked` is noted.
    private var path: [String] = []

    /// The figures of one reader line.
    static func reader(_ line: UnsafeRawBufferPointer, zones: ZoneCatalog) throws(Partitions.DecodeError) -> ReaderStats
    {
        var d = ReaderLineDecoder(r: JSONPullReader(line), zones: zones)
        let reader: ReaderStats
        do {
            try d.enterObject()
            let members = d.members[0]
            reader = try d.readerObject()
            d.leaveObject()
            try d.r.end()
            // Figures that contradict each other are named by the member they are in.
            if d.missing.isEmpty {
                do throws(Partitions.Contradiction) { try Partitions.checkAgreement(of: reader) } catch {
                    let place = members.first { $0.name == error.member }?.value ?? 0
                    throw Failure(offset: place, expected: error.expected)
                }
            }
        } catch {
            throw Partitions.DecodeError(message: "reader line: \(error)")
        }
        if !d.missing.isEmpty {
            let partitionOnly = Set(ReaderFields.members { $0 == .partition }.map(\.path))
            throw Partitions.DecodeError(
                message: "reader line: '\(d.missing.joined(separator: ", "))' is missing",
                lacksOnlyDetail: d.missing.allSatisfy(partitionOnly.contains))
        }
        return reader
    }

    /// Every member the decoder asks for, with what it reads it as: those of a reader object
    /// that has none, each list's element and nullable object walked as if there.
    static func membersAsked() -> [ReaderFields.Member] {
        Array("{}".utf8).withUnsafeBytes { line in
            var d = ReaderLineDecoder(r: JSONPullReader(line), zones: ZoneCatalog())
            d.asked = []
            do {
                try d.enterObject()
                _ = try d.readerObject()
            } catch {}
            return d.asked!
        }
    }

    private init(r: JSONPullReader, zones: ZoneCatalog) {
        self.r = r
        self.zones = zones
    }

    // MARK: The reader object, in the field table's order

    private mutating func readerObject() throws(Failure) -> ReaderStats {
        let user = try text("user", .nonEmpty)
        let zone = try zone("time_zone")
        let locale = try locale("locale")
        var f = ReaderStats(user: user, zone: zone, locale: locale)
        f.window = try object("window") { d throws(Failure) in
            let start = try d.instant("start")
            return ReaderStats.Window(start: start, end: try d.instant("end"))
        }
        f.coverage = try object("coverage") { d throws(Failure) in
            let start = try d.instant("start")
            let end = try d.instant("end")
            let cleared = try d.optionalInstant("cleared")
            return ReaderStats.Coverage(
                start: start, end: end, cleared: cleared, firstView: try d.optionalInstant("first_view"))
        }
        f.reading = try object("reading") { d throws(Failure) in
            let milliseconds = try d.seconds("seconds")
            let views = try d.count("views", .count)
            let articles = try d.count("articles", .count)
            let average = try d.decimal("average_seconds_per_article")
            return ReaderStats.Reading(
                milliseconds: milliseconds, views: views, articles: articles, averageSecondsPerArticle: average,
                medianSecondsPerArticle: try d.decimal("median_seconds_per_article"))
        }
        f.topArticles = try list("top_articles") { d throws(Failure) in try d.article() }
        f.firstArticle = try optionalObject("first_article") { d throws(Failure) in try d.moment() }
        f.lastArticle = try optionalObject("last_article") { d throws(Failure) in try d.moment() }
        f.longestView = try optionalObject("longest_view") { d throws(Failure) in
            let name = try d.articleName()
            let milliseconds = try d.seconds("seconds")
            let at = try d.instant("at")
            try d.require(milliseconds > 0, "a 'longest_view' of more than 0 seconds, or null")
            return LongestView(name: name, milliseconds: milliseconds, at: at)
        }
        f.categories = try list("categories") { d throws(Failure) in try d.subject("category") }
        f.topics = try list("topics") { d throws(Failure) in try d.subject("topic") }
        f.places = try optionalObject("places") { d throws(Failure) in
            let articles = try d.count("articles", .positive)
            let milliseconds = try d.seconds("seconds")
            let countries = try d.list("countries") { d throws(Failure) in try d.subject("country") }
            let north = try d.object("north") { d throws(Failure) in try d.place(seconds: false) }
            let south = try d.object("south") { d throws(Failure) in try d.place(seconds: false) }
            return Places(
                articles: articles, milliseconds: milliseconds, countries: countries, north: north, south: south,
                top: try d.list("top") { d throws(Failure) in try d.place(seconds: true) })
        }
        f.languages = try list("languages") { d throws(Failure) in
            let language = try d.text("language", .nonEmpty)
            let articles = try d.count("articles", .positive)
            return LanguageShare(language: language, articles: articles, milliseconds: try d.seconds("seconds"))
        }
        f.appTime = try object("app_time") { d throws(Failure) in
            let milliseconds = try d.seconds("seconds")
            let sessions = try d.count("sessions", .count)
            return ReaderStats.AppTime(
                milliseconds: milliseconds, sessions: sessions,
                averageSessionSeconds: try d.decimal("average_session_seconds"))
        }
        f.patterns = try object("patterns") { d throws(Failure) in
            let hour = try d.optionalCount("hour", .hour)
            let weekday = try d.optionalCount("weekday", .weekday)
            return ReaderStats.Patterns(hour: hour, weekday: weekday, month: try d.optionalCount("month", .month))
        }
        f.monthly = try list("monthly", count: 12...12) { d throws(Failure) in
            let month = try d.count("month", .month)
            let milliseconds = try d.seconds("seconds")
            return ReaderStats.Month(month: month, milliseconds: milliseconds, views: try d.count("views", .count))
        }
        try require(f.monthly.map(\.month) == Array(1...12), "'monthly' with months 1 to 12 in order")
        f.streak = try object("streak") { d throws(Failure) in
            let days = try d.count("days", .count)
            let start = try d.date("start")
            let streak = ReaderStats.Streak(days: days, start: start, end: try d.date("end"))
            try d.require(streak.holdsTogether, "a 'streak' of as many days as from 'start' to 'end'")
            return streak
        }
        f.rabbitHole = try optionalObject("rabbit_hole") { d throws(Failure) in
            let articles = try d.count("articles", .positive)
            let views = try d.count("views", .positive)
            let milliseconds = try d.seconds("seconds")
            let start = try d.instant("start")
            let end = try d.instant("end")
            let first = try d.object("first") { d throws(Failure) in try d.articleName() }
            let last = try d.object("last") { d throws(Failure) in try d.articleName() }
            try d.require(
                articles <= views && start <= end,
                "a 'rabbit_hole' with views ≥ articles ≥ 1, start ≤ end, 'first' and 'last', or null")
            return ReaderStats.RabbitHole(
                articles: articles, views: views, milliseconds: milliseconds, start: start, end: end, first: first,
                last: last)
        }
        f.previousYear = try optionalObject("previous_year") { d throws(Failure) in
            let milliseconds = try d.seconds("seconds")
            let views = try d.count("views", .positive)
            let articles = try d.count("articles", .positive)
            try d.require(articles <= views, "'previous_year' with views ≥ articles ≥ 1, or null")
            return ReaderStats.PreviousYear(milliseconds: milliseconds, views: views, articles: articles)
        }
        f.readingChange = try object("change") { d throws(Failure) in try d.change("reading_seconds") }
        f.saved = try object("saved") { d throws(Failure) in
            let (last30Days, lastSaved) = try d.object("last_30_days") { d throws(Failure) in
                let count = try d.count("count", .count)
                return (count, try d.optionalInstant("last_saved"))
            }
            let year = try d.object("year") { d throws(Failure) in try d.count("count", .count) }
            let recent = try d.list("recent", count: 0...3) { d throws(Failure) in try d.save() }
            let unread = try d.object("unread") { d throws(Failure) in
                let count = try d.count("count", .count)
                let articles = try d.list("articles", count: 0...3) { d throws(Failure) in try d.save() }
                try d.require(
                    articles.count == min(count, 3), "'unread' listing its first min(count, 3) articles")
                return ReaderStats.Unread(count: count, articles: articles)
            }
            try d.require(unread.count <= year, "'saved.unread' with count ≤ 'saved.year' count")
            return ReaderStats.Saved(
                last30DaysCount: last30Days, lastSaved: lastSaved, yearCount: year, recent: recent, unread: unread)
        }
        f.edits = try object("edits") { d throws(Failure) in
            let edits = Edits(count: try d.count("count", .count), pages: try d.count("pages", .count))
            try d.require(edits.pages <= edits.count, "'edits' with count ≥ pages")
            return edits
        }
        f.notifications = try object("notifications") { d throws(Failure) in
            let subscribed = try d.list("subscribed") { d throws(Failure) in
                NotificationType(key: try d.text("key", .nonEmpty))
            }
            return ReaderStats.Notifications(
                subscribed: subscribed,
                unsubscribed: try d.list("unsubscribed") { d throws(Failure) in
                    NotificationType(key: try d.text("key", .nonEmpty))
                })
        }
        // `rank.top_percent` is the run's to work out: only the object is asked for.
        try object("rank") { _ throws(Failure) in }
        try object("detail") { d throws(Failure) in
            f.articles = try d.rows("articles") { d throws(Failure) in
                let wiki = try d.text("wiki", .any, as: .articleName(.wiki))
                let title = try d.text("title", .any, as: .articleName(.title))
                let milliseconds = try d.integer("ms", .count)
                let views = try d.integer("views", .count)
                let first = try d.integer("first", .instantMilliseconds)
                let last = try d.integer("last", .instantMilliseconds)
                try d.require(first <= last, "[wiki, title, ms, views, first, last] in 'detail.articles'")
                return ArticleFigures(
                    name: .text(wiki: wiki, title: title), milliseconds: milliseconds, views: Int(views),
                    firstViewed: first, lastViewed: last, readers: 1)
            }
            f.allCategories = try d.rows("categories") { d throws(Failure) in try d.subjectRow() }
            f.allTopics = try d.rows("topics") { d throws(Failure) in try d.subjectRow() }
            let hours = try d.numbers("hours", count: 24)
            let weekdays = try d.numbers("weekdays", count: 7)
            let days = try d.rows("days") { d throws(Failure) in
                let day = try d.integer("day", .day)
                let views = try d.integer("views", .count)
                return ReaderStats.Day(day: day, views: Int(views), milliseconds: try d.integer("ms", .count))
            }
            try d.require(
                zip(days, days.dropFirst()).allSatisfy { $0.day < $1.day }, "[day, views, ms] in 'detail.days', by day")
            f.activity = ReaderStats.Activity(hourViews: hours, weekdayViews: weekdays, days: days)
        }
        return f
    }

    /// An article's totals: each of `top_articles`.
    /// The first or the last article of the year.
    private mutating func moment() throws(Failure) -> ArticleMoment {
        let name = try articleName()
        return ArticleMoment(name: name, at: try instant("at"))
    }

    /// A save of `saved.recent` or `saved.unread.articles`.
    private mutating func save() throws(Failure) -> ReaderStats.RecentSave {
        let name = try articleName()
        let saved = try instant("saved")
        return ReaderStats.RecentSave(name: name, saved: saved, thumbnail: try optionalText("thumbnail", .imageURL))
    }

    private mutating func article() throws(Failure) -> ArticleFigures {
        let name = try articleName()
        let milliseconds = try seconds("seconds")
        let views = try count("views", .positive)
        let first = try instant("first_viewed")
        let last = try instant("last_viewed")
        return ArticleFigures(
            name: name, milliseconds: milliseconds, views: views, firstViewed: first, lastViewed: last, readers: 1,
            thumbnail: try optionalText("thumbnail", .imageURL))
    }

    /// A category's, topic's or country's share.
    private mutating func subject(_ name: StaticString) throws(Failure) -> SubjectTotal {
        let text = try text(name, .nonEmpty)
        let articles = try count("articles", .positive)
        return SubjectTotal(name: text, articles: articles, milliseconds: try seconds("seconds"))
    }

    /// A row of `detail.categories` or `detail.topics`.
    private mutating func subjectRow() throws(Failure) -> SubjectTotal {
        let name = try text("name", .nonEmpty)
        let articles = try integer("articles", .positive)
        return SubjectTotal(name: name, articles: Int(articles), milliseconds: try integer("ms", .count))
    }

    /// A place: its article and coordinates, and (in `places.top`) its seconds.
    private mutating func place(seconds: Bool) throws(Failure) -> Place {
        let name = try articleName()
        let lat = try degrees("lat", limit: 90)
        let lon = try degrees("lon", limit: 180)
        return Place(
            name: name, coordinates: .init(lat: lat, lon: lon),
            milliseconds: seconds ? try self.seconds("seconds") : 0)
    }

    /// An article by its site and title.
    private mutating func articleName() throws(Failure) -> ArticleName {
        let wiki = try text("wiki", .any, as: .articleName(.wiki))
        return .text(wiki: wiki, title: try text("title", .any, as: .articleName(.title)))
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

    /// Places the reader at member `name`'s value, read as `value`; false when the member is
    /// not there (in the reader object; inside it, that is a failure) or is absent.
    private mutating func find(_ name: StaticString, _ value: FieldValue) throws(Failure) -> Bool {
        if asked != nil { asked!.append(.init(path: (path + [name.description]).joined(separator: "."), value: value)) }
        if absent { return false }
        if var place = row {
            guard place.next < place.values.count else { throw r.failure("another value in the row") }
            r.position = place.values[place.next]
            place.next += 1
            row = place
            return true
        }
        let key = name.description
        guard let member = members[members.count - 1].dropLast().first(where: { $0.name == key }) else {
            if members.count == 1 {
                missing.append(key)
                return false
            }
            throw r.failure("'\(key)'")
        }
        r.position = member.value
        return true
    }

    /// Walks what member `name` holds with nothing there: each value its zero.
    private mutating func walkAbsent<T>(_ name: StaticString, _ body: (inout Self) throws(Failure) -> T) throws(Failure)
        -> T
    {
        let outer = absent
        absent = true
        if asked != nil { path.append(name.description) }
        defer {
            absent = outer
            if asked != nil { path.removeLast() }
        }
        return try body(&self)
    }

    /// Reads what is inside member `name`, whose value starts here.
    private mutating func inside<T>(_ name: StaticString, _ body: (inout Self) throws(Failure) -> T) throws(Failure)
        -> T
    {
        if asked != nil { path.append(name.description) }
        defer { if asked != nil { path.removeLast() } }
        return try body(&self)
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

    /// A rule that relates figures (a streak's days and its dates), once they are read; not
    /// checked when a member is missing, which is the failure to report.
    private func require(_ holds: @autoclosure () -> Bool, _ expected: StaticString) throws(Failure) {
        guard missing.isEmpty, !absent, !holds() else { return }
        throw r.failure(expected.description)
    }

    // MARK: Values

    private mutating func text(_ name: StaticString, _ kind: TextKind) throws(Failure) -> String {
        guard try find(name, .text(kind, nullable: false)) else { return "" }
        return try string(kind)
    }

    /// A wiki or a title: at least one character (SPEC §1.3: an empty one, after
    /// normalisation, rejects its line).
    private mutating func text(_ name: StaticString, _ kind: TextKind, as value: FieldValue) throws(Failure)
        -> String
    {
        guard try find(name, value) else { return "" }
        let start = r.position
        let text = try r.string()
        guard !text.isEmpty else {
            throw Failure(offset: start, expected: "a wiki and a title of at least one character")
        }
        try Self.check(text, at: start)
        return text
    }

    private mutating func optionalText(_ name: StaticString, _ kind: TextKind) throws(Failure) -> String? {
        guard try find(name, .text(kind, nullable: true)) else { return nil }
        return r.null() ? nil : try string(kind)
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

    private mutating func zone(_ name: StaticString) throws(Failure) -> ZoneRules {
        guard try find(name, .text(.zone, nullable: false)) else { return zones.rules(for: "UTC")! }
        let text = try r.string()
        guard let rules = zones.rules(for: text) else { throw r.failure("an IANA zone, not '\(text)'") }
        return rules
    }

    private mutating func locale(_ name: StaticString) throws(Failure) -> LanguageTag {
        guard try find(name, .text(.languageTag, nullable: false)) else { return .english }
        let text = try r.string()
        guard let tag = LanguageTag(text) else { throw r.failure("a BCP 47 language tag, not '\(text)'") }
        return tag
    }

    private mutating func instant(_ name: StaticString) throws(Failure) -> Int64 {
        guard try find(name, .instant(nullable: false)) else { return 0 }
        return try instant()
    }

    private mutating func optionalInstant(_ name: StaticString) throws(Failure) -> Int64? {
        guard try find(name, .instant(nullable: true)) else { return nil }
        return r.null() ? nil : try instant()
    }

    private mutating func instant() throws(Failure) -> Int64 {
        let text = try r.string()
        guard case .success(.instant(let t)) = RFC3339.parse(text) else {
            throw r.failure("an RFC 3339 instant, not '\(text)'")
        }
        return t
    }

    private mutating func date(_ name: StaticString) throws(Failure) -> CivilDate? {
        guard try find(name, .date), let text = try r.optionalString() else { return nil }
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            range.allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
                ? range.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) } : nil
        }
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), (1...CivilDate.daysInMonth(year: year, month: month)).contains(day),
            CountKind.day.range.contains(CivilDate(year: year, month: month, day: day).daysSinceEpoch)
        else { throw r.failure("a date YYYY-MM-DD of 1970–2099, not '\(text)'") }
        return CivilDate(year: year, month: month, day: day)
    }

    private mutating func count(_ name: StaticString, _ kind: CountKind) throws(Failure) -> Int {
        guard try find(name, .count(kind, nullable: false)) else { return 0 }
        return Int(try r.int64(in: kind.range, kind.expected.description))
    }

    private mutating func optionalCount(_ name: StaticString, _ kind: CountKind) throws(Failure) -> Int? {
        guard try find(name, .count(kind, nullable: true)) else { return nil }
        return r.null() ? nil : Int(try r.int64(in: kind.range, kind.expected.description))
    }

    /// A whole number of a row.
    private mutating func integer(_ name: StaticString, _ kind: CountKind) throws(Failure) -> Int64 {
        guard try find(name, .integer(kind)) else { return 0 }
        return try r.int64(in: kind.range, kind.expected.description)
    }

    /// Seconds, as integer milliseconds.
    private mutating func seconds(_ name: StaticString) throws(Failure) -> Int64 {
        guard try find(name, .seconds(nullable: false)) else { return 0 }
        return try milliseconds()
    }

    /// Seconds with at most three decimals, as integer milliseconds.
    private mutating func milliseconds() throws(Failure) -> Int64 {
        let d = try decimal()
        guard d.scale <= 3 else { throw r.failure("seconds with at most 3 decimals") }
        var v = d.value
        for _ in d.scale..<3 { v *= 10 }
        return v
    }

    private mutating func decimal(_ name: StaticString) throws(Failure) -> FixedDecimal {
        guard try find(name, .decimal) else { return FixedDecimal(0, scale: 0) }
        return try decimal()
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
    private mutating func change(_ name: StaticString) throws(Failure) -> FixedDecimal? {
        guard try find(name, .change), !r.null() else { return nil }
        let (text, negative, magnitude) = try signedDecimal()
        guard let magnitude, magnitude.scale <= 3, magnitude.value <= JSONPullReader.largestCount
        else { throw r.failure("a number with at most 3 decimals, not '\(text)'") }
        return FixedDecimal(negative ? -magnitude.value : magnitude.value, scale: magnitude.scale)
    }

    /// A number of either sign: its text, its sign and its magnitude's digits (nil when they are
    /// not a plain decimal).
    private mutating func signedDecimal() throws(Failure) -> (text: String, negative: Bool, magnitude: FixedDecimal?) {
        let text = String(decoding: try r.numberText(), as: UTF8.self)
        let negative = text.hasPrefix("-")
        return (text, negative, PartitionFormat.fixedDecimal(negative ? String(text.dropFirst()) : text))
    }

    /// Degrees of either sign with at most 7 decimals, within ±`limit`, in 10⁻⁷ degrees.
    private mutating func degrees(_ name: StaticString, limit: Int64) throws(Failure) -> Int64 {
        guard try find(name, .degrees(limit: limit)) else { return 0 }
        let (text, negative, magnitude) = try signedDecimal()
        let scale = ArticleAttributes.Coordinates.scale
        guard let magnitude, magnitude.scale <= scale
        else { throw r.failure("degrees with at most \(scale) decimals, not '\(text)'") }
        var units = magnitude.value
        for _ in magnitude.scale..<scale { units *= 10 }
        guard units <= limit * 10_000_000 else { throw r.failure("degrees from -\(limit) to \(limit), not '\(text)'") }
        return negative ? -units : units
    }

    // MARK: Objects and lists

    private mutating func object<T>(_ name: StaticString, _ body: (inout Self) throws(Failure) -> T) throws(Failure)
        -> T
    {
        guard try find(name, .object(nullable: false)) else { return try walkAbsent(name, body) }
        try enterObject()
        let value = try inside(name, body)
        leaveObject()
        return value
    }

    /// An object, or null.
    private mutating func optionalObject<T>(_ name: StaticString, _ body: (inout Self) throws(Failure) -> T)
        throws(Failure) -> T?
    {
        guard try find(name, .object(nullable: true)), !r.null() else {
            if asked != nil { _ = try walkAbsent(name, body) }
            return nil
        }
        try enterObject()
        let value = try inside(name, body)
        leaveObject()
        return value
    }

    /// A list of objects, of a length in `count`.
    private mutating func list<T>(
        _ name: StaticString, count: ClosedRange<Int>? = nil, _ element: (inout Self) throws(Failure) -> T
    ) throws(Failure) -> [T] {
        guard try find(name, .list(count: count)) else {
            if asked != nil { _ = try walkAbsent(name, element) }
            return []
        }
        let places = try elements()
        let after = r.position
        if let count, !count.contains(places.count) {
            throw r.failure(
                "'\(name)' of \(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)") elements"
            )
        }
        if asked != nil && places.isEmpty { _ = try walkAbsent(name, element) }
        var values: [T] = []
        values.reserveCapacity(places.count)
        for place in places {
            r.position = place
            try enterObject()
            values.append(try inside(name, element))
            leaveObject()
        }
        r.position = after
        return values
    }

    /// `count` whole numbers ≥ 0.
    private mutating func numbers(_ name: StaticString, count: Int) throws(Failure) -> [Int] {
        guard try find(name, .numbers(count: count)) else { return [] }
        var read: [Int] = []
        try r.array { r throws(Failure) in read.append(try r.count()) }
        guard read.count == count else { throw r.failure("\(count) numbers in '\(name)'") }
        return read
    }

    /// A list of rows, `row` reading one row's values in order.
    private mutating func rows<T>(_ name: StaticString, _ row: (inout Self) throws(Failure) -> T) throws(Failure) -> [T]
    {
        guard try find(name, .rows) else {
            if asked != nil { _ = try walkAbsent(name, row) }
            return []
        }
        let places = try elements()
        let after = r.position
        if asked != nil && places.isEmpty { _ = try walkAbsent(name, row) }
        var read: [T] = []
        read.reserveCapacity(places.count)
        for place in places {
            r.position = place
            let values = try elements()
            let end = r.position
            self.row = (values, 0)
            read.append(try inside(name, row))
            guard self.row!.next == values.count else {
                throw r.failure("a row of \(self.row!.next) values in '\(name)'")
            }
            self.row = nil
            r.position = end
        }
        r.position = after
        return read
    }
}

extension ReaderStats.Streak {
    /// As many days as from start to end, both included; none without either.
    var holdsTogether: Bool {
        guard let start, let end else { return days == 0 && self.start == nil && self.end == nil }
        return days == Int(end.daysSinceEpoch - start.daysSinceEpoch) + 1
    }
}
