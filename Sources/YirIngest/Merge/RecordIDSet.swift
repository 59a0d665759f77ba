import CYirSupport

/// The set of record ids seen so far (SPEC §1.4), as 128-bit fingerprints of (reader, type,
/// id) in one open-addressing table: 16 bytes per id and no per-insert hashing beyond the
/// fingerprint itself. Two independent 64-bit hashes make a false duplicate astronomically
/// unlikely (about n² / 2¹²⁹: under 10⁻²¹ for a billion ids).
struct RecordIDSet {
    private var slots: [(UInt64, UInt64)]
    private var count = 0

    init(expected: Int = 0) {
        var capacity = 1024
        while capacity < expected * 4 / 3 { capacity *= 2 }
        slots = Array(repeating: (0, 0), count: capacity)
    }

    /// Inserts the fingerprint; false when it was there already.
    mutating func insert(_ key: (UInt64, UInt64)) -> Bool {
        // (0, 0) marks an empty slot; a key that happens to be (0, 0) is moved off it.
        let key = key == (0, 0) ? (0, 1) : key
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: key.0) & mask
        while slots[slot] != (0, 0) {
            if slots[slot] == key { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = key
        count += 1
        return true
    }

    /// Asks for the slot this key will probe first to be brought into the cache.
    @inline(__always)
    func prefetch(_ key: (UInt64, UInt64)) {
        slots.withUnsafeBufferPointer { slots in
            yir_prefetch(slots.baseAddress! + (Int(truncatingIfNeeded: key.0) & (slots.count - 1)))
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (0, 0), count: old.count * 2)
        count = 0
        for key in old where key != (0, 0) { _ = insert(key) }
    }
}
