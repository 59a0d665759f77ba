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
