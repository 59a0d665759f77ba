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
        "user", "time_zone", "window_start", "window_end",
        "reading_seconds", "reading_minutes", "reading_views", "reading_articles",
        "average_seconds_per_article", "median_seconds_per_article",
        "top_article_wiki", "top_article_title", "top_article_seconds", "top_article_views",
        "app_time_seconds", "app_time_sessions", "average_session_seconds",
        "pattern_hour", "pattern_weekday", "pattern_month", "pattern_time_of_day",
        "streak_days", "streak_start", "streak_end",
        "saved_last_30_days", "last_saved", "last_saved_display", "saved_year",
        "notifications_subscribed", "notifications_unsubscribed", "rank_top_percent",
    ]

    public static func write(_ model: ReportModel, to write: ([UInt8]) throws -> Void) rethrows {
        var out: [UInt8] = []
        appendRow(columns.map(Cell.text), to: &out)
        for reader in model.statistics.readers {
            appendRow(row(reader, model.statistics.articleNames), to: &out)
            if out.count >= 1 << 20 {
                try write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        try write(out)
    }

    public static func document(_ model: ReportModel) -> [UInt8] {
        var out: [UInt8] = []
        write(model) { out += $0 }
        return out
    }

    /// A cell: text from the data (neutralised, quoted as needed) or a value yir formats itself.
    enum Cell {
        case text(String)
        case value(String)
        static let empty = Cell.value("")
    }

    static func row(_ r: ReaderStats, _ names: ArticleNaming) -> [Cell] {
        let time = { (instant: Int64?) in Cell.value(instant.map { RFC3339.format($0, in: r.zone) } ?? "") }
        let number = { (n: Int?) in Cell.value(n.map(String.init) ?? "") }
        let top = r.topArticles.first
        return [
            .text(r.user), .text(r.zone.identifier), time(r.window.start), time(r.window.end),
            .value(r.reading.seconds.description), .value(String(r.reading.minutes)),
            number(r.reading.views), number(r.reading.articles),
            .value(r.reading.averageSecondsPerArticle.description), .value(r.reading.medianSecondsPerArticle.description),
            top.map { .text(names.wiki($0.name)) } ?? .empty, top.map { .text(names.title($0.name)) } ?? .empty,
            top.map { .value($0.seconds.description) } ?? .empty, number(top?.views),
            .value(r.appTime.seconds.description), number(r.appTime.sessions), .value(r.appTime.averageSessionSeconds.description),
            number(r.patterns.hour), number(r.patterns.weekday), number(r.patterns.month),
            .value(r.patterns.timeOfDay?.rawValue ?? ""),
            number(r.streak.days), .value(r.streak.start?.iso8601 ?? ""), .value(r.streak.end?.iso8601 ?? ""),
            number(r.saved.last30DaysCount), time(r.saved.lastSaved), .text(r.saved.lastSavedDisplay), number(r.saved.yearCount),
            number(r.notifications.subscribed.count), number(r.notifications.unsubscribed.count), number(r.rankTopPercent),
        ]
    }

    static func appendRow(_ cells: [Cell], to out: inout [UInt8]) {
        for (i, cell) in cells.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            switch cell {
            case .value(let text): appendQuoted(text, to: &out)
            case .text(let text): appendQuoted(neutralised(text), to: &out)
            }
        }
        out += [0x0D, 0x0A]
    }

    /// `'` before a leading `=` `+` `-` `@` tab or CR, so no spreadsheet evaluates the cell.
    static func neutralised(_ text: String) -> String {
        guard let first = text.utf8.first, [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"),
                                            UInt8(ascii: "@"), 0x09, 0x0D].contains(first) else { return text }
        return "'" + text
    }

    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        let needsQuotes = text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return out += text.utf8 }
        out.append(UInt8(ascii: "\""))
        for b in text.utf8 {
            if b == UInt8(ascii: "\"") { out.append(b) }
            out.append(b)
        }
        out.append(UInt8(ascii: "\""))
    }
}
