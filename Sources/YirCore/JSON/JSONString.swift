/// Appends `text` as a JSON string: in quotes, with `"` `\` and control characters escaped and
/// everything else copied as UTF-8 — for the report writers and for the native lines that
/// mapping profiles build.
@inlinable
public func appendJSONString(_ text: some Collection<UInt8>, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most strings need no escape: copy them whole.
    if !text.contains(where: needsJSONEscape) {
        out.append(contentsOf: text)
        out.append(UInt8(ascii: "\""))
        return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6) { escape in
        for b in text {
            let count = writeJSONEscaped(b, to: escape.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: escape[..<count]))
        }
    }
    out.append(UInt8(ascii: "\""))
}

/// Writes `byte` as it stands in a JSON string (`\"`, `\\`, `\n`, `\u001f`, or itself) at
/// `p`, which has room for six bytes; returns how many it wrote.
@inlinable
public func writeJSONEscaped(_ byte: UInt8, to p: UnsafeMutablePointer<UInt8>) -> Int {
    func two(_ second: UInt8) -> Int {
        p[0] = UInt8(ascii: "\\")
        p[1] = second
        return 2
    }
    switch byte {
    case UInt8(ascii: "\""): return two(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): return two(UInt8(ascii: "\\"))
    case 0x0A: return two(UInt8(ascii: "n"))
    case 0x0D: return two(UInt8(ascii: "r"))
    case 0x09: return two(UInt8(ascii: "t"))
    case 0..<0x20:
        let hex: StaticString = "0123456789abcdef"
        p[0] = UInt8(ascii: "\\")
        p[1] = UInt8(ascii: "u")
        p[2] = UInt8(ascii: "0")
        p[3] = UInt8(ascii: "0")
        p[4] = hex.utf8Start[Int(byte >> 4)]
        p[5] = hex.utf8Start[Int(byte & 0xF)]
        return 6
    default:
        p[0] = byte
        return 1
    }
}

/// Whether a byte has to be escaped in a JSON string: `"`, `\` and the control characters.
@inlinable
public func needsJSONEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
}

/// Whether any byte of `text` has to be escaped (`needsJSONEscape`), eight bytes at a time:
/// most strings a report writes (sites, titles, ids) need none, and asking byte by byte was
/// about 5 % of `stats --format jsonl`'s instructions.
@inlinable
public func needsJSONEscape(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let bytes = UnsafeRawBufferPointer(text)
    guard bytes.count >= 8 else { return text.contains(where: needsJSONEscape) }
    var offset = 0
    while offset < bytes.count {
        // The last word overlaps the one before it rather than leaving bytes to a loop.
        let start = min(offset, bytes.count - 8)
        let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
        if escapedBytes(word) != 0 { return true }
        offset += 8
    }
    return false
}

/// Not 0 when a byte of `word` is a quote, a backslash or a control character. Each test is
/// exact as to whether some byte matches (a borrow only ever spreads above a byte that does).
@inlinable
func escapedBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control) & high
}
