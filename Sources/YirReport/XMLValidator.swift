import CLibXML2
import Foundation

/// Validates XML documents against an XSD with libxml2's schema validator (`yir validate`,
/// `yir report --validate`), reporting every error with its line.
public final class XMLValidator {
    /// One problem: the line it was found on (0 when libxml2 names none) and libxml2's message.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    public enum Failure: Error, CustomStringConvertible {
        case schemaUnusable(path: String, problems: [Problem])
        public var description: String {
            switch self {
            case .schemaUnusable(let path, let problems):
                "the schema \(path) cannot be used: \(problems.map(\.description).joined(separator: "; "))"
            }
        }
    }

    /// Collects libxml2's structured errors while a call runs.
    private final class Collector {
        var problems: [Problem] = []
    }

    private let schema: xmlSchemaPtr

    public init(schemaPath: String) throws {
        schema = try Self.parse(place: schemaPath) { xmlSchemaNewParserCtxt(schemaPath) }
    }

    /// A schema held in memory (the built-in XSD); `place` names it in messages.
    public init(schema text: Data, place: String) throws {
        // libxml2 reads the buffer while it parses: the whole parse happens inside the closure.
        schema = try text.withUnsafeBytes { bytes in
            try Self.parse(place: place) {
                xmlSchemaNewMemParserCtxt(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
            }
        }
    }

    private static func parse(place: String, _ makeParser: () -> xmlSchemaParserCtxtPtr?) throws -> xmlSchemaPtr {
        let collector = Collector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        guard let parser = makeParser() else {
            throw Failure.schemaUnusable(path: place, problems: [Problem(line: 0, message: "cannot read")])
        }
        defer { xmlSchemaFreeParserCtxt(parser) }
        xmlSchemaSetParserStructuredErrors(parser, collect, context)
        guard let schema = withExtendedLifetime(collector, { xmlSchemaParse(parser) }) else {
            throw Failure.schemaUnusable(path: place, problems: collector.problems)
        }
        return schema
    }

    deinit { xmlSchemaFree(schema) }

    /// Every problem with the document at `path`: not well-formed, or not valid. Empty: valid.
    public func problems(inFile path: String) -> [Problem] {
        let collector = Collector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        guard let validation = xmlSchemaNewValidCtxt(schema) else {
            return [Problem(line: 0, message: "cannot create a validation context")]
        }
        defer { xmlSchemaFreeValidCtxt(validation) }
        xmlSchemaSetValidStructuredErrors(validation, Self.collect, context)
        // Errors of the parser under the validator (well-formedness) arrive here too.
        xmlSetStructuredErrorFunc(context, Self.collect)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let status = withExtendedLifetime(collector) { xmlSchemaValidateFile(validation, path, 0) }
        if status != 0 && collector.problems.isEmpty {
            collector.problems.append(Problem(line: 0, message: status < 0 ? "cannot read the document" : "not valid"))
        }
        return collector.problems
    }

    private static let collect: xmlStructuredErrorFunc = { context, error in
        guard let context, let error else { return }
        let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        collector.problems.append(
            Problem(
                line: Int(error.pointee.line),
                message: message.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}
