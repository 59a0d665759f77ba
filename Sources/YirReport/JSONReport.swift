import YirCore
import YirIngest
import YirStats

/// The `json` and `jsonl` renderers (SPEC §4.2), keys in §4.1's order.
public enum JSONReport {
    /// The whole model as one pretty-printed document, ending with a newline.
    public static func document(_ model: ReportModel) -> [UInt8] {
        var w = JSONWriter(pretty: true)
        w.object { w in
            w.field("schema_version", ReportModel.schemaVersion)
            w.key("generator")
            w.object { w in
                w.field("name", ReportModel.generatorName)
                w.field("version", ReportModel.generatorVersion)
            }
            w.key("parameters")
            writeParameters(model.parameters, &w)
            w.key("inputs")
            w.array { w in
                for input in model.inputs {
                    w.object { w in
                        w.field("path", input.path)
                        w.field("bytes", input.bytes)
                        w.field("lines", input.lines)
                    }
                }
            }
            w.key("diagnostics")
            writeDiagnostics(model.statistics.diagnostics, &w)
            w.key("cohort")
            writeCohort(model.statistics.cohort, &w)
            w.key("readers")
            w.array { w in
                for reader in model.statistics.readers { writeReader(reader, &w) }
            }
        }
        return w.bytes + [0x0A]
    }

    /// One compact line per reader (the reader object), each ending with a newline.
    public static func lines(_ model: ReportModel) -> [UInt8] {
        var out: [UInt8] = []
        for reader in model.statistics.readers {
            out += line(reader)
        }
        return out
    }

    public static func line(_ reader: ReaderStats) -> [UInt8] {
        var w = JSONWriter(pretty: false)
        writeReader(reader, &w)
        return w.bytes + [0x0A]
    }

    static func writeParameters(_ p: ReportModel.Parameters, _ w: inout JSONWriter) {
        w.object { w in
            w.field("year", p.year)
            w.field("as_of", RFC3339.format(p.asOf, offsetSeconds: 0))
            w.field("time_zone", p.timeZone)
            w.field("top", p.top)
            w.field("profile", p.profile)
            w.field("locale", p.locale)
        }
    }

    public static func writeDiagnostics(_ d: Diagnostics, _ w: inout JSONWriter) {
        w.object { w in
            w.field("lines", d.lines)
            w.key("accepted")
            w.object { w in
                for type in RecordType.allCases { w.field(type.name, d.accepted[type.rawValue]) }
            }
            w.key("rejected")
            w.object { w in
                for (reason, count) in d.rejected.sorted(by: { $0.key < $1.key }) { w.field(reason.rawValue, count) }
            }
            w.field("rejected_total", d.rejectedTotal)
            w.field("duplicates", d.duplicates)
            w.field("implausible_duration", d.implausibleDuration)
            w.field("dropped_thumbnails", d.droppedThumbnails)
            w.field("after_as_of", d.afterAsOf)
            w.field("cleared", d.cleared)
            w.field("outside_window", d.outsideWindow)
            w.field("excluded_page", d.excludedPage)
        }
    }

    static func writeCohort(_ c: CohortStats, _ w: inout JSONWriter) {
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
                        w.field("wiki", a.wiki)
                        w.field("title", a.title)
                        w.field("seconds", a.seconds)
                        w.field("views", a.views)
                        w.field("readers", a.readers)
                    }
                }
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

    static func writeReader(_ r: ReaderStats, _ w: inout JSONWriter) {
        let time = { (instant: Int64) in RFC3339.format(instant, in: r.zone) }
        w.object { w in
            w.field("user", r.user)
            w.field("time_zone", r.zone.identifier)
            w.key("window")
            w.object { w in
                w.field("start", time(r.window.start))
                w.field("end", time(r.window.end))
            }
            w.key("reading")
            w.object { w in
                w.field("seconds", r.reading.seconds)
                w.field("minutes", r.reading.minutes)
                w.field("views", r.reading.views)
                w.field("articles", r.reading.articles)
                w.field("average_seconds_per_article", r.reading.averageSecondsPerArticle)
                w.field("median_seconds_per_article", r.reading.medianSecondsPerArticle)
            }
            w.key("top_article")
            if let top = r.topArticles.first { writeArticle(top, time, &w) } else { w.null() }
            w.key("top_articles")
            w.array { w in
                for a in r.topArticles { writeArticle(a, time, &w) }
            }
            w.key("app_time")
            w.object { w in
                w.field("seconds", r.appTime.seconds)
                w.field("sessions", r.appTime.sessions)
                w.field("average_session_seconds", r.appTime.averageSessionSeconds)
            }
            w.key("patterns")
            w.object { w in
                w.field("hour", r.patterns.hour)
                w.field("weekday", r.patterns.weekday)
                w.field("month", r.patterns.month)
                w.field("time_of_day", r.patterns.timeOfDay?.rawValue)
            }
            w.key("monthly")
            w.array { w in
                for m in r.monthly {
                    w.object { w in
                        w.field("month", m.month)
                        w.field("seconds", m.seconds)
                        w.field("views", m.views)
                    }
                }
            }
            w.key("streak")
            w.object { w in
                w.field("days", r.streak.days)
                w.field("start", r.streak.start?.iso8601)
                w.field("end", r.streak.end?.iso8601)
            }
            w.key("saved")
            w.object { w in
                w.key("last_30_days")
                w.object { w in
                    w.field("count", r.saved.last30DaysCount)
                    w.field("last_saved", r.saved.lastSaved.map(time))
                    w.field("last_saved_display", r.saved.lastSavedDisplay)
                }
                w.key("year")
                w.object { w in w.field("count", r.saved.yearCount) }
                w.key("recent")
                w.array { w in
                    for s in r.saved.recent {
                        w.object { w in
                            w.field("wiki", s.wiki)
                            w.field("title", s.title)
                            w.field("saved", time(s.saved))
                            w.field("thumbnail", s.thumbnail)
                        }
                    }
                }
            }
            w.key("notifications")
            w.object { w in
                for (name, list) in [("subscribed", r.notifications.subscribed), ("unsubscribed", r.notifications.unsubscribed)] {
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
            w.object { w in w.field("top_percent", r.rankTopPercent) }
        }
    }

    static func writeArticle(_ a: ArticleFigures, _ time: (Int64) -> String, _ w: inout JSONWriter) {
        w.object { w in
            w.field("wiki", a.wiki)
            w.field("title", a.title)
            w.field("seconds", a.seconds)
            w.field("views", a.views)
            w.field("first_viewed", time(a.firstViewed))
            w.field("last_viewed", time(a.lastViewed))
        }
    }
}
