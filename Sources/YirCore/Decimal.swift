/// Exact decimal text for fixed-point figures: `value / 10^scale` without trailing zeros
/// (`12500, 3` → `12.5`). Seconds are kept as integer milliseconds end to end, so output
/// never shows binary floating-point noise.
public func decimalText(_ value: Int64, scale: Int) -> String {
    var divisor: Int64 = 1
    for _ in 0..<scale { divisor *= 10 }
    let negative = value < 0
    let magnitude = value.magnitude
    let whole = magnitude / UInt64(divisor)
    var fraction = magnitude % UInt64(divisor)
    var digits = scale
    if fraction == 0 {
        digits = 0
    } else {
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
    }
    var s = negative ? "-" : ""
    s += String(whole)
    if digits > 0 {
        let f = String(fraction)
        s += "." + String(repeating: "0", count: digits - f.count) + f
    }
    return s
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

/// Appends `decimalText(value.value, scale: value.scale)` as UTF-8 bytes, without a `String`.
@inlinable
public func appendDecimal(_ value: FixedDecimal, to out: inout [UInt8]) {
    appendBytes(capacity: FixedDecimal.maximumLength, to: &out) { 0..<writeDecimal(value, to: $0) }
}

/// Writes `decimalText(value.value, scale: value.scale)` at `out` (room for
/// `FixedDecimal.maximumLength` bytes) and returns how many bytes it wrote.
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
    var rest = magnitude / 10
    while rest > 0 {
        digits += 1
        rest /= 10
    }
    digits = max(digits, scale + 1)  // 0.005: the leading zeros are digits too
    let sign = value.value < 0 ? 1 : 0
    let length = sign + digits + (scale > 0 ? 1 : 0)
    if sign == 1 { out[0] = UInt8(ascii: "-") }
    // Least significant first, from the end backwards.
    var i = length
    for written in 0..<digits {
        if written == scale && scale > 0 {
            i -= 1
            out[i] = UInt8(ascii: ".")
        }
        i -= 1
        out[i] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
        magnitude /= 10
    }
    return length
}

/// Appends the bytes `fill` writes into a stack buffer of `capacity` bytes — `fill` returns
/// where they are — with one call: appending byte by byte costs a uniqueness check and a
/// capacity check each, and a report has tens of millions of numbers and instants.
@inlinable
public func appendBytes(capacity: Int, to out: inout [UInt8], _ fill: (UnsafeMutablePointer<UInt8>) -> Range<Int>) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
        let written = fill(buffer.baseAddress!)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[written]))
    }
}
