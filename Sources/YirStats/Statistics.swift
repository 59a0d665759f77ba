import CYirSupport
import YirCore
import YirIngest

/// The statistics stage: every reader's figures (SPEC §2.3), then the run's (§2.4) and ranks.
public enum Statistics {
    /// Reads each reader's records once and frees them about a mebibyte at a time (a
    /// `RecordStore`) as soon as their readers' figures are made, so records and figures are
    /// never all in memory together: `ingest.readers` and `ingest.records` are left empty.
    public static func compute(_ ingest: inout IngestResult, parameters: StatsParameters) -> RunStatistics {
        let titles = ingest.catalog.titles
        let excluded = Set(parameters.excludedTitles.compactMap { titles.lookup(Normalization.title($0)) })
        let calculator = ReaderCalculator(
            catalog: ingest.catalog, zoneRules: ingest.zoneRules,
            parameters: parameters, excludedTitles: excluded)
        let workers = workerCount(
            jobs: parameters.jobs, readers: ingest.readers.count,
            articles: ingest.catalog.articles.count)
        let place = placesInUserOrder(ingest, jobs: workers)
        // Readers are independent: what is summed across them is order-independent, so the
        // result does not depend on how many workers there are, or on which took which reader.
        var (readers, partials) = computeReaders(&ingest, into: place, calculator: calculator, workers: workers)
        var diagnostics = ingest.diagnostics
        var categorySums: [[(milliseconds: Int64, readers: Int)]] = [],
            topicSums: [[(milliseconds: Int64, readers: Int)]] = []
        for i in partials.indices {
            diagnostics.add(partials[i].diagnostics)
            categorySums.append(partials[i].categories)
            topicSums.append(partials[i].topics)
            (partials[i].categories, partials[i].topics) = ([], [])
        }
        let categories = topSubjects(
            &categorySums, named: calculator.attributes.categoryNames, catchAll: nil, count: parameters.top)
        let topics = topSubjects(
            &topicSums, named: calculator.attributes.topicNames, catchAll: calculator.attributes.catchAllTopics,
            count: parameters.top)
        let cohortTotals = sumArticleTotals(&partials, jobs: workers)
        let summary = rankReaders(&readers, jobs: workers)
        let cohort = CohortStats(
            readers: readers.count,
            readingMilliseconds: summary.readingMilliseconds,
            readingSecondsPercentiles: summary.reading,
            appTimeSecondsPercentiles: summary.appTime,
            topArticles: ArticleTotals.top(
                cohortTotals.lazy.filter { $0.readers > 0 }, count: parameters.top,
                catalog: calculator.catalog),
            previousYear: summary.previousYear,
            subjects: .fromReaders(
                readers, categories: categories, topics: topics,
                languages: languages(partials, subtags: calculator.languageSubtags)))
        return RunStatistics(
            readers: readers, cohort: cohort, diagnostics: diagnostics,
            articleNames: ArticleNaming(ingest.catalog))
    }

    /// Each reader's place among the figures: readers come out in user order (UTF-8 bytes).
    /// Ordering the catalog's ids is cheap; each reader's figures are then written straight
    /// into their place, where sorting the figures themselves would move hundreds of bytes
    /// per step.
    static func placesInUserOrder(_ ingest: IngestResult, jobs: Int) -> [Int] {
        // Each reader is sorted under its user's first 16 bytes, and only readers whose ids
        // share those are compared in full: comparing in the catalog's bytes was a cache miss
        // per comparison once the readers number a million.
        let users = ingest.catalog.users
        var order = ingest.readers.indices.map { r in
            (prefix: users.orderPrefix(ingest.readers[r].user), reader: Int32(r))
        }
        ingest.readers.withUnsafeBufferPointer { readers in
            order.sort(jobs: jobs) { a, b in
                a.prefix != b.prefix
                    ? a.prefix < b.prefix : users.precedes(readers[Int(a.reader)].user, readers[Int(b.reader)].user)
            }
        }
        var positions = [Int](repeating: 0, count: ingest.readers.count)
        for (position, entry) in order.enumerated() { positions[Int(entry.reader)] = position }
        return positions
    }

    /// Readers whose ranks are searched for side by side (`rankReaders`).
    static let rankGroup = 16

    /// Sets each reader's `rank.top_percent` and sums up what SPEC §2.4 takes from the readers'
    /// own figures: total reading, the reading and app-time percentiles and the year before.
    /// One pass over the readers and one sort per figure, shared by ranks and percentiles; on
    /// `jobs` threads.
    public static func rankReaders(_ readers: inout [ReaderStats], jobs: Int = 1)
        -> (
            readingMilliseconds: Int64, reading: CohortStats.Percentiles?, appTime: CohortStats.Percentiles?,
            previousYear: CohortStats.PreviousYear
        )
    {
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
