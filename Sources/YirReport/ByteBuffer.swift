import YirCore

/// The bytes of an output being written, in one growing allocation of its own rather than an
/// `Array`: a report has tens of millions of keys, cells, numbers and instants, and an array
/// checks uniqueness and capacity on every append (that alone was a tenth of rendering). Not
/// copyable, so the allocation has exactly one owner. The renderers' writers (`JSONWriter`,
/// `CSVWriter`, the table's rows) keep their grammar on top of it.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far (a copy).
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written so far, handed over; the buffer starts again, keeping its room.
    mutating func takeBytes() -> [UInt8] {
        defer { count = 0 }
        return bytes
    }

    /// The last byte written, if any.
    var last: UInt8? { count > 0 ? base[count - 1] : nil }

    /// Forgets the last `n` bytes written.
    mutating func removeLast(_ n: Int) {
        precondition(n <= count)
        count -= n
    }

    /// Room for `n` more bytes; `commit` then counts what was written there.
    @inline(__always)
    mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if count + n > capacity { grow(to: count + n) }
        return base + count
    }

    @inline(__always)
    mutating func commit(_ n: Int) { count += n }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        reserve(1).pointee = byte
        commit(1)
    }

    mutating func put(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        copyBytes(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count, to: reserve(bytes.count))
        commit(bytes.count)
    }

    mutating func put(_ text: StaticString) {
        put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A string's UTF-8 bytes.
    mutating func put(_ text: String) {
        text.withUTF8Bytes { put($0) }
    }

    /// `byte` `n` times.
    mutating func put(_ byte: UInt8, repeating n: Int) {
        guard n > 0 else { return }
        reserve(n).initialize(repeating: byte, count: n)
        commit(n)
    }

    /// `decimalText`'s digits, straight into the buffer.
    @inline(__always)
    mutating func put(_ value: FixedDecimal) {
        // Most numbers of a report are one digit (counts, months, the empty months' zeros):
        // a byte, without the call.
        if value.value >= 0 && value.value < 10 && (value.scale == 0 || value.value == 0) {
            return put(UInt8(truncatingIfNeeded: value.value) + UInt8(ascii: "0"))
        }
        commit(writeDecimal(value, to: reserve(FixedDecimal.maximumLength)))
    }

    mutating func put(number value: Int) { put(FixedDecimal(Int64(value), scale: 0)) }

    /// An instant in RFC 3339 with the zone's offset at it (`RFC3339.format`).
    mutating func put(_ instant: Int64, in zone: ZoneRules) {
        commit(
            RFC3339.write(instant, offsetSeconds: zone.offsetSeconds(at: instant), to: reserve(RFC3339.maximumLength)))
    }

    /// `YYYY-MM-DD` (`CivilDate.iso8601`).
    mutating func put(_ date: CivilDate) {
        guard (0...9999).contains(date.year) else { return put(date.iso8601) }
        let p = reserve(10)
        func digits(_ value: Int, _ width: Int, at offset: Int) {
            var value = value
            for i in stride(from: offset + width - 1, through: offset, by: -1) {
                p[i] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        digits(date.year, 4, at: 0)
        p[4] = UInt8(ascii: "-")
        digits(date.month, 2, at: 5)
        p[7] = UInt8(ascii: "-")
        digits(date.day, 2, at: 8)
        commit(10)
    }
}

/// Copies `count` bytes from `source` to `target`, which do not overlap: up to 16 bytes with two
/// word moves that may overlap each other, more through `memcpy`. Most sites, titles and
/// literals are that short, and a call to `memcpy` for each cost more than the copy.
@inline(__always)
func copyBytes(from source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(target)
    if count > 16 {
        target.update(from: source, count: count)
    } else if count >= 8 {
        to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
        to.storeBytes(
            of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8,
            as: UInt64.self)
    } else if count >= 4 {
        to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
        to.storeBytes(
            of: from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4,
            as: UInt32.self)
    } else {
        for i in 0..<count { target[i] = source[i] }
    }
}
