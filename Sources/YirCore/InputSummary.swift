/// One input as SPEC §4.1's `inputs` lists it.
public struct InputSummary: Sendable, Equatable {
    public var path: String
    /// Bytes read from the file (for `.gz`, its compressed size).
    public var bytes: Int64
    /// Non-blank lines.
    public var lines: Int

    public init(path: String, bytes: Int64, lines: Int) {
        self.path = path
        self.bytes = bytes
        self.lines = lines
    }
}
