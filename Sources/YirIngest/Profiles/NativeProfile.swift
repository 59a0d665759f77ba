import Foundation
import YirCore

/// SPEC §1.2–1.3 for one line of the native profile: which fields each type requires,
/// their JSON types, and the reason a line is rejected. A class: its helpers are called many
/// times per line, and a struct with arrays inside would be copied (and its arrays retained)
/// for each non-mutating call made from a mutating one.
final class NativeProfile {
    private enum Field: Int, CaseIterable {
        case type, user, timestamp, tz, id, wiki, title, namespace, seconds, durationMs
        case action, list, thumbnail, key, enabled, locale, categories, topics, coordinates

        var name: String {
            switch self {
            case .durationMs: "duration_ms"
            default: "\(self)"
            }
        }
    }

    private var scanner = JSONScanner(keys: Field.allCases.map(\.name))

    /// Scratch space for strings with escapes; each is used before the next is decoded.
    private var scratch: [UInt8] = []

    /// Validates one line and reads its record, interning strings into `strings`.
    func decode(
        _ line: UnsafeRawBufferPointer, impliedType: RecordType?,
        strings: inout LocalStrings
    ) -> Result<ParsedRecord, RejectReason> {
        if let failure = scan(line) { return .failure(failure) }
        return read(line, impliedType: impliedType, strings: &strings)
    }

    /// Validates one line's JSON and locates its members, for `read` or `plainUser` to use:
    /// `decode` in two steps, so that a worker can look at the next line before it reads this one.
    func scan(_ line: UnsafeRawBufferPointer) -> RejectReason? {
        scanner.scan(line)?.reason
    }

    /// The bytes of the scanned line's `user` when it is a string without escapes.
    func plainUser(in line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let user = scanner.values[Field.user.rawValue], user.kind == .string, !user.escaped else { return nil }
        return UnsafeRawBufferPointer(rebasing: line[user.start..<user.end])
    }

    /// What the caller of `read` did about the line's user before.
    enum UserLookahead {
        /// Nothing: `read` asks for the user's slot itself, as early as it can.
        case none
        /// The caller found the user the same as the line before's and asked for nothing.
        case same
        /// The caller made the user's fingerprint and asked for its slot.
        case key((UInt64, UInt64))
    }

    /// Reads the record of the line `scan` accepted last.
    func read(
        _ line: UnsafeRawBufferPointer, impliedType: RecordType?, strings: inout LocalStrings,
        user lookahead: UserLookahead = .none
    ) -> Result<ParsedRecord, RejectReason> {
        scannerLine = line
        defer { scannerLine = UnsafeRawBufferPointer(start: nil, count: 0) }
        do {
            return .success(try read(line, impliedType: impliedType, strings: &strings, user: lookahead))
        } catch {
            return .failure(error)
        }
    }

    private func value(_ field: Field) -> JSONScanner.Value? {
        guard let v = scanner.values[field.rawValue], v.kind != .null else { return nil }
        return v
    }

    /// The string value of a field as bytes (escapes decoded), passed to `body`; nil when absent.
    /// A text member (`isText`: one a reader may see) holding a control character is rejected
    /// before any other rule of its own looks at it (decision 126).
    private func withString<R>(
        _ field: Field, required: Bool = false, isText: Bool = false,
        _ body: (UnsafeRawBufferPointer) throws(RejectReason) -> R
    ) throws(RejectReason) -> R? {
        guard let v = value(field) else {
            if required { throw .missingField }
            return nil
        }
        guard v.kind == .string else { throw .wrongType }
        if isText && v.hasControlCharacter { throw .controlCharacter }
        if !v.escaped { return try body(UnsafeRawBufferPointer(rebasing: scannerLine[v.start..<v.end])) }
        JSONScanner.decodeString(scannerLine, v, into: &scratch)
        let result = scratch.withUnsafeBytes { raw -> Result<R, RejectReason> in
            do throws(RejectReason) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The title's bytes in the line, when `read` found it a string without escapes.
    private func title() -> UnsafeRawBufferPointer {
        let v = scanner.values[Field.title.rawValue]!
        return UnsafeRawBufferPointer(rebasing: scannerLine[v.start..<v.end])
    }

    /// Set for the duration of `read`; the scanner's values are offsets into it.
    private var scannerLine = UnsafeRawBufferPointer(start: nil, count: 0)

    private func number(_ field: Field, scale: Int, rounding: FixedPoint.Rounding = .halfAwayFromZero)
        throws(RejectReason) -> FixedPoint
    {
        guard let v = value(field) else { throw .missingField }
        guard v.kind == .number else { throw .wrongType }
        let n = FixedPoint(
            UnsafeRawBufferPointer(rebasing: scannerLine[v.start..<v.end]), scale: scale, rounding: rounding)
        guard n.magnitude < FixedPoint.limit else { throw .numberOutOfRange }
        return n
    }

    private func read(
        _ line: UnsafeRawBufferPointer, impliedType: RecordType?,
        strings: inout LocalStrings, user lookahead: UserLookahead
    ) throws(RejectReason) -> ParsedRecord {
        let type: RecordType
        if let named = try withString(.type, { RecordType(name: $0) }) {
            guard let named else { throw .unknownType }
            type = named
        } else if let impliedType {
            type = impliedType
        } else {
            throw .missingField
        }

        // A page view's or save's article is looked up in a map of megabytes: its slot is
        // asked for now, and arrives while the other fields are read. Only when site and title
        // are plain strings without control characters; otherwise `readArticle` alone decides
        // (and rejects) as before.
        // A site first met on a line rejected further down is still learnt, as users are:
        // the catalog names sites only through articles, so nothing shows it.
        var early: (article: (rawWiki: Int32, key: (UInt64, UInt64))?, user: (UInt64, UInt64)?) = (nil, nil)
        if type == .pageView || type == .savedArticle || type == .edit, let wiki = value(.wiki),
            let title = value(.title),
            wiki.kind == .string, title.kind == .string, !wiki.escaped, !title.escaped, wiki.end > wiki.start,
            !wiki.hasControlCharacter, !title.hasControlCharacter
        {
            let rawWiki = strings.rawWiki(UnsafeRawBufferPointer(rebasing: line[wiki.start..<wiki.end]))
            let key = strings.articleKey(
                rawWiki: rawWiki, title: UnsafeRawBufferPointer(rebasing: line[title.start..<title.end]))
            strings.prefetchArticle(key)
            early.article = (rawWiki, key)
        }
        // So is the user's, unless it is the last line's or the caller asked for it already:
        // in an export not sorted by reader every line's user is a miss in a table of every
        // reader the worker has met.
        switch lookahead {
        case .key(let key): early.user = key
        case .same: break
        case .none:
            if let bytes = plainUser(in: line), !strings.isLastUser(bytes) {
                let key = strings.userKey(bytes)
                strings.prefetchUser(key)
                early.user = key
            }
        }

        guard let stamp = value(.timestamp) else { throw .missingField }
        var time: RecordTime
        switch stamp.kind {
        case .string:
            switch try withString(.timestamp, { RFC3339.parse($0) })! {
            case .success(let parsed): time = parsed
            case .failure(.outOfRange): throw .timestampOutOfRange
            case .failure(.unparseable): throw .invalidTimestamp
            }
        case .number:
            // Cut to the millisecond at or before, as a string's fraction is.
            let ms = try number(.timestamp, scale: 0, rounding: .down)
            guard !ms.isNegative, ms.magnitude >= RFC3339.earliest, ms.magnitude < RFC3339.end else {
                throw .timestampOutOfRange
            }
            time = .instant(ms.magnitude)
        default:
            throw .wrongType
        }

        var user: Int32 = -1
        try withString(.user, isText: true) { (bytes) throws(RejectReason) in
            // 1–256 characters: count scalars only when the bytes alone cannot decide.
            if bytes.isEmpty || (bytes.count > 256 && String(decoding: bytes, as: UTF8.self).unicodeScalars.count > 256)
            {
                throw .invalidValue
            }
            user = strings.user(bytes, key: early.user)
        }
        if user < 0 { user = strings.user("default") }

        var zone: Int32 = -1
        if let found = try withString(.tz, isText: true, { strings.zone($0) }) {
            guard let id = found else { throw .unknownTimeZone }
            zone = id
            if case .wall(let wall) = time { time = .instant(strings.zoneRules[Int(id)]!.instant(fromWall: wall)) }
        }

        var record: ParsedRecord
        switch time {
        case .instant(let t): record = ParsedRecord(time: t, user: user, type: type)
        case .wall(let w): record = ParsedRecord(time: w, user: user, type: type, flags: .isWall)
        }
        record.zone = zone
        if let found = try withString(.locale, isText: true, { strings.locale($0) }) {
            guard let id = found else { throw .invalidLocale }
            record.locale = id
        }
        try withString(.id) { bytes in
            guard !bytes.isEmpty else { return }
            // Ids are unique per reader and type (decision 1): the fingerprint mixes in
            // both, so the merge only has to look it up.
            let salt = strings.userHash ^ (UInt64(type.rawValue + 1) &* 0x9E37_79B9_7F4A_7C15)
            let hash = hashBytes(bytes, seeds: (0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344))
            record.idHash = (mix64(hash.0 ^ salt), mix64(hash.1 &+ salt))
            record.flags.insert(.hasID)
        }

        switch type {
        case .pageView:
            try readArticle(into: &record, strings: &strings, early: early.article)
            if let ns = value(.namespace) {
                guard ns.kind == .number else { throw .wrongType }
                let n = FixedPoint(UnsafeRawBufferPointer(rebasing: line[ns.start..<ns.end]), scale: 0)
                guard n.magnitude < FixedPoint.limit else { throw .numberOutOfRange }
                guard n.isExact else { throw .invalidValue }
                if n.value != 0 { record.flags.insert(.otherNamespace) }
            }
            let seconds = try number(.seconds, scale: 3)
            guard !seconds.isNegative else { throw .negativeDuration }
            record.milliseconds = seconds.magnitude
            if hasAttributes { try readAttributes(into: &record, strings: &strings) }
        case .session:
            let duration = try number(.durationMs, scale: 0)
            guard !duration.isNegative else { throw .negativeDuration }
            record.milliseconds = duration.magnitude
        case .savedArticle:
            try readArticle(into: &record, strings: &strings, early: early.article)
            let isSave = try withString(.action) { (bytes) throws(RejectReason) -> Bool in
                if bytes.elementsEqual("save".utf8) { return true }
                if bytes.elementsEqual("unsave".utf8) { return false }
                throw .invalidValue
            }
            if isSave == false { record.flags.insert(.isUnsave) }
            _ = try withString(.list) { _ in }  // type-checked; reading lists do not change any figure
            try withString(.thumbnail, isText: true) { bytes in
                if Self.isImageURL(bytes) {
                    record.thumbnail = strings.urls.intern(bytes)
                } else {
                    record.flags.insert(.thumbnailDropped)
                }
            }
        case .historyCleared:
            break
        case .notificationSubscription:
            try withString(.key, required: true) { (bytes) throws(RejectReason) in
                guard !bytes.isEmpty else { throw .invalidValue }
                record.subject = strings.keys.intern(bytes)
            }
            guard let enabled = value(.enabled) else { throw .missingField }
            guard enabled.kind == .bool else { throw .wrongType }
            if enabled.boolValue { record.flags.insert(.enabled) }
        case .edit:
            try readArticle(into: &record, strings: &strings, early: early.article)
            if let ns = value(.namespace) {
                guard ns.kind == .number else { throw .wrongType }
                let n = FixedPoint(UnsafeRawBufferPointer(rebasing: line[ns.start..<ns.end]), scale: 0)
                guard n.magnitude <= Int64(Int32.max) else { throw .numberOutOfRange }
                guard n.isExact else { throw .invalidValue }
                record.milliseconds = n.isNegative ? -n.magnitude : n.magnitude
            }
        }
        return record
    }

    /// An `https://` or `http://` URL: the only thumbnails kept (SPEC §1.2). URL schemes are
    /// case-insensitive: `HTTPS://` is https.
    @inline(__always)
    private static func isImageURL(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let scheme = bytes.prefix(8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return scheme.starts(with: "https://".utf8) || scheme.starts(with: "http://".utf8)
    }

    /// What a line's attribute fields came to, cached per distinct form in
    /// `LocalStrings.attributesOfRaw`: `rejected` or `controlCharacter`, or (local attributes
    /// id + 1) · 4 with a bit for a dropped thumbnail (1) and dropped coordinates (2); id -1
    /// when nothing was kept.
    private enum AttributeOutcome {
        /// A member of the wrong type: `wrong_type`.
        static let rejected: Int32 = -1
        static let controlCharacter: Int32 = -2
        static func encode(id: Int32, droppedThumbnail: Bool, droppedCoordinates: Bool) -> Int32 {
            (id + 1) * 4 + (droppedThumbnail ? 1 : 0) + (droppedCoordinates ? 2 : 0)
        }
    }

    /// An `AttributeOutcome` that rejects the line, as an error.
    private struct AttributeRejection: Error {
        var outcome: Int32
    }

    private var encodedAttributes: [UInt8] = []
    /// Finds a page view's `coordinates` members.
    private var coordinatesScanner = JSONScanner(keys: ["lat", "lon"])

    /// Whether the line has any of a page view's attribute members: most exports have none,
    /// and pay four slots read per page view.
    @inline(__always)
    private var hasAttributes: Bool {
        scanner.values[Field.categories.rawValue] != nil || scanner.values[Field.topics.rawValue] != nil
            || scanner.values[Field.coordinates.rawValue] != nil || scanner.values[Field.thumbnail.rawValue] != nil
    }

    /// A page view's `categories`, `topics`, `coordinates` and `thumbnail` (SPEC §1.2 v3).
    @inline(never)
    private func readAttributes(into record: inout ParsedRecord, strings: inout LocalStrings) throws(RejectReason) {
        // The members as written, each hashed in place and chained into the next one's seeds,
        // with its field and kind: no copy of a line's bytes.
        var key: (UInt64, UInt64) = (0x7FB5_D329_728E_A185, 0x81DA_DEF4_BC2D_D44D)
        for field in [Field.categories, .topics, .coordinates, .thumbnail] {
            guard let v = value(field) else { continue }
            let hash = hashBytes(
                UnsafeRawBufferPointer(rebasing: scannerLine[v.start..<v.end]),
                seeds: (key.0 ^ UInt64(field.rawValue), key.1 &+ UInt64(v.kind.rawValue) &+ 1))
            key = (mix64(hash.0), mix64(hash.1))
        }
        let outcome: Int32
        if let known = strings.attributesOfRaw.value(key) {
            outcome = known
        } else {
            outcome = parseAttributes(strings: &strings)
            strings.attributesOfRaw.insert(key, value: outcome)
        }
        guard outcome != AttributeOutcome.rejected else { throw .wrongType }
        guard outcome != AttributeOutcome.controlCharacter else { throw .controlCharacter }
        if outcome & 1 != 0 { record.flags.insert(.thumbnailDropped) }
        if outcome & 2 != 0 { record.flags.insert(.coordinatesDropped) }
        record.attributes = outcome / 4 - 1
    }

    /// Reads the attribute fields of the line; `AttributeOutcome`'s value.
    private func parseAttributes(strings: inout LocalStrings) -> Int32 {
        /// The names of a list, or the outcome that rejects the line.
        func names(_ field: Field, normalise: (UnsafeRawBufferPointer, inout [UInt8]) -> Void) -> Result<
            [[UInt8]]?, AttributeRejection
        > {
            guard let v = value(field) else { return .success(nil) }
            guard v.kind == .array else { return .failure(AttributeRejection(outcome: AttributeOutcome.rejected)) }
            var reader = JSONPullReader(UnsafeRawBufferPointer(rebasing: scannerLine[v.start..<v.end]))
            var result: [[UInt8]] = []
            var text: [UInt8] = []
            var normalised: [UInt8] = []
            var hasControlCharacter = false
            // Repeats are dropped through a set once the list is long (SPEC §4.5: no line costs
            // more than O(n log n)); a search through a few names costs less than hashing them.
            var kept: Set<[UInt8]>?
            do {
                try reader.array { r throws(JSONPullReader.Failure) in
                    if try r.string(into: &text) {
                        hasControlCharacter = true
                        throw r.failure("no control character")
                    }
                    text.withUnsafeBytes { normalise($0, &normalised) }
                    guard !normalised.isEmpty else { return }
                    if kept == nil {
                        guard !result.contains(normalised) else { return }
                        if result.count == 16 { kept = Set(result) }
                    }
                    if kept != nil {
                        guard kept!.insert(normalised).inserted else { return }
                    }
                    result.append(normalised)
                }
            } catch {
                return .failure(
                    AttributeRejection(
                        outcome: hasControlCharacter ? AttributeOutcome.controlCharacter : AttributeOutcome.rejected))
            }
            return .success(result)
        }
        let categories: [[UInt8]]?, topics: [[UInt8]]?
        switch names(.categories, normalise: { Normalization.title($0, into: &$1) }) {
        case .success(let list): categories = list
        case .failure(let rejection): return rejection.outcome
        }
        switch names(.topics, normalise: { Normalization.label($0, into: &$1) }) {
        case .success(let list): topics = list
        case .failure(let rejection): return rejection.outcome
        }
        var coordinates: ArticleAttributes.Coordinates?
        var droppedCoordinates = false
        if let v = value(.coordinates) {
            guard v.kind == .object else { return AttributeOutcome.rejected }
            // Scanned as the line was, for `lat` and `lon` alone: other members are skipped
            // however deep they nest (the line's own limit already held), never read.
            let object = UnsafeRawBufferPointer(rebasing: scannerLine[v.start..<v.end])
            guard coordinatesScanner.scan(object) == nil, let la = coordinatesScanner.values[0],
                let lo = coordinatesScanner.values[1],
                la.kind == .number, lo.kind == .number
            else { return AttributeOutcome.rejected }
            let lat = UnsafeRawBufferPointer(rebasing: object[la.start..<la.end])
            let lon = UnsafeRawBufferPointer(rebasing: object[lo.start..<lo.end])
            /// The degrees in 10⁻⁷ units, nil outside ±`limit`: compared by value, so that
            /// 90.00000001 is outside though it rounds to 90.
            func degrees(_ text: UnsafeRawBufferPointer, within limit: Int64) -> Int64? {
                guard
                    !FixedPoint.magnitude(
                        of: text, scale: ArticleAttributes.Coordinates.scale,
                        exceeds: limit * 10_000_000)
                else { return nil }
                let n = FixedPoint(text, scale: ArticleAttributes.Coordinates.scale)
                return n.isNegative ? -n.magnitude : n.magnitude
            }
            if let la = degrees(lat, within: 90), let lo = degrees(lon, within: 180) {
                coordinates = .init(lat: la, lon: lo)
            } else {
                droppedCoordinates = true
            }
        }
        var thumbnail: [UInt8]?
        var droppedThumbnail = false
        if let v = value(.thumbnail) {
            guard v.kind == .string else { return AttributeOutcome.rejected }
            guard !v.hasControlCharacter else { return AttributeOutcome.controlCharacter }
            let bytes = v.escaped ? JSONScanner.decodeString(scannerLine, v) : Array(scannerLine[v.start..<v.end])
            if bytes.withUnsafeBytes(Self.isImageURL) { thumbnail = bytes } else { droppedThumbnail = true }
        }
        var id: Int32 = -1
        if categories != nil || topics != nil || coordinates != nil || thumbnail != nil {
            if let thumbnail {
                thumbnail.withUnsafeBytes {
                    ArticleAttributes.encode(
                        categories: categories, topics: topics, coordinates: coordinates,
                        thumbnail: $0, into: &encodedAttributes)
                }
            } else {
                ArticleAttributes.encode(
                    categories: categories, topics: topics, coordinates: coordinates,
                    thumbnail: nil, into: &encodedAttributes)
            }
            id = encodedAttributes.withUnsafeBytes { strings.attributes.intern($0) }
        }
        return AttributeOutcome.encode(
            id: id, droppedThumbnail: droppedThumbnail, droppedCoordinates: droppedCoordinates)
    }

    private func readArticle(
        into record: inout ParsedRecord, strings: inout LocalStrings,
        early: (rawWiki: Int32, key: (UInt64, UInt64))?
    ) throws(RejectReason) {
        let article: LocalStrings.ArticleID
        if let early {
            guard let found = strings.article(rawWiki: early.rawWiki, title: title(), key: early.key) else {
                throw .invalidValue
            }
            article = found
        } else {
            let wiki = try withString(.wiki, required: true, isText: true) { (bytes) throws(RejectReason) in
                guard !bytes.isEmpty else { throw .invalidValue }
                return strings.rawWiki(bytes)
            }!
            article = try withString(.title, required: true, isText: true) { (bytes) throws(RejectReason) in
                guard let article = strings.article(rawWiki: wiki, title: bytes) else { throw .invalidValue }
                return article
            }!
        }
        switch article {
        case .local(let id):
            record.subject = id
        case .catalog(let id):
            record.subject = id
            record.flags.insert(.catalogArticle)
        }
    }
}
