import CLibXML2

/// A thin streaming writer over libxml2's `xmlTextWriter`: elements go straight to a sink as
/// libxml2 fills its buffer, never into one big string. Text from the data that XML 1.0 cannot
/// carry (control characters other than tab, LF, CR; U+FFFE, U+FFFF) is replaced with U+FFFD
/// and counted — libxml2 would otherwise write a document no parser accepts.
final class XMLWriter {
    /// Receives the bytes libxml2 writes — handed to `write`, or kept when there is none —
    /// and keeps the first error to rethrow it.
    private final class Sink {
        let write: (([UInt8]) throws -> Void)?
        var kept: [UInt8] = []
        var failure: Error?
        init(_ write: (([UInt8]) throws -> Void)?) { self.write = write }
    }

    private let writer: xmlTextWriterPtr
    private let sink: Sink
    private let context: Unmanaged<Sink>
    private(set) var replacedCharacters = 0

    /// A writer whose bytes go to `write`, or, without it, are kept for `takeBytes`.
    init(indent: Bool, write: (([UInt8]) throws -> Void)? = nil) {
        sink = Sink(write)
        context = Unmanaged.passRetained(sink)
        let output = xmlOutputBufferCreateIO({ context, buffer, length in
            let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
            guard sink.failure == nil else { return -1 }
            let bytes = UnsafeRawBufferPointer(start: buffer, count: Int(length))
            guard let write = sink.write else {
                sink.kept.append(contentsOf: bytes)
                return length
            }
            do { try write(Array(bytes)) } catch {
                sink.failure = error
                return -1
            }
            return length
        }, { _ in 0 }, context.toOpaque(), nil)
        writer = xmlNewTextWriter(output)
        if indent {
            xmlTextWriterSetIndent(writer, 1)
            xmlTextWriterSetIndentString(writer, "  ")
        }
    }

    deinit {
        xmlFreeTextWriter(writer)
        context.release()
    }

    private func check(_ status: Int32) throws {
        if let failure = sink.failure { throw failure }
        if status < 0 { throw XMLWriteError.libxml2 }
    }

    func startDocument() throws { try check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)) }

    func endDocument() throws {
        try check(xmlTextWriterEndDocument(writer))
        try check(xmlTextWriterFlush(writer))
    }

    /// The bytes kept so far (a writer made without `write`), handed over.
    func takeBytes() throws -> [UInt8] {
        try check(xmlTextWriterFlush(writer))
        defer { sink.kept = [] }
        return sink.kept
    }

    /// Bytes written as they are, as the content of the open element (its start tag is
    /// closed first): readers rendered apart by writers of their own.
    func raw(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { bytes in
            try check(xmlTextWriterWriteRawLen(writer, bytes.baseAddress, Int32(bytes.count)))
        }
    }

    /// The root element, in `namespace` as the default namespace.
    func startRoot(_ name: String, namespace: String) throws {
        try check(xmlTextWriterStartElementNS(writer, nil, name, namespace))
    }

    func start(_ name: String) throws { try check(xmlTextWriterStartElement(writer, name)) }
    func end() throws { try check(xmlTextWriterEndElement(writer)) }

    func attribute(_ name: String, _ value: String) throws {
        try check(xmlTextWriterWriteAttribute(writer, name, sanitised(value)))
    }

    /// `<name>text</name>`; nothing at all for nil (the schema makes such elements optional).
    func element(_ name: String, _ text: String?) throws {
        guard let text else { return }
        try check(xmlTextWriterWriteElement(writer, name, sanitised(text)))
    }

    func element(_ name: String, _ value: Int?) throws { try element(name, value.map(String.init)) }
    func element(_ name: String, _ value: Int64?) throws { try element(name, value.map(String.init)) }

    func element(_ name: String, _ body: () throws -> Void) throws {
        try start(name)
        try body()
        try end()
    }

    private func sanitised(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !Self.allowed($0) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if Self.allowed(scalar) {
                scalars.append(scalar)
            } else {
                scalars.append("\u{FFFD}")
                replacedCharacters += 1
            }
        }
        return String(scalars)
    }

    /// XML 1.0's Char production (Swift strings hold no surrogates).
    static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xFFFD: true
        case 0x10000...: true
        default: false
        }
    }
}

public enum XMLWriteError: Error, CustomStringConvertible {
    /// libxml2 refused a call (it reports why on standard error).
    case libxml2

    public var description: String { "libxml2 could not write the document" }
}
