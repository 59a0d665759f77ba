import CYirSupport

/// A map from 96-bit fingerprints of byte strings to `Int32` values, in one open-addressing
/// table of 16-byte slots: a lookup reads one slot and never the strings themselves, so a hit
/// costs one cache miss where a string table costs three or four (slot, hash, start, bytes).
/// Like `RecordIDSet`, it trusts the fingerprint: two of a million strings share one with
/// odds of about n² / 2⁹⁷ (under 10⁻¹⁷).
struct FingerprintMap {
    /// (first hash, or 0 for an empty slot; high half of the second hash | value).
    private var slots: [(UInt64, UInt64)] = Array(repeating: (0, 0), count: 1024)
    private(set) var count = 0

    /// The value stored under the fingerprint, if any.
    @inline(__always)
    func value(_ key: (UInt64, UInt64)) -> Int32? {
        let (first, tag) = Self.normalised(key)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: first) & mask
        return slots.withUnsafeBufferPointer { slots in
            while slots[slot].0 != 0 {
                if slots[slot].0 == first, slots[slot].1 & 0xFFFF_FFFF_0000_0000 == tag {
                    return Int32(bitPattern: UInt32(truncatingIfNeeded: slots[slot].1))
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Asks for the slot a lookup of `key` reads first to be brought into the cache.
    @inline(__always)
    func prefetch(_ key: (UInt64, UInt64)) {
        let first = key.0 == 0 ? 1 : key.0
        slots.withUnsafeBufferPointer { slots in
            yir_prefetch(slots.baseAddress! + (Int(truncatingIfNeeded: first) & (slots.count - 1)))
        }
    }

    /// Stores `value` under a fingerprint that `value(_:)` did not find.
    mutating func insert(_ key: (UInt64, UInt64), value: Int32) {
        if (count + 1) * 2 > slots.count { grow() }
        let (first, tag) = Self.normalised(key)
        put(first, tag | UInt64(UInt32(bitPattern: value)))
        count += 1
    }

    private mutating func put(_ first: UInt64, _ second: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: first) & mask
        while slots[slot].0 != 0 { slot = (slot + 1) & mask }
        slots[slot] = (first, second)
    }

    /// A first hash of 0 marks an empty slot, so it is moved off 0; the second keeps its high half.
    @inline(__always)
    private static func normalised(_ key: (UInt64, UInt64)) -> (UInt64, UInt64) {
        (key.0 == 0 ? 1 : key.0, key.1 & 0xFFFF_FFFF_0000_0000)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (0, 0), count: old.count * 2)
        for entry in old where entry.0 != 0 { put(entry.0, entry.1) }
    }
}
