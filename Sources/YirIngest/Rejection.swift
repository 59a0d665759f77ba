import YirCore

/// A rejected line, for the rejects file (SPEC §1.3).
public struct Rejection: Sendable {
    public var file: String
    public var line: Int
    public var offset: Int64
    public var reason: RejectReason
    /// The line's first bytes (at most 1 KiB), as read: not necessarily UTF-8.
    public var text: [UInt8]
}

/// Thrown when `--strict` meets its first rejected line.
public struct StrictModeStop: Error {
    public var rejection: Rejection
}
