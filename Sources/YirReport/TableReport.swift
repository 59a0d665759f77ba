import YirCore
import YirStats

/// The `table` renderer of `yir stats`: the headline figures per reader as aligned plain-text
/// columns, for reading on a terminal (not for machines: use json, jsonl or csv).
public enum TableReport {
    public static func document(_ model: ReportModel) -> [UInt8] {
        let header = ["user", "zone", "read min", "articles", "top article", "app min", "streak", "saved 30d", "saved year", "top %"]
        var rows = [header]
        let names = model.statistics.articleNames
        for r in model.statistics.readers {
            rows.append([
                clipped(r.user, 24), r.zone.identifier, String(r.reading.minutes), String(r.reading.articles),
                clipped(r.topArticles.first.map { names.title($0.name) } ?? "–", 32), String(r.appTime.milliseconds / 60_000),
                String(r.streak.days), String(r.saved.last30DaysCount), String(r.saved.yearCount),
                r.rankTopPercent.map(String.init) ?? "–",
            ])
        }
        // Columns after the first two hold numbers, except the top article: right-align those.
        let leftAligned: Set<Int> = [0, 1, 4]
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], columns(cell)) } }
        var text = ""
        for (n, row) in rows.enumerated() {
            let cells = row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - columns(cell))
                return leftAligned.contains(i) ? cell + pad : pad + cell
            }
            text += cells.joined(separator: "  ").replacingTrailingSpaces() + "\n"
            if n == 0 { text += widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ") + "\n" }
        }
        let c = model.statistics.cohort
        text += "\n\(c.readers) readers, \(c.readingMilliseconds / 60_000) minutes of reading"
        text += "; \(model.statistics.diagnostics.rejectedTotal) lines rejected\n"
        return Array(text.utf8)
    }

    /// Terminal columns a text takes: East Asian wide characters take two, combining marks none.
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
                return total
            }
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
                 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
                 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
                return total + 2
            default:
                return total + 1
            }
        }
    }

    /// Control characters would break the layout on a terminal: shown as `·`.
    private static func clipped(_ text: String, _ length: Int) -> String {
        let clean = String(text.map { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } ? $0 : "·" })
        return clean.count <= length ? clean : String(clean.prefix(length - 1)) + "…"
    }
}

private extension String {
    func replacingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
