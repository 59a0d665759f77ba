/// Appends `text` as a JSON string: in quotes, with `"` `\` and control characters escaped and
/// everything else copied as UTF-8 — for the report writers and for the native lines that
/// mapping profiles build.
@inlinable
public func appendJSONString(_ text: some Collection<UInt8>, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most strings need no escape: copy them whole (from contiguous bytes when they are).
    let plain = text.withContiguousStorageIfAvailable { bytes -> Bool in
        for b in bytes where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return false }
        out.append(contentsOf: bytes)
        return true
    } ?? {
        guard !text.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
        out.append(contentsOf: text)
        return true
    }()
    if plain {
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
