import Mustache

/// Escaping for the few pieces of markup written outside the templates, the same five
/// characters Mustache escapes.
enum HTMLText {
    static func append(_ text: String, to out: inout String) {
        var start = text.startIndex
        for index in text.utf8.indices {
            guard let replacement = replacement(text.utf8[index]) else { continue }
            out += text[start..<index]
            out += replacement.description
            start = text.utf8.index(after: index)
        }
        out += text[start...]
    }

    /// `append`, onto bytes.
    static func append(utf8 text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            if let replacement = replacement(byte) {
                out.append(
                    contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            } else {
                out.append(byte)
            }
        }
    }

    static func needsEscaping(_ byte: UInt8) -> Bool { replacement(byte) != nil }

    private static func replacement(_ byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
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

// The pages' contexts hold their texts and numbers as `String` and `Int` in `[String: Any]`.
// Mustache renders a value it knows as `MustacheCustomRenderable` straight from `renderText`;
// any other goes through four more dynamic casts and `String(describing:)` — per `{{…}}`,
// hundreds a page. The text rendered is the same either way.
extension String: @retroactive MustacheCustomRenderable {
    public var renderText: String { self }
    public var isNull: Bool { false }
}

extension Int: @retroactive MustacheCustomRenderable {
    public var renderText: String { String(self) }
    public var isNull: Bool { false }
}

// Inside a section over a text (`{{#article_url}}<a href="{{article_url}}">…{{/article_url}}`)
// the text is the innermost context, and Mustache looks a name up in anything that is not a
// `MustacheParent` through a `Mirror` of it — made, and found empty, on every lookup. A text
// or a number has no children either way.
extension String: @retroactive MustacheParent {
    public func child(named: String) -> Any? { nil }
}

extension Int: @retroactive MustacheParent {
    public func child(named: String) -> Any? { nil }
}
