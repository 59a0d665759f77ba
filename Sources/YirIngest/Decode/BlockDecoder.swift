import YirCore

/// Decodes one block of JSON Lines exactly as an ingest worker does, for tools that exercise
/// the decoder on its own — the fuzzer (`make fuzz`) above all.
public struct BlockDecoder {
    private var parser: ChunkParser

    /// With `mapping`, lines go through that profile first (SPEC §3).
    public init(zones: ZoneCatalog = ZoneCatalog(), mapping: MappingProfile? = nil) {
        parser = ChunkParser(zones: zones, mapping: mapping)
    }

    /// What a block came to: every non-blank line is a record, a rejection, or (with a
    /// mapping profile) ignored.
    public struct Outcome {
        public var lines: Int
        public var records: Int
        public var rejections: [RejectReason]
        public var ignored: Int
    }

    public mutating func decode(_ bytes: UnsafeRawBufferPointer, impliedType: RecordType? = nil) -> Outcome {
        let chunk = InputChunk(input: 0, bytes: bytes, offset: 0, atInputStart: true)
        let parsed = parser.parse(chunk, impliedType: impliedType)
        return Outcome(
            lines: parsed.lines, records: parsed.records, rejections: parsed.rejections.map(\.reason),
            ignored: parsed.ignored)
    }
}
