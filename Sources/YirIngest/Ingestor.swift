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

/// Bytes → records. Inputs are cut into chunks of whole lines; workers (`jobs` threads)
/// validate and decode chunks in parallel, each into its own string tables; the merge then
/// takes the chunks strictly in input order, maps their strings into the run's catalog, drops
/// duplicates (SPEC §1.4) and files each accepted record under its reader. The result is the
/// same for every `jobs` value and every chunk size.
public final class Ingestor {
    private let options: IngestOptions
    private let zones: ZoneCatalog
    private let jobs: Int
    private let chunkSize: Int
    private let onReject: (Rejection) throws -> Void

    private var parsers: [ChunkParser]
    /// Per worker: local string id → the catalog's id, or -1 while unmapped.
    private var maps: [StringMaps]
    private var catalog = Catalog()
    private var readers: [ReaderActivity] = []
    private var zoneRules: [ZoneRules] = []
    private var diagnostics = Diagnostics()
    private var inputs: [InputSummary] = []
    private var seenIDs = RecordIDSet()
    private var sequence: Int64 = 0

    /// Which of a worker's string tables a local id belongs to.
    enum Table: Int, CaseIterable {
        case users, wikis, titles, keys, urls, zones
    }

    /// Per table: local id → the catalog's id, or -1 while unmapped.
    struct StringMaps {
        var ids = [[Int32]](repeating: [], count: Table.allCases.count)
    }

    /// - Parameters:
    ///   - jobs: worker threads (at least 1).
    ///   - chunkSize: bytes per chunk; only tests set it, to prove results do not depend on it.
    public init(options: IngestOptions, zones: ZoneCatalog, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                chunkSize: Int = 4 << 20, onReject: @escaping (Rejection) throws -> Void = { _ in }) {
        self.options = options
        self.zones = zones
        self.jobs = max(1, jobs)
        self.chunkSize = max(1, chunkSize)
        self.onReject = onReject
        parsers = (0..<self.jobs).map { _ in ChunkParser(zones: zones) }  // each its own profile
        maps = Array(repeating: StringMaps(), count: self.jobs)
    }

    /// Reads every input to its end, in order.
    public func read(_ files: [InputFile]) throws {
        // Records run about 150–200 bytes; sizing the id set once saves rehashing it.
        let bytes = files.reduce(0) { total, file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int
            return total + (size ?? 0)
        }
        seenIDs = RecordIDSet(expected: bytes / 160)
        let batchSize = jobs * 4
        var batch: [(chunk: InputChunk, reader: ChunkReader)] = []
        for (index, file) in files.enumerated() {
            let reader = try ChunkReader(file: file, index: index, chunkSize: chunkSize)
            inputs.append(InputSummary(path: file.path, bytes: 0, lines: 0))
            physicalLines.append(0)
            while let chunk = try reader.next() {
                batch.append((chunk, reader))
                if batch.count == batchSize {
                    try process(batch, files)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            // Every chunk has been read, so the byte count is final; its lines are still counted
            // as its chunks are merged.
            inputs[index].bytes = reader.bytesRead
        }
        try process(batch, files)
    }

    /// Lines (blank ones too) merged so far, per input: numbers the lines of the next chunk.
    private var physicalLines: [Int] = []

    public func finish() -> IngestResult {
        IngestResult(catalog: catalog, readers: readers, zoneRules: zoneRules,
                     diagnostics: diagnostics, inputs: inputs)
    }

    private func process(_ batch: [(chunk: InputChunk, reader: ChunkReader)], _ files: [InputFile]) throws {
        guard !batch.isEmpty else { return }
        let workers = min(jobs, batch.count)
        var results = [ParsedChunk](repeating: ParsedChunk(), count: batch.count)
        let impliedTypes = batch.map { files[$0.chunk.input].impliedType }
        nonisolated(unsafe) let chunks = batch.map(\.chunk)
        // Chunk i goes to worker i % workers: each worker's tables are touched by one thread.
        results.withUnsafeMutableBufferPointer { output in
            parsers.withUnsafeMutableBufferPointer { parsers in
                nonisolated(unsafe) let output = output
                nonisolated(unsafe) let parsers = parsers
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    var i = worker
                    while i < chunks.count {
                        output[i] = parsers[worker].parse(chunks[i], impliedType: impliedTypes[i])
                        i += workers
                    }
                }
            }
        }
        for (i, result) in results.enumerated() {
            try merge(result, worker: i % workers, input: batch[i].chunk.input, file: files[batch[i].chunk.input].path)
            batch[i].reader.release(batch[i].chunk)
        }
    }

    private func merge(_ chunk: ParsedChunk, worker: Int, input: Int, file: String) throws {
        let firstLine = physicalLines[input]
        physicalLines[input] += chunk.physicalLines
        inputs[input].lines += chunk.lines
        diagnostics.lines += chunk.lines
        seenIDs.warm(chunk.records.lazy.filter { $0.flags.contains(.hasID) }.map(\.idHash))
        for record in chunk.records { accept(record, worker: worker) }
        for r in chunk.rejections {
            diagnostics.rejected[r.reason, default: 0] += 1
            let rejection = Rejection(file: file, line: firstLine + r.line, offset: r.offset, reason: r.reason, text: r.text)
            try onReject(rejection)
            if options.strict { throw StrictModeStop(rejection: rejection) }
        }
    }

    /// The catalog's id of a worker's local string. Almost always a lookup in an array; the
    /// first time a local string is met it is interned into the catalog.
    @inline(__always)
    private func global(_ local: Int32, _ table: Table, worker: Int) -> Int32 {
        let index = Int(local)
        if index < maps[worker].ids[table.rawValue].count {
            let id = maps[worker].ids[table.rawValue][index]
            if id >= 0 { return id }
        }
        return mapSlowly(local, table, worker: worker)
    }

    private func mapSlowly(_ local: Int32, _ table: Table, worker: Int) -> Int32 {
        let strings = parsers[worker].strings
        let (source, count): (StringTable, Int) = switch table {
        case .users: (strings.users, strings.users.count)
        case .wikis: (strings.wikis, strings.wikis.count)
        case .titles: (strings.titles, strings.titles.count)
        case .keys: (strings.keys, strings.keys.count)
        case .urls: (strings.urls, strings.urls.count)
        case .zones: (strings.zones, strings.zones.count)
        }
        let bytes = source.bytes(local)
        let id: Int32 = bytes.withUnsafeBytes { raw in
            switch table {
            case .users: catalog.users.intern(raw)
            case .wikis: catalog.wikis.intern(raw)
            case .titles: catalog.titles.intern(raw)
            case .keys: catalog.keys.intern(raw)
            case .urls: catalog.urls.intern(raw)
            case .zones: catalog.zones.intern(raw)
            }
        }
        let missing = count - maps[worker].ids[table.rawValue].count
        if missing > 0 { maps[worker].ids[table.rawValue].append(contentsOf: repeatElement(-1, count: missing)) }
        maps[worker].ids[table.rawValue][Int(local)] = id
        return id
    }

    private func accept(_ record: ParsedRecord, worker: Int) {
        sequence += 1
        let user = global(record.user, .users, worker: worker)
        // Readers are numbered by their user id: a new id is always the next reader.
        if Int(user) == readers.count { readers.append(ReaderActivity(user: user)) }
        if record.flags.contains(.hasID) {
            guard seenIDs.insert(record.idHash) else {
                diagnostics.duplicates += 1
                return
            }
        }
        diagnostics.accepted[record.type.rawValue] += 1

        if record.zone >= 0 {
            let zone = global(record.zone, .zones, worker: worker)
            if Int(zone) == zoneRules.count { zoneRules.append(parsers[worker].strings.zoneRules[Int(record.zone)]!) }
            if !record.flags.contains(.isWall), record.time <= options.asOf {
                readers[Int(user)].noteZone(zone, instant: record.time, sequence: sequence)
            }
        }

        let time = record.recordTime
        switch record.type {
        case .pageView:
            var milliseconds = record.milliseconds
            if milliseconds > options.maxViewMilliseconds {
                milliseconds = 0
                diagnostics.implausibleDuration += 1
            }
            readers[Int(user)].pageViews.append(PageView(
                time: time, article: article(record, worker: worker),
                namespace: record.flags.contains(.otherNamespace) ? 1 : 0, milliseconds: milliseconds))
        case .session:
            var milliseconds = record.milliseconds
            if milliseconds > IngestOptions.maxSessionMilliseconds {
                milliseconds = 0
                diagnostics.implausibleDuration += 1
            }
            readers[Int(user)].sessions.append(AppSession(time: time, milliseconds: milliseconds))
        case .savedArticle:
            if record.flags.contains(.thumbnailDropped) { diagnostics.droppedThumbnails += 1 }
            let thumbnail = record.thumbnail < 0 ? nil
                : global(record.thumbnail, .urls, worker: worker)
            readers[Int(user)].saves.append(SaveAction(
                time: time, article: article(record, worker: worker),
                isSave: !record.flags.contains(.isUnsave), thumbnail: thumbnail))
        case .historyCleared:
            readers[Int(user)].historyClears.append(time)
        case .notificationSubscription:
            let key = global(record.first, .keys, worker: worker)
            readers[Int(user)].notifications.append(NotificationChange(
                time: time, key: key, enabled: record.flags.contains(.enabled)))
        }
    }

    private func article(_ record: ParsedRecord, worker: Int) -> Int32 {
        let wiki = global(record.first, .wikis, worker: worker)
        let title = global(record.second, .titles, worker: worker)
        return catalog.article(wiki: wiki, title: title)
    }
}
