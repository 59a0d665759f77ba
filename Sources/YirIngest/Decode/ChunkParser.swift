import Foundation
import YirCore

/// What one worker read from one chunk, in line order.
struct ParsedChunk {
    /// The records, by the shard of their reader (`ChunkParser.shard`), each list in line order.
    var shards: [[ParsedRecord]] = []
    /// Lines rejected, with their 1-based line number within the chunk.
    var rejections: [(line: Int, offset: Int64, reason: RejectReason, text: [UInt8])] = []
    /// Non-blank lines.
    var lines = 0
    /// Lines a mapping profile does not map (SPEC §3).
    var ignored = 0
    /// All lines, blank ones too, for numbering the lines of later chunks.
    var physicalLines = 0
    /// The worker that parsed the chunk: the tables its local ids refer to.
    var worker = 0
    /// Per `LocalStrings.Table`: the bytes of the entries this chunk added to the worker's
    /// tables, in id order. The merge learns the worker's strings from these alone, so it
    /// never reads tables a worker may be growing at the same moment.
    var newStrings = [StringBatch](repeating: StringBatch(), count: LocalStrings.Table.allCases.count)
    /// The rules of the zones among `newStrings[zones]` (nil: not an IANA zone).
    var newZoneRules: [ZoneRules?] = []
    /// The articles this chunk added to the worker's local ids, in id order.
    var newArticles = NewArticles()
    /// The article fingerprints this chunk added (`LocalStrings.newFingerprints`).
    var newFingerprints: [(key: (UInt64, UInt64), value: Int32)] = []

    var records: Int { shards.reduce(0) { $0 + $1.count } }
}

/// A worker: splits chunks into lines and decodes them. Each worker owns its string tables,
/// so workers share nothing while they run.
struct ChunkParser {
    var strings: LocalStrings
    private var profile: NativeProfile
    /// A mapping profile's translator; nil for native input.
    private let translator: ProfileTranslator?
    /// Per table, how many entries earlier chunks have already shipped.
    private var shipped = [Int](repeating: 0, count: LocalStrings.Table.allCases.count)
    /// Readers are split into this many shards by a hash of their user id, so that the merge
    /// can run one shard per thread: every record of a reader lands in the same shard.
    let shardCount: Int

    init(zones: ZoneCatalog, mapping: MappingProfile? = nil, shardCount: Int = 1) {
        strings = LocalStrings(zones: zones)
        profile = NativeProfile()
        translator = mapping.map(ProfileTranslator.init(profile:))
        self.shardCount = max(1, shardCount)
    }

    /// The shard of a user, from the hash of its bytes: the same in every worker.
    static func shard(ofUserHash hash: UInt64, shardCount: Int) -> Int {
        Int(truncatingIfNeeded: (hash >> 32) % UInt64(shardCount))
    }

    mutating func parse(_ chunk: InputChunk, impliedType: RecordType?) -> ParsedChunk {
        var result = read(chunk, impliedType: impliedType)
        for table in LocalStrings.Table.allCases {
            guard let entries = strings.table(table) else {
                result.newStrings[table.rawValue] = strings.attributes.takeUnshipped()
                continue
            }
            let new = shipped[table.rawValue]..<entries.count
            for id in new { entries.withBytes(Int32(id)) { result.newStrings[table.rawValue].append($0) } }
            if table == .zones { result.newZoneRules = Array(strings.zoneRules[new]) }
            shipped[table.rawValue] = entries.count
        }
        result.newArticles = strings.takeNewArticles()
        swap(&result.newFingerprints, &strings.newFingerprints)
        return result
    }

    private mutating func read(_ chunk: InputChunk, impliedType: RecordType?) -> ParsedChunk {
        var result = ParsedChunk()
        result.shards = Array(repeating: [], count: shardCount)
        for s in result.shards.indices { result.shards[s].reserveCapacity(chunk.bytes.count / 128 / shardCount) }
        let bytes = chunk.bytes
        guard let base = bytes.baseAddress else { return result }
        if chunk.isTooLongLine {
            result.lines = 1
            result.physicalLines = 1
            result.rejections.append((1, chunk.offset, .lineTooLong, Array(bytes)))
            return result
        }
        // Native lines are scanned one ahead of being read, by two profiles in turn: the next
        // line's user slot is asked for before this line is read, a line's work ahead of its
        // lookup instead of a few fields' (`LocalStrings.user`).
        // Called through unmanaged references (`second` is kept alive to the end): taken from
        // an array, each call was a retain and a release, six a line.
        let second = translator == nil ? NativeProfile() : profile
        let profiles = (Unmanaged.passUnretained(self.profile), Unmanaged.passUnretained(second))
        func profileOf(_ turn: Int) -> Unmanaged<NativeProfile> { turn == 0 ? profiles.0 : profiles.1 }
        var turn = 0
        var pending: (line: UnsafeRawBufferPointer, number: Int, offset: Int64, user: NativeProfile.UserLookahead)?
        var pendingUser: UnsafeRawBufferPointer?
        func readPending() {
            guard let line = pending else { return }
            pending = nil
            let decoded = profileOf(turn ^ 1)._withUnsafeGuaranteedRef {
                $0.read(line.line, impliedType: impliedType, strings: &strings, user: line.user)
            }
            accept(decoded, line.line, number: line.number, offset: line.offset)
        }
        func accept(
            _ decoded: Result<ParsedRecord, RejectReason>, _ line: UnsafeRawBufferPointer, number: Int, offset: Int64
        ) {
            switch decoded {
            case .success(let record):
                let shard =
                    shardCount == 1
                    ? 0
                    : Self.shard(ofUserHash: strings.userHash, shardCount: shardCount)
                result.shards[shard].append(record)
            case .failure(let reason):
                result.rejections.append((number, offset, reason, Array(line.prefix(1024))))
            }
        }
        var start = 0
        if chunk.atInputStart, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        let count = bytes.count
        while start < count {
            let lineStart = start
            var end: Int
            if let hit = memchr(base + start, 0x0A, count - start) {
                end = base.distance(to: hit)
                start = end + 1
            } else {
                end = count
                start = count
            }
            result.physicalLines += 1
            if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
            let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<end])
            if isBlank(line) { continue }
            result.lines += 1
            let offset = chunk.offset + Int64(lineStart)
            guard line.count <= LineLimits.maximumLineLength else {
                readPending()
                result.rejections.append(
                    (result.physicalLines, offset, .lineTooLong, Array(line.prefix(LineLimits.keptPrefix))))
                continue
            }
            if let translator {
                let decoded: Result<ParsedRecord, RejectReason>
                switch translator.translate(line) {
                case .ignored:
                    result.ignored += 1
                    continue
                case .rejected(let reason):
                    decoded = .failure(reason)
                case .record:
                    // The native line is decoded like any other; a rejection still shows the
                    // input's own line.
                    decoded = translator.line.withUnsafeBytes {
                        profile.decode($0, impliedType: nil, strings: &strings)
                    }
                }
                accept(decoded, line, number: result.physicalLines, offset: offset)
                continue
            }
            if let failure = profileOf(turn)._withUnsafeGuaranteedRef({ $0.scan(line) }) {
                readPending()
                accept(.failure(failure), line, number: result.physicalLines, offset: offset)
                continue
            }
            var lookahead = NativeProfile.UserLookahead.none
            let user = profileOf(turn)._withUnsafeGuaranteedRef { $0.plainUser(in: line) }
            if let user {
                if let before = pendingUser, before.count == user.count,
                    user.isEmpty || bytesEqual(before.baseAddress!, user.baseAddress!, user.count)
                {
                    lookahead = .same
                } else {
                    let key = strings.userKey(user)
                    strings.prefetchUser(key)
                    lookahead = .key(key)
                }
            }
            readPending()
            pending = (line, result.physicalLines, offset, lookahead)
            pendingUser = user
            turn ^= 1
        }
        readPending()
        withExtendedLifetime(second) {}
        return result
    }

    @inline(__always)
    private func isBlank(_ line: UnsafeRawBufferPointer) -> Bool {
        for b in line where b != 0x20 && b != 0x09 && b != 0x0D { return false }
        return true
    }
}

/// Strings in one buffer, one after another: a chunk's new strings travel to the merge
/// without an allocation each.
struct StringBatch {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    var count: Int { ends.count }

    mutating func append(_ string: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: string)
        ends.append(bytes.count)
    }

    /// Calls `body` with each string and its position, in order.
    func forEach(_ body: (Int, UnsafeRawBufferPointer) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { all in
            var start = 0
            for (index, end) in ends.enumerated() {
                try body(index, UnsafeRawBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }
}

extension StringTable {
    /// Interns each string of `batch` in order, passing `body` its id. Each string's slot is
    /// asked for `prefetchDistance` strings before it is probed, so that in a table larger
    /// than the cache the misses overlap instead of coming one after another.
    mutating func intern(_ batch: StringBatch, _ body: (Int32) -> Void) {
        var hashes: [UInt64] = []
        hashes.reserveCapacity(batch.count)
        batch.forEach { _, string in hashes.append(Self.hash(string)) }
        let ahead = Self.prefetchDistance
        for hash in hashes.prefix(ahead) { prefetch(hash: hash) }
        batch.forEach { i, string in
            if i + ahead < hashes.count { prefetch(hash: hashes[i + ahead]) }
            body(intern(string, hash: hashes[i]))
        }
    }
}
