import Foundation
import YirCore

/// What the ingest stage needs to know of the run.
public struct IngestOptions: Sendable {
    /// The as-of instant A (epoch ms): a reader's zone comes from records at or before it.
    public var asOf: Int64
    /// `--max-view-seconds` in milliseconds (SPEC §1.4).
    public var maxViewMilliseconds: Int64 = 86_400_000
    /// `--strict`: stop at the first rejected line.
    public var strict = false

    public init(asOf: Int64) { self.asOf = asOf }

    /// Sessions over 24 h count with 0 seconds (SPEC §1.4).
    public static let maxSessionMilliseconds: Int64 = 86_400_000
}

/// One input as SPEC §4.1's `inputs` lists it.
public struct InputSummary: Sendable, Equatable {
    public var path: String
    /// Bytes read from the file (for `.gz`, its compressed size).
    public var bytes: Int64
    /// Non-blank lines.
    public var lines: Int
}

/// A rejected line, for the rejects file (SPEC §1.3).
public struct Rejection: Sendable {
    public var file: String
    public var line: Int
    public var offset: Int64
    public var reason: RejectReason
    /// The line's first bytes (at most 1 KiB), as read: not necessarily UTF-8.
    public var text: [UInt8]
}

/// Thrown when `--strict` meets its first rejected line.
public struct StrictModeStop: Error {
    public var rejection: Rejection
}

/// Everything ingest hands to the statistics stage.
public struct IngestResult: Sendable {
    public var catalog: Catalog
    /// Readers in order of first appearance; `readers[i].user == i`.
    public var readers: [ReaderActivity]
    /// Rules of the zones records named, indexed by their id in `catalog.zones`.
    public var zoneRules: [ZoneRules]
    public var diagnostics: Diagnostics
    public var inputs: [InputSummary]
}

/// Bytes → records: reads inputs line by line, rejects what SPEC §1.3 rejects, drops
/// duplicates (§1.4), and files each accepted record under its reader.
public final class Ingestor {
    private let options: IngestOptions
    private let zones: ZoneCatalog
    private let onReject: (Rejection) throws -> Void
    private var profile: NativeProfile

    private var catalog = Catalog()
    private var readers: [ReaderActivity] = []
    private var zoneRules: [ZoneRules] = []
    private var diagnostics = Diagnostics()
    private var inputs: [InputSummary] = []
    private var ids = StringTable()
    private var seenIDs = Set<RecordKey>()
    private var sequence: Int64 = 0

    /// A record id is unique per reader and type (see docs/DECISIONS.md).
    private struct RecordKey: Hashable {
        var user: Int32
        var type: Int8
        var id: Int32
    }

    public init(options: IngestOptions, zones: ZoneCatalog, onReject: @escaping (Rejection) throws -> Void = { _ in }) {
        self.options = options
        self.zones = zones
        self.onReject = onReject
        self.profile = NativeProfile(zones: zones)
    }

    /// Reads one input to its end.
    public func read(_ file: InputFile) throws {
        let raw = try FileDescriptorSource(path: file.path)
        let source: ByteSource = file.isCompressed ? try GzipSource(raw) : raw
        let reader = LineReader(source: source)
        let impliedType = file.impliedType
        var lines = 0
        defer { inputs.append(InputSummary(path: file.path, bytes: raw.bytesConsumed, lines: lines)) }
        try reader.forEachLine { line in
            if !line.isTooLong && isBlank(line.bytes) { return }
            lines += 1
            try ingest(line, file: file.path, impliedType: impliedType)
        }
    }

    public func finish() -> IngestResult {
        IngestResult(catalog: catalog, readers: readers, zoneRules: zoneRules,
                     diagnostics: diagnostics, inputs: inputs)
    }

    private func ingest(_ line: Line, file: String, impliedType: RecordType?) throws {
        diagnostics.lines += 1
        sequence += 1
        guard !line.isTooLong else {
            return try reject(line, file: file, reason: .lineTooLong)
        }
        switch profile.decode(line.bytes, impliedType: impliedType) {
        case .failure(let reason):
            try reject(line, file: file, reason: reason)
        case .success(let record):
            accept(record, line: line.bytes)
        }
    }

    private func reject(_ line: Line, file: String, reason: RejectReason) throws {
        diagnostics.rejected[reason, default: 0] += 1
        let rejection = Rejection(file: file, line: line.number, offset: line.offset, reason: reason,
                                  text: Array(line.bytes.prefix(1024)))
        try onReject(rejection)
        if options.strict { throw StrictModeStop(rejection: rejection) }
    }

    private func intern(_ text: IncomingRecord.Text, in table: inout StringTable, _ line: UnsafeRawBufferPointer) -> Int32 {
        profile.withBytes(text, in: line) { table.intern($0) }
    }

    private func accept(_ record: IncomingRecord, line: UnsafeRawBufferPointer) {
        let user = record.user.map { intern($0, in: &catalog.users, line) } ?? catalog.users.intern("default")
        // Readers are numbered by their user id: a new id is always the next reader.
        if Int(user) == readers.count { readers.append(ReaderActivity(user: user)) }
        if let id = record.id {
            let key = RecordKey(user: user, type: Int8(record.type.rawValue), id: intern(id, in: &ids, line))
            guard seenIDs.insert(key).inserted else {
                diagnostics.duplicates += 1
                return
            }
        }
        diagnostics.accepted[record.type.rawValue] += 1

        if let zone = record.zone, case .instant(let instant) = record.time, instant <= options.asOf {
            let zoneID = catalog.zones.intern(zone)
            if Int(zoneID) == zoneRules.count { zoneRules.append(zones.rules(for: zone)!) }
            readers[Int(user)].noteZone(zoneID, instant: instant, sequence: sequence)
        }

        switch record.type {
        case .pageView:
            var milliseconds = record.milliseconds
            if milliseconds > options.maxViewMilliseconds {
                milliseconds = 0
                diagnostics.implausibleDuration += 1
            }
            readers[Int(user)].pageViews.append(PageView(
                time: record.time, article: article(record), namespace: record.namespace,
                milliseconds: milliseconds))
        case .session:
            var milliseconds = record.milliseconds
            if milliseconds > IngestOptions.maxSessionMilliseconds {
                milliseconds = 0
                diagnostics.implausibleDuration += 1
            }
            readers[Int(user)].sessions.append(AppSession(time: record.time, milliseconds: milliseconds))
        case .savedArticle:
            if record.thumbnailDropped { diagnostics.droppedThumbnails += 1 }
            let thumbnail = record.thumbnail.map { intern($0, in: &catalog.urls, line) }
            readers[Int(user)].saves.append(SaveAction(
                time: record.time, article: article(record), isSave: record.isSave, thumbnail: thumbnail))
        case .historyCleared:
            readers[Int(user)].historyClears.append(record.time)
        case .notificationSubscription:
            let key = intern(record.key!, in: &catalog.keys, line)
            readers[Int(user)].notifications.append(NotificationChange(time: record.time, key: key, enabled: record.enabled))
        }
    }

    private func article(_ record: IncomingRecord) -> Int32 {
        let wiki = catalog.wikis.intern(record.wiki)
        let title = record.title.withUnsafeBytes { catalog.titles.intern($0) }
        return catalog.article(wiki: wiki, title: title)
    }

    private func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
