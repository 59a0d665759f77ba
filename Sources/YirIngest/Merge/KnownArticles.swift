/// The articles the catalog has learnt, by the fingerprint of (normalised site, title as read)
/// that workers compute (`LocalStrings.article`): workers look here before normalising a title
/// themselves. In one part per merge thread, by fingerprint, so that the threads fill the
/// parts at once.
struct KnownArticles {
    var parts: [FingerprintMap]

    init(parts: Int) { self.parts = Array(repeating: FingerprintMap(), count: max(1, parts)) }

    static func part(of key: (UInt64, UInt64), among count: Int) -> Int {
        Int(truncatingIfNeeded: key.1 >> 40) % count
    }

    /// The catalog's article id (-1: nothing is left of the title after normalisation), if known.
    func value(_ key: (UInt64, UInt64)) -> Int32? {
        parts[Self.part(of: key, among: parts.count)].value(key)
    }

    /// Adds to `map`, part `part` of `count`, the fingerprints of `new` that belong there and
    /// are not in it yet; their local article ids become the catalog's through `catalogIDs`.
    static func learn(
        _ new: [(key: (UInt64, UInt64), value: Int32)], catalogIDs: [Int32],
        part: Int, of count: Int, into map: inout FingerprintMap
    ) {
        for (key, local) in new where Self.part(of: key, among: count) == part && map.value(key) == nil {
            map.insert(key, value: local < 0 ? -1 : catalogIDs[Int(local)])
        }
    }
}
