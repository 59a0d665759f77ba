import CYirSupport
import Synchronization
import YirCore
import YirIngest

/// How the statistics stage spreads readers over threads: workers take blocks of readers as
/// they free up, write each reader's figures into its place, add up what the run needs of
/// them, and free each record store once its readers are done.
extension Statistics {
    /// Readers a statistics worker takes at a time.
    static let readersPerBlock = 512

    /// What the statistics' threads hold per catalog article: the run's totals (48 bytes), the
    /// index grouping a reader's views (4) and the excluded-title flag (1).
    static let bytesPerArticlePerWorker = 53
    /// At most this much in those per-article arrays, all workers together.
    static let perArticleBudget = 2 << 30

    /// The statistics' threads: `jobs`, but no more than one per 256 readers, and no more than
    /// keep the workers' per-article arrays within `perArticleBudget` — 10 million articles
    /// on 64 cores would otherwise need 34 GB. Always at least one.
    static func workerCount(jobs: Int, readers: Int, articles: Int) -> Int {
        let byMemory = perArticleBudget / max(1, articles * bytesPerArticlePerWorker)
        return max(1, min(jobs, readers / 256, byMemory))
    }

    /// What one worker adds up over the readers it took: the records that did not count, by
    /// reason, and the run's totals per article, indexed by article id.
    struct WorkerTotals {
        var diagnostics = Diagnostics()
        var articles: [ArticleTotals] = []
        /// The run's seconds and readers per category and topic (SPEC §2.4), by catalog id:
        /// an array read per reader's category, where a dictionary hashed its name.
        var categories: [(milliseconds: Int64, readers: Int)] = []
        var topics: [(milliseconds: Int64, readers: Int)] = []
        /// The run's readers and seconds per language (SPEC §2.4 v4), by id in the calculator's
        /// `languageSubtags`.
        var languages: [(milliseconds: Int64, readers: Int)] = []
    }

    /// The run's languages from the workers' sums by id, by readers, then seconds, then language.
    static func languages(_ partials: [WorkerTotals], subtags: [String]) -> [CohortLanguage] {
        var run = [(milliseconds: Int64, readers: Int)](repeating: (0, 0), count: subtags.count)
        for partial in partials {
            for (id, sum) in partial.languages.enumerated() {
                run[id].milliseconds += sum.milliseconds
                run[id].readers += sum.readers
            }
        }
        return run.indices.filter { run[$0].readers > 0 }
            .map { CohortLanguage(language: subtags[$0], readers: run[$0].readers, milliseconds: run[$0].milliseconds) }
            .sorted(by: CohortLanguage.precedes)
    }

    public typealias SubjectSums = [String: (milliseconds: Int64, readers: Int)]

    /// Adds one worker's or partition's sums to another's.
    public static func addSums(_ more: SubjectSums, to sums: inout SubjectSums) {
        for (name, sum) in more {
            sums[name, default: (0, 0)].milliseconds += sum.milliseconds
            sums[name, default: (0, 0)].readers += sum.readers
        }
    }

    /// The run's first `count` categories or topics (SPEC §2.4) from the workers' sums by id:
    /// added up by id (an id is one name), and only those shown are named — a dictionary by
    /// name held a `String` per category met.
    /// The partials are taken (each is as long as the catalog's list). Ordered by readers, then
    /// seconds, then name, a catch-all topic (`catchAll[id]`, nil for categories) last.
    static func topSubjects(
        _ partials: inout [[(milliseconds: Int64, readers: Int)]], named names: StringTable,
        catchAll: [Bool]?, count: Int
    ) -> [CohortSubject] {
        guard !partials.isEmpty else { return [] }
        var run = partials.removeFirst()
        while !partials.isEmpty {
            let partial = partials.removeLast()
            if run.isEmpty { run = partial; continue }
            for (id, sum) in partial.enumerated() where sum.readers > 0 {
                run[id].milliseconds += sum.milliseconds
                run[id].readers += sum.readers
            }
        }
        let sums = run
        let met = sums.indices.lazy.filter { sums[$0].readers > 0 }
        return ArticleTotals.first(
            count, of: met,
            by: { a, b in
                if let catchAll, catchAll[a] != catchAll[b] { return catchAll[b] }
                if sums[a].readers != sums[b].readers { return sums[a].readers > sums[b].readers }
                if sums[a].milliseconds != sums[b].milliseconds { return sums[a].milliseconds > sums[b].milliseconds }
                return names.precedes(Int32(a), Int32(b))
            }
        ) { id in
            CohortSubject(name: names.string(Int32(id)), milliseconds: sums[id].milliseconds, readers: sums[id].readers)
        }
    }

    /// Adds one reader's categories or topics to the run's.
    public static func add(_ reader: [SubjectTotal], to sums: inout SubjectSums) {
        for total in reader {
            sums[total.name, default: (0, 0)].milliseconds += total.milliseconds
            sums[total.name, default: (0, 0)].readers += 1
        }
    }

    /// Every reader's figures, each written into its place (`place[reader]`), on `workers`
    /// threads, with what each worker added up. Every worker leaves its totals, even one that
    /// took no reader. `ingest.readers` and `ingest.records` are left empty, each record store
    /// freed as soon as its readers are done.
    static func computeReaders(
        _ ingest: inout IngestResult, into place: [Int], calculator: ReaderCalculator,
        workers: Int
    ) -> (readers: [ReaderStats], totals: [WorkerTotals]) {
        let count = ingest.readers.count
        let articles = ingest.catalog.articles.count
        var partials = [WorkerTotals](repeating: WorkerTotals(), count: workers)
        // Readers of each record store not yet done; whoever does the last frees the store.
        let stores = ingest.records
        let unfinished = Mutex(stores.map(\.readers.count))
        // Workers take blocks of readers as they free up, so one the machine slows takes fewer.
        let blocks = (count + readersPerBlock - 1) / readersPerBlock
        // Every place is filled exactly once, by the worker that took the reader.
        let readers = [ReaderStats](unsafeUninitializedCapacity: count) { slots, initialized in
            partials.withSharedSlots { partials in
                ingest.readers.withUnsafeBufferPointer { activities in
                    let figures = SharedSlots(slots)
                    Parallel.workers(workers, sharing: blocks) { worker, nextBlock in
                        var work = StatisticsWorker(
                            calculator: workers == 1 ? calculator : calculator.forWorker(),
                            articles: articles)
                        while let block = nextBlock() {
                            let done = (block * readersPerBlock)..<min(count, (block + 1) * readersPerBlock)
                            defer { finished(done, of: stores, unfinished) }
                            work.compute(done, of: activities, into: figures.buffer.baseAddress!, place: place)
                        }
                        partials[worker] = work.totals
                    }
                }
            }
            initialized = count
        }
        ingest.readers = []
        ingest.records = []
        return (readers, partials)
    }

    /// Counts `done` off the readers of the stores it overlaps, and frees a store's records
    /// once all of its readers are done.
    static func finished(_ done: Range<Int>, of stores: [RecordStore], _ unfinished: borrowing Mutex<[Int]>) {
        for (s, store) in stores.enumerated() where store.readers.overlaps(done) {
            let overlap = done.clamped(to: store.readers).count
            if unfinished.withLock({
                $0[s] -= overlap; return $0[s] == 0
            }) {
                store.release()
            }
        }
    }

    /// The run's totals per article: the workers' summed into the first's, each thread a range
    /// of articles. Taken out of `partials`, so that summing into them does not copy their
    /// megabytes.
    static func sumArticleTotals(_ partials: inout [WorkerTotals], jobs: Int) -> [ArticleTotals] {
        var sum = partials[0].articles
        partials[0].articles = []
        let others = partials.dropFirst().map(\.articles)
        sum.withSharedSlots { sum in
            Parallel.perform(jobs) { part in
                for partial in others {
                    partial.withUnsafeBufferPointer { totals in
                        for i in (sum.count * part / jobs)..<(sum.count * (part + 1) / jobs) { sum[i].add(totals[i]) }
                    }
                }
            }
        }
        return sum
    }
}

/// One statistics thread's state, kept from block to block: its calculator, the buffers it
/// reuses from reader to reader, and what it adds up.
private struct StatisticsWorker {
    let calculator: ReaderCalculator
    var scratch = ReaderCalculator.Scratch()
    var totals: Statistics.WorkerTotals

    init(calculator: ReaderCalculator, articles: Int) {
        self.calculator = calculator
        totals = .init(
            articles: (0..<articles).map { ArticleTotals(article: Int32($0)) },
            categories: Array(repeating: (0, 0), count: calculator.attributes.categoryNames.count),
            topics: Array(repeating: (0, 0), count: calculator.attributes.topicNames.count),
            languages: Array(repeating: (0, 0), count: calculator.languageSubtags.count))
    }

    /// Computes `readers`' figures into their places in `figures`, and adds their counted
    /// totals per article to the run's.
    @inline(__always)
    mutating func compute(
        _ readers: Range<Int>, of activities: UnsafeBufferPointer<ReaderActivity>,
        into figures: UnsafeMutablePointer<ReaderStats>, place: [Int]
    ) {
        for index in readers {
            // The figures' place (in user order, so anywhere in the array) is asked for now:
            // writing its cache lines cold stalled the next atomic operation — a reference
            // count — until the writes were done.
            let destination = figures + place[index]
            for line in stride(from: 0, to: MemoryLayout<ReaderStats>.stride, by: 64) {
                yir_prefetch(UnsafeRawPointer(destination) + line)
            }
            let stats = calculator.compute(activities[index], scratch: &scratch, skipped: &totals.diagnostics)
            destination.initialize(to: consume stats)
            Self.add(scratch.totals, to: &totals.articles)
            if !scratch.categoryTotals.isEmpty { Self.add(scratch.categoryTotals, to: &totals.categories) }
            if !scratch.topicTotals.isEmpty { Self.add(scratch.topicTotals, to: &totals.topics) }
            for language in scratch.languageTotals {
                totals.languages[Int(language.id)].milliseconds += language.milliseconds
                totals.languages[Int(language.id)].readers += 1
            }
        }
    }

    /// Adds a reader's categories or topics to the run's, by id.
    @inline(__always)
    private static func add(_ reader: [SubjectCount], to run: inout [(milliseconds: Int64, readers: Int)]) {
        for count in reader {
            run[Int(count.id)].milliseconds += count.milliseconds
            run[Int(count.id)].readers += 1
        }
    }

    /// Adds a reader's counted totals per article to the run's.
    @inline(__always)
    private static func add(_ reader: [ArticleTotals], to run: inout [ArticleTotals]) {
        run.withUnsafeMutableBufferPointer { run in
            // The run's totals are megabytes, met in no order: all of this reader's slots are
            // asked for first, so that their misses overlap.
            for t in reader { yir_prefetch(run.baseAddress! + Int(t.article)) }
            for t in reader { run[Int(t.article)].addReader(t) }
        }
    }
}
