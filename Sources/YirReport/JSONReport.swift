import YirCore
import YirStats

/// The `json` and `jsonl` renderers (SPEC §4.2), keys in §4.1's order.
public enum JSONReport {
    /// The whole model as one pretty-printed document, ending with a newline, handed to
    /// `write` in pieces. Readers are rendered on `jobs` threads and written in order.
    public static func writeDocument(_ model: ReportModel, jobs: Int = 1, to write: ([UInt8]) throws -> Void) rethrows {
        var w = JSONWriter(pretty: true)
        w.beginObject()
        w.field("schema_version", ReportModel.schemaVersion)
        w.key("generator")
        w.object { w in
            w.field("name", ReportModel.generatorName)
            w.field("version", ReportModel.generatorVersion)
        }
        w.key("parameters")
        writeParameters(model.parameters, &w)
        w.key("inputs")
        writeInputs(model.inputs, &w)
        w.key("diagnostics")
        writeDiagnostics(model.statistics.diagnostics, &w)
        w.key("cohort")
        let names = model.statistics.articleNames
        writeCohort(model.statistics.cohort, names, &w)
        w.key("readers")
        w.beginArray()
        try write(w.takeBytes())
        // Each reader is an array element at depth 2: a comma after the first, a new line, four spaces.
        try ReaderBlocks.render(
            model.statistics.readers, jobs: jobs,
            writer: { JSONFieldWriter(pretty: true, indent: 2, names: names) }, to: write
        ) { index, reader, r in
            r.raw(index > 0 ? ",\n    " : "\n    ")
            r.write(reader, model.context(of: index, reader))
        }
        if !model.statistics.readers.isEmpty { w.noteMembersWrittenElsewhere() }
        w.endArray()
        w.endObject()
        try write(w.takeBytes() + [0x0A])
    }

    /// The whole document as one array of bytes (tests, small runs).
    public static func document(_ model: ReportModel, jobs: Int = 1) -> [UInt8] {
        var out: [UInt8] = []
        writeDocument(model, jobs: jobs) { out += $0 }
        return out
    }

    /// One compact line per reader (the reader object), each ending with a newline, handed to
    /// `write` in pieces.
    public static func writeLines(_ model: ReportModel, jobs: Int = 1, to write: ([UInt8]) throws -> Void) rethrows {
        let names = model.statistics.articleNames
        try ReaderBlocks.render(
            model.statistics.readers, jobs: jobs, writer: { JSONFieldWriter(pretty: false, names: names) },
            to: write
        ) { index, reader, w in
            w.write(reader, model.context(of: index, reader))
            w.raw("\n")
        }
    }

    /// The reader lines of a partition (YirPartitions' `PartitionFormat`): each reader object
    /// with the fields of partition lines alone (`detail`), one compact line each. `slides` is
    /// null: the decks are named where they are written, by `render`. Here, beside `writeLines`,
    /// so that the walk of the field table is specialised for this module's JSON writer.
    public static func writeLinesWithDetail(_ model: ReportModel, jobs: Int = 1, to write: ([UInt8]) throws -> Void)
        rethrows
    {
        let names = model.statistics.articleNames
        try ReaderBlocks.render(
            model.statistics.readers, jobs: jobs,
            writer: { JSONFieldWriter(pretty: false, names: names, partition: true) },
            to: write
        ) { index, reader, w in
            w.write(reader, ReaderFields.Context(slides: nil, lastSavedDisplay: model.lastSavedDisplay(reader)))
            w.raw("\n")
        }
    }

    public static func lines(_ model: ReportModel, jobs: Int = 1) -> [UInt8] {
        var out: [UInt8] = []
        writeLines(model, jobs: jobs) { out += $0 }
        return out
    }

    public static func writeInputs(_ inputs: [InputSummary], _ w: inout JSONWriter) {
        w.array { w in
            for input in inputs {
                w.object { w in
                    w.field("path", input.path)
                    w.field("bytes", input.bytes)
                    w.field("lines", input.lines)
                }
            }
        }
    }

    public static func writeParameters(_ p: ReportModel.Parameters, _ w: inout JSONWriter) {
        w.object { w in
            w.field("year", p.year)
            w.field("as_of", RFC3339.format(p.asOf, offsetSeconds: 0))
            w.field("time_zone", p.timeZone)
            w.field("top", p.top)
            w.field("profile", p.profile)
            w.field("locale", p.locale.description)
        }
    }

    public static func writeDiagnostics(_ d: Diagnostics, _ w: inout JSONWriter) {
        w.object { w in
            w.field("lines", d.lines)
            w.key("accepted")
            w.object { w in
                for type in RecordType.allCases {
                    w.key(text: type.name)
                    w.number(d.accepted[type.rawValue])
                }
            }
            w.key("rejected")
            w.object { w in
                for (reason, count) in d.rejected.sorted(by: { $0.key < $1.key }) {
                    w.key(text: reason.rawValue)
                    w.number(count)
                }
            }
            w.field("rejected_total", d.rejectedTotal)
            for (name, count) in Diagnostics.counts {
                w.key(text: name)
                w.number(d[keyPath: count])
            }
        }
    }

    static func writeCohort(_ c: CohortStats, _ names: ArticleNaming, _ w: inout JSONWriter) {
        w.object { w in
            w.field("readers", c.readers)
            w.field("reading_seconds", c.readingSeconds)
            w.key("reading_seconds_percentiles")
            writePercentiles(c.readingSecondsPercentiles, &w)
            w.key("app_time_seconds_percentiles")
            writePercentiles(c.appTimeSecondsPercentiles, &w)
            w.key("top_articles")
            w.array { w in
                for a in c.topArticles {
                    w.object { w in
                        writeName(a.name, names, &w)
                        w.field("seconds", a.seconds)
                        w.field("views", a.views)
                        w.field("readers", a.readers)
                    }
                }
            }
            w.key("previous_year")
            w.object { w in
                w.field("readers", c.previousYear.readers)
                w.field("reading_seconds", c.previousYear.readingSeconds)
            }
            let subjects: [(key: StaticString, name: StaticString, list: [CohortSubject])] = [
                ("categories", "category", c.subjects.categories), ("topics", "topic", c.subjects.topics),
            ]
            for (key, name, list) in subjects {
                w.key(key)
                w.array { w in
                    for s in list {
                        w.object { w in
                            w.field(name, s.name)
                            w.field("seconds", s.seconds)
                            w.field("readers", s.readers)
                        }
                    }
                }
            }
            w.key("places")
            w.object { w in
                w.field("readers", c.subjects.placeReaders)
                w.field("countries", c.subjects.countries)
            }
            w.key("edits")
            w.object { w in
                w.field("readers", c.subjects.editReaders)
                w.field("count", c.subjects.edits)
            }
            w.key("languages")
            w.array { w in
                for l in c.subjects.languages {
                    w.object { w in
                        w.field("language", l.language)
                        w.field("readers", l.readers)
                        w.field("seconds", l.seconds)
                    }
                }
            }
            w.key("saved_unread")
            w.object { w in
                w.field("readers", c.subjects.unreadReaders)
                w.field("count", c.subjects.unread)
            }
        }
    }

    /// Always an object; each value null when no reader has time above zero.
    static func writePercentiles(_ p: CohortStats.Percentiles?, _ w: inout JSONWriter) {
        w.object { w in
            w.field("p50", p.map { FixedDecimal.seconds(milliseconds: $0.p50) })
            w.field("p90", p.map { FixedDecimal.seconds(milliseconds: $0.p90) })
            w.field("p99", p.map { FixedDecimal.seconds(milliseconds: $0.p99) })
        }
    }

    /// An article's `wiki` and `title` members, written from the names' bytes.
    static func writeName(_ name: ArticleName, _ names: ArticleNaming, _ w: inout JSONWriter) {
        names.withUTF8(name) { wiki, title in
            w.key("wiki")
            w.string(utf8: wiki)
            w.key("title")
            w.string(utf8: title)
        }
    }
}
