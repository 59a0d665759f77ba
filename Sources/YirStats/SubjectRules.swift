import YirCore

/// Which categories and topics say something about what a reader read (SPEC §2.3 v4).
///
/// A wiki files most articles under categories that are bookkeeping — about the article, not
/// its subject: "Living people", "1815 births", "Articles with short description". Counted
/// like the others, they came first for most readers, since nearly every biography carries
/// them. And the `articletopic` taxonomy ends each branch with a catch-all label
/// (`STEM.STEM*`, `Geography.Geographical`) that tells less than the specific labels beside it.
public enum SubjectRules {
    /// Whether category `name` (normalised like a title) is bookkeeping, left out unless
    /// `--keep-all-categories`. Matched on its UTF-8 bytes, case-sensitively: run once per
    /// distinct category of the export, which can number millions.
    public static func saysNothing(_ name: UnsafeRawBufferPointer) -> Bool {
        guard let first = name.first else { return false }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return isBirthsOrDeaths(name)
        case UInt8(ascii: "G"): return isGermanBirthsOrDeaths(name) || hasPrefix(name, "Good articles")
        default: break
        }
        for exact in exactNames where equals(name, exact) { return true }
        for prefix in prefixes where hasPrefix(name, prefix) { return true }
        return false
    }

    /// Whether topic `label` is one of the taxonomy's catch-all labels, which come after every
    /// other label: one ending in `*` (`Culture.Biography.Biography*`), or `Geography.Geographical`.
    public static func isCatchAll(_ label: String) -> Bool {
        label.utf8.last == UInt8(ascii: "*") || label == "Geography.Geographical"
    }

    static let exactNames: [StaticString] = ["Living people", "Possibly living people", "Mann", "Frau"]

    static let prefixes: [StaticString] = [
        "Articles ", "All articles ", "Pages ", "CS1 ", "Webarchive ", "Use dmy dates", "Use mdy dates",
        "Short description", "Commons category", "Coordinates on Wikidata", "Featured articles", "Wikipedia:",
        "Wikipedia-",
    ]

    /// `^[0-9]{1,4}s?( BC| BCE)? (births|deaths)$`: "1815 births", "1990s deaths", "44 BC deaths".
    static func isBirthsOrDeaths(_ name: UnsafeRawBufferPointer) -> Bool {
        var rest = name[...]
        guard skipDigits(&rest) else { return false }
        if rest.first == UInt8(ascii: "s") { rest = rest.dropFirst() }
        if !skip(" BCE", in: &rest) { _ = skip(" BC", in: &rest) }
        return rest.elementsEqual(" births".utf8) || rest.elementsEqual(" deaths".utf8)
    }

    /// `^(Geboren|Gestorben) [0-9]{1,4}( v\. Chr\.)?$`: German Wikipedia's "Geboren 1815".
    static func isGermanBirthsOrDeaths(_ name: UnsafeRawBufferPointer) -> Bool {
        var rest = name[...]
        guard skip("Geboren ", in: &rest) || skip("Gestorben ", in: &rest), skipDigits(&rest) else { return false }
        return rest.isEmpty || rest.elementsEqual(" v. Chr.".utf8)
    }

    /// Skips one to four ASCII digits.
    private static func skipDigits(_ rest: inout Slice<UnsafeRawBufferPointer>) -> Bool {
        let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        guard (1...4).contains(digits) else { return false }
        rest = rest.dropFirst(digits)
        return true
    }

    private static func skip(_ text: StaticString, in rest: inout Slice<UnsafeRawBufferPointer>) -> Bool {
        let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard rest.starts(with: bytes) else { return false }
        rest = rest.dropFirst(bytes.count)
        return true
    }

    private static func hasPrefix(_ name: UnsafeRawBufferPointer, _ prefix: StaticString) -> Bool {
        prefix.utf8CodeUnitCount <= name.count
            && bytesEqual(name.baseAddress!, prefix.utf8Start, prefix.utf8CodeUnitCount)
    }

    private static func equals(_ name: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        text.utf8CodeUnitCount == name.count && hasPrefix(name, text)
    }
}
