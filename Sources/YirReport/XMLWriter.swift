import CLibXML2
import YirCore

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
        // A failing sink (a full disk) comes back as the error `check` throws, which yir
        // reports; libxml2's own "I/O error" line on standard error would only say it twice.
        // Per thread: this writer's calls run on the thread that made it.
        yir_xml_silence_generic_errors()
        let output = xmlOutputBufferCreateIO(
            { context, buffer, length in
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
        cStringBuffer.deallocate()
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
    func startRoot(_ name: StaticString, namespace: String) throws {
        try check(xmlTextWriterStartElementNS(writer, nil, name.utf8Start, namespace))
    }

    func start(_ name: StaticString) throws { try check(xmlTextWriterStartElement(writer, name.utf8Start)) }
    func end() throws { try check(xmlTextWriterEndElement(writer)) }

    func attribute(_ name: StaticString, _ value: String) throws {
        try check(xmlTextWriterWriteAttribute(writer, name.utf8Start, sanitised(value)))
    }

    func element(_ name: StaticString, _ body: () throws -> Void) throws {
        try start(name)
        try body()
        try end()
    }

    // Elements with text. A report has tens of millions: names are static strings (C strings
    // already) and values are written into one reused buffer as C strings, without a `String`
    // and its C copy each. Nothing at all is written for nil (the schema makes such elements
    // optional).

    /// `<name>text</name>`.
    func element(_ name: StaticString, _ text: String?) throws {
        guard let text else { return }
        try text.withUTF8Bytes { try element(name, utf8: $0) }
    }

    /// `<name>text</name>` from UTF-8 bytes.
    func element(_ name: StaticString, utf8 text: UnsafeRawBufferPointer) throws {
        guard Self.allAllowed(text) else {
            return try check(
                xmlTextWriterWriteElement(writer, name.utf8Start, sanitised(String(decoding: text, as: UTF8.self))))
        }
        let p = cString(room: text.count)
        if let source = text.baseAddress {
            p.update(from: source.assumingMemoryBound(to: UInt8.self), count: text.count)
        }
        p[text.count] = 0
        try check(xmlTextWriterWriteElement(writer, name.utf8Start, p))
    }

    func element(_ name: StaticString, _ value: Int?) throws {
        try element(name, value.map { FixedDecimal(Int64($0), scale: 0) })
    }

    func element(_ name: StaticString, _ value: Int64?) throws {
        try element(name, value.map { FixedDecimal($0, scale: 0) })
    }

    func element(_ name: StaticString, _ value: FixedDecimal?) throws {
        guard let value else { return }
        let p = cString(room: FixedDecimal.maximumLength)
        p[writeDecimal(value, to: p)] = 0
        try check(xmlTextWriterWriteElement(writer, name.utf8Start, p))
    }

    /// An instant in RFC 3339 with the zone's offset at it.
    func element(_ name: StaticString, instant: Int64?, in zone: ZoneRules) throws {
        guard let instant else { return }
        let p = cString(room: RFC3339.maximumLength)
        p[RFC3339.write(instant, offsetSeconds: zone.offsetSeconds(at: instant), to: p)] = 0
        try check(xmlTextWriterWriteElement(writer, name.utf8Start, p))
    }

    /// An element whose name is data (a record type, a diagnostic), not one of the model's.
    func element(named name: String, _ value: Int) throws {
        try check(xmlTextWriterWriteElement(writer, name, String(value)))
    }

    /// The reused buffer, with room for `count` bytes and a NUL.
    private func cString(room count: Int) -> UnsafeMutablePointer<UInt8> {
        if count + 1 > cStringCapacity {
            cStringBuffer.deallocate()
            cStringCapacity = max(2 * cStringCapacity, count + 1)
            cStringBuffer = .allocate(capacity: cStringCapacity)
        }
        return cStringBuffer
    }

    private var cStringBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    private var cStringCapacity = 256

    /// Whether every character of valid UTF-8 is one XML 1.0 can carry: no control character
    /// but tab, LF and CR, and neither U+FFFE nor U+FFFF (EF BF BE, EF BF BF).
    static func allAllowed(_ text: UnsafeRawBufferPointer) -> Bool {
        for (i, b) in text.enumerated() {
            if b < 0x20 {
                if b != 0x09 && b != 0x0A && b != 0x0D { return false }
            } else if b == 0xEF && i + 2 < text.count && text[i + 1] == 0xBF && text[i + 2] >= 0xBE {
                return false
            }
        }
        return true
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
    /// libxml2 refused a call.
    case libxml2

    public var description: String { "libxml2 could not write the document" }
}
