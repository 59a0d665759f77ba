/// A reader's `languages` (SPEC §2.3 v4), by seconds, then articles, then language, as the
/// figures hold them: the first share in place and the others in an array. Nearly every reader
/// reads in one language, and an array of one was an allocation and its release per reader,
/// whatever the export; a reader of one language now allocates nothing until an output asks
/// for the list.
public struct LanguageShares: Sendable, Equatable {
    private var first: LanguageShare?
    /// The shares after the first.
    private var others: [LanguageShare]

    /// No language.
    public init() {
        first = nil
        others = []
    }

    /// `first`, then `others`.
    public init(_ first: LanguageShare, others: [LanguageShare] = []) {
        self.first = first
        self.others = others
    }

    /// `shares`, in their order.
    public init(_ shares: [LanguageShare]) {
        first = shares.first
        others = shares.count > 1 ? Array(shares.dropFirst()) : []
    }

    /// Every share, in order.
    public var list: [LanguageShare] {
        guard let first else { return [] }
        return others.isEmpty ? [first] : [first] + others
    }
}
