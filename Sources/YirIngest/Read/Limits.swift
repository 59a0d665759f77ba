/// SPEC §1.3's line limit and what a too-long line keeps for the rejects file.
enum LineLimits {
    /// Lines longer than this (not counting the line end) are rejected as `line_too_long`.
    static let maximumLineLength = 1 << 20
    /// The rejects file's `text` is cut at 1 KiB.
    static let keptPrefix = 1024
}
