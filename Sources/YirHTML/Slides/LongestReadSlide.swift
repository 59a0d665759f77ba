import YirCore
import YirStats

extension SlideDeck {
    /// A single view shorter than this is no "longest read": a year's longest read of 40
    /// seconds says nothing kind.
    static let minimumLongestRead: Int64 = 60_000

    /// 7a. The single longest read: its minutes large, the article, and its day.
    func longestReadSlide(_ reader: ReaderStats) -> Slide? {
        guard let longest = reader.longestView, longest.milliseconds >= Self.minimumLongestRead else { return nil }
        let minutes = Int(longest.milliseconds / 60_000)
        return Slide(
            "longest", strings.text("longest_heading"),
            [
                "hero": format.integer(minutes),
                "hero_label": strings.plural("longest_minutes", minutes, format.integer(minutes)),
                "article": titled(longest.name),
                "when": strings.text("longest_when", ["date": format.monthAndDay(reader.zone.local(longest.at).date)]),
            ])
    }
}
