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
    public static func write(_ model: ReportModel, jobs: Int = 1, to write: @escaping ([UInt8]) throws -> Void) throws
        -> Int
    {
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
        try ReaderBlocks.render(
            readers, jobs: jobs, writer: { XMLReaderBlock(tally) },
            to: { block in
                if tally.failed { throw XMLWriteError.libxml2 }
                try x.raw(block)
            }
        ) { index, reader, block in block.write(reader, model.context(of: index, reader), names) }
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
                ("reading_seconds_percentiles", c.readingSecondsPercentiles),
                ("app_time_seconds_percentiles", c.appTimeSecondsPercentiles),
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
            let subjects: [(key: StaticString, name: StaticString, list: [CohortSubject])] = [
                ("categories", "category", c.subjects.categories), ("topics", "topic", c.subjects.topics),
            ]
            for (key, name, list) in subjects {
                try x.element(key) {
                    for s in list {
                        try x.element(name) {
                            try x.element(name, s.name)
                            try x.element("seconds", s.seconds)
                            try x.element("readers", s.readers)
                        }
                    }
                }
            }
            try x.element("places") {
                try x.element("readers", c.subjects.placeReaders)
                try x.element("countries", c.subjects.countries)
            }
            try x.element("edits") {
                try x.element("readers", c.subjects.editReaders)
                try x.element("count", c.subjects.edits)
            }
            try x.element("languages") {
                for l in c.subjects.languages {
                    try x.element("language") {
                        try x.element("language", l.language)
                        try x.element("readers", l.readers)
                        try x.element("seconds", l.seconds)
                    }
                }
            }
            try x.element("saved_unread") {
                try x.element("readers", c.subjects.unreadReaders)
                try x.element("count", c.subjects.unread)
            }
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

    func write(_ reader: UnsafePointer<ReaderStats>, _ context: ReaderFields.Context, _ names: ArticleNaming) {
        do { try XMLFieldWriter.write(reader, context, names, to: x) } catch { tally.fail() }
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
