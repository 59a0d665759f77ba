import CYirSupport
import YirCore

/// The zone (or language) of a reader's latest record at or before the as-of instant that
/// names one (SPEC §2.1), with that record's instant and input position for tie-breaking.
struct LatestName {
    private var instant = Int64.min
    private var sequence = Int64.min
    private(set) var id: Int32 = -1

    /// Keeps `id` when this record is the latest so far (on equal instants the later in input
    /// order wins).
    mutating func note(_ id: Int32, instant: Int64, sequence: Int64) {
        guard (instant, sequence) > (self.instant, self.sequence) else { return }
        (self.instant, self.sequence, self.id) = (instant, sequence, id)
    }
}

/// The readers of one shard and what merging their records needs: each shard is merged by
/// one thread at a time, in input order.
struct Shard {
    let options: IngestOptions
    var readers: [ReaderActivity] = []
    /// Per reader, its zone so far and what decides which record's zone is the latest.
    var latestZones: [LatestName] = []
    var latestLocales: [LatestName] = []
    /// The accepted records, as they come; grouped by reader when ingest hands over.
    let pageViews = StagedRecords<PageView>()
    let sessions = StagedRecords<AppSession>()
    let saves = StagedRecords<SaveAction>()
    let historyClears = StagedRecords<RecordTime>()
    let notifications = StagedRecords<NotificationChange>()
    let edits = StagedRecords<EditAction>()
    let viewAttributes = StagedRecords<Int32>()
    var seenIDs = RecordIDSet()
    /// Counts of `duplicates`, `accepted`, `implausible_duration`, `dropped_thumbnails`.
    var diagnostics = Diagnostics()
    /// Input order of the records merged here: only records of the same reader are compared.
    var sequence: Int64 = 0

    init(options: IngestOptions) { self.options = options }

    mutating func merge(
        _ records: [ParsedRecord], strings: CatalogLearner.StringMaps, articles: [Int32],
        readerOfUser: UnsafeMutableBufferPointer<Int32>
    ) {
        // What a record's merge reads at random is asked for records ahead, so that it has
        // arrived by the time the record is merged and the misses overlap instead of coming
        // one after another. Each stage needs what the one before brought in: the user's
        // catalog id (`far` ahead) and the id's slot; the reader of that user (`ahead`); then
        // the reader's latest zone and language (`near`). In an export sorted by reader these
        // are the same lines record after record; in one that is not, each is a miss in tables
        // over every reader.
        let far = 24, ahead = 16, near = 8
        let users = strings.ids[LocalStrings.Table.users.rawValue]
        records.withUnsafeBufferPointer { records in
            users.withUnsafeBufferPointer { users in
                func prefetchUser(_ record: ParsedRecord) {
                    if record.flags.contains(.hasID) { seenIDs.prefetch(record.idHash) }
                    yir_prefetch(users.baseAddress! + Int(record.user))
                }
                func prefetchReader(_ record: ParsedRecord) {
                    yir_prefetch(readerOfUser.baseAddress! + Int(users[Int(record.user)]))
                }
                func prefetchLatest(_ record: ParsedRecord) {
                    guard record.zone >= 0 || record.locale >= 0 else { return }
                    let reader = Int(readerOfUser[Int(users[Int(record.user)])])
                    guard reader >= 0 else { return }
                    if record.zone >= 0 {
                        latestZones.withUnsafeBufferPointer { yir_prefetch($0.baseAddress! + reader) }
                    }
                    if record.locale >= 0 {
                        latestLocales.withUnsafeBufferPointer { yir_prefetch($0.baseAddress! + reader) }
                    }
                }
                for record in records.prefix(far) { prefetchUser(record) }
                for record in records.prefix(ahead) { prefetchReader(record) }
                for record in records.prefix(near) { prefetchLatest(record) }
                for i in records.indices {
                    if i + far < records.count { prefetchUser(records[i + far]) }
                    if i + ahead < records.count { prefetchReader(records[i + ahead]) }
                    if i + near < records.count { prefetchLatest(records[i + near]) }
                    accept(records[i], strings, articles, readerOfUser)
                }
            }
        }
    }

    /// The reader of a worker's local user id, made at the user's first record here: the
    /// catalog also holds users met only on rejected lines.
    private mutating func readerIndex(
        ofLocalUser local: Int32, _ strings: CatalogLearner.StringMaps,
        _ readerOfUser: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        let user = Int(strings.ids[LocalStrings.Table.users.rawValue][Int(local)])
        if readerOfUser[user] < 0 {
            readerOfUser[user] = Int32(readers.count)
            readers.append(ReaderActivity(user: Int32(user)))
            latestZones.append(LatestName())
            latestLocales.append(LatestName())
        }
        return Int(readerOfUser[user])
    }

    private mutating func accept(
        _ record: ParsedRecord, _ strings: CatalogLearner.StringMaps, _ articles: [Int32],
        _ readerOfUser: UnsafeMutableBufferPointer<Int32>
    ) {
        func global(_ local: Int32, _ table: LocalStrings.Table) -> Int32 { strings.ids[table.rawValue][Int(local)] }
        var article: Int32 {
            record.flags.contains(.catalogArticle) ? record.subject : articles[Int(record.subject)]
        }
        sequence += 1
        let reader = readerIndex(ofLocalUser: record.user, strings, readerOfUser)
        if record.flags.contains(.hasID) {
            guard seenIDs.insert(record.idHash) else {
                diagnostics.duplicates += 1
                return
            }
        }
        diagnostics.accepted[record.type.rawValue] += 1

        // A wall time without `tz` has no instant before the reader's zone is known: it names
        // neither the zone nor the language (decision 92).
        if !record.flags.contains(.isWall), record.time <= options.asOf {
            if record.zone >= 0 {
                latestZones[reader].note(global(record.zone, .zones), instant: record.time, sequence: sequence)
            }
            if record.locale >= 0 {
                latestLocales[reader].note(global(record.locale, .locales), instant: record.time, sequence: sequence)
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
            if record.flags.contains(.thumbnailDropped) { diagnostics.droppedThumbnails += 1 }
            if record.flags.contains(.coordinatesDropped) { diagnostics.droppedCoordinates += 1 }
            if record.attributes >= 0 { viewAttributes.append(global(record.attributes, .attributes), reader: reader) }
            pageViews.append(
                PageView(
                    time: time, article: article, isArticle: !record.flags.contains(.otherNamespace),
                    milliseconds: milliseconds, hasAttributes: record.attributes >= 0), reader: reader)
        case .session:
            var milliseconds = record.milliseconds
            if milliseconds > IngestOptions.maxSessionMilliseconds {
                milliseconds = 0
                diagnostics.implausibleDuration += 1
            }
            sessions.append(AppSession(time: time, milliseconds: milliseconds), reader: reader)
        case .savedArticle:
            if record.flags.contains(.thumbnailDropped) { diagnostics.droppedThumbnails += 1 }
            let thumbnail = record.thumbnail < 0 ? nil : global(record.thumbnail, .urls)
            saves.append(
                SaveAction(
                    time: time, article: article,
                    isSave: !record.flags.contains(.isUnsave), thumbnail: thumbnail), reader: reader)
        case .historyCleared:
            historyClears.append(time, reader: reader)
        case .notificationSubscription:
            let key = global(record.subject, .keys)
            notifications.append(
                NotificationChange(
                    time: time, key: key, enabled: record.flags.contains(.enabled)), reader: reader)
        case .edit:
            edits.append(
                EditAction(time: time, article: article, namespace: Int32(truncatingIfNeeded: record.milliseconds)),
                reader: reader)
        }
    }

    /// Groups the records by reader, sets each reader's spans of them, and returns their
    /// owners: one store per range of readers holding about `RecordStore.bytes` of records,
    /// so that statistics can free them as they go. The shard's readers will be those from
    /// `firstReader` on in the run's list.
    mutating func groupRecords(firstReader: Int) -> [RecordStore] {
        for r in readers.indices {
            readers[r].zone = latestZones[r].id
            readers[r].locale = latestLocales[r].id
        }
        latestZones = []
        latestLocales = []
        let starts = (
            pageViews.starts(readers: readers.count), sessions.starts(readers: readers.count),
            saves.starts(readers: readers.count), historyClears.starts(readers: readers.count),
            notifications.starts(readers: readers.count), edits.starts(readers: readers.count),
            viewAttributes.starts(readers: readers.count)
        )
        func bytes(before r: Int) -> Int {
            starts.0[r] * MemoryLayout<PageView>.stride + starts.1[r] * MemoryLayout<AppSession>.stride
                + starts.2[r] * MemoryLayout<SaveAction>.stride + starts.3[r] * MemoryLayout<RecordTime>.stride
                + starts.4[r] * MemoryLayout<NotificationChange>.stride + starts.5[r] * MemoryLayout<EditAction>.stride
                + starts.6[r] * MemoryLayout<Int32>.stride
        }
        var pieces: [Range<Int>] = []
        var first = 0
        for r in readers.indices
        where r == readers.count - 1 || bytes(before: r + 1) - bytes(before: first) >= RecordStore.bytes {
            pieces.append(first..<(r + 1))
            first = r + 1
        }
        let memory = [
            pageViews.group(starts: starts.0, pieces: pieces, readers: &readers, span: \.pageViews),
            sessions.group(starts: starts.1, pieces: pieces, readers: &readers, span: \.sessions),
            saves.group(starts: starts.2, pieces: pieces, readers: &readers, span: \.saves),
            historyClears.group(starts: starts.3, pieces: pieces, readers: &readers, span: \.historyClears),
            notifications.group(starts: starts.4, pieces: pieces, readers: &readers, span: \.notifications),
            edits.group(starts: starts.5, pieces: pieces, readers: &readers, span: \.edits),
            viewAttributes.group(starts: starts.6, pieces: pieces, readers: &readers, span: \.viewAttributes),
        ]
        return pieces.indices.map { p in
            RecordStore(
                readers: (firstReader + pieces[p].lowerBound)..<(firstReader + pieces[p].upperBound),
                memory: memory.compactMap { $0[p] })
        }
    }
}
