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
    let hex: StaticString = "0123456789abcdef"
    for b in text {
        switch b {
        case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0..<0x20:
            out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                    hex.utf8Start[Int(b >> 4)], hex.utf8Start[Int(b & 0xF)]])
        default: out.append(b)
        }
    }
    out.append(UInt8(ascii: "\""))
}

/// Whether a byte has to be escaped in a JSON string: `"`, `\` and the control characters.
@inlinable
public func needsJSONEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
}
