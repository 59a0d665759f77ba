extension Array {
    /// Empties the list and keeps its room, for the next reader. `removeAll(keepingCapacity:)`
    /// is a call to `replaceSubrange` (~85 instructions) even for an empty list or one of one
    /// element, what most of a reader's lists hold in an export with a reader every few lines;
    /// taking a single element off is a count set back.
    @inline(__always)
    mutating func clearKeepingCapacity() {
        switch count {
        case 0: return
        case 1: removeLast()
        default: removeAll(keepingCapacity: true)
        }
    }
}
