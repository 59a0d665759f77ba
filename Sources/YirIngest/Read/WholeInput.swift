import Foundation

/// One input held whole in memory, as `yir render` reads its partitions' lines: a regular file
/// larger than a chunk is mapped (`MappedFile`: the same policy as ingest), anything else —
/// a small file, standard input, a pipe, a file that cannot be mapped — is read to its end.
/// Either way, call `checkUnchanged()` once the bytes have been used, before trusting what was
/// read from them.
public final class WholeInput {
    public let path: String
    /// The bytes; a mapped file stays mapped while they are in use.
    public let data: Data
    private let mapped: MappedFile?
    private let source: FileDescriptorSource?

    public init(path: String) throws(InputError) {
        self.path = path
        let source = try FileDescriptorSource(path: path)
        if path != "-", let snapshot = source.snapshot, snapshot.size > Ingestor.defaultChunkSize,
            let mapped = MappedFile(descriptor: source.descriptor, snapshot: snapshot)
        {
            self.mapped = mapped
            self.source = nil
            // The map is released with the last copy of the data, whoever holds it.
            data = Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: mapped.bytes.baseAddress!), count: mapped.bytes.count,
                deallocator: .custom { _, _ in withExtendedLifetime(mapped) {} })
            InputChangeTestHook.stopOnce()
            return
        }
        mapped = nil
        self.source = source
        var bytes = Data()
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { block.deallocate() }
        while case let n = try source.read(into: block), n > 0 {
            bytes.append(block.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n)
        }
        data = bytes
    }

    /// Throws when the file changed while it was read (shortened, replaced, removed).
    public func checkUnchanged() throws(InputError) {
        try mapped?.checkUnchanged()
        try source?.checkUnchanged()
    }
}
