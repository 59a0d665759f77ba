/// The only links the pages make: `https://` article URLs built from wiki and title. A wiki
/// that is not a host name (another app's site, `app`) gets no link, so no data can ever
/// produce a `javascript:` or relative URL.
enum ArticleLinks {
    /// `https://en.wikipedia.org/wiki/Ada_Lovelace`, or nil when `wiki` is not a host name.
    static func url(wiki: String, title: String) -> String? {
        guard isHostName(wiki) else { return nil }
        var path = ""
        for byte in title.utf8 {
            switch byte {
            case UInt8(ascii: " "): path += "_"
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","):
                path.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                path += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return "https://\(wiki)/wiki/\(path)"
    }

    /// Lowercase labels of letters, digits and hyphens, at least two of them, dot-separated.
    static func isHostName(_ text: String) -> Bool {
        text.utf8.count <= 253 && text.contains(".") && hasHostLabels(text)
    }

    /// Dot-separated labels of lowercase letters, digits and inner hyphens, each 1 to 63 bytes.
    static func hasHostLabels(_ text: some StringProtocol) -> Bool {
        text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
        }
    }
}
