import YirCore
import YirStats

/// SPEC §6 from the statistics' side: the run-level figures (§2.4 cohort, §2.3 rank) made from
/// the readers of every partition, as `Statistics.compute` makes them from records, by the
/// statistics' own rules. The lines themselves are read by `PartitionFormat`, beside the code
/// that writes them.
public enum Partitions {
    public struct DecodeError: Error, CustomStringConvertible {
        public var message: String
        /// A whole reader object but its `detail`: what a plain `stats --format jsonl` line is.
        public var lacksOnlyDetail = false
        public var description: String { message }

        public init(message: String, lacksOnlyDetail: Bool = false) {
            self.message = message
            self.lacksOnlyDetail = lacksOnlyDetail
        }
    }

    /// The run's totals per article (§2.4), summed as readers are read: by name, as read back.
    public typealias ArticleTotalsByName = [ArticleName: ArticleFigures]

    /// What the run's figures need of every reader's detail: the totals per article, category
    /// and topic, summed by name.
    public struct RunTotals: Sendable {
        public var articles = ArticleTotalsByName()
        public var categories = Statistics.SubjectSums()
        public var topics = Statistics.SubjectSums()
        public init() {}
    }

    /// Adds a reader's counted articles, categories and topics (the partition's detail) to
    /// `totals` and lets go of them: a reader's article list was most of what `render` held
    /// per reader, and all the cohort needs of it is these sums.
    public static func takeDetail(of reader: inout ReaderStats, into totals: inout RunTotals) throws(DecodeError) {
        for a in reader.articles ?? [] { try add(a, readers: 1, to: &totals.articles) }
        Statistics.add(reader.allCategories ?? [], to: &totals.categories)
        Statistics.add(reader.allTopics ?? [], to: &totals.topics)
        reader.articles = nil
        reader.allCategories = nil
        reader.allTopics = nil
    }

    /// Sums one set of totals into another (the workers' and the files').
    public static func add(_ more: RunTotals, to totals: inout RunTotals) throws(DecodeError) {
        for a in more.articles.values { try add(a, readers: a.readers, to: &totals.articles) }
        Statistics.addSums(more.categories, to: &totals.categories)
        Statistics.addSums(more.topics, to: &totals.topics)
    }

    private static func add(_ a: ArticleFigures, readers: Int, to totals: inout ArticleTotalsByName) throws(DecodeError)
    {
        if var t = totals[a.name] {
            // Each reader's figures are below 2^53 (`ReaderLineDecoder`); a thousand such readers are not.
            let (milliseconds, overflow) = t.milliseconds.addingReportingOverflow(a.milliseconds)
            let (views, tooMany) = t.views.addingReportingOverflow(a.views)
            guard !overflow, !tooMany else {
                throw DecodeError(message: "the readers' seconds or views of one article add up beyond 2^63")
            }
            t.milliseconds = milliseconds
            t.views = views
            t.firstViewed = min(t.firstViewed, a.firstViewed)
            t.lastViewed = max(t.lastViewed, a.lastViewed)
            t.readers += readers
            totals[a.name] = t
        } else {
            var one = a
            one.readers = readers
            totals[a.name] = one
        }
    }

    /// The run's figures from every reader of every partition: readers in user order, ranks
    /// over all of them, and the cohort — what `Statistics.compute` gives for one process.
    /// `runTotals`: every reader's detail, summed by `takeDetail`.
    public static func merge(
        _ readers: [ReaderStats], totals runTotals: RunTotals,
        top: Int
    ) throws(DecodeError) -> (readers: [ReaderStats], cohort: CohortStats) {
        var readers = readers
        readers.sort { $0.user.utf8.lexicographicallyPrecedes($1.user.utf8) }
        for i in readers.indices.dropFirst() where readers[i].user == readers[i - 1].user {
            throw DecodeError(
                message: "reader '\(readers[i].user)' is in more than one partition: partition the export by user")
        }
        // Each reader's below 2^53 milliseconds (`ReaderLineDecoder`), the run's total may not be.
        var total: Int64 = 0
        var previousTotal: Int64 = 0
        for reader in readers {
            let (sum, overflow) = total.addingReportingOverflow(reader.reading.milliseconds)
            let (previousSum, previousOverflow) = previousTotal.addingReportingOverflow(
                reader.previousYear?.milliseconds ?? 0)
            guard !overflow && !previousOverflow else {
                throw DecodeError(message: "the readers' reading time adds up beyond 2^63 milliseconds")
            }
            total = sum
            previousTotal = previousSum
        }
        let summary = Statistics.rankReaders(&readers)
        // Names read back from partitions are text: hashed and ordered as text.
        let naming = ArticleNaming()
        let ranked = ArticleTotals.first(top, of: runTotals.articles.values) { a, b in
            ArticleTotals.ranksBefore((a.milliseconds, a.views, a.lastViewed), (b.milliseconds, b.views, b.lastViewed))
            {
                naming.precedes(a.name, b.name)
            }
        }
        let cohort = CohortStats(
            readers: readers.count,
            readingMilliseconds: summary.readingMilliseconds,
            readingSecondsPercentiles: summary.reading,
            appTimeSecondsPercentiles: summary.appTime,
            topArticles: ranked,
            previousYear: summary.previousYear,
            subjects: .fromReaders(
                readers, categories: CohortSubject.top(runTotals.categories, count: top, topics: false),
                topics: CohortSubject.top(runTotals.topics, count: top, topics: true)))
        return (readers, cohort)
    }
}
