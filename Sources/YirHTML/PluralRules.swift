import _FoundationICU

/// CLDR's plural rules of one language, from ICU (the copy Foundation carries): which form of
/// a counted phrase a number takes — `one`, `few`, `many`, `other`, … ("1 day in a row",
/// "2 days in a row"; Russian, Polish and Arabic tell more forms apart).
public final class PluralRules: @unchecked Sendable {
    /// Every category CLDR defines.
    public static let allCategories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    public let language: String
    /// The categories the language's rules use, `other` always among them.
    public let categories: Set<String>
    private let rules: OpaquePointer
    /// By count, for the small counts pages show most; ICU is asked about the rest.
    private let small: [String]

    /// The rules of `language` (a BCP 47 tag); ICU falls back along the tag itself, and to the
    /// root rules (everything `other`) for a language CLDR does not know.
    public init?(language: String) {
        var status = U_ZERO_ERROR
        guard let rules = swift_uplrules_open(language, &status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return nil
        }
        self.language = language
        self.rules = rules
        var found: Set<String> = []
        if let keywords = swift_uplrules_getKeywords(rules, &status) {
            while let keyword = swift_uenum_next(keywords, nil, &status) { found.insert(String(cString: keyword)) }
            swift_uenum_close(keywords)
        }
        categories = found.union(["other"])
        small = (0..<200).map { PluralRules.select(rules, Double($0)) }
    }

    deinit { swift_uplrules_close(rules) }

    /// The category of `count`.
    public func category(_ count: Int) -> String {
        small.indices.contains(count) ? small[count] : PluralRules.select(rules, Double(count))
    }

    private static func select(_ rules: OpaquePointer, _ count: Double) -> String {
        var status = U_ZERO_ERROR
        var buffer = [UChar](repeating: 0, count: 16)
        let length = swift_uplrules_select(rules, count, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue else { return "other" }
        return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
    }
}
