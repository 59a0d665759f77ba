import Foundation
import YirCore
import YirReport
import YirStats

/// `index.html`, the analyst's overview (SPEC §4.4): the run's parameters and inputs, cohort
/// figures and percentiles, the top articles across readers, diagnostics, and a table of all
/// readers linking to their slides. Sorting is the script's job; without it the table is in
/// user order, a plain table.
struct Overview {
    let strings: HTMLStrings
    let format: LocaleFormat
    let readersWithReading: Int
    /// The readers table lists at most this many: a page of a million rows opens in no
    /// browser. Beyond it, the readers with the most reading time are listed (readers.csv and
    /// each reader's page have everyone).
    var maximumListed = 5_000

    func context(_ model: ReportModel, readerLinks: [String]) -> [String: Any] {
        let stats = model.statistics
        let cohort = stats.cohort
        let p = model.parameters
        var parameters: [[String: Any]] = [
            ["param_name": strings.text("index_as_of"), "param_value": RFC3339.format(p.asOf, offsetSeconds: 0)],
            [
                "param_name": strings.text("index_year"),
                "param_value": p.year.map(String.init) ?? strings.text("index_year_per_reader"),
            ],
            [
                "param_name": strings.text("index_time_zone"),
                "param_value": p.timeZone ?? strings.text("index_time_zone_per_reader"),
            ],
            ["param_name": strings.text("index_profile"), "param_value": p.profile],
            ["param_name": strings.text("index_locale"), "param_value": p.locale.description],
        ]
        parameters.append([
            "param_name": strings.text("index_generator"),
            "param_value": "\(ReportModel.generatorName) \(ReportModel.generatorVersion)",
        ])

        let figures: [[String: Any]] = [
            ["figure_value": format.integer(cohort.readers), "figure_label": strings.text("index_readers")],
            [
                "figure_value": format.integer(readersWithReading),
                "figure_label": strings.text("index_readers_reading"),
            ],
            [
                "figure_value": format.integer(cohort.readingMilliseconds / 3_600_000),
                "figure_label": strings.text("index_hours_reading"),
            ],
            [
                "figure_value": format.integer(cohort.previousYear.readers),
                "figure_label": strings.text("index_readers_both_years"),
            ],
            [
                "figure_value": format.integer(cohort.subjects.placeReaders),
                "figure_label": strings.text("index_readers_places"),
            ],
            [
                "figure_value": format.integer(cohort.subjects.countries),
                "figure_label": strings.text("index_countries"),
            ],
            [
                "figure_value": format.integer(cohort.subjects.editReaders),
                "figure_label": strings.text("index_readers_edits"),
            ],
            ["figure_value": format.integer(cohort.subjects.edits), "figure_label": strings.text("index_edits")],
            [
                "figure_value": format.integer(cohort.subjects.unreadReaders),
                "figure_label": strings.text("index_readers_unread"),
            ],
            ["figure_value": format.integer(cohort.subjects.unread), "figure_label": strings.text("index_unread")],
            ["figure_value": format.integer(stats.diagnostics.lines), "figure_label": strings.text("index_lines")],
        ]
        // What the run's readers read about: its top categories and topics (SPEC §2.4).
        let subjects: [[String: Any]] = [
            ("index_category", cohort.subjects.categories, { (name: String) in name }),
            ("index_topic", cohort.subjects.topics, strings.topicName),
        ]
        .filter { !$0.1.isEmpty }
        .map { heading, list, name in
            [
                "subject_heading": strings.text(heading),
                "subject_rows": list.enumerated().map { i, s -> [String: Any] in
                    [
                        "position": i + 1, "subject_name": name(s.name),
                        "subject_time": format.duration(milliseconds: s.milliseconds),
                        "subject_readers": format.integer(s.readers),
                    ]
                },
            ]
        }
        // The languages read across the run, by readers (SPEC §2.4), named in the page's
        // language with the subtag beside the name, as report.json writes it.
        let languages = cohort.subjects.languages.enumerated().map { i, l -> [String: Any] in
            [
                "position": i + 1, "language_name": format.standAlone(format.languageName(l.language) ?? l.language),
                "language_code": l.language, "language_time": format.duration(milliseconds: l.milliseconds),
                "language_readers": format.integer(l.readers),
            ]
        }
        let percentiles: [[String: Any]] = [
            percentileRow(strings.text("index_reading_time"), cohort.readingSecondsPercentiles),
            percentileRow(strings.text("index_app_time"), cohort.appTimeSecondsPercentiles),
        ]
        let topArticles = cohort.topArticles.enumerated().map { i, a -> [String: Any] in
            let wiki = stats.articleNames.wiki(a.name), title = stats.articleNames.title(a.name)
            var row: [String: Any] = [
                "position": i + 1, "article_title": title, "article_wiki": wiki,
                "article_time": format.duration(milliseconds: a.milliseconds),
                "article_views": format.integer(a.views), "article_readers": format.integer(a.readers),
            ]
            if let url = ArticleLinks.url(wiki: wiki, title: title) { row["article_url"] = url }
            return row
        }

        let d = stats.diagnostics
        var accepted: [[String: Any]] = RecordType.allCases.map { type in
            diagnosticRow("index_type_", type.name, d.accepted[type.rawValue])
        }
        accepted.append([
            "count_name": strings.text("index_accepted_total"), "count_value": format.integer(d.acceptedTotal),
        ])
        let rejected = d.rejected.sorted { $0.key < $1.key }.map { reason, count -> [String: Any] in
            diagnosticRow("index_reason_", reason.rawValue, count)
        }
        let notCounted: [[String: Any]] = Diagnostics.counts.map { name, count in
            diagnosticRow("index_count_", name, d[keyPath: count])
        }

        let inputs = model.inputs.map { input -> [String: Any] in
            [
                "input_path": input.path, "input_bytes": format.integer(input.bytes),
                "input_lines": format.integer(input.lines),
            ]
        }

        var listed = Array(stats.readers.indices)
        if listed.count > maximumListed {
            listed.sort { a, b in
                let x = stats.readers[a].reading.milliseconds, y = stats.readers[b].reading.milliseconds
                return x != y ? x > y : a < b
            }
            listed = Array(listed.prefix(maximumListed))
        }
        // Natural order from the start, as the reader column's sort gives it: reader-2 before
        // reader-10, letters by the page language's collation.
        let collation = Locale(identifier: format.identifier)
        listed.sort { a, b in Self.naturalOrder(stats.readers[a].user, stats.readers[b].user, locale: collation) }
        let readers = listed.map { i -> [String: Any] in
            let r = stats.readers[i]
            var row: [String: Any] = [
                "user": r.user, "link": readerLinks[i], "zone": r.zone.identifier,
                "language": languageName(r.locale),
                "reading": format.integer(r.reading.minutes), "reading_sort": r.reading.milliseconds,
                "articles": format.integer(r.reading.articles), "articles_sort": r.reading.articles,
                "app": format.integer(r.appTime.milliseconds / 60_000), "app_sort": r.appTime.milliseconds,
                "streak": format.integer(r.streak.days), "streak_sort": r.streak.days,
                "saved": format.integer(r.saved.yearCount), "saved_sort": r.saved.yearCount,
            ]
            if let percent = r.readingChangePercent {
                row["change"] = format.signedPercent(percent)
                row["change_sort"] = r.readingChange!.value * [1000, 100, 10, 1][r.readingChange!.scale]
            } else {
                row["change"] = "–"
                row["change_sort"] = ""  // no figure: the script keeps it last, whichever the order
            }
            if let percent = r.rankTopPercent {
                row["rank"] = strings.text("rank_percent", ["percent": format.percent(Int64(percent))])
                row["rank_sort"] = percent
            } else {
                row["rank"] = "–"
                row["rank_sort"] = ""
            }
            return row
        }

        let histograms: [[String: Any]] = [
            histogram("minutes", strings.text("index_hist_minutes"), stats.readers.map { $0.reading.minutes }),
            histogram(
                "articles", strings.text("index_hist_articles"), stats.readers.map { Int64($0.reading.articles) }),
            histogram("streak", strings.text("index_hist_streak"), stats.readers.map { Int64($0.streak.days) }),
        ]

        var context: [String: Any] = [
            "lang": strings.locale, "dir": strings.direction, "page_title": strings.text("index_title"),
            "t": strings.all,
            "histograms": histograms,
            "parameters": parameters, "figures": figures, "percentiles": percentiles,
            "inputs": inputs, "accepted": accepted, "not_counted": notCounted,
            "readers": readers,
            "readers_caption": readers.count == stats.readers.count
                ? strings.plural("index_readers_caption", readers.count, format.integer(readers.count))
                : strings.text(
                    "index_readers_caption_top",
                    ["n": format.integer(readers.count), "total": format.integer(stats.readers.count)]),
            // The caption while a search keeps some rows: the script puts the count in `{shown}`.
            "readers_caption_shown": strings.plural(
                "index_readers_shown", readers.count, format.integer(readers.count)),
        ]
        if !topArticles.isEmpty {
            context["top_articles"] = topArticles
            context["has_top_articles"] = true
        }
        if !subjects.isEmpty { context["subjects"] = subjects }
        if !languages.isEmpty {
            context["languages"] = languages
            context["has_languages"] = true
        }
        if !rejected.isEmpty {
            context["rejected"] = rejected
            context["rejected_total"] = format.integer(d.rejectedTotal)
        }
        return context
    }

    /// A row of the diagnostics: the count's readable label (`index_reason_wrong_type`, …) and
    /// its key as the report writes it, for analysts who look it up in report.json.
    private func diagnosticRow(_ prefix: String, _ key: String, _ count: Int) -> [String: Any] {
        [
            "count_name": strings.has(prefix + key) ? strings.text(prefix + key) : key, "count_key": key,
            "count_value": format.integer(count),
        ]
    }

    /// Reader ids in natural order: runs of digits by their value (`reader-2` before
    /// `reader-10`), the rest by the locale's collation, ignoring case; ids that collate the
    /// same in byte order, so the order never depends on the input's.
    static func naturalOrder(_ a: String, _ b: String, locale: Locale) -> Bool {
        switch a.compare(b, options: [.numeric, .caseInsensitive], range: nil, locale: locale) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: Array(a.utf8).lexicographicallyPrecedes(b.utf8)
        }
    }

    static let histogramWidth = 300
    static let histogramHeight = 150
    static let histogramBase = 120

    /// Readers counted in ranges of equal width — 1, 2 or 5 times a power of ten, so that at
    /// most ten bars cover 0 to the largest value — each bar with its count above it. A few
    /// readers far above the rest (beyond Tukey's far-out fence, Q3 + 3 × IQR) would squeeze
    /// everyone else into the first bar: then ranges as narrow as nine of them covering 0 to the
    /// largest value within the fence allow, up to the last value nine of them hold, and a last,
    /// open bar ("≥ X", drawn lighter) counts every reader from its start up — when that makes
    /// the ranges narrower.
    func histogram(_ id: String, _ title: String, _ values: [Int64]) -> [String: Any] {
        let bins = Self.bins(values)
        let width = bins.width, buckets = bins.closed + (bins.open ? 1 : 0)
        var counts = [Int](repeating: 0, count: buckets)
        for value in values { counts[min(Int(value / width), buckets - 1)] += 1 }
        let most = max(counts.max() ?? 0, 1)
        let slot = Self.histogramWidth / buckets
        let labelEvery = buckets > 6 ? 2 : 1
        var svg =
            "<line class=\"axis\" x1=\"0\" y1=\"\(Self.histogramBase)\" x2=\"\(Self.histogramWidth)\" y2=\"\(Self.histogramBase)\"/>"
        var rows: [(heading: String, value: String)] = []
        for i in 0..<buckets {
            let from = Int64(i) * width, to = from + width - 1
            let isOpen = bins.open && i == buckets - 1
            let range =
                isOpen
                ? strings.text("index_hist_open", ["from": format.integer(from)])
                : width == 1
                    ? format.integer(from)
                    : strings.text("index_hist_range", ["from": format.integer(from), "to": format.integer(to)])
            rows.append((range, format.integer(counts[i])))
            let height = counts[i] == 0 ? 0 : max(2, counts[i] * (Self.histogramBase - 20) / most)
            let x = i * slot
            svg +=
                "<rect class=\"bar\(isOpen ? " open" : "")\" x=\"\(x + 2)\" y=\"\(Self.histogramBase - height)\" width=\"\(slot - 4)\" height=\"\(height)\"/>"
            svg +=
                "<text class=\"value\" x=\"\(x + slot / 2)\" y=\"\(Self.histogramBase - height - 4)\" text-anchor=\"middle\">\(format.integer(counts[i]))</text>"
            if isOpen {
                // Ends at the axis's end, so that "≥ 1,200" stays inside the chart.
                svg +=
                    "<text class=\"tick\" x=\"\(Self.histogramWidth)\" y=\"\(Self.histogramBase + 16)\" text-anchor=\"end\">"
                HTMLText.append(range, to: &svg)
                svg += "</text>"
            } else if i % labelEvery == 0 && !(bins.open && labelEvery > 1 && i == buckets - 2) {
                svg += "<text class=\"tick\" x=\"\(x + 2)\" y=\"\(Self.histogramBase + 16)\">"
                HTMLText.append(format.integer(from), to: &svg)
                svg += "</text>"
            }
        }
        return [
            "hist_id": id, "hist_title": title, "hist_svg": svg, "hist_rows": Charts.tableRows(rows),
            "hist_width": Self.histogramWidth, "hist_height": Self.histogramHeight,
        ]
    }

    /// A histogram's ranges: their width, how many closed ones there are from 0, and whether a
    /// last, open one follows (see `histogram`).
    static func bins(_ values: [Int64]) -> (width: Int64, closed: Int, open: Bool) {
        let sorted = values.sorted()
        let top = sorted.last ?? 0
        let whole = binWidth(covering: top, bars: 10)
        guard !sorted.isEmpty else { return (whole, 1, false) }
        // Nearest-rank quartiles: the values at ⌈N/4⌉ and ⌈3N/4⌉ of the ascending list.
        let n = sorted.count
        let q1 = sorted[(n + 3) / 4 - 1], q3 = sorted[(3 * n + 3) / 4 - 1]
        let fence = q3 + 3 * (q3 - q1)
        let within = sorted.last { $0 <= fence } ?? q3
        let narrower = binWidth(covering: within, bars: 9)
        // Narrower ranges mean the largest value is at least ten of them away from 0, beyond
        // the nine closed ones: the open range is never empty. The closed ones go on to the
        // last value that nine of them hold, so that readers just above the fence (a fence of
        // 1 where most readers have a streak of 1 day) still show in ranges of their own.
        if narrower < whole {
            let held = sorted.last { $0 < 9 * narrower } ?? within
            return (narrower, Int(held / narrower) + 1, true)
        }
        return (whole, Int(top / whole) + 1, false)
    }

    /// The narrowest of 1, 2, 5, 10, 20, 50… for which at most `bars` ranges from 0 cover `top`.
    static func binWidth(covering top: Int64, bars: Int64) -> Int64 {
        var width: Int64 = 1
        while top / width + 1 > bars {
            width = String(width).hasPrefix("2") ? width / 2 * 5 : width * 2
        }
        return width
    }

    /// A reader's language as the page's own language names it (`German (Austria)`), from CLDR;
    /// the tag itself for a language CLDR has no name for.
    private func languageName(_ tag: LanguageTag) -> String {
        Locale(identifier: format.identifier).localizedString(forIdentifier: tag.text) ?? tag.text
    }

    private func percentileRow(_ name: String, _ p: CohortStats.Percentiles?) -> [String: Any] {
        func cell(_ ms: Int64?) -> String { ms.map { format.duration(milliseconds: $0) } ?? "–" }
        return ["percentile_name": name, "p50": cell(p?.p50), "p90": cell(p?.p90), "p99": cell(p?.p99)]
    }
}
