import YirCore
import YirStats

/// The reader object's part of the published schemas — `$defs.reader` of
/// Templates/report.schema.json and the `Reader` type of Templates/report.xsd — made from
/// `ReaderFields`, so that the schemas say what the writers write. A test compares them with
/// the files (and rewrites them on request): a new field cannot be left out of either.
public enum ReaderSchemas {
    /// `$defs.reader` as compact JSON.
    public static func jsonSchema() -> String {
        var w = JSONWriter(pretty: false)
        tree().writeJSONSchema(&w, nullable: false)
        return String(decoding: w.takeBytes(), as: UTF8.self)
    }

    /// `<xs:complexType name="Reader">…</xs:complexType>`, indented as the file is.
    public static func xsdType() -> String {
        var lines = [
            "  <xs:complexType name=\"Reader\">",
            "    <xs:annotation><xs:documentation>One reader's year (SPEC §2.3).</xs:documentation></xs:annotation>",
            "    <xs:sequence>",
        ]
        guard case .object(_, let children, _) = tree() else { preconditionFailure("the reader is an object") }
        for child in children { child.writeXSD(&lines, indent: 6) }
        lines += ["    </xs:sequence>", "  </xs:complexType>"]
        return lines.joined(separator: "\n")
    }

    static func tree() -> SchemaNode {
        var builder = SchemaBuilder()
        ReaderFields.walk(
            ReaderStats.placeholder(zone: ZoneCatalog().rules(for: "UTC")!),
            ReaderFields.Context(slides: nil, lastSavedDisplay: ""), &builder)
        return .object(
            ReaderField("reader", "One reader's year (SPEC §2.3); also one line of the jsonl output."),
            builder.levels[0], nullable: false)
    }
}

/// A field of the reader object as the schemas see it.
indirect enum SchemaNode {
    enum Value {
        case text(TextKind), instant, date, count(CountKind), seconds, decimal, change, degrees(Int64)
    }

    case value(ReaderField, Value, nullable: Bool)
    case object(ReaderField, [SchemaNode], nullable: Bool)
    case list(ReaderField, element: StaticString, [SchemaNode], count: ClosedRange<Int>?)

    var field: ReaderField {
        switch self {
        case .value(let f, _, _), .object(let f, _, _), .list(let f, _, _, _): f
        }
    }

    // MARK: JSON Schema

    func writeJSONSchema(_ w: inout JSONWriter, nullable outer: Bool) {
        w.beginObject()
        w.field("description", field.doc.description)
        switch self {
        case .value(_, let value, let nullable):
            Self.writeJSONType(value, nullable: nullable, &w)
        case .object(_, let children, let nullable):
            w.key("type")
            if nullable {
                w.array { w in
                    w.string("object"); w.string("null")
                }
            } else {
                w.string("object")
            }
            Self.writeMembers(children, &w)
        case .list(_, _, let children, let count):
            w.field("type", "array")
            if let count {
                w.field("minItems", count.lowerBound)
                w.field("maxItems", count.upperBound)
            }
            w.key("items")
            w.object { w in
                w.field("type", "object")
                Self.writeMembers(children, &w)
            }
        }
        w.endObject()
    }

    /// An object's members: closed, every one required.
    private static func writeMembers(_ children: [SchemaNode], _ w: inout JSONWriter) {
        w.key("additionalProperties")
        w.bool(false)
        w.key("required")
        w.array { w in for child in children { w.string(child.field.name.description) } }
        w.key("properties")
        w.object { w in
            for child in children {
                w.key(text: child.field.name.description)
                child.writeJSONSchema(&w, nullable: false)
            }
        }
    }

    private static func writeJSONType(_ value: Value, nullable: Bool, _ w: inout JSONWriter) {
        func type(_ name: String) {
            w.key("type")
            if nullable {
                w.array { w in
                    w.string(name); w.string("null")
                }
            } else {
                w.string(name)
            }
        }
        func reference(_ name: String) {
            guard nullable else { return w.field("$ref", "#/$defs/\(name)") }
            w.key("anyOf")
            w.array { w in
                w.object { w in w.field("$ref", "#/$defs/\(name)") }
                w.object { w in w.field("type", "null") }
            }
        }
        switch value {
        case .text(.any): type("string")
        case .text(.nonEmpty), .text(.zone):
            type("string")
            w.field("minLength", 1)
        case .text(.deckPath):
            type("string")
            w.field("pattern", "^readers/[a-z2-7]{26}\\.html$")
        case .text(.imageURL):
            type("string")
            w.field("pattern", "^[Hh][Tt][Tt][Pp][Ss]?://")
        case .text(.timeOfDay):
            w.key("enum")
            w.array { w in
                for name in ["late_night", "morning", "midday", "afternoon", "evening", "night"] { w.string(name) }
                if nullable { w.null() }
            }
        case .text(.languageTag):
            type("string")
            w.field("pattern", "^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$")
        case .instant: reference("instant")
        case .date: reference("date")
        case .seconds, .decimal: reference("seconds")
        case .change:
            type("number")
            w.field("minimum", -1)
        case .degrees(let limit):
            type("number")
            w.field("minimum", -Int(limit))
            w.field("maximum", Int(limit))
        case .count(let kind):
            type("integer")
            w.field("minimum", Int(kind.range.lowerBound))
            if kind.range.upperBound < JSONPullReader.largestCount { w.field("maximum", Int(kind.range.upperBound)) }
        }
    }

    // MARK: XSD

    func writeXSD(_ lines: inout [String], indent: Int) {
        let pad = String(repeating: " ", count: indent)
        let doc =
            "<xs:annotation><xs:documentation>\(Self.escaped(field.doc.description))</xs:documentation></xs:annotation>"
        switch self {
        case .value(let f, let value, let nullable):
            lines.append(
                "\(pad)<xs:element name=\"\(f.name)\" type=\"\(Self.xsdType(value))\"\(nullable ? " minOccurs=\"0\"" : "")>\(doc)</xs:element>"
            )
        case .object(let f, let children, let nullable):
            lines.append("\(pad)<xs:element name=\"\(f.name)\"\(nullable ? " minOccurs=\"0\"" : "")>")
            lines.append("\(pad)  \(doc)")
            lines.append("\(pad)  <xs:complexType><xs:sequence>")
            for child in children { child.writeXSD(&lines, indent: indent + 4) }
            lines.append("\(pad)  </xs:sequence></xs:complexType>")
            lines.append("\(pad)</xs:element>")
        case .list(let f, let element, let children, let count):
            lines.append("\(pad)<xs:element name=\"\(f.name)\">")
            lines.append("\(pad)  \(doc)")
            lines.append("\(pad)  <xs:complexType><xs:sequence>")
            let occurs =
                "minOccurs=\"\(count?.lowerBound ?? 0)\" maxOccurs=\"\(count.map { String($0.upperBound) } ?? "unbounded")\""
            lines.append("\(pad)    <xs:element name=\"\(element)\" \(occurs)>")
            lines.append(
                "\(pad)      <xs:annotation><xs:documentation>One of \(f.name).</xs:documentation></xs:annotation>")
            lines.append("\(pad)      <xs:complexType><xs:sequence>")
            for child in children { child.writeXSD(&lines, indent: indent + 8) }
            lines.append("\(pad)      </xs:sequence></xs:complexType>")
            lines.append("\(pad)    </xs:element>")
            lines.append("\(pad)  </xs:sequence></xs:complexType>")
            lines.append("\(pad)</xs:element>")
        }
    }

    private static func xsdType(_ value: Value) -> String {
        switch value {
        case .text(.any): "xs:string"
        case .text(.nonEmpty), .text(.zone): "NonEmpty"
        case .text(.deckPath): "DeckPath"
        case .text(.imageURL): "xs:anyURI"
        case .text(.timeOfDay): "TimeOfDay"
        case .text(.languageTag): "xs:language"
        case .instant: "Instant"
        case .date: "xs:date"
        case .count(let kind): kind.xsdType.description
        case .seconds, .decimal: "Seconds"
        case .change: "Change"
        case .degrees(let limit): limit == 90 ? "Latitude" : "Longitude"
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// Walks `ReaderFields` once, collecting the reader object's fields as `SchemaNode`s.
struct SchemaBuilder: ReaderFieldVisitor {
    typealias Failure = Unfailing

    /// The fields of each object being walked, innermost last.
    var levels: [[SchemaNode]] = [[]]

    private mutating func add(_ field: ReaderField, _ value: SchemaNode.Value, nullable: Bool) {
        guard field.role.inReaderObject else { return }
        levels[levels.count - 1].append(.value(field, value, nullable: nullable))
    }

    private mutating func children(_ walk: (inout Self) throws(Unfailing) -> Void) -> [SchemaNode] {
        levels.append([])
        do { try walk(&self) } catch let impossible as Unfailing { switch impossible {} }
        return levels.removeLast()
    }

    mutating func text(_ field: ReaderField, _ value: String, _ kind: TextKind) {
        add(field, .text(kind), nullable: false)
    }
    mutating func text(_ field: ReaderField, _ value: String?, _ kind: TextKind) {
        add(field, .text(kind), nullable: true)
    }
    mutating func instant(_ field: ReaderField, _ value: Int64) { add(field, .instant, nullable: false) }
    mutating func instant(_ field: ReaderField, _ value: Int64?) { add(field, .instant, nullable: true) }
    mutating func date(_ field: ReaderField, _ value: CivilDate?) { add(field, .date, nullable: true) }
    mutating func count(_ field: ReaderField, _ value: Int, _ kind: CountKind) {
        add(field, .count(kind), nullable: false)
    }
    mutating func count(_ field: ReaderField, _ value: Int?, _ kind: CountKind) {
        add(field, .count(kind), nullable: true)
    }
    mutating func seconds(_ field: ReaderField, milliseconds value: Int64) {
        add(field, .seconds, nullable: false)
    }
    mutating func seconds(_ field: ReaderField, milliseconds value: Int64?) {
        add(field, .seconds, nullable: true)
    }
    mutating func decimal(_ field: ReaderField, _ value: FixedDecimal) { add(field, .decimal, nullable: false) }
    mutating func change(_ field: ReaderField, _ value: FixedDecimal?) { add(field, .change, nullable: true) }
    mutating func articleName(_ field: ReaderField, _ name: ArticleName, _ part: ArticlePart) {
        add(field, .text(part == .wiki ? .any : .nonEmpty), nullable: false)
    }
    mutating func integer(_ field: ReaderField, _ value: Int64, _ kind: CountKind) {}
    mutating func degrees(_ field: ReaderField, _ value: Int64, limit: Int64) {
        add(field, .degrees(limit), nullable: false)
    }

    mutating func object(_ field: ReaderField, _ body: (inout Self) throws(Failure) -> Void) throws(Failure) {
        guard field.role.inReaderObject else { return }
        let fields = children { (v: inout Self) throws(Unfailing) in try body(&v) }
        levels[levels.count - 1].append(.object(field, fields, nullable: false))
    }

    mutating func object<T>(
        _ field: ReaderField, _ value: T?, empty: T, _ body: (inout Self, T) throws(Failure) -> Void
    ) throws(Failure) {
        guard field.role.inReaderObject else { return }
        let fields = children { (v: inout Self) throws(Unfailing) in try body(&v, empty) }
        levels[levels.count - 1].append(.object(field, fields, nullable: true))
    }

    mutating func list<T>(
        _ field: ReaderField, element: StaticString, _ value: [T], empty: T, count: ClosedRange<Int>?,
        _ body: (inout Self, T) throws(Failure) -> Void
    ) throws(Failure) {
        guard field.role.inReaderObject else { return }
        let fields = children { (v: inout Self) throws(Unfailing) in try body(&v, empty) }
        levels[levels.count - 1].append(.list(field, element: element, fields, count: count))
    }

    mutating func numbers(_ field: ReaderField, _ value: [Int], count: Int) {}
    mutating func rows<T>(
        _ field: ReaderField, _ value: [T], empty: T, _ row: (inout Self, T) throws(Failure) -> Void
    ) throws(Failure) {}
}
