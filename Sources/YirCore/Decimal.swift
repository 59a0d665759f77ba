/// Exact decimal text for fixed-point figures: `value / 10^scale` without trailing zeros
/// (`12500, 3` → `12.5`). Seconds are kept as integer milliseconds end to end, so output
/// never shows binary floating-point noise.
public func decimalText(_ value: Int64, scale: Int) -> String {
    withDecimalBytes(FixedDecimal(value, scale: scale)) { String(decoding: $0, as: UTF8.self) }
}

/// `decimalText`'s bytes, lent to `body` from the stack: no `String` made.
@inlinable
public func withDecimalBytes<R>(_ value: FixedDecimal, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: FixedDecimal.maximumLength) { buffer in
        let count = writeDecimal(value, to: buffer.baseAddress!)
        return try body(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count))
    }
}

/// `numerator / denominator` rounded half up to an integer (both ≥ 0).
public func roundedQuotient(_ numerator: Int64, _ denominator: Int64) -> Int64 {
    precondition(denominator > 0 && numerator >= 0)
    return (numerator * 2 + denominator) / (denominator * 2)
}

/// A fixed-point figure as it is written out: `value / 10^scale`.
public struct FixedDecimal: Sendable, Equatable, CustomStringConvertible {
    public var value: Int64
    public var scale: Int

    public init(_ value: Int64, scale: Int) {
        self.value = value
        self.scale = scale
    }

    /// Seconds from integer milliseconds.
    public static func seconds(milliseconds: Int64) -> FixedDecimal { FixedDecimal(milliseconds, scale: 3) }

    public var description: String { decimalText(value, scale: scale) }

    /// The most bytes `writeDecimal` writes: a sign, 20 digits, a point (and a spare).
    public static let maximumLength = 24
}

/// Writes `decimalText(value.value, scale: value.scale)` at `out` (room for
/// `FixedDecimal.maximumLength` bytes) and returns how many bytes it wrote: the renderers
/// write tens of millions of numbers straight into their buffers, without a `String` each.
@inlinable
public func writeDecimal(_ value: FixedDecimal, to out: UnsafeMutablePointer<UInt8>) -> Int {
    var magnitude = value.value.magnitude
    var scale = value.scale
    // Drop trailing fractional zeros first.
    while scale > 0 && magnitude % 10 == 0 {
        magnitude /= 10
        scale -= 1
    }
    var digits = 1
    var bound: UInt64 = 10
    while digits < 20 && magnitude >= bound {
        digits += 1
        bound &*= 10
    }
    digits = max(digits, scale + 1)  // 0.005: the leading zeros are digits too
    let sign = value.value < 0 ? 1 : 0
    let length = sign + digits + (scale > 0 ? 1 : 0)
    if sign == 1 { out[0] = UInt8(ascii: "-") }
    // Least significant first, from the end backwards: the fraction digit by digit (it is
    // short), the whole part two digits at a time.
    var i = length
    for _ in 0..<scale {
        i -= 1
        out[i] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
        magnitude /= 10
    }
    if scale > 0 {
        i -= 1
        out[i] = UInt8(ascii: ".")
    }
    while magnitude >= 10 {
        let pair = Int(truncatingIfNeeded: magnitude % 100)
        magnitude /= 100
        i -= 2
        out[i] = UInt8(truncatingIfNeeded: pair / 10) + 0x30
        out[i + 1] = UInt8(truncatingIfNeeded: pair % 10) + 0x30
    }
    if i > sign {
        i -= 1
        out[i] = UInt8(truncatingIfNeeded: magnitude) + 0x30
    }
    return length
}
