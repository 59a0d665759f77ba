import Foundation
import YirCore

/// A record as the native ("wikipedia") profile reads it from one line, validated but
/// not yet interned: strings still point into the line or are small decoded copies.
struct IncomingRecord {
    enum Text {
        case span(Range<Int>)
        case owned([UInt8])
    }

    var type: RecordType
    var user: Text?
    var time: RecordTime
    var zone: String?
    var id: Text?
    var wiki = ""
    var title: [UInt8] = []
    var namespace: Int64 = 0
    var milliseconds: Int64 = 0
    var isSave = true
    var thumbnail: Text?
    var thumbnailDropped = false
    var key: Text?
    var enabled = false
}

/// SPEC §1.2–1.3 for one line of the native profile: which fields each type requires,
/// their JSON types, and the reason a line is rejected.
struct NativeProfile {
    private enum Field: Int, CaseIterable {
        case type, user, timestamp, tz, id, wiki, title, namespace, seconds, durationMs
        case action, list, thumbnail, key, enabled

        var name: String {
            switch self {
            case .durationMs: "duration_ms"
            default: "\(self)"
            }
        }
    }

    private var scanner = JSONScanner(keys: Field.allCases.map(\.name))
    let zones: ZoneCatalog

    init(zones: ZoneCatalog) { self.zones = zones }

    mutating func decode(_ line: UnsafeRawBufferPointer, impliedType: RecordType?) -> Result<IncomingRecord, RejectReason> {
        if let failure = scanner.scan(line) { return .failure(failure.reason) }
        do {
            return .success(try read(line, impliedType: impliedType))
        } catch {
            return .failure(error)
        }
    }

    private func value(_ field: Field) -> JSONScanner.Value? {
        guard let v = scanner.values[field.rawValue], v.kind != .null else { return nil }
        return v
    }

    private func string(_ field: Field, required: Bool = false) throws(RejectReason) -> IncomingRecord.Text? {
        guard let v = value(field) else {
            if required { throw .missingField }
            return nil
        }
        guard v.kind == .string else { throw .wrongType }
        return v.escaped ? .owned(JSONScanner.decodeString(scannerLine, v)) : .span(v.start..<v.end)
    }

    /// Set for the duration of `read`; the scanner's values are offsets into it.
    private var scannerLine = UnsafeRawBufferPointer(start: nil, count: 0)

    private func number(_ field: Field, scale: Int) throws(RejectReason) -> FixedPoint {
        guard let v = value(field) else { throw .missingField }
        guard v.kind == .number else { throw .wrongType }
        return FixedPoint(UnsafeRawBufferPointer(rebasing: scannerLine[v.start..<v.end]), scale: scale)
    }

    private func bytes(_ text: IncomingRecord.Text) -> [UInt8] {
        switch text {
        case .span(let range): Array(scannerLine[range])
        case .owned(let bytes): bytes
        }
    }

    private mutating func read(_ line: UnsafeRawBufferPointer, impliedType: RecordType?) throws(RejectReason) -> IncomingRecord {
        scannerLine = line
        defer { scannerLine = UnsafeRawBufferPointer(start: nil, count: 0) }

        let type: RecordType
        if let text = try string(.type) {
            guard let named = RecordType(name: bytes(text)) else { throw .unknownType }
            type = named
        } else if let impliedType {
            type = impliedType
        } else {
            throw .missingField
        }

        guard let stamp = value(.timestamp) else { throw .missingField }
        var time: RecordTime
        switch stamp.kind {
        case .string:
            let text = stamp.escaped ? JSONScanner.decodeString(line, stamp) : Array(line[stamp.start..<stamp.end])
            switch text.withUnsafeBytes({ RFC3339.parse($0) }) {
            case .success(let parsed): time = parsed
            case .failure(.outOfRange): throw .timestampOutOfRange
            case .failure(.unparseable): throw .invalidTimestamp
            }
        case .number:
            let ms = try number(.timestamp, scale: 0)
            guard !ms.isNegative, ms.magnitude >= RFC3339.earliest, ms.magnitude < RFC3339.end else {
                throw .timestampOutOfRange
            }
            time = .instant(ms.magnitude)
        default:
            throw .wrongType
        }

        let user = try string(.user)
        if let user {
            let count = String(decoding: bytes(user), as: UTF8.self).unicodeScalars.count
            guard (1...256).contains(count) else { throw .invalidValue }
        }

        var zone: String?
        if let tz = try string(.tz) {
            let name = String(decoding: bytes(tz), as: UTF8.self)
            guard let rules = zones.rules(for: name) else { throw .unknownTimeZone }
            zone = name
            if case .wall(let wall) = time { time = .instant(rules.instant(fromWall: wall)) }
        }

        var record = IncomingRecord(type: type, user: user, time: time, zone: zone)
        if let id = try string(.id), !bytes(id).isEmpty { record.id = id }

        switch type {
        case .pageView:
            try readArticle(into: &record)
            if let ns = value(.namespace) {
                guard ns.kind == .number else { throw .wrongType }
                let n = FixedPoint(UnsafeRawBufferPointer(rebasing: line[ns.start..<ns.end]), scale: 0)
                guard n.isExact else { throw .invalidValue }
                record.namespace = n.value
            }
            let seconds = try number(.seconds, scale: 3)
            guard !seconds.isNegative else { throw .negativeDuration }
            record.milliseconds = seconds.magnitude
        case .session:
            let duration = try number(.durationMs, scale: 0)
            guard !duration.isNegative else { throw .negativeDuration }
            record.milliseconds = duration.magnitude
        case .savedArticle:
            try readArticle(into: &record)
            if let action = try string(.action) {
                switch bytes(action) {
                case Array("save".utf8): record.isSave = true
                case Array("unsave".utf8): record.isSave = false
                default: throw .invalidValue
                }
            }
            _ = try string(.list)  // type-checked; reading lists do not change any figure
            if let thumbnail = try string(.thumbnail) {
                // URL schemes are case-insensitive: `HTTPS://` is https.
                let scheme = bytes(thumbnail).prefix(8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
                if scheme.starts(with: Array("https://".utf8)) || scheme.starts(with: Array("http://".utf8)) {
                    record.thumbnail = thumbnail
                } else {
                    record.thumbnailDropped = true
                }
            }
        case .historyCleared:
            break
        case .notificationSubscription:
            guard let key = try string(.key, required: true), !bytes(key).isEmpty else { throw .invalidValue }
            record.key = key
            guard let enabled = value(.enabled) else { throw .missingField }
            guard enabled.kind == .bool else { throw .wrongType }
            record.enabled = enabled.boolValue
        }
        return record
    }

    private func readArticle(into record: inout IncomingRecord) throws(RejectReason) {
        let wiki = String(decoding: bytes(try string(.wiki, required: true)!), as: UTF8.self)
        guard !wiki.isEmpty else { throw .invalidValue }
        record.wiki = Normalization.wiki(wiki)
        let title = bytes(try string(.title, required: true)!)
        record.title = title.withUnsafeBytes { Normalization.title($0) }
        guard !record.title.isEmpty else { throw .invalidValue }
    }

    /// The bytes of a text of the record just decoded; valid until the next `decode`.
    func withBytes<R>(_ text: IncomingRecord.Text, in line: UnsafeRawBufferPointer,
                      _ body: (UnsafeRawBufferPointer) -> R) -> R {
        switch text {
        case .span(let range): body(UnsafeRawBufferPointer(rebasing: line[range]))
        case .owned(let bytes): bytes.withUnsafeBytes(body)
        }
    }
}
