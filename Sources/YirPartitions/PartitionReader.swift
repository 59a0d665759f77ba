import YirCore
import YirStats

/// SPEC §6, reading: a reader line of `yir stats --format jsonl --partition` back into the
/// figures, beside `PartitionFormat`, which writes it (`ReaderLineDecoder` reads its fields).
extension PartitionFormat {
    /// A reader line with its `detail` (see `PartitionFormat`), read straight into the figures.
    public static func reader(_ line: UnsafeRawBufferPointer, zones: ZoneCatalog) throws(Partitions.DecodeError)
        -> ReaderStats
    {
        try ReaderLineDecoder.reader(line, zones: zones)
    }

    /// `12.5` → 12500 × 10⁻³: the decimal text exactly, its scale the number of its decimals.
    static func fixedDecimal(_ text: String) -> FixedDecimal? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]), whole >= 0 else { return nil }
        guard parts.count == 2 else { return FixedDecimal(whole, scale: 0) }
        let fraction = parts[1]
        guard !fraction.isEmpty, fraction.count <= 9, fraction.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let digits = Int64(fraction)
        else { return nil }
        var scale: Int64 = 1
        for _ in 0..<fraction.count { scale *= 10 }
        // Too many digits for 64 bits is no number a report holds, not a crash.
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
        guard !overflow, scaled <= Int64.max - digits else { return nil }
        return FixedDecimal(scaled + digits, scale: fraction.count)
    }
}
