import YirCore
import YirStats

/// The `csv` renderer (SPEC §4.6): one row per reader with the scalar figures of §2.3 and a
/// header row, RFC 4180 quoting (CRLF row ends; a cell with `,` `"` CR or LF is quoted, `"`
/// doubled). Text cells that a spreadsheet would run as a formula — starting with `=`, `+`, `-`,
/// `@`, tab or CR — get a leading `'`, which spreadsheets show as text; numbers and times are
/// never changed (they cannot start with those characters).
public enum CSVReport {
    /// Column names, in order.
    public static let columns = [
        "user", "slides", "time_zone", "locale", "window_start", "window_end",
        "coverage_start", "coverage_end", "coverage_cleared", "coverage_first_view",
        "reading_seconds", "reading_minutes", "reading_views", "reading_articles",
        "average_seconds_per_article", "median_seconds_per_article",
        "top_article_wiki", "top_article_title", "top_article_seconds", "top_article_views",
        "app_time_seconds", "app_time_sessions", "average_session_seconds",
        "pattern_hour", "pattern_weekday", "pattern_month", "pattern_time_of_day",
        "streak_days", "streak_start", "streak_end",
        "rabbit_hole_articles", "rabbit_hole_views", "rabbit_hole_seconds", "rabbit_hole_start", "rabbit_hole_end",
        "rabbit_hole_first_wiki", "rabbit_hole_first_title", "rabbit_hole_last_wiki", "rabbit_hole_last_title",
        "previous_year_seconds", "previous_year_views", "previous_year_articles", "change_reading_seconds",
        "saved_last_30_days", "last_saved", "last_saved_display", "saved_year",
        "notifications_subscribed", "notifications_unsubscribed", "rank_top_percent",
    ]

    /// The document handed to `write` in pieces; rows are rendered on `jobs` threads and
    /// written in reader order.
    public static func write(_ model: ReportModel, jobs: Int = 1, to write: ([UInt8]) throws -> Void) rethrows {
        var header = CSVWriter()
        for name in columns { header.text(name) }
        header.endRow()
        try write(header.takeBytes())
        let names = model.statistics.articleNames
        try ReaderBlocks.render(model.statistics.readers, jobs: jobs, writer: { CSVWriter() }, to: write) { index, reader, row in
            writeRow(reader.pointee, slides: model.slides(of: index), names, &row)
        }
    }

    public static func document(_ model: ReportModel, jobs: Int = 1) -> [UInt8] {
        var out: [UInt8] = []
        write(model, jobs: jobs) { out += $0 }
        return out
    }

    static func writeRow(_ r: ReaderStats, slides: String?, _ names: ArticleNaming, _ row: inout CSVWriter) {
        row.text(r.user)
        row.value(slides)
        row.text(r.zone.identifier)
        row.text(r.locale.text)
        row.instant(r.window.start, in: r.zone)
        row.instant(r.window.end, in: r.zone)
        row.instant(r.coverage.start, in: r.zone)
        row.instant(r.coverage.end, in: r.zone)
        row.instant(r.coverage.cleared, in: r.zone)
        row.instant(r.coverage.firstView, in: r.zone)
        row.value(r.reading.seconds)
        row.value(r.reading.minutes)
        row.value(r.reading.views)
        row.value(r.reading.articles)
        row.value(r.reading.averageSecondsPerArticle)
        row.value(r.reading.medianSecondsPerArticle)
        if let top = r.topArticles.first {
            names.withUTF8(top.name) { wiki, title in
                row.text(utf8: wiki)
                row.text(utf8: title)
            }
            row.value(top.seconds)
            row.value(top.views)
        } else {
            for _ in 0..<4 { row.empty() }
        }
        row.value(r.appTime.seconds)
        row.value(r.appTime.sessions)
        row.value(r.appTime.averageSessionSeconds)
        row.value(r.patterns.hour)
        row.value(r.patterns.weekday)
        row.value(r.patterns.month)
        row.value(r.patterns.timeOfDay?.rawValue)
        row.value(r.streak.days)
        row.date(r.streak.start)
        row.date(r.streak.end)
        if let hole = r.rabbitHole {
            row.value(hole.articles)
            row.value(hole.views)
            row.value(hole.seconds)
            row.instant(hole.start, in: r.zone)
            row.instant(hole.end, in: r.zone)
            for name in [hole.first, hole.last] {
                names.withUTF8(name) { wiki, title in
                    row.text(utf8: wiki)
                    row.text(utf8: title)
                }
            }
        } else {
            for _ in 0..<9 { row.empty() }
        }
        row.value(r.previousYear?.seconds)
        row.value(r.previousYear?.views)
        row.value(r.previousYear?.articles)
        row.value(r.readingChange)
        row.value(r.saved.last30DaysCount)
        row.instant(r.saved.lastSaved, in: r.zone)
        row.text(r.saved.lastSavedDisplay)
        row.value(r.saved.yearCount)
        row.value(r.notifications.subscribed.count)
        row.value(r.notifications.unsubscribed.count)
        row.value(r.rankTopPercent)
        row.endRow()
    }
}

/// CSV rows as bytes: cells separated by commas, each row ended with CRLF. Text from the data
/// is neutralised and quoted as `CSVReport` says; values yir formats itself (numbers, instants,
/// dates, its own names) hold none of `,` `"` CR LF and are written as they are.
struct CSVWriter: ~Copyable, BlockWriter {
    private var buffer = ByteBuffer()
    private var cellsInRow = 0

    mutating func takeBytes() -> [UInt8] { buffer.takeBytes() }

    private mutating func beforeCell() {
        if cellsInRow > 0 { buffer.put(UInt8(ascii: ",")) }
        cellsInRow += 1
    }

    mutating func endRow() {
        buffer.put("\r\n" as StaticString)
        cellsInRow = 0
    }

    mutating func empty() { beforeCell() }

    mutating func text(_ text: String) {
        text.withUTF8Bytes { self.text(utf8: $0) }
    }

    /// Text from the data: `'` before a leading `=` `+` `-` `@` tab or CR, so no spreadsheet
    /// evaluates the cell; in quotes, `"` doubled, when it holds `,` `"` CR or LF.
    mutating func text(utf8 text: UnsafeRawBufferPointer) {
        beforeCell()
        let neutralise = text.first.map(Self.startsFormula) ?? false
        guard text.contains(where: Self.needsQuotes) else {
            if neutralise { buffer.put(UInt8(ascii: "'")) }
            return buffer.put(text)
        }
        buffer.put(UInt8(ascii: "\""))
        if neutralise { buffer.put(UInt8(ascii: "'")) }
        for b in text {
            if b == UInt8(ascii: "\"") { buffer.put(b) }
            buffer.put(b)
        }
        buffer.put(UInt8(ascii: "\""))
    }

    private static func startsFormula(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "=") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: "@") || b == 0x09 || b == 0x0D
    }

    private static func needsQuotes(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ",") || b == UInt8(ascii: "\"") || b == 0x0A || b == 0x0D
    }

    mutating func value(_ value: FixedDecimal?) {
        beforeCell()
        if let value { buffer.put(value) }
    }

    mutating func value(_ value: Int?) {
        beforeCell()
        if let value { buffer.put(number: value) }
    }

    mutating func value(_ value: Int64) {
        beforeCell()
        buffer.put(FixedDecimal(value, scale: 0))
    }

    mutating func value(_ value: String?) {
        beforeCell()
        if let value { buffer.put(value) }
    }

    mutating func instant(_ instant: Int64?, in zone: ZoneRules) {
        beforeCell()
        if let instant { buffer.put(instant, in: zone) }
    }

    mutating func date(_ date: CivilDate?) {
        beforeCell()
        if let date { buffer.put(date) }
    }
}
