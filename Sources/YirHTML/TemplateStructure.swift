import Foundation

/// What Mustache itself does not refuse but would crash on: a partial that includes itself,
/// directly or through others, recurses until the stack runs out (Mustache looks names up
/// through every enclosing context, so a section does not end it on yir's data), and so do
/// sections nested thousands deep, when parsed. Checked on the templates' text as they are
/// loaded, so that an operator's `--templates` gets an error naming the file, not a
/// segmentation fault. Tags are read with the default `{{ }}` delimiters, the only ones yir's
/// templates use.
enum TemplateStructure {
    /// Sections nested deeper than this are refused; yir's own go four deep.
    static let deepestSections = 100

    /// The partials a template includes; throws if its sections nest deeper than `deepestSections`.
    static func partials(of text: String, path: String) throws -> [String] {
        var depth = 0
        var partials: [String] = []
        for tag in tags(text) {
            switch tag.first {
            case "#", "^", "$", "<":
                depth += 1
                if depth > deepestSections {
                    throw TemplateError(path: path, message: "sections nested more than \(deepestSections) deep")
                }
                if tag.first == "<" { partials.append(name(tag)) }  // a parent: a partial too
            case "/": depth -= 1
            case ">": partials.append(name(tag))
            default: break
            }
        }
        return partials
    }

    /// Throws if a template includes itself, directly or through others.
    /// - Parameter includes: each template's name, file and the partials it includes.
    static func checkIncludes(_ includes: [String: (path: String, partials: [String])]) throws {
        var done: Set<String> = []
        // Depth first; a template met again on the current path closes a cycle.
        func visit(_ name: String, _ path: [String]) throws {
            if let start = path.firstIndex(of: name) {
                let cycle = (path[start...] + [name]).joined(separator: " → ")
                throw TemplateError(path: includes[name]?.path ?? name, message: "includes itself: \(cycle)")
            }
            guard !done.contains(name), let next = includes[name]?.partials else { return }
            for partial in next { try visit(partial, path + [name]) }
            done.insert(name)
        }
        for name in includes.keys.sorted() { try visit(name, []) }
    }

    /// The inside of each `{{…}}` tag (`{{{…}}}` too), from its first character that is not a
    /// brace or a space, in order; comments are left out.
    static func tags(_ text: String) -> [Substring] {
        var found: [Substring] = []
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else { break }
            let inside = rest[open.upperBound..<close.lowerBound].drop { $0 == "{" || $0 == " " }
            if inside.first != "!" { found.append(inside) }
            rest = rest[close.upperBound...]
        }
        return found
    }

    private static func name(_ tag: Substring) -> String {
        String(tag.dropFirst()).trimmingCharacters(in: .whitespaces)
    }
}
