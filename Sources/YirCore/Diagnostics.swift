/// Why a line was rejected (SPEC §1.3). The raw value is the name in `diagnostics.rejected`
/// and in the rejects file.
public enum RejectReason: String, CaseIterable, Sendable, Comparable, Error {
    /// Not valid JSON.
    case invalidJSON = "invalid_json"
    /// Valid JSON, but not an object.
    case notAnObject = "not_an_object"
    /// Bytes that are not UTF-8, or a `\u` escape that names no character (a lone surrogate).
    case invalidUTF8 = "invalid_utf8"
    /// Arrays and objects nested deeper than the scanner follows.
    case nestingTooDeep = "nesting_too_deep"
    /// A number too large to hold: beyond the double range anywhere in the line, or over 2⁵³
    /// units (about 285 000 years of milliseconds) in a field yir reads.
    case numberOutOfRange = "number_out_of_range"
    /// Longer than 1 MiB.
    case lineTooLong = "line_too_long"
    /// A required field is absent or null (`type` too, where the file name implies none).
    case missingField = "missing_field"
    /// A field has the wrong JSON type.
    case wrongType = "wrong_type"
    /// A field has the right type but a value the spec does not allow (an empty title, a
    /// user id over 256 characters, an `action` other than save/unsave, a fractional namespace).
    case invalidValue = "invalid_value"
    /// `seconds` or `duration_ms` below zero.
    case negativeDuration = "negative_duration"
    /// `timestamp` is not RFC 3339 or a number.
    case invalidTimestamp = "invalid_timestamp"
    /// `timestamp` outside 1970–2099.
    case timestampOutOfRange = "timestamp_out_of_range"
    /// `type` is not one of the five.
    case unknownType = "unknown_type"
    /// `tz` is not an IANA zone.
    case unknownTimeZone = "unknown_time_zone"
    /// `locale` is not a well-formed BCP 47 language tag.
    case invalidLocale = "invalid_locale"
    /// A text member (user, wiki, title, a category, a topic, thumbnail, tz, locale) holds a C0
    /// control character or U+007F (SPEC §4.5, decision 126).
    case controlCharacter = "control_character"

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// The counts of SPEC §4.1's `diagnostics`.
public struct Diagnostics: Sendable, Equatable {
    /// Non-blank lines read.
    public var lines = 0
    /// Accepted records by type, indexed by `RecordType.rawValue`.
    public var accepted = [Int](repeating: 0, count: RecordType.allCases.count)
    public var rejected: [RejectReason: Int] = [:]
    public var duplicates = 0
    /// Lines of a mapping profile's export whose event the profile does not map (SPEC §3):
    /// neither accepted nor rejected. Always 0 for the native profile.
    public var ignored = 0
    public var implausibleDuration = 0
    public var droppedThumbnails = 0
    /// Page views' `coordinates` outside [−90, 90] × [−180, 180], dropped (the view counts).
    public var droppedCoordinates = 0
    /// Accepted records that do not count, each under exactly one reason (SPEC §4.1).
    public var afterAsOf = 0
    public var cleared = 0
    public var outsideWindow = 0
    public var excludedPage = 0

    public init() {}

    /// The plain counts that follow `rejected_total`, in SPEC §4.1's order, by their report
    /// names: every writer and reader of diagnostics (JSON, XML, HTML, partition trailers)
    /// goes through this one list.
    public static var counts: [(name: String, count: WritableKeyPath<Diagnostics, Int>)] {
        [
            ("duplicates", \.duplicates), ("ignored", \.ignored), ("implausible_duration", \.implausibleDuration),
            ("dropped_thumbnails", \.droppedThumbnails),
            ("dropped_coordinates", \.droppedCoordinates), ("after_as_of", \.afterAsOf), ("cleared", \.cleared),
            ("outside_window", \.outsideWindow), ("excluded_page", \.excludedPage),
        ]
    }

    public var rejectedTotal: Int { rejected.values.reduce(0, +) }
    public var acceptedTotal: Int { accepted.reduce(0, +) }

    public mutating func add(_ other: Diagnostics) {
        lines += other.lines
        for i in accepted.indices { accepted[i] += other.accepted[i] }
        rejected.merge(other.rejected, uniquingKeysWith: +)
        duplicates += other.duplicates
        ignored += other.ignored
        implausibleDuration += other.implausibleDuration
        droppedThumbnails += other.droppedThumbnails
        droppedCoordinates += other.droppedCoordinates
        afterAsOf += other.afterAsOf
        cleared += other.cleared
        outsideWindow += other.outsideWindow
        excludedPage += other.excludedPage
    }
}
