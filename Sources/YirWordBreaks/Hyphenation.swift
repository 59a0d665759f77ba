import CYirWordBreaks
import Synchronization

/// One language's hyphenation patterns (those Debian ships for LibreOffice, compiled in), used
/// through libhyphen: where a long word may break, marked with soft hyphens.
final class Hyphenation: @unchecked Sendable {
    /// A word of fewer letters is left whole: it fits a line of the largest heading type on a
    /// 320 px screen, and a heading that breaks it would break where a whole word could go to
    /// the next line ("Ar-ticles"). Each mark costs the page two bytes, too.
    static let minimumLetters = 10
    /// The fewest letters left before the first point and after the last: a line that ends in
    /// one letter and a hyphen, or starts with two letters, is hard to read on. A language's
    /// patterns may ask for more.
    static let leftMinimum: Int32 = 2
    static let rightMinimum: Int32 = 3

    /// Made once per language per run, on first use, and kept to the end of the run. Each
    /// language loads under a lock of its own: German's 78,000 patterns take a large part of a
    /// second to load, and threads rendering decks in other languages need not wait for it.
    private static let slots = Mutex<[String: Slot]>([:])

    private final class Slot: Sendable {
        /// nil until loaded; then the patterns, or nil where none are compiled in.
        let patterns = Mutex<Hyphenation??>(nil)
    }

    /// libhyphen's dictionary: it is only read while hyphenating (its results go to buffers of
    /// the caller's), so every thread may hyphenate with it at once — hence `@unchecked`.
    private let dictionary: UnsafeMutablePointer<HyphenDict>

    private init(_ dictionary: UnsafeMutablePointer<HyphenDict>) { self.dictionary = dictionary }

    deinit { hnj_hyphen_free(dictionary) }

    /// The patterns for a language (`de`, `pt`, …), or nil when none are compiled in.
    static func patterns(for name: String) -> Hyphenation? {
        let slot = slots.withLock { slots in
            if let slot = slots[name] { return slot }
            let slot = Slot()
            slots[name] = slot
            return slot
        }
        return slot.patterns.withLock { loaded in
            if let known = loaded { return known }
            let patterns = yir_hyphen_load(name).map(Hyphenation.init)
            loaded = .some(patterns)
            return patterns
        }
    }

    /// `text` with a soft hyphen at each hyphenation point of its words of `minimumLetters`
    /// letters or more; a word is a run of letters and the marks on them, so the parts of
    /// "Nord-Ostsee-Kanal" or of "l'encyclopédie" are words of their own.
    func mark(_ text: String) -> String {
        var out = String.UnicodeScalarView(), word: [Unicode.Scalar] = []
        var marked = false
        for scalar in text.unicodeScalars {
            if Self.isWordPart(scalar) {
                word.append(scalar)
                continue
            }
            marked = append(word, to: &out) || marked
            word.removeAll(keepingCapacity: true)
            out.append(scalar)
        }
        marked = append(word, to: &out) || marked
        return marked ? String(out) : text
    }

    /// Appends `word`, hyphenated when it is long enough; whether a mark was added.
    private func append(_ word: [Unicode.Scalar], to out: inout String.UnicodeScalarView) -> Bool {
        let points = word.count >= Self.minimumLetters ? hyphenationPoints(word) : []
        var remaining = points[...]
        for (i, scalar) in word.enumerated() {
            out.append(scalar)
            if remaining.first == i {
                out.append("\u{AD}")
                remaining.removeFirst()
            }
        }
        return !points.isEmpty
    }

    /// The indexes of the letters a word may break after, ascending. Patterns are written in
    /// lower case: the word is looked up so, and left whole where lower case would change its
    /// number of characters (Turkish "İ"), which would misplace every point after it.
    func hyphenationPoints(_ word: [Unicode.Scalar]) -> [Int] {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: word)
        let lower = String(view).lowercased()
        guard lower.unicodeScalars.count == word.count else { return [] }
        // libhyphen looks for some patterns with strstr: the word ends in a NUL.
        let bytes = lower.utf8CString
        var points = [CChar](repeating: 0, count: bytes.count + 5)
        let failed = bytes.withUnsafeBufferPointer { bytes in
            yir_hyphen_points(
                dictionary, bytes.baseAddress, Int32(bytes.count - 1), &points, Self.leftMinimum, Self.rightMinimum)
        }
        guard failed == 0 else { return [] }
        // Never between a letter and a mark on it, whatever a pattern says.
        return (0..<(word.count - 1)).filter { points[$0] != 0 && !Self.isMark(word[$0 + 1]) }
    }

    static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: isMark(scalar)
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
