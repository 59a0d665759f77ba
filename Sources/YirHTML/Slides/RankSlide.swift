import YirCore
import YirStats

extension SlideDeck {
    /// Readers with reading time the run needs for a rank to mean something.
    static let minimumReadersForRank = 10
    /// The rank is shown only as good news: more reading than at least this share of readers.
    static let minimumRankPercent = 50
    /// Readers with reading time the run needs for a percentage of them to mean something:
    /// fewer are told in readers ("6 of the 12 readers"), never in percent.
    static let minimumReadersForPercent = 100
    /// More reading than this share of readers is the top 1 %, celebrated as such.
    static let topPercentile = 99

    /// 10. Rank, only as good news, and only when the run is big enough for it to mean something.
    func rankSlide(_ reader: ReaderStats) -> Slide? {
        guard reader.reading.milliseconds > 0, readersWithReading >= Self.minimumReadersForRank else { return nil }
        let percent = percentReadLess(than: reader.reading.milliseconds)
        guard percent >= Self.minimumRankPercent else { return nil }
        guard readersWithReading >= Self.minimumReadersForPercent else {
            // A small run: how many readers, not a percentage of a handful.
            return Slide(
                "rank", strings.text("rank_heading"),
                [
                    "rank_text": strings.plural(
                        "rank_few_text", readersWithReading, format.integer(readersWithReading),
                        ["less": format.integer(readersReadLess(than: reader.reading.milliseconds))])
                ])
        }
        let figure = strings.text("rank_figure", ["percent": format.percent(Int64(percent))])
        let top = percent >= Self.topPercentile
        return Slide(
            "rank", strings.text(top ? "rank_top_heading" : "rank_heading"),
            [
                // The top 1 % is said as such; the sentence below still gives the exact share.
                "percent": top ? strings.text("rank_percent", ["percent": format.percent(1)]) : figure,
                "rank_text": strings.text(
                    "rank_text", ["percent": figure, "readers": format.integer(readersWithReading)]),
            ])
    }

    /// How many readers of the run with reading time read less than `milliseconds`, in whole
    /// percent rounded down (so the slide never claims more than the truth).
    func percentReadLess(than milliseconds: Int64) -> Int {
        readingTimes.isEmpty ? 0 : 100 * readersReadLess(than: milliseconds) / readingTimes.count
    }

    /// How many readers of the run with reading time read less than `milliseconds`.
    func readersReadLess(than milliseconds: Int64) -> Int {
        var low = 0, high = readingTimes.count
        while low < high {
            let mid = (low + high) / 2
            if readingTimes[mid] < milliseconds { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
