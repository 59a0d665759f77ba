import Dispatch
import YirCore

extension Array {
    /// Sorts on up to `jobs` threads: equal runs sorted at once, then merged pairwise.
    /// Elements the predicate cannot tell apart keep no promised order, as with `sort(by:)`:
    /// callers whose output must not depend on `jobs` sort elements that are either told apart
    /// or alike in every way (user ids; reading times).
    mutating func sort(jobs: Int, by precedes: (Element, Element) -> Bool) {
        // Below a few thousand elements a second thread costs more than it saves.
        let runs = Swift.max(1, Swift.min(jobs, count / 4096))
        guard runs > 1 else { return sort(by: precedes) }
        let total = count
        var bounds = (0...runs).map { total * $0 / runs }
        let starts = bounds
        withSharedSlots { all in
            Parallel.perform(runs) { run in
                var part = UnsafeMutableBufferPointer(rebasing: all.buffer[starts[run]..<starts[run + 1]])
                part.sort(by: precedes)
            }
        }
        // Each round merges neighbouring runs into `target`, halving their number.
        var target = self
        while bounds.count > 2 {
            var merged = [0]
            var i = 0
            while i + 1 < bounds.count {
                let end = i + 2 < bounds.count ? bounds[i + 2] : bounds[i + 1]
                Self.merge(self, bounds[i]..<bounds[i + 1], bounds[i + 1]..<end, into: &target, by: precedes)
                merged.append(end)
                i += 2
            }
            swap(&self, &target)
            bounds = merged
        }
    }

    /// Writes the sorted runs `left` and `right` (neighbours) of `source` in order into the same
    /// places of `target`; on a tie the left element comes first.
    private static func merge(
        _ source: [Element], _ left: Range<Int>, _ right: Range<Int>,
        into target: inout [Element], by precedes: (Element, Element) -> Bool
    ) {
        var l = left.lowerBound
        var r = right.lowerBound
        var out = left.lowerBound
        while l < left.upperBound, r < right.upperBound {
            if precedes(source[r], source[l]) {
                target[out] = source[r]
                r += 1
            } else {
                target[out] = source[l]
                l += 1
            }
            out += 1
        }
        while l < left.upperBound { target[out] = source[l]; l += 1; out += 1 }
        while r < right.upperBound { target[out] = source[r]; r += 1; out += 1 }
    }
}
