import CYirSupport
import Foundation
import Synchronization
import YirCore

/// Bytes → records. Inputs are cut into chunks of whole lines, taken in batches. Workers
/// (`jobs` threads) validate and decode a batch's chunks in parallel, each into its own string
/// tables, sorting records into shards by a hash of their user. A batch is merged while the
/// workers parse the next one: its rejections are reported in input order; its chunks' new
/// strings and articles are mapped into the run's catalog (two tasks, one for the readers'
/// strings and one for the articles: only what is new); then the shards are merged in
/// parallel, each taking its records chunk by chunk in input order: duplicates dropped
/// (SPEC §1.4: per reader, so a shard sees every id that concerns it) and each record filed
/// under its reader. The result is the same for every `jobs` value and every chunk size.
public final class Ingestor {
    /// Bytes per chunk: 4 MiB keeps every worker busy on a few chunks of a large file while a
    /// batch (two chunks per worker) stays small in memory. Only tests choose other sizes, to
    /// prove that results do not depend on it.
    public static let defaultChunkSize = 4 << 20

    private let options: IngestOptions
    private let zones: ZoneCatalog
    private let jobs: Int
    private let chunkSize: Int
    private let onReject: (Rejection) throws -> Void
    /// Called after each merged chunk, always from one thread at a time.
    public var onProgress: (IngestProgress) -> Void = { _ in }
    private var progress = IngestProgress(bytes: 0, totalBytes: nil, lines: 0)

    private var parsers: [ChunkParser]
    /// The run's catalog, and each worker's local ids mapped into it.
    private let learner: CatalogLearner
    private var shards: [Shard]
    /// The catalog's user id → index in its shard's `readers`, or -1. Each user belongs to one
    /// shard, so shards merging in parallel write disjoint entries.
    private var readerOfUser: [Int32] = []
    /// With several workers, the articles of earlier batches by fingerprint
    /// (`LocalStrings.knownArticles`).
    private var knownArticles: KnownArticles
    private var diagnostics = Diagnostics()
    private var inputs: [InputSummary] = []

    typealias Table = LocalStrings.Table

    /// - Parameters:
    ///   - jobs: worker threads (at least 1).
    ///   - chunkSize: bytes per chunk; only tests set it, to prove results do not depend on it.
    public init(
        options: IngestOptions, zones: ZoneCatalog, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        chunkSize: Int = Ingestor.defaultChunkSize, onReject: @escaping (Rejection) throws -> Void = { _ in }
    ) {
        self.options = options
        self.zones = zones
        self.jobs = max(1, jobs)
        self.chunkSize = max(1, chunkSize)
        self.onReject = onReject
        // A few shards per thread even out what hashing leaves uneven. One thread too merges
        // in shards: each shard's id set is a quarter of the size, and stays in cache longer.
        let shardCount = self.jobs * 4
        parsers = (0..<self.jobs).map { _ in  // each its own profile
            ChunkParser(zones: zones, mapping: options.mapping, shardCount: shardCount)
        }
        learner = CatalogLearner(workers: self.jobs)
        knownArticles = KnownArticles(parts: self.jobs)
        shards = (0..<shardCount).map { _ in Shard(options: options) }
    }

    /// Reads every input to its end, in order (call once per run).
    public func read(_ files: [InputFile]) throws {
        // Records run about 150–200 bytes; sizing the id sets once saves rehashing them.
        let bytes = files.reduce(0) { total, file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int
            return total + (size ?? 0)
        }
        // The id sets are made before any chunk's memory (made later, they sat above freed
        // chunk buffers: +14 MB peak at `--jobs 1`), and zeroed on `jobs` threads (on one,
        // ~20 ms before parsing began).
        let expected = bytes / 160 / shards.count
        let jobs = jobs
        shards.withSharedSlots { shards in
            Parallel.perform(min(jobs, shards.count)) { thread in
                for s in stride(from: thread, to: shards.count, by: jobs) {
                    shards[s].seenIDs = RecordIDSet(expected: expected)
                }
            }
        }
        let measurable = files.allSatisfy { !$0.isCompressed && !$0.isStandardInput }
        progress.totalBytes = measurable ? Int64(bytes) : nil
        inputs = files.map {
            InputSummary(path: $0.isStandardInput ? options.standardInputName ?? $0.path : $0.path, bytes: 0, lines: 0)
        }
        physicalLines = Array(repeating: 0, count: files.count)
        var bytesRead = [Int64](repeating: 0, count: files.count)
        defer { for (i, n) in bytesRead.enumerated() { inputs[i].bytes = n } }

        // Two chunks per worker: with a batch merged while the next is parsed, bigger batches
        // only hold more parsed records (four per worker: +10 MB peak, no faster). Chunks of
        // small files are small, though, and a step has a fixed cost: then a batch takes more
        // of them, up to half the bytes of two full chunks per worker, and at most 32 chunks
        // per worker (a bound on a step's tasks and on the parsed chunks it holds).
        let batchSize = jobs * 2
        let batchBytes = batchSize * chunkSize / 2
        let mostChunks = jobs * 32
        var batch: [(chunk: InputChunk, reader: ChunkReader)] = []
        var bytesInBatch = 0
        var parsed: ParsedBatch?
        for (index, file) in files.enumerated() {
            let reader = try ChunkReader(file: file, index: index, chunkSize: chunkSize, workers: jobs)
            // A streamed input is read a batch ahead, on a thread of its own, while this one parses.
            let ahead = reader.isStreamed ? ChunkPrefetcher(reader, depth: batchSize) : nil
            defer { ahead?.stop() }
            func nextChunk() throws(InputError) -> InputChunk? {
                if let ahead { return try ahead.next() }
                return try reader.next()
            }
            while let chunk = try nextChunk() {
                batch.append((chunk, reader))
                bytesInBatch += chunk.bytes.count
                if batch.count >= batchSize && (bytesInBatch >= batchBytes || batch.count >= mostChunks) {
                    parsed = try step(parsing: batch, merging: parsed, files)
                    batch.removeAll(keepingCapacity: true)
                    bytesInBatch = 0
                }
            }
            bytesRead[index] = reader.bytesRead
            if let engine = reader.gzipEngine { gzipEngine = engine }
        }
        if !batch.isEmpty { parsed = try step(parsing: batch, merging: parsed, files) }
        if parsed != nil { _ = try step(parsing: [], merging: parsed, files) }
    }

    /// A batch of chunks with what the workers read from them.
    private struct ParsedBatch {
        var results: [ParsedChunk]
        /// Per chunk: its input, and its size in bytes.
        var inputs: [Int]
        var bytes: [Int]
    }

    /// Lines (blank ones too) merged so far, per input: numbers the lines of the next chunk.
    private var physicalLines: [Int] = []

    /// The engine that inflated the last `.gz` input ("isa-l" or "zlib"), for `--verbose`: ISA-L
    /// is loaded at run time, so nothing else shows whether a machine has it.
    public private(set) var gzipEngine: String?

    /// Wall time spent parsing batches (the batch before merging alongside) and merging alone,
    /// for `--verbose`.
    public private(set) var parseTime = Duration.zero
    public private(set) var mergeTime = Duration.zero

    /// Hands the records over, grouped by reader (shards on `jobs` threads) into stores the
    /// ingestor keeps no reference to, so that the statistics can free each once its readers
    /// are done; what only ingest needed (the id sets, the workers' string tables) is freed
    /// first.
    public func finish() -> IngestResult {
        var diagnostics = diagnostics
        for s in shards.indices {
            diagnostics.add(shards[s].diagnostics)
            shards[s].seenIDs = RecordIDSet()
        }
        parsers = []
        learner.freeMaps()
        knownArticles = KnownArticles(parts: 1)
        let firstReader = shards.reduce(into: [0]) { starts, shard in starts.append(starts.last! + shard.readers.count)
        }
        var stores = [[RecordStore]](repeating: [], count: shards.count)
        let jobs = jobs
        shards.withSharedSlots { shards in
            stores.withSharedSlots { stores in
                Parallel.perform(min(jobs, shards.count)) { thread in
                    for s in stride(from: thread, to: shards.count, by: jobs) {
                        stores[s] = shards[s].groupRecords(firstReader: firstReader[s])
                    }
                }
            }
        }
        // Shard by shard, each list freed once copied: never two whole lists of readers.
        var readers: [ReaderActivity] = []
        readers.reserveCapacity(firstReader.last!)
        for s in shards.indices {
            readers += shards[s].readers
            shards[s].readers = []
        }
        shards = []
        learner.catalog.trimCapacity()
        yir_release_freed_memory()
        return IngestResult(
            catalog: learner.catalog, readers: readers, records: stores.flatMap { $0 }, zoneRules: learner.zoneRules,
            diagnostics: diagnostics, inputs: inputs)
    }

    /// One step of the pipeline: the workers parse `batch` while the batch parsed in the step
    /// before (`earlier`) is merged, so that what only one thread can do — learning a batch's
    /// new strings and articles — overlaps with parsing instead of holding every other thread
    /// at a barrier. Returns `batch` parsed, to merge in the next step.
    private func step(
        parsing batch: [(chunk: InputChunk, reader: ChunkReader)], merging earlier: ParsedBatch?,
        _ files: [InputFile]
    ) throws -> ParsedBatch? {
        let clock = ContinuousClock()
        var start = clock.now
        if !batch.isEmpty { InputChangeTestHook.stopOnce() }
        let parsed = run(parsing: batch, merging: earlier, files)
        // A mapped input shortened under the parse gave zeros, not its lines: the run stops
        // before anything parsed from them is reported or merged.
        var checked: ChunkReader?
        for (_, reader) in batch where reader !== checked {
            try reader.checkUnchanged()
            checked = reader
        }
        // Reported as soon as parsed (after the batch before it, before its own merge): a
        // `--strict` run stops without waiting for the next batch's input, which on a pipe may
        // be long in coming.
        if let parsed { try reportInInputOrder(parsed, files) }
        if batch.isEmpty { mergeTime += clock.now - start } else { parseTime += clock.now - start }
        start = clock.now
        if let earlier {
            for (i, chunk) in earlier.results.enumerated() {
                progress.bytes += Int64(earlier.bytes[i])
                progress.lines += chunk.lines
                onProgress(progress)
            }
        }
        mergeTime += clock.now - start
        return parsed
    }

    /// What must be seen in input order across readers: line numbers, rejections (reported,
    /// and `--strict` stops here, before the batch is merged).
    private func reportInInputOrder(_ batch: ParsedBatch, _ files: [InputFile]) throws {
        for (i, chunk) in batch.results.enumerated() {
            let input = batch.inputs[i]
            let firstLine = physicalLines[input]
            physicalLines[input] += chunk.physicalLines
            inputs[input].lines += chunk.lines
            diagnostics.lines += chunk.lines
            diagnostics.ignored += chunk.ignored
            for r in chunk.rejections {
                diagnostics.rejected[r.reason, default: 0] += 1
                let rejection = Rejection(
                    file: files[input].path, line: firstLine + r.line, offset: r.offset,
                    reason: r.reason, text: r.text)
                try onReject(rejection)
                if options.strict { throw StrictModeStop(rejection: rejection) }
            }
        }
    }

    /// Parses `batch` and merges `earlier` on `jobs` threads, each taking the next task when it
    /// is free (decision 60), in this order: learning `earlier`'s readers' strings, learning
    /// its articles (two tasks: independent catalog tables), parsing each chunk of `batch`,
    /// adding `earlier`'s new article fingerprints to each part of `knownArticles`, merging
    /// each shard. The last two wait until both learning tasks are done; by then they
    /// normally are, as parsing came between.
    ///
    /// A worker's tables are touched by one thread at a time and see its chunks in input order
    /// (tasks are taken in order), and its new strings are learnt in that order too, batch
    /// after batch. Workers look articles up in `knownArticles` as it was before this step:
    /// the merge adds `earlier`'s to its own copy (copy-on-write) meanwhile.
    private func run(
        parsing batch: [(chunk: InputChunk, reader: ChunkReader)], merging earlier: ParsedBatch?,
        _ files: [InputFile]
    ) -> ParsedBatch? {
        var results = [ParsedChunk](repeating: ParsedChunk(), count: batch.count)
        if jobs > 1 { for w in parsers.indices { parsers[w].strings.knownArticles = knownArticles } }
        defer { for w in parsers.indices { parsers[w].strings.knownArticles = nil } }
        if let earlier {
            // Sized for every user the batch may add, before the shards write to it at once.
            let needed =
                learner.catalog.users.count
                + earlier.results.reduce(0) { $0 + $1.newStrings[Table.users.rawValue].count }
            if readerOfUser.count < needed {
                readerOfUser.append(contentsOf: repeatElement(-1, count: needed - readerOfUser.count))
            }
        }
        let step = Step(
            batch: batch, merging: earlier?.results ?? [], files: files, jobs: jobs,
            knownParts: knownArticles.parts.count, shards: shards.count)
        withStepSlots(&results) { slots in
            Parallel.tasks(step.tasks, workers: jobs) { task, worker in
                self.perform(task, of: step, worker: worker, slots)
            }
        }
        guard !batch.isEmpty else { return nil }
        return ParsedBatch(results: results, inputs: batch.map(\.chunk.input), bytes: batch.map(\.chunk.bytes.count))
    }

    /// One step's tasks, numbered in the order they are taken: learning the merged batch's
    /// readers' strings and its articles (2), parsing each chunk, adding the merged batch's
    /// article fingerprints to each part of `knownArticles`, merging each shard.
    private struct Step {
        let chunks: [InputChunk]
        let chunkReaders: [ChunkReader]
        let impliedTypes: [RecordType?]
        let merging: [ParsedChunk]
        let learnTasks: Int
        let knownTasks: Int
        let shardTasks: Int
        /// Left by each learning task: the tasks after parsing wait for both.
        let learnt = DispatchGroup()

        init(
            batch: [(chunk: InputChunk, reader: ChunkReader)], merging: [ParsedChunk], files: [InputFile], jobs: Int,
            knownParts: Int, shards: Int
        ) {
            chunks = batch.map(\.chunk)
            chunkReaders = batch.map(\.reader)
            impliedTypes = batch.map { files[$0.chunk.input].impliedType }
            self.merging = merging
            let merges = !merging.isEmpty
            learnTasks = merges ? 2 : 0
            knownTasks = merges && jobs > 1 ? knownParts : 0
            shardTasks = merges ? shards : 0
            for _ in 0..<learnTasks { learnt.enter() }
        }

        var tasks: Int { learnTasks + chunks.count + knownTasks + shardTasks }
    }

    /// What a step's tasks write, each task its own slots: a chunk's result, a worker's parser,
    /// a shard (and its readers' entries of `readerOfUser`), a part of `knownArticles`.
    private struct StepSlots {
        let results: SharedSlots<ParsedChunk>
        let parsers: SharedSlots<ChunkParser>
        let shards: SharedSlots<Shard>
        let readerOfUser: SharedSlots<Int32>
        let known: SharedSlots<FingerprintMap>
    }

    private func withStepSlots(_ results: inout [ParsedChunk], _ body: (StepSlots) -> Void) {
        results.withSharedSlots { results in
            parsers.withSharedSlots { parsers in
                shards.withSharedSlots { shards in
                    readerOfUser.withSharedSlots { readerOfUser in
                        knownArticles.parts.withSharedSlots { known in
                            body(
                                StepSlots(
                                    results: results, parsers: parsers, shards: shards, readerOfUser: readerOfUser,
                                    known: known))
                        }
                    }
                }
            }
        }
    }

    /// Runs task `task` of `step` (see `Step`) on `worker`'s thread.
    private func perform(_ task: Int, of step: Step, worker: Int, _ slots: StepSlots) {
        var t = task
        if t < step.learnTasks {
            for chunk in step.merging {
                if t == 0 { learner.learnReaderStrings(chunk) } else { learner.learnArticles(chunk) }
            }
            step.learnt.leave()
            return
        }
        t -= step.learnTasks
        if t < step.chunks.count {
            slots.results[t] = slots.parsers[worker].parse(step.chunks[t], impliedType: step.impliedTypes[t])
            slots.results[t].worker = worker
            // The records hold no pointer into their chunk: its pages go now, by this thread
            // (unmapping them is not free).
            step.chunkReaders[t].release(step.chunks[t])
            return
        }
        t -= step.chunks.count
        step.learnt.wait()
        if t < step.knownTasks {
            for chunk in step.merging {
                KnownArticles.learn(
                    chunk.newFingerprints, catalogIDs: learner.articleMaps[chunk.worker].articles,
                    part: t, of: step.knownTasks, into: &slots.known[t])
            }
            return
        }
        let s = t - step.knownTasks
        let maps = learner.maps
        let articleMaps = learner.articleMaps
        for chunk in step.merging {
            slots.shards[s].merge(
                chunk.shards[s], strings: maps[chunk.worker],
                articles: articleMaps[chunk.worker].articles, readerOfUser: slots.readerOfUser.buffer)
        }
    }
}
