import YirCore

/// Exact conversion of a JSON number's text to an integer count of `10^-scale` units
/// (seconds with scale 3 → milliseconds), without going through `Double` — `0.1 + 0.2`
/// seconds is 300 ms, not 300.00000000000006. Durations round half away from zero; instants
/// round down, towards the past, as RFC 3339 fractions are cut (decision 10).
struct FixedPoint: Equatable {
    enum Rounding {
        /// Durations: the nearest unit, halves away from zero.
        case halfAwayFromZero
        /// Instants: the unit at or before the value (towards negative infinity), so a time
        /// written as a number lands on the same millisecond as the same time written as text.
        case down
    }

    /// The rounded magnitude, saturated at `limit` for absurd values (30-digit integers),
    /// which callers reject.
    var magnitude: Int64
    var isNegative: Bool
    /// No nonzero digit was rounded away.
    var isExact: Bool

    /// Far beyond any plausible duration or timestamp (about 285 000 years of milliseconds).
    static let limit: Int64 = 1 << 53

    /// `text` must already be a valid JSON number (the scanner checked it).
    init(_ text: UnsafeRawBufferPointer, scale: Int, rounding: Rounding = .halfAwayFromZero) {
        self = Self.plain(text, scale: scale) ?? FixedPoint(anyNumber: text, scale: scale, rounding: rounding)
    }

    /// The value of digits with at most `scale` decimals and no exponent, small enough that
    /// nothing is rounded or saturated — what durations and epoch timestamps nearly always
    /// are; nil for any other number. Every record has one or two numbers.
    @inline(__always)
    static func plain(_ text: UnsafeRawBufferPointer, scale: Int) -> FixedPoint? {
        let n = text.count
        var i = 0
        let negative = n > 0 && text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var value: UInt64 = 0
        let integerStart = i
        while i < n, isDigit(text[i]) {
            value = value &* 10 &+ UInt64(text[i] &- 0x30)
            i += 1
        }
        let integerDigits = i - integerStart
        var decimals = 0
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, isDigit(text[i]) {
                value = value &* 10 &+ UInt64(text[i] &- 0x30)
                i += 1
                decimals += 1
            }
        }
        // Under 10^15 units, far below `limit`, and no digit beyond `scale`.
        guard i == n, decimals <= scale, integerDigits + scale <= 15 else { return nil }
        for _ in decimals..<scale { value &*= 10 }
        return FixedPoint(magnitude: Int64(value), isNegative: negative && value != 0, isExact: true)
    }

    init(magnitude: Int64, isNegative: Bool, isExact: Bool) {
        self.magnitude = magnitude
        self.isNegative = isNegative
        self.isExact = isExact
    }

    /// Any valid JSON number: digits beyond 18 significant ones, exponents, rounding.
    init(anyNumber text: UnsafeRawBufferPointer, scale: Int, rounding: Rounding = .halfAwayFromZero) {
        var i = 0
        isNegative = text.first == UInt8(ascii: "-")
        if isNegative { i += 1 }
        var digits: UInt64 = 0
        var significant = 0
        var exponent = 0  // value = digits × 10^exponent, before dropped digits
        var dropped = false  // a nonzero digit beyond what `digits` holds
        var seenNonzero = false
        func take(_ d: UInt8, fraction: Bool) {
            if d != 0 { seenNonzero = true }
            if significant < 18 {
                digits = digits * 10 + UInt64(d)
                if seenNonzero { significant += 1 }
                if fraction { exponent -= 1 }
            } else {
                if d != 0 { dropped = true }
                if !fraction { exponent += 1 }
            }
        }
        while i < text.count, isDigit(text[i]) { take(text[i] - 0x30, fraction: false); i += 1 }
        if i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < text.count, isDigit(text[i]) { take(text[i] - 0x30, fraction: true); i += 1 }
        }
        if i < text.count, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            var sign = 1
            if text[i] == UInt8(ascii: "-") { sign = -1; i += 1 } else if text[i] == UInt8(ascii: "+") { i += 1 }
            var e = 0
            while i < text.count, isDigit(text[i]) {
                e = min(e * 10 + Int(text[i] - 0x30), 100_000)
                i += 1
            }
            exponent += sign * e
        }
        if !seenNonzero { isNegative = false }

        let shift = exponent + scale
        // Rounding down moves a negative value with anything cut away one unit further from zero.
        let floorsAway = rounding == .down && isNegative
        if digits == 0 {
            (magnitude, isExact) = (0, !dropped)
        } else if shift >= 0 {
            var value = digits
            var saturated = false
            for _ in 0..<min(shift, 40) {
                let (product, overflow) = value.multipliedReportingOverflow(by: 10)
                if overflow || product > UInt64(Self.limit) { saturated = true; break }
                value = product
            }
            if floorsAway && dropped && !saturated { value += 1 }
            magnitude = saturated ? Self.limit : Int64(min(value, UInt64(Self.limit)))
            isExact = !dropped
        } else if -shift > 19 {
            // Smaller than half a unit: rounds to zero (down: to -1 when negative).
            (magnitude, isExact) = (floorsAway ? 1 : 0, false)
        } else {
            var divisor: UInt64 = 1
            for _ in 0..<(-shift) { divisor *= 10 }
            let quotient = digits / divisor
            let remainder = digits % divisor
            let roundsUp =
                switch rounding {
                case .halfAwayFromZero: remainder * 2 >= divisor
                case .down: floorsAway && (remainder != 0 || dropped)
                }
            magnitude = Int64(min(quotient + (roundsUp ? 1 : 0), UInt64(Self.limit)))
            isExact = remainder == 0 && !dropped
        }
    }

    /// The signed value.
    var value: Int64 { isNegative ? -magnitude : magnitude }

    /// Whether the absolute value of the number `text` is greater than `limit` units of
    /// 10^-`scale`, by its exact value: a digit beyond the scale counts however small, where
    /// rounding to the scale would make 90.00000001 degrees 90.
    static func magnitude(of text: UnsafeRawBufferPointer, scale: Int, exceeds limit: Int64) -> Bool {
        // Rounded down, towards negative infinity: a positive value's magnitude is cut, so
        // anything cut away makes it larger; a negative value's is rounded up already.
        let n = FixedPoint(text, scale: scale, rounding: .down)
        let ceiling = n.isNegative || n.isExact ? n.magnitude : n.magnitude + 1
        return ceiling > limit
    }
}
