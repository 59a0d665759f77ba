import CGzip
import Foundation
import Testing
import YirTestSupport
@testable import YirIngest

/// SPEC §1.1 `.gz` inputs, through each engine `GzipSource` can use: ISA-L (where installed,
/// as `make test` does) and zlib (machines without it). Both must give the same bytes and fail
/// the same way.
@Suite struct GzipTests {
    static let engines = [YIR_INFLATE_ISAL, YIR_INFLATE_ZLIB]

    /// About 3 MB of export-like text: many of the source's 256 KiB input blocks.
    static let text: Data = {
        var lines: [String] = []
        for i in 0..<24_000 {
            lines.append(
                #"{"type":"page_view","user":"reader-\#(i % 97)","timestamp":"2025-05-01T10:\#(i % 60):00Z","title":"Title \#(i * 7919 % 10_007)","seconds":\#(i % 301)}"#
            )
        }
        return Data(lines.joined(separator: "\n").utf8)
    }()

    /// Every byte `GzipSource` gives for `compressed`, read into buffers of `bufferSize`.
    func inflate(_ compressed: Data, engine: yir_inflate_engine, bufferSize: Int = 1 << 20) throws(InputError) -> Data {
        let file = scratchFolder().appendingPathComponent("input.jsonl.gz")
        try! compressed.write(to: file)
        let source = try GzipSource(FileDescriptorSource(path: file.path), engine: engine)
        var out = Data()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 16)
        defer { buffer.deallocate() }
        while case let n = try source.read(into: buffer), n > 0 { out.append(contentsOf: buffer[0..<n]) }
        return out
    }

    func reason(_ compressed: Data, engine: yir_inflate_engine) -> String? {
        do {
            _ = try inflate(compressed, engine: engine)
            return nil
        } catch {
            guard case .readFailed(_, let reason) = error else { return "\(error)" }
            return reason
        }
    }

    @Test func theFasterEngineIsUsedWhereISALIsInstalled() throws {
        let file = scratchFolder().appendingPathComponent("a.gz")
        try gzip(Data("{}".utf8)).write(to: file)
        #expect(try GzipSource(FileDescriptorSource(path: file.path)).engine == "isa-l")
        #expect(try GzipSource(FileDescriptorSource(path: file.path), engine: YIR_INFLATE_ZLIB).engine == "zlib")
    }

    @Test(arguments: engines)
    func concatenatedMembersInflateToTheWholeText(engine: yir_inflate_engine) throws {
        let parts = [
            Self.text.prefix(1_000_000), Self.text.dropFirst(1_000_000).prefix(5), Self.text.dropFirst(1_000_005),
        ]
        var compressed = Data()
        for part in parts { compressed += try gzip(Data(part)) }
        // Output buffers smaller than a line and larger than the text: members end mid-buffer.
        for size in [1000, 1 << 22] {
            let out = try inflate(compressed, engine: engine, bufferSize: size)
            let same = out == Self.text
            #expect(same, "\(out.count) bytes out of \(Self.text.count), buffer \(size)")
        }
    }

    @Test(arguments: engines)
    func aZlibStreamInADotGzFileIsReadToo(engine: yir_inflate_engine) throws {
        let gz = try gzip(Self.text)
        // zlib's wrapper round the same deflate data: header 78 9c, Adler-32 at the end.
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in Self.text { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        let adler = b << 16 | a
        let zlib =
            Data([0x78, 0x9C]) + gz.dropFirst(10).dropLast(8)
            + Data([UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)])
        let same = try inflate(zlib, engine: engine) == Self.text
        #expect(same)
    }

    @Test(arguments: engines)
    func aHeaderWithNameCommentExtraFieldAndHeaderCheckIsRead(engine: yir_inflate_engine) throws {
        let gz = try gzip(Self.text)
        // FEXTRA | FNAME | FCOMMENT | FHCRC, each field present; deflate data and trailer as gzip wrote them.
        var header: [UInt8] = [0x1F, 0x8B, 0x08, 0x04 | 0x08 | 0x10 | 0x02, 0, 0, 0, 0, 0x00, 0x03]
        header += [6, 0, 0x41, 0x42, 2, 0, 0x78, 0x79] + Array("export.jsonl\0".utf8) + Array("nightly\0".utf8)
        let check = crc32(header)
        header += [UInt8(check & 0xFF), UInt8(check >> 8 & 0xFF)]
        let member = Data(header) + gz.dropFirst(10)
        let same = try inflate(member, engine: engine) == Self.text
        #expect(same)
    }

    /// CRC-32 (gzip's), bit by bit: for the header check above.
    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test(arguments: engines)
    func aTruncatedStreamIsAReadError(engine: yir_inflate_engine) throws {
        let gz = try gzip(Self.text)
        #expect(reason(gz.prefix(gz.count / 2), engine: engine) == "truncated gzip stream")
        #expect(reason(gz.dropLast(4), engine: engine) == "truncated gzip stream")
    }

    @Test(arguments: engines)
    func corruptDataIsAReadErrorNotWrongText(engine: yir_inflate_engine) throws {
        var gz = try gzip(Self.text)
        gz[gz.count - 6] ^= 0xFF  // the CRC-32: the data inflates, the check fails
        #expect(reason(gz, engine: engine)?.hasPrefix("corrupt gzip data (") == true)
        var garbled = try gzip(Self.text)
        garbled[garbled.count / 2] ^= 0x55
        #expect(reason(garbled, engine: engine)?.hasPrefix("corrupt gzip data (") == true)
        // Bytes after the last member that open no member are not quietly dropped.
        #expect(
            reason(try gzip(Self.text) + Data("trailing text".utf8), engine: engine)?.hasPrefix("corrupt gzip data (")
                == true)
    }

    /// SPEC §4.5: a file that ends before a member's header is whole — 0 bytes included — is a
    /// truncated stream, as `gzip -t` says, not an empty input.
    @Test(arguments: engines)
    func aZeroByteFileIsATruncatedStream(engine: yir_inflate_engine) throws {
        #expect(reason(Data(), engine: engine) == "truncated gzip stream")
        #expect(reason(try gzip(Data("{}".utf8)).prefix(5), engine: engine) == "truncated gzip stream")
    }
}

extension yir_inflate_engine: @retroactive CustomTestStringConvertible {
    public var testDescription: String { self == YIR_INFLATE_ISAL ? "ISA-L" : "zlib" }
}
