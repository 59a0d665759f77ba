import Foundation

// Writes a Swift source holding the files of Templates/ (the EmbedTemplates plugin runs this
// at build time): `TemplateEmbedder FOLDER OUTPUT RELATIVE-PATH…`.
//
// Text files become one-line string literals with every non-ASCII or control character
// escaped, which compile fast and stay readable in the generated file; a file that is not
// UTF-8 (an image, say) is carried as base64. Array literals of bytes would take the type
// checker minutes for a folder this size.

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: TemplateEmbedder FOLDER OUTPUT RELATIVE-PATH…\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: arguments[1])
let output = URL(fileURLWithPath: arguments[2])

/// `text` as the inside of a Swift string literal.
func literal(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count + text.utf8.count / 8)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case " "..."~": out.unicodeScalars.append(scalar)
        default: out += "\\u{\(String(scalar.value, radix: 16))}"
        }
    }
    return out
}

var source = """
    // Generated at build time from Templates/ by the EmbedTemplates plugin; never edited or committed.

    extension BuiltInTemplates {
        static let stored: [String: Stored] = [

    """
for relativePath in arguments.dropFirst(3) {
    let data: Data
    do {
        data = try Data(contentsOf: folder.appendingPathComponent(relativePath))
    } catch {
        FileHandle.standardError.write(
            Data("TemplateEmbedder: cannot read \(relativePath) in \(folder.path): \(error)\n".utf8))
        exit(66)
    }
    if let text = String(data: data, encoding: .utf8), Data(text.utf8) == data {
        source += "        \"\(literal(relativePath))\": .text(\"\(literal(text))\"),\n"
    } else {
        source += "        \"\(literal(relativePath))\": .base64(\"\(data.base64EncodedString())\"),\n"
    }
}
source += arguments.count == 3 ? "        :]\n}\n" : "    ]\n}\n"

do {
    // Replaced only when different, so an unchanged folder does not recompile the target.
    if (try? Data(contentsOf: output)) != Data(source.utf8) {
        try Data(source.utf8).write(to: output, options: .atomic)
    }
} catch {
    FileHandle.standardError.write(Data("TemplateEmbedder: cannot write \(output.path): \(error)\n".utf8))
    exit(73)
}
