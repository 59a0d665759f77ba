import YirCore

/// Everything ingest hands to the statistics stage.
public struct IngestResult: Sendable {
    public var catalog: Catalog
    /// Readers, shard by shard, each shard's in order of their first accepted record.
    public var readers: [ReaderActivity]
    /// What holds the readers' records: stores for consecutive ranges of `readers`.
    public var records: [RecordStore]
    /// Rules of the zones records named, indexed by their id in `catalog.zones`.
    public var zoneRules: [ZoneRules]
    public var diagnostics: Diagnostics
    public var inputs: [InputSummary]
}
