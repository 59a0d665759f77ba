import CYirSupport

/// Interns byte strings: each distinct string is stored once and named by a small integer, so
/// millions of records carry `Int32`s instead of `String`s.
public struct StringTable: Sendable {
    /// The strings' bytes, in segments filled one after another, each twice the one before up
    /// to `segmentLimit`: a table of millions of names never copies them to grow (one array
    /// that doubled held its old and new bytes at once, three times the names), and leaves at
    /// most one segment partly empty.
    private var segments: [[UInt8]] = []
    /// Per entry, where its bytes are (`Place`).
    private var places: [UInt64] = []
    /// Open addressing: each slot holds an entry index + 1, or 0 when empty.
    private var slots: [Int32] = Array(repeating: 0, count: 64)
    private var hashes: [UInt64] = []
    /// The id `intern` returned last, or -1.
    private var last: Int32 = -1

    public init() {}

    public var count: Int { hashes.count }

    /// The id of `bytes`, adding it when new.
    public mutating func intern(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        // Exports come sorted by reader more often than not, and zones and sites repeat:
        // the string just interned is the likeliest next one, and a compare beats a hash.
        if last >= 0, equals(Int(last), bytes) { return last }
        return intern(bytes, hash: Self.hash(bytes))
    }

    /// The id of `bytes`, whose `hash(_:)` is `hash`, adding it when new.
    public mutating func intern(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int32 {
        let (found, slot) = probe(bytes, hash: hash)
        if let found {
            last = found
            return found
        }
        let id = hashes.count
        places.append(store(bytes))
        hashes.append(hash)
        slots[slot] = Int32(id + 1)
        if hashes.count * 2 > slots.count { grow() }
        last = Int32(id)
        return Int32(id)
    }

    /// How many strings ahead of its probe a batch asks for a string's slot.
    public static let prefetchDistance = 8

    /// Asks for the slot a string of this hash probes first to be brought into the cache.
    @inline(__always)
    public func prefetch(hash: UInt64) {
        slots.withUnsafeBufferPointer {
            yir_prefetch($0.baseAddress! + (Int(truncatingIfNeeded: hash) & ($0.count - 1)))
        }
    }

    /// The id of `bytes` if present, else the empty slot where it would go.
    private func probe(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> (id: Int32?, slot: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let id = Int(slots[slot] - 1)
            if hashes[id] == hash && equals(id, bytes) { return (Int32(id), slot) }
            slot = (slot + 1) & mask
        }
        return (nil, slot)
    }

    /// Where an entry's bytes are, in 64 bits: the segment (20 bits), the offset in it (21
    /// bits: a segment holds at most `segmentLimit` bytes, or one longer string from 0) and
    /// the length (23 bits: a string comes from a line, at most 1 MiB).
    private enum Place {
        static func make(segment: Int, offset: Int, length: Int) -> UInt64 {
            precondition(length < 1 << 23 && segment < 1 << 20, "a string of 8 MiB or a table of a terabyte")
            return UInt64(segment) << 44 | UInt64(offset) << 23 | UInt64(length)
        }
        static func segment(_ place: UInt64) -> Int { Int(place >> 44) }
        static func offset(_ place: UInt64) -> Int { Int(place >> 23 & (1 << 21 - 1)) }
        static func length(_ place: UInt64) -> Int { Int(place & (1 << 23 - 1)) }
    }

    /// The largest segment but for one that holds a single longer string.
    static let segmentLimit = 1 << 20

    /// Appends `bytes` to the last segment, or to a new one where they do not fit.
    private mutating func store(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let end = (segments.last?.count ?? 0) + bytes.count
        if segments.isEmpty || end > segments[segments.count - 1].capacity || end > Self.segmentLimit {
            let previous = segments.last?.capacity ?? 0
            var segment: [UInt8] = []
            segment.reserveCapacity(max(bytes.count, min(Self.segmentLimit, max(256, previous * 2))))
            segments.append(segment)
        }
        let last = segments.count - 1
        let place = Place.make(segment: last, offset: segments[last].count, length: bytes.count)
        segments[last].append(contentsOf: bytes)
        return place
    }

    /// Gives back what the per-entry arrays hold beyond their entries: grown by doubling, a
    /// table of a million names holds a third more than it needs, for the rest of the run.
    public mutating func trimCapacity() {
        func trimmed<T>(_ array: [T]) -> [T] {
            array.capacity > array.count ? array.withUnsafeBufferPointer { Array($0) } : array
        }
        places = trimmed(places)
        hashes = trimmed(hashes)
    }

    public mutating func intern(_ string: String) -> Int32 {
        var string = string
        return string.withUTF8 { intern(UnsafeRawBufferPointer($0)) }
    }

    /// The id of `string` if it was interned.
    public func lookup(_ string: String) -> Int32? {
        var string = string
        return string.withUTF8 { buffer in
            let bytes = UnsafeRawBufferPointer(buffer)
            return probe(bytes, hash: Self.hash(bytes)).id
        }
    }

    /// The 64-bit hash of an entry's bytes: the same for the same bytes in every table.
    public func hash(of id: Int32) -> UInt64 { hashes[Int(id)] }

    public func bytes(_ id: Int32) -> ArraySlice<UInt8> {
        let place = places[Int(id)]
        return segments[Place.segment(place)][Place.offset(place)..<(Place.offset(place) + Place.length(place))]
    }

    /// The bytes of an entry, without copying them.
    public func withBytes<R>(_ id: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let place = places[Int(id)]
        return try segments[Place.segment(place)].withUnsafeBytes {
            try body(
                UnsafeRawBufferPointer(rebasing: $0[Place.offset(place)..<(Place.offset(place) + Place.length(place))]))
        }
    }

    /// The bytes and entry starts (one more than entries) in new allocations the caller owns.
    func copyOut() -> (bytes: UnsafeMutablePointer<UInt8>, starts: UnsafeMutablePointer<Int>) {
        let total = places.reduce(0) { $0 + Place.length($1) }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, total))
        let starts = UnsafeMutablePointer<Int>.allocate(capacity: places.count + 1)
        var end = 0
        starts.initialize(to: 0)
        for id in places.indices {
            withBytes(Int32(id)) { entry in
                if let base = entry.baseAddress {
                    (bytes + end).initialize(from: base.assumingMemoryBound(to: UInt8.self), count: entry.count)
                }
                end += entry.count
            }
            (starts + id + 1).initialize(to: end)
        }
        return (bytes, starts)
    }

    public func string(_ id: Int32) -> String {
        withBytes(id) { String(decoding: $0, as: UTF8.self) }
    }

    /// Byte order of the UTF-8 forms (SPEC's tie rule), not Swift's `String` ordering.
    public func precedes(_ a: Int32, _ b: Int32) -> Bool {
        a != b && withBytes(a) { x in withBytes(b) { y in bytesPrecede(x, y) } }
    }

    /// An entry's first 16 bytes as two big-endian words, zero-padded: two entries whose
    /// prefixes differ are in the order of their prefixes (`precedes`), and only entries with
    /// equal prefixes need their bytes compared.
    public func orderPrefix(_ id: Int32) -> OrderPrefix {
        withBytes(id) { bytes in
            var words: (UInt64, UInt64) = (0, 0)
            for (i, byte) in bytes.prefix(16).enumerated() {
                if i < 8 {
                    words.0 |= UInt64(byte) << (56 - 8 * UInt64(i))
                } else {
                    words.1 |= UInt64(byte) << (56 - 8 * UInt64(i - 8))
                }
            }
            return OrderPrefix(high: words.0, low: words.1)
        }
    }

    public struct OrderPrefix: Comparable, Sendable {
        let high: UInt64
        let low: UInt64

        public static func < (a: OrderPrefix, b: OrderPrefix) -> Bool {
            a.high != b.high ? a.high < b.high : a.low < b.low
        }
    }

    private func equals(_ id: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let place = places[id]
        guard Place.length(place) == bytes.count else { return false }
        return segments[Place.segment(place)].withUnsafeBytes { segment in
            bytes.count == 0 || bytesEqual(segment.baseAddress! + Place.offset(place), bytes.baseAddress!, bytes.count)
        }
    }

    private mutating func grow() {
        var newSlots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = newSlots.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while newSlots[slot] != 0 { slot = (slot + 1) & mask }
            newSlots[slot] = Int32(id + 1)
        }
        slots = newSlots
    }

    public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        hashBytes(bytes, seed: 0x6A09_E667_F3BC_C908)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fast 64-bit hash of a byte string, eight bytes at a time; `seed` selects one of a family
/// of independent hashes (record ids are compared by two of them).
@inlinable
public func hashBytes(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
    var h = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
    var i = 0
    let n = bytes.count
    while i + 8 <= n {
        let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        h = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 29
        i += 8
    }
    if i < n {
        var tail: UInt64 = 0
        for k in i..<n { tail |= UInt64(bytes[k]) << (8 * UInt64(k - i)) }
        h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
    }
    h ^= h >> 32
    h = h &* 0xD6E8_FEB8_6659_FD93
    h ^= h >> 32
    return h
}

/// `(hashBytes(bytes, seed: seeds.0), hashBytes(bytes, seed: seeds.1))` in one pass over the
/// bytes: record ids and article keys are fingerprinted by two independent hashes.
@inlinable
public func hashBytes(_ bytes: UnsafeRawBufferPointer, seeds: (UInt64, UInt64)) -> (UInt64, UInt64) {
    let length = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
    var h0 = seeds.0 ^ length
    var h1 = seeds.1 ^ length
    var i = 0
    let n = bytes.count
    while i + 8 <= n {
        let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        h0 = (h0 ^ word) &* 0xBF58_476D_1CE4_E5B9
        h1 = (h1 ^ word) &* 0xBF58_476D_1CE4_E5B9
        h0 ^= h0 >> 29
        h1 ^= h1 >> 29
        i += 8
    }
    if i < n {
        var tail: UInt64 = 0
        for k in i..<n { tail |= UInt64(bytes[k]) << (8 * UInt64(k - i)) }
        h0 = (h0 ^ tail) &* 0x94D0_49BB_1331_11EB
        h1 = (h1 ^ tail) &* 0x94D0_49BB_1331_11EB
    }
    h0 ^= h0 >> 32
    h1 ^= h1 >> 32
    h0 = h0 &* 0xD6E8_FEB8_6659_FD93
    h1 = h1 &* 0xD6E8_FEB8_6659_FD93
    return (h0 ^ (h0 >> 32), h1 ^ (h1 >> 32))
}

/// Whether `a` comes before `b` in byte order (a prefix first): SPEC's order of UTF-8 forms.
@inlinable
public func bytesPrecede(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    let common = min(a.count, b.count)
    let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
    return order != 0 ? order < 0 : a.count < b.count
}

/// Whether `count` bytes at `a` and `b` are equal: eight at a time, inline, and the few
/// left over as one overlapping word (two for 4–7 bytes) instead of byte by byte. Interned
/// strings and JSON keys are short (users, zones, sites, `timestamp`), where calling `memcmp`
/// or looping over bytes costs more than the comparison.
@inlinable
public func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    if count >= 8 {
        var i = 0
        while i + 8 <= count {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            {
                return false
            }
            i += 8
        }
        // The last eight bytes, overlapping what was compared already.
        return i == count
            || a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
            && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    var i = 0
    while i < count {
        if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
        i += 1
    }
    return true
}

/// A bijective 64-bit mixer (the SplitMix64 finaliser): spreads every input bit over the output.
@inlinable
public func mix64(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
