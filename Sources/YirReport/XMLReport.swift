import Synchronization
import YirCore
import YirStats

/// The `xml` renderer (SPEC §4.3): the report model in yir's own namespace, element for key
/// as in the JSON, valid against Templates/report.xsd. Lists are wrapped (`readers/reader`,
/// `top_articles/article`, `monthly/entry`, …); null values are left out.
public enum XMLReport {
    public static let namespace = "urn:yir:report:1"

    /// Streams the document to `write`, its readers rendered on `jobs` threads
    /// (`writeReaders`); returns how many characters XML could not carry and were replaced
    /// with U+FFFD.
    @discardableResult
    public static func write(_ model: ReportModel, jobs: Int = 1, to write: @escaping ([UInt8]) throws -> Void) throws -> Int {
        let x = XMLWriter(indent: true, write: write)
        try x.startDocument()
        try x.startRoot("report", namespace: namespace)
        try x.element("schema_version", ReportModel.schemaVersion)
        try x.element("generator") {
            try x.element("name", ReportModel.generatorName)
            try x.element("version", ReportModel.generatorVersion)
        }
        let p = model.parameters
        try x.element("parameters") {
            try x.element("year", p.year)
            try x.element("as_of", RFC3339.format(p.asOf, offsetSeconds: 0))
            try x.element("time_zone", p.timeZone)
            try x.element("top", p.top)
            try x.element("profile", p.profile)
            try x.element("locale", p.locale.description)
        }
        try x.element("inputs") {
            for input in model.inputs {
                try x.element("input") {
                    try x.element("path", input.path)
                    try x.element("bytes", input.bytes)
                    try x.element("lines", input.lines)
                }
            }
        }
        try writeDiagnostics(model.statistics.diagnostics, x)
        let names = model.statistics.articleNames
        try writeCohort(model.statistics.cohort, names, x)
        try x.start("readers")
        let replacedInReaders = try writeReaders(model, names, jobs: jobs, into: x)
        try x.end()
        try x.end()
        try x.endDocument()
        return x.replacedCharacters + replacedInReaders
    }

    /// The readers, in blocks rendered on `jobs` threads, each thread with a libxml2 writer of
    /// its own opened inside the same two elements as the document's `readers`, so that its
    /// bytes — indentation included — are the ones the document's writer would write; they
    /// join the document as raw content. Returns the characters replaced in them.
    static func writeReaders(_ model: ReportModel, _ names: ArticleNaming, jobs: Int, into x: XMLWriter) throws -> Int {
        let readers = model.statistics.readers
        guard !readers.isEmpty else { return 0 }  // `<readers/>`
        // Closes `<readers` as its first child would: `>` (libxml2, for raw content) and a newline.
        try x.raw([0x0A])
        let tally = XMLReaderBlock.Tally()
        try ReaderBlocks.render(readers, jobs: jobs, writer: { XMLReaderBlock(tally) }, to: { block in
            if tally.failed { throw XMLWriteError.libxml2 }
            try x.raw(block)
        }) { index, reader, block in block.write(reader.pointee, slides: model.slides(of: index), names) }
        if tally.failed { throw XMLWriteError.libxml2 }
        // Raw content turns libxml2's indentation off for the end tag: the two spaces it would write.
        try x.raw(Array("  ".utf8))
        return tally.replaced
    }

    static func writeDiagnostics(_ d: Diagnostics, _ x: XMLWriter) throws {
        try x.element("diagnostics") {
            try x.element("lines", d.lines)
            try x.element("accepted") {
                for type in RecordType.allCases { try x.element(named: type.name, d.accepted[type.rawValue]) }
            }
            try x.element("rejected") {
                for (reason, count) in d.rejected.sorted(by: { $0.key < $1.key }) {
                    try x.start("reason")
                    try x.attribute("name", reason.rawValue)
                    try x.attribute("count", String(count))
                    try x.end()
                }
            }
            try x.element("rejected_total", d.rejectedTotal)
            for (name, count) in Diagnostics.counts { try x.element(named: name, d[keyPath: count]) }
        }
    }

    static func writeCohort(_ c: CohortStats, _ names: ArticleNaming, _ x: XMLWriter) throws {
        try x.element("cohort") {
            try x.element("readers", c.readers)
            try x.element("reading_seconds", c.readingSeconds)
            let percentiles: [(StaticString, CohortStats.Percentiles?)] = [
                ("reading_seconds_percentiles", c.readingSecondsPercentiles), ("app_time_seconds_percentiles", c.appTimeSecondsPercentiles),
            ]
            for (name, p) in percentiles {
                try x.element(name) {
                    try x.element("p50", p.map { FixedDecimal.seconds(milliseconds: $0.p50) })
                    try x.element("p90", p.map { FixedDecimal.seconds(milliseconds: $0.p90) })
                    try x.element("p99", p.map { FixedDecimal.seconds(milliseconds: $0.p99) })
                }
            }
            try x.element("top_articles") {
                for a in c.topArticles {
                    try x.element("article") {
                        try writeName(a.name, names, x)
                        try x.element("seconds", a.seconds)
                        try x.element("views", a.views)
                        try x.element("readers", a.readers)
                    }
                }
            }
            try x.element("previous_year") {
                try x.element("readers", c.previousYear.readers)
                try x.element("reading_seconds", c.previousYear.readingSeconds)
            }
        }
    }

    static func writeReader(_ r: ReaderStats, slides: String?, _ names: ArticleNaming, _ x: XMLWriter) throws {
        try x.element("reader") {
            try x.element("user", r.user)
            try x.element("slides", slides)
            try x.element("time_zone", r.zone.identifier)
            try x.element("locale", r.locale.text)
            try x.element("window") {
                try x.element("start", instant: r.window.start, in: r.zone)
                try x.element("end", instant: r.window.end, in: r.zone)
            }
            try x.element("coverage") {
                try x.element("start", instant: r.coverage.start, in: r.zone)
                try x.element("end", instant: r.coverage.end, in: r.zone)
                try x.element("cleared", instant: r.coverage.cleared, in: r.zone)
                try x.element("first_view", instant: r.coverage.firstView, in: r.zone)
            }
            try x.element("reading") {
                try x.element("seconds", r.reading.seconds)
                try x.element("minutes", r.reading.minutes)
                try x.element("views", r.reading.views)
                try x.element("articles", r.reading.articles)
                try x.element("average_seconds_per_article", r.reading.averageSecondsPerArticle)
                try x.element("median_seconds_per_article", r.reading.medianSecondsPerArticle)
            }
            if let top = r.topArticles.first { try writeArticle("top_article", top, names, r.zone, x) }
            try x.element("top_articles") {
                for a in r.topArticles { try writeArticle("article", a, names, r.zone, x) }
            }
            try x.element("app_time") {
                try x.element("seconds", r.appTime.seconds)
                try x.element("sessions", r.appTime.sessions)
                try x.element("average_session_seconds", r.appTime.averageSessionSeconds)
            }
            try x.element("patterns") {
                try x.element("hour", r.patterns.hour)
                try x.element("weekday", r.patterns.weekday)
                try x.element("month", r.patterns.month)
                try x.element("time_of_day", r.patterns.timeOfDay?.rawValue)
            }
            try x.element("monthly") {
                for m in r.monthly {
                    try x.element("entry") {
                        try x.element("month", m.month)
                        try x.element("seconds", m.seconds)
                        try x.element("views", m.views)
                    }
                }
            }
            try x.element("streak") {
                try x.element("days", r.streak.days)
                try x.element("start", r.streak.start?.iso8601)
                try x.element("end", r.streak.end?.iso8601)
            }
            if let hole = r.rabbitHole {
                try x.element("rabbit_hole") {
                    try x.element("articles", hole.articles)
                    try x.element("views", hole.views)
                    try x.element("seconds", hole.seconds)
                    try x.element("start", instant: hole.start, in: r.zone)
                    try x.element("end", instant: hole.end, in: r.zone)
                    try x.element("first") { try writeName(hole.first, names, x) }
                    try x.element("last") { try writeName(hole.last, names, x) }
                }
            }
            if let previous = r.previousYear {
                try x.element("previous_year") {
                    try x.element("seconds", previous.seconds)
                    try x.element("views", previous.views)
                    try x.element("articles", previous.articles)
                }
            }
            try x.element("change") { try x.element("reading_seconds", r.readingChange) }
            try x.element("saved") {
                try x.element("last_30_days") {
                    try x.element("count", r.saved.last30DaysCount)
                    try x.element("last_saved", instant: r.saved.lastSaved, in: r.zone)
                    try x.element("last_saved_display", r.saved.lastSavedDisplay)
                }
                try x.element("year") { try x.element("count", r.saved.yearCount) }
                try x.element("recent") {
                    for s in r.saved.recent {
                        try x.element("save") {
                            try writeName(s.name, names, x)
                            try x.element("saved", instant: s.saved, in: r.zone)
                            try x.element("thumbnail", s.thumbnail)
                        }
                    }
                }
            }
            try x.element("notifications") {
                let lists: [(StaticString, [NotificationType])] = [
                    ("subscribed", r.notifications.subscribed), ("unsubscribed", r.notifications.unsubscribed),
                ]
                for (name, list) in lists {
                    try x.element(name) {
                        for n in list {
                            try x.element("notification") {
                                try x.element("key", n.key)
                                try x.element("label", n.label)
                            }
                        }
                    }
                }
            }
            try x.element("rank") { try x.element("top_percent", r.rankTopPercent) }
        }
    }

    static func writeArticle(_ element: StaticString, _ a: ArticleFigures, _ names: ArticleNaming, _ zone: ZoneRules,
                             _ x: XMLWriter) throws {
        try x.element(element) {
            try writeName(a.name, names, x)
            try x.element("seconds", a.seconds)
            try x.element("views", a.views)
            try x.element("first_viewed", instant: a.firstViewed, in: zone)
            try x.element("last_viewed", instant: a.lastViewed, in: zone)
        }
    }

    /// An article's `wiki` and `title` elements, written from the names' bytes.
    static func writeName(_ name: ArticleName, _ names: ArticleNaming, _ x: XMLWriter) throws {
        try names.withUTF8(name) { wiki, title in
            try x.element("wiki", utf8: wiki)
            try x.element("title", utf8: title)
        }
    }
}

/// Readers rendered by a libxml2 writer of one thread (`XMLReport.writeReaders`).
struct XMLReaderBlock: BlockWriter {
    /// What the blocks of one document had to report: a failure of libxml2, replaced characters.
    final class Tally: Sendable {
        private let state = Mutex((failed: false, replaced: 0))
        var failed: Bool { state.withLock { $0.failed } }
        var replaced: Int { state.withLock { $0.replaced } }
        func fail() { state.withLock { $0.failed = true } }
        func add(replaced n: Int) { state.withLock { $0.replaced += n } }
    }

    private let x = XMLWriter(indent: true)
    private let tally: Tally
    private var replacedReported = 0

    init(_ tally: Tally) {
        self.tally = tally
        do {
            // The document's two open elements, so that readers are indented as there.
            try x.start("report")
            try x.start("readers")
            _ = try x.takeBytes()
        } catch { tally.fail() }
    }

    func write(_ reader: ReaderStats, slides: String?, _ names: ArticleNaming) {
        do { try XMLReport.writeReader(reader, slides: slides, names, x) } catch { tally.fail() }
    }

    mutating func takeBytes() -> [UInt8] {
        tally.add(replaced: x.replacedCharacters - replacedReported)
        replacedReported = x.replacedCharacters
        guard var bytes = try? x.takeBytes() else {
            tally.fail()
            return []
        }
        // This writer's first reader closed `<readers` too (`>` and a newline): the
        // document's writer has.
        if bytes.first == UInt8(ascii: ">") { bytes.removeFirst(2) }
        return bytes
    }
}
