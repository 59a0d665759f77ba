import CYirSupport
import Dispatch
import Synchronization
import YirCore
import YirIngest

/// The statistics stage: every reader's figures (SPEC §2.3), then the run's (§2.4) and ranks.
public enum Statistics {
    /// Readers a statistics worker takes at a time.
    static let readersPerBlock = 512

    /// Reads each reader's records once and frees them about a mebibyte at a time (a
    /// `RecordStore`) as soon as their readers' figures are made, so records and figures are
    /// never all in memory together: `ingest.readers` and `ingest.records` are left empty.
    public static func compute(_ ingest: inout IngestResult, parameters: StatsParameters) -> RunStatistics {
        let titles = ingest.catalog.titles
        let excluded = Set(parameters.excludedTitles.compactMap { titles.lookup(Normalization.title($0)) })
        let calculator = ReaderCalculator(catalog: ingest.catalog, zoneRules: ingest.zoneRules,
                                          parameters: parameters, excludedTitles: excluded)
        // Readers are independent: workers take blocks of them. Everything summed across
        // readers below is order-independent, so the result does not depend on how many
        // workers there are, or on which took which block.
        let count = ingest.readers.count
        let workers = workerCount(jobs: parameters.jobs, readers: count, articles: ingest.catalog.articles.count)
        // Readers come out in user order (UTF-8 bytes). Ordering the catalog's ids is cheap;
        // each reader's figures are then written straight into their place, where sorting the
        // figures themselves would move hundreds of bytes per step.
        // Each reader is sorted under its user's first 16 bytes, and only readers whose ids
        // share those are compared in full: comparing in the catalog's bytes was a cache miss
        // per comparison once the readers number a million.
        let users = ingest.catalog.users
        var order = ingest.readers.indices.map { r in
            (prefix: users.orderPrefix(ingest.readers[r].user), reader: Int32(r))
        }
        ingest.readers.withUnsafeBufferPointer { readers in
            order.sort(jobs: workers) { a, b in
                a.prefix != b.prefix ? a.prefix < b.prefix : users.precedes(readers[Int(a.reader)].user, readers[Int(b.reader)].user)
            }
        }
        var positions = [Int](repeating: 0, count: count)
        for (position, entry) in order.enumerated() { positions[Int(entry.reader)] = position }
        let place = positions
        // Per worker, the run's totals per article, indexed by article id.
        let articles = ingest.catalog.articles.count
        var partials = [(diagnostics: Diagnostics, totals: [ArticleTotals])](
            repeating: (Diagnostics(), []), count: workers)
        // Readers of each record store not yet done; whoever does the last frees the store.
        let stores = ingest.records
        let unfinished = Mutex(stores.map(\.readers.count))
        // Every place is filled exactly once, by the worker that owns the reader.
        var readers = [ReaderStats](unsafeUninitializedCapacity: count) { slots, initialized in
          partials.withSharedSlots { partials in
            ingest.readers.withUnsafeBufferPointer { activities in
                let slots = SharedSlots(slots)
                // Workers take blocks of readers as they free up, so one the machine slows
                // takes fewer. Every worker leaves its partial totals, even one that took none.
                let blocks = (count + readersPerBlock - 1) / readersPerBlock
                Parallel.workers(workers, sharing: blocks) { worker, nextBlock in
                    var diagnostics = Diagnostics()
                    var cohortTotals = (0..<articles).map { ArticleTotals(article: Int32($0)) }
                    var scratch = ReaderCalculator.Scratch()
                    let own = workers == 1 ? calculator : calculator.forWorker()
                    while let block = nextBlock() {
                        let done = (block * readersPerBlock)..<min(count, (block + 1) * readersPerBlock)
                        defer { finished(done, of: stores, unfinished) }
                        for index in done {
                            // The figures' place (in user order, so anywhere in the array) is asked
                            // for now: writing its cache lines cold stalled the next atomic
                            // operation — a reference count — until the writes were done.
                            let destination = UnsafeRawPointer(slots.buffer.baseAddress! + place[index])
                            for line in stride(from: 0, to: MemoryLayout<ReaderStats>.stride, by: 64) { yir_prefetch(destination + line) }
                            let stats = own.compute(activities[index], scratch: &scratch, skipped: &diagnostics)
                            (slots.buffer.baseAddress! + place[index]).initialize(to: consume stats)
                            cohortTotals.withUnsafeMutableBufferPointer { cohort in
                                // The run's totals are megabytes, met in no order: all of this
                                // reader's slots are asked for first, so that their misses overlap.
                                for t in scratch.totals { yir_prefetch(cohort.baseAddress! + Int(t.article)) }
                                for t in scratch.totals { cohort[Int(t.article)].addReader(t) }
                            }
                        }
                    }
                    partials[worker] = (diagnostics, cohortTotals)
                }
            }
          }
          initialized = count
        }
        ingest.readers = []
        ingest.records = []
        var diagnostics = ingest.diagnostics
        for partial in partials { diagnostics.add(partial.diagnostics) }
        // The workers' totals summed into the first's, each thread a range of articles.
        // Taken out of `partials`, so that summing into it does not copy its megabytes.
        var cohortTotals = partials[0].totals
        partials[0].totals = []
        let others = partials.dropFirst().map(\.totals)
        cohortTotals.withSharedSlots { sum in
            Parallel.perform(workers) { part in
                for partial in others {
                    partial.withUnsafeBufferPointer { totals in
                        for i in (sum.count * part / workers)..<(sum.count * (part + 1) / workers) { sum[i].add(totals[i]) }
                    }
                }
            }
        }
        let summary = rankReaders(&readers, jobs: workers)
        let cohort = CohortStats(
            readers: readers.count,
            readingMilliseconds: summary.readingMilliseconds,
            readingSecondsPercentiles: summary.reading,
            appTimeSecondsPercentiles: summary.appTime,
            topArticles: ArticleTotals.top(cohortTotals.lazy.filter { $0.readers > 0 }, count: parameters.top,
                                           catalog: calculator.catalog),
            previousYear: summary.previousYear)
        return RunStatistics(readers: readers, cohort: cohort, diagnostics: diagnostics,
                             articleNames: ArticleNaming(ingest.catalog))
    }

    /// Counts `done` off the readers of the stores it overlaps, and frees a store's records
    /// once all of its readers are done.
    static func finished(_ done: Range<Int>, of stores: [RecordStore], _ unfinished: borrowing Mutex<[Int]>) {
        for (s, store) in stores.enumerated() where store.readers.overlaps(done) {
            let overlap = done.clamped(to: store.readers).count
            if unfinished.withLock({ $0[s] -= overlap; return $0[s] == 0 }) { store.release() }
        }
    }

    /// What each statistics worker holds per catalog article: the run's totals (48 bytes), the
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

    /// Readers whose ranks are searched for side by side (`rankReaders`).
    static let rankGroup = 16

    /// Sets each reader's `rank.top_percent` and sums up what SPEC §2.4 takes from the readers'
    /// own figures: total reading, the reading and app-time percentiles and the year before.
    /// One pass over the readers and one sort per figure, shared by ranks and percentiles; on
    /// `jobs` threads.
    static func rankReaders(_ readers: inout [ReaderStats], jobs: Int = 1)
        -> (readingMilliseconds: Int64, reading: CohortStats.Percentiles?, appTime: CohortStats.Percentiles?,
            previousYear: CohortStats.PreviousYear) {
        var reading: [Int64] = []
        var appTime: [Int64] = []
        reading.reserveCapacity(readers.count)
        appTime.reserveCapacity(readers.count)
        var total: Int64 = 0
        var previousYear = CohortStats.PreviousYear(readers: 0, readingMilliseconds: 0)
        for i in readers.indices {
            let ms = readers[i].reading.milliseconds
            total += ms
            if ms > 0 { reading.append(ms) }
            if readers[i].appTime.milliseconds > 0 { appTime.append(readers[i].appTime.milliseconds) }
            if let previous = readers[i].previousYear {
                previousYear.readers += 1
                previousYear.readingMilliseconds += previous.milliseconds
            }
        }
        // Both sorted by their digits (values > 0), side by side when there are threads.
        reading.withUnsafeMutableBufferPointer { reading in
            appTime.withUnsafeMutableBufferPointer { appTime in
                let lists = [reading, appTime]
                if jobs > 1 {
                    Parallel.perform(2) { i in radixSort(lists[i]) }
                } else {
                    for list in lists { radixSort(list) }
                }
            }
        }
        // r = 1 + readers with strictly more reading time; ⌈100·r/N⌉ over the N readers with any.
        let count = readers.count
        let parts = max(1, min(jobs, count / 4096))
        reading.withUnsafeBufferPointer { reading in
            readers.withSharedSlots { readers in
                Parallel.perform(parts) { part in
                    let n = reading.count
                    // Searches a group of readers at a time, a step of each in turn: over a
                    // million values most steps miss the cache, and so the misses of a group
                    // overlap instead of waiting one after another (a million readers' searches:
                    // 0.16 → 0.12 s at `--jobs 1`).
                    withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * rankGroup) { scratch in
                        let reader = scratch.baseAddress!, value = reader + rankGroup, base = value + rankGroup
                        var i = count * part / parts
                        let end = count * (part + 1) / parts
                        while i < end {
                            var group = 0
                            while group < rankGroup && i < end {
                                let ms = readers[i].reading.milliseconds
                                if ms > 0 {
                                    reader[group] = i
                                    value[group] = Int(ms)
                                    base[group] = 0
                                    group += 1
                                }
                                i += 1
                            }
                            // Khuong and Morin's branch-free search: the same steps for every value.
                            var length = n
                            while length > 1 {
                                let half = length / 2
                                for k in 0..<group {
                                    if reading[base[k] + half] <= value[k] { base[k] += half }
                                    yir_prefetch(reading.baseAddress! + base[k] + (length - half) / 2)
                                }
                                length -= half
                            }
                            for k in 0..<group {
                                let atMost = base[k] + (reading[base[k]] <= value[k] ? 1 : 0)  // values ≤ this reader's
                                let r = 1 + (n - atMost)
                                readers[reader[k]].rankTopPercent = (100 * r + n - 1) / n
                            }
                        }
                    }
                }
            }
        }
        return (total, percentiles(ascending: reading), percentiles(ascending: appTime), previousYear)
    }

    /// Nearest-rank percentiles of values above zero, sorted ascending; nil when there are none.
    static func percentiles(ascending sorted: [Int64]) -> CohortStats.Percentiles? {
        guard !sorted.isEmpty else { return nil }
        func rank(_ p: Int) -> Int64 { sorted[(p * sorted.count + 99) / 100 - 1] }
        return .init(p50: rank(50), p90: rank(90), p99: rank(99))
    }
}
