/// How far ingest has got, for a progress display.
public struct IngestProgress: Sendable {
    /// Bytes of (decompressed) input merged so far.
    public var bytes: Int64
    /// Total size of the inputs when every one is a regular, uncompressed file; else nil.
    public var totalBytes: Int64?
    /// Non-blank lines merged so far.
    public var lines: Int
}
