/// The pages' inline script without what the browser does not need — comments, indentation,
/// and spaces that separate no two words — since every page carries it whole. It reads the
/// script as tokens just far enough to leave strings and regular expressions untouched, and
/// keeps the line ends that may end a statement (so automatic semicolons fall where they did).
/// Not a minifier: no name changes, nothing rewritten.
enum ScriptCompaction {
    static func compact(_ script: String) -> String {
        let text = Array(script.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        var pendingSpace = false, pendingLine = false
        func isWord(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x24
                || c >= 0x80
        }
        /// A `/` starts a regular expression, not a division, after these (or at the start).
        func regexMayFollow() -> Bool {
            guard let last = out.last(where: { $0 != 0x20 && $0 != 0x0A }) else { return true }
            return Array("(,=:[!&|?{};+-*%<>~^".utf8).contains(last) || out.suffix(6).elementsEqual("return".utf8)
        }
        func flush(before next: UInt8) {
            if pendingLine, let last = out.last, last != 0x0A {
                // A line end after `{ ; , ( [` or before `}` ends no statement: it can go.
                if Array("{;,([".utf8).contains(last) || next == 0x7D {
                    if (isWord(last) && isWord(next)) { out.append(0x20) }
                } else {
                    out.append(0x0A)
                }
            } else if pendingSpace, let last = out.last,
                (isWord(last) && isWord(next)) || (last == next && (next == 0x2B || next == 0x2D))
            {
                out.append(0x20)
            }
            pendingSpace = false
            pendingLine = false
        }
        while i < text.count {
            let c = text[i]
            switch c {
            case 0x20, 0x09, 0x0D:
                pendingSpace = true
                i += 1
            case 0x0A:
                pendingLine = true
                i += 1
            case 0x22, 0x27, 0x60:  // a string: copied up to its unescaped closing quote
                flush(before: c)
                out.append(c)
                i += 1
                while i < text.count, text[i] != c {
                    if text[i] == 0x5C, i + 1 < text.count { out.append(text[i]); i += 1 }
                    out.append(text[i])
                    i += 1
                }
                if i < text.count { out.append(c); i += 1 }
            case 0x2F where i + 1 < text.count && text[i + 1] == 0x2F:  // a line comment
                while i < text.count, text[i] != 0x0A { i += 1 }
            case 0x2F where i + 1 < text.count && text[i + 1] == 0x2A:  // a block comment
                i += 2
                while i + 1 < text.count, !(text[i] == 0x2A && text[i + 1] == 0x2F) { i += 1 }
                i += 2
                pendingSpace = true
            case 0x2F where regexMayFollow():  // a regular expression, classes and escapes included
                flush(before: c)
                out.append(c)
                i += 1
                var inClass = false
                while i < text.count, inClass || text[i] != 0x2F, text[i] != 0x0A {
                    if text[i] == 0x5C, i + 1 < text.count {
                        out.append(text[i]); i += 1
                    } else if text[i] == 0x5B {
                        inClass = true
                    } else if text[i] == 0x5D {
                        inClass = false
                    }
                    out.append(text[i])
                    i += 1
                }
                if i < text.count, text[i] == 0x2F { out.append(0x2F); i += 1 }
            default:
                flush(before: c)
                out.append(c)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
