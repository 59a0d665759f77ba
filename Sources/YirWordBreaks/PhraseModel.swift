import CYirWordBreaks
import Foundation
import Synchronization

/// A BudouX model (github.com/google/budoux; its Japanese and Chinese models are compiled in,
/// under their Apache 2.0 licence): where a text without spaces starts a new phrase. Every
/// boundary between two characters is scored by the weights of the characters around it —
/// three before and three after (UW1…UW6), the pairs before, across and after it (BW1…BW3) and
/// the triples (TW1…TW4) — and a phrase starts where their sum is more than half the model's
/// total weight. This is BudouX's own parser, character for character (Unicode scalars, as
/// Python indexes a string), so the phrases are the ones the `budoux` package finds.
struct PhraseModel: Sendable {
    /// Each feature group's weights, by its one, two or three characters packed into an integer.
    private let unigrams: [[UInt64: Int]]  // UW1…UW6
    private let bigrams: [[UInt64: Int]]  // BW1…BW3
    private let trigrams: [[UInt64: Int]]  // TW1…TW4
    /// The sum of every weight of the model, the threshold's double.
    private let total: Int

    private static let loaded = Mutex<[String: PhraseModel?]>([:])

    /// The model compiled in under `name` (`ja`, `zh-hans`, `zh-hant`), read once per run.
    static func model(named name: String) -> PhraseModel? {
        loaded.withLock { made in
            if let known = made[name] { return known }
            var length = 0
            let model = yir_phrase_model(name, &length).flatMap { bytes in
                PhraseModel(json: Data(bytes: bytes, count: length))
            }
            made[name] = model
            return model
        }
    }

    /// A model from BudouX's JSON: an object of feature group → (characters → weight).
    init?(json: Data) {
        guard let groups = try? JSONSerialization.jsonObject(with: json) as? [String: [String: Int]] else {
            return nil
        }
        func group(_ name: String, _ length: Int) -> [UInt64: Int] {
            var weights: [UInt64: Int] = [:]
            for (characters, weight) in groups[name] ?? [:] {
                let scalars = Array(characters.unicodeScalars)
                // BudouX compares slices of the text with the key: one of another length never matches.
                if scalars.count == length { weights[Self.key(scalars[...]), default: 0] += weight }
            }
            return weights
        }
        unigrams = (1...6).map { group("UW\($0)", 1) }
        bigrams = (1...3).map { group("BW\($0)", 2) }
        trigrams = (1...4).map { group("TW\($0)", 3) }
        total = groups.values.reduce(0) { $0 + $1.values.reduce(0, +) }
    }

    /// Up to three scalars (21 bits each) as one integer.
    private static func key(_ scalars: ArraySlice<Unicode.Scalar>) -> UInt64 {
        scalars.reduce(0) { $0 << 21 | UInt64($1.value) }
    }

    /// The indexes of the characters of `text` that start a phrase, after the first.
    func phraseStarts(_ text: [Unicode.Scalar]) -> [Int] {
        let n = text.count
        guard n > 1 else { return [] }
        func weight(_ table: [UInt64: Int], _ range: Range<Int>) -> Int {
            range.lowerBound >= 0 && range.upperBound <= n ? table[Self.key(text[range])] ?? 0 : 0
        }
        return (1..<n).filter { i in
            var score = 0
            for (j, table) in unigrams.enumerated() { score += weight(table, (i - 3 + j)..<(i - 2 + j)) }
            for (j, table) in bigrams.enumerated() { score += weight(table, (i - 2 + j)..<(i + j)) }
            for (j, table) in trigrams.enumerated() { score += weight(table, (i - 3 + j)..<(i + j)) }
            // BudouX: score = -total / 2 + the weights, a phrase where it is above 0.
            return 2 * score > total
        }
    }

    /// `text` with a zero width space where each phrase but the first starts; none beside a
    /// space, where the text breaks already, nor inside a number or a word of an alphabet
    /// ("2025", "Wikipedia"), which the models, made for CJK text, may split.
    func mark(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let starts = phraseStarts(scalars).filter {
            !scalars[$0 - 1].properties.isWhitespace && !scalars[$0].properties.isWhitespace
                && !(Self.isAlphabetic(scalars[$0 - 1]) && Self.isAlphabetic(scalars[$0]))
        }
        guard !starts.isEmpty else { return text }
        var out = String.UnicodeScalarView(), remaining = starts[...]
        for (i, scalar) in scalars.enumerated() {
            if remaining.first == i {
                out.append("\u{200B}")
                remaining.removeFirst()
            }
            out.append(scalar)
        }
        return String(out)
    }

    /// A digit, or a letter of a script written with spaces between its words: anything
    /// alphanumeric but Han, kana and Hangul.
    static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        guard properties.numericType != nil || properties.isAlphabetic, !properties.isIdeographic else { return false }
        switch scalar.value {
        case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0xAC00...0xD7AF, 0xFF66...0xFF9F,
            0xFFA0...0xFFDC:
            return false
        default:
            return true
        }
    }
}
