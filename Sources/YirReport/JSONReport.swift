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
        try ReaderBlocks.render(model.statistics.readers, jobs: jobs, writer: { JSONWriter(pretty: true, indent: 2) }, to: write) { index, reader, r in
            r.raw(index > 0 ? ",\n    " : "\n    ")
            writeReader(reader, slides: model.slides(of: index), names, &r)
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
        try ReaderBlocks.render(model.statistics.readers, jobs: jobs, writer: { JSONWriter(pretty: false) }, to: write) { index, reader, w in
            writeReader(reader, slides: model.slides(of: index), names, &w)
            w.raw("\n")
        }
    }

    public static func lines(_ model: ReportModel, jobs: Int = 1) -> [UInt8] {
        var out: [UInt8] = []
        writeLines(model, jobs: jobs) { out += $0 }
        return out
    }

    static func writeInputs(_ inputs: [InputSummary], _ w: inout JSONWriter) {
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

    static func writeParameters(_ p: ReportModel.Parameters, _ w: inout JSONWriter) {
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

    static func writeReader(_ r: UnsafePointer<ReaderStats>, slides: String?, _ names: ArticleNaming, _ w: inout JSONWriter) {
        w.object { w in writeReaderMembers(r, slides: slides, names, &w) }
    }

    /// The reader object's members, in an object the caller opens: the partition lines add one.
    static func writeReaderMembers(_ r: UnsafePointer<ReaderStats>, slides: String?, _ names: ArticleNaming, _ w: inout JSONWriter) {
        // Their names are met in no order in megabytes of catalog: asked for now, they arrive
        // while the figures before them are written.
        for a in r.pointee.topArticles { names.prefetch(a.name) }
        w.field("user", r.pointee.user)
        w.field("slides", slides)
        w.field("time_zone", r.pointee.zone.identifier)
        w.field("locale", r.pointee.locale.text)
        w.key("window")
        w.object { w in
            w.field("start", instant: r.pointee.window.start, in: r.pointee.zone)
            w.field("end", instant: r.pointee.window.end, in: r.pointee.zone)
        }
        w.key("coverage")
        w.object { w in
            w.field("start", instant: r.pointee.coverage.start, in: r.pointee.zone)
            w.field("end", instant: r.pointee.coverage.end, in: r.pointee.zone)
            w.field("cleared", instant: r.pointee.coverage.cleared, in: r.pointee.zone)
            w.field("first_view", instant: r.pointee.coverage.firstView, in: r.pointee.zone)
        }
        w.key("reading")
        w.object { w in
            w.field("seconds", r.pointee.reading.seconds)
            w.field("minutes", r.pointee.reading.minutes)
            w.field("views", r.pointee.reading.views)
            w.field("articles", r.pointee.reading.articles)
            w.field("average_seconds_per_article", r.pointee.reading.averageSecondsPerArticle)
            w.field("median_seconds_per_article", r.pointee.reading.medianSecondsPerArticle)
        }
        w.key("top_article")
        if let top = r.pointee.topArticles.first { writeArticle(top, names, r.pointee.zone, &w) } else { w.null() }
        w.key("top_articles")
        w.array { w in
            for a in r.pointee.topArticles { writeArticle(a, names, r.pointee.zone, &w) }
        }
        w.key("app_time")
        w.object { w in
            w.field("seconds", r.pointee.appTime.seconds)
            w.field("sessions", r.pointee.appTime.sessions)
            w.field("average_session_seconds", r.pointee.appTime.averageSessionSeconds)
        }
        w.key("patterns")
        w.object { w in
            w.field("hour", r.pointee.patterns.hour)
            w.field("weekday", r.pointee.patterns.weekday)
            w.field("month", r.pointee.patterns.month)
            w.field("time_of_day", r.pointee.patterns.timeOfDay?.rawValue)
        }
        w.key("monthly")
        w.array { w in
            for m in r.pointee.monthly {
                w.object { w in
                    w.field("month", m.month)
                    w.field("seconds", m.seconds)
                    w.field("views", m.views)
                }
            }
        }
        w.key("streak")
        w.object { w in
            w.field("days", r.pointee.streak.days)
            w.field("start", r.pointee.streak.start?.iso8601)
            w.field("end", r.pointee.streak.end?.iso8601)
        }
        w.key("rabbit_hole")
        w.object(r.pointee.rabbitHole) { w, hole in
            w.field("articles", hole.articles)
            w.field("views", hole.views)
            w.field("seconds", hole.seconds)
            w.field("start", instant: hole.start, in: r.pointee.zone)
            w.field("end", instant: hole.end, in: r.pointee.zone)
            w.key("first")
            w.object { w in writeName(hole.first, names, &w) }
            w.key("last")
            w.object { w in writeName(hole.last, names, &w) }
        }
        w.key("previous_year")
        w.object(r.pointee.previousYear) { w, previous in
            w.field("seconds", previous.seconds)
            w.field("views", previous.views)
            w.field("articles", previous.articles)
        }
        w.key("change")
        w.object { w in w.field("reading_seconds", r.pointee.readingChange) }
        w.key("saved")
        w.object { w in
            w.key("last_30_days")
            w.object { w in
                w.field("count", r.pointee.saved.last30DaysCount)
                w.field("last_saved", instant: r.pointee.saved.lastSaved, in: r.pointee.zone)
                w.field("last_saved_display", r.pointee.saved.lastSavedDisplay)
            }
            w.key("year")
            w.object { w in w.field("count", r.pointee.saved.yearCount) }
            w.key("recent")
            w.array { w in
                for s in r.pointee.saved.recent {
                    w.object { w in
                        writeName(s.name, names, &w)
                        w.field("saved", instant: s.saved, in: r.pointee.zone)
                        w.field("thumbnail", s.thumbnail)
                    }
                }
            }
        }
        w.key("notifications")
        w.object { w in
            let lists: [(StaticString, [NotificationType])] = [
                ("subscribed", r.pointee.notifications.subscribed), ("unsubscribed", r.pointee.notifications.unsubscribed),
            ]
            for (name, list) in lists {
                w.key(name)
                w.array { w in
                    for n in list {
                        w.object { w in
                            w.field("key", n.key)
                            w.field("label", n.label)
                        }
                    }
                }
            }
        }
        w.key("rank")
        w.object { w in w.field("top_percent", r.pointee.rankTopPercent) }
    }

    static func writeArticle(_ a: ArticleFigures, _ names: ArticleNaming, _ zone: ZoneRules, _ w: inout JSONWriter) {
        w.object { w in
            writeName(a.name, names, &w)
            w.field("seconds", a.seconds)
            w.field("views", a.views)
            w.field("first_viewed", instant: a.firstViewed, in: zone)
            w.field("last_viewed", instant: a.lastViewed, in: zone)
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
