import YirCore

/// What the ingest stage needs to know of the run.
public struct IngestOptions: Sendable {
    /// The as-of instant A (epoch ms): a reader's zone comes from records at or before it.
    public var asOf: Int64
    /// `--max-view-seconds`'s default: a day. The command line's default is this one.
    public static let defaultMaxViewSeconds: Double = 86_400

    /// `--max-view-seconds` in milliseconds (SPEC §1.4).
    public var maxViewMilliseconds = Int64(defaultMaxViewSeconds * 1000)
    /// `--strict`: stop at the first rejected line.
    public var strict = false
    /// `--profile` other than the native `wikipedia` (SPEC §3).
    public var mapping: MappingProfile?
    /// `--stdin-name`: how `inputs[].path` names standard input (default `-`). A Spark task
    /// gives the export's name, so the rendered report lists it as one run would (SPEC §6).
    public var standardInputName: String?

    public init(asOf: Int64) { self.asOf = asOf }

    /// Sessions over 24 h count with 0 seconds (SPEC §1.4).
    public static let maxSessionMilliseconds: Int64 = 86_400_000
}
