import YirCore

/// Decodes one block of JSON Lines exactly as an ingest worker does, for tools that exercise
/// the decoder on its own — the fuzzer (`make fuzz`) above all.
public struct BlockDecoder {
    private var parser: ChunkParser

    public init(zones: ZoneCatalog = ZoneCatalog()) {
        parser = ChunkParser(zones: zones)
    }

    /// What a block came to: every non-blank line is either a record or a rejection.
    public struct Outcome {
        public var lines: Int
        public var records: Int
        public var rejections: [RejectReason]
    }

    public mutating func decode(_ bytes: UnsafeRawBufferPointer, impliedType: RecordType? = nil) -> Outcome {
        let chunk = InputChunk(input: 0, bytes: bytes, offset: 0, atInputStart: true)
        let parsed = parser.parse(chunk, impliedType: impliedType)
        return Outcome(lines: parsed.lines, records: parsed.records.count, rejections: parsed.rejections.map(\.reason))
    }
}
