import YirCore
import YirStats

extension SlideDeck {
    /// Readers with reading time the run needs for a rank to mean something.
    static let minimumReadersForRank = 10
    /// The rank is shown only as good news: more reading than at least this share of readers.
    static let minimumRankPercent = 50

    /// 10. Rank, only as good news, and only when the run is big enough for it to mean something.
    func rankSlide(_ reader: ReaderStats) -> Slide? {
        guard reader.reading.milliseconds > 0, readersWithReading >= Self.minimumReadersForRank else { return nil }
        let percent = percentReadLess(than: reader.reading.milliseconds)
        guard percent >= Self.minimumRankPercent else { return nil }
        let figure = strings.text("rank_figure", ["percent": format.percent(Int64(percent))])
        return Slide(
            "rank", strings.text("rank_heading"),
            [
                "percent": figure,
                "rank_text": strings.text(
                    "rank_text", ["percent": figure, "readers": format.integer(readersWithReading)]),
            ])
    }

    /// How many readers of the run with reading time read less than `milliseconds`, in whole
    /// percent rounded down (so the slide never claims more than the truth).
    func percentReadLess(than milliseconds: Int64) -> Int {
        var low = 0, high = readingTimes.count
        while low < high {
            let mid = (low + high) / 2
            if readingTimes[mid] < milliseconds { low = mid + 1 } else { high = mid }
        }
        return readingTimes.isEmpty ? 0 : 100 * low / readingTimes.count
    }
}
