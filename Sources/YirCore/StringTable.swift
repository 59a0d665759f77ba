/// Interns byte strings: each distinct string is stored once in one arena and named by a
/// small integer, so millions of records carry `Int32`s instead of `String`s.
public struct StringTable: Sendable {
    private var arena: [UInt8] = []
    private var starts: [Int] = [0]
    /// Open addressing: each slot holds an entry index + 1, or 0 when empty.
    private var slots: [Int32] = Array(repeating: 0, count: 64)
    private var hashes: [UInt64] = []

    public init() {}

    public var count: Int { hashes.count }

    /// The id of `bytes`, adding it when new.
    public mutating func intern(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        let hash = Self.hash(bytes)
        let (found, slot) = probe(bytes, hash: hash)
        if let found { return found }
        let id = hashes.count
        arena.append(contentsOf: bytes)
        starts.append(arena.count)
        hashes.append(hash)
        slots[slot] = Int32(id + 1)
        if hashes.count * 2 > slots.count { grow() }
        return Int32(id)
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

    public func bytes(_ id: Int32) -> ArraySlice<UInt8> {
        arena[starts[Int(id)]..<starts[Int(id) + 1]]
    }

    public func string(_ id: Int32) -> String {
        String(decoding: bytes(id), as: UTF8.self)
    }

    /// Byte order of the UTF-8 forms (SPEC's tie rule), not Swift's `String` ordering.
    public func precedes(_ a: Int32, _ b: Int32) -> Bool {
        a != b && bytes(a).lexicographicallyPrecedes(bytes(b))
    }

    private func equals(_ id: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let start = starts[id]
        guard starts[id + 1] - start == bytes.count else { return false }
        return arena.withUnsafeBytes { arenaBytes in
            bytes.count == 0 || memcmp(arenaBytes.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0
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

    /// FNV-1a with a final mix so the low bits used for slots are well spread.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        return h
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
