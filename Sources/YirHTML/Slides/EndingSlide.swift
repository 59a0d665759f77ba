import YirCore
import YirStats

extension SlideDeck {
    /// The last slide: thanks to the reader, after the summary. A deck that only stopped at its
    /// figures would leave the reader at a table; this one says goodbye, names the service the
    /// year comes from (`--share-name`), and links to it when `--share-link` gives an address.
    func endingSlide(_ reader: ReaderStats, _ facts: Facts) -> Slide {
        var content: [String: Any] = [
            "ending_text": strings.text("ending_text", ["year": format.year(facts.year + 1)]),
            "share_name": shareName,
        ]
        if let shareLink { content["share_link"] = shareLink }
        return Slide("ending", strings.text("ending_heading"), content)
    }
}
