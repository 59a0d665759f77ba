import Mustache

/// Escaping for the few pieces of markup written outside the templates, the same five
/// characters Mustache escapes.
enum HTMLText {
    static func append(_ text: String, to out: inout String) {
        var start = text.startIndex
        for index in text.utf8.indices {
            let replacement: String
            switch text.utf8[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: continue
            }
            out += text[start..<index]
            out += replacement
            start = text.utf8.index(after: index)
        }
        out += text[start...]
    }

    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}

/// How the pages' templates escape `{{…}}`: Mustache's `HTML` content type's five characters
/// and replacements, found by byte. Mustache's own walks the text by `Character` and looks each
/// one up in a dictionary — a tenth of rendering the pages — and a text with nothing to
/// escape (nearly all) is returned as it is. By byte, a `<` `>` `&` `"` or `'` followed by a
/// combining mark is escaped too, where Mustache sees one character and keeps it.
struct HTMLEscaping: MustacheContentType {
    static let name = "YIR_HTML"

    /// Put before every template, so that this is its content type: a tag alone on its line,
    /// which Mustache removes with the line, so the output is unchanged.
    static let pragma: String = {
        MustacheContentTypes.register(HTMLEscaping(), named: name)
        return "{{% CONTENT_TYPE: \(name) }}\n"
    }()

    func escapeText(_ text: String) -> String {
        guard text.utf8.contains(where: HTMLText.needsEscaping) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        HTMLText.append(text, to: &escaped)
        return escaped
    }
}
