import Foundation
import YirCore

/// A run of whole lines of one input, cut so that workers can parse chunks independently.
struct InputChunk {
    /// Index of the input in the run's input list.
    var input: Int
    /// The bytes: complete lines (the last may lack its line end at the end of the input).
    var bytes: UnsafeRawBufferPointer
    /// Byte offset of `bytes` in the (decompressed) input.
    var offset: Int64
    /// The first chunk of an input: a BOM at its start is skipped.
    var atInputStart: Bool
    /// Streamed inputs only: the chunk is the first 1 KiB of a line over 1 MiB that was
    /// not read whole; it holds that one line.
    var isTooLongLine = false
    /// Keeps a streamed chunk's memory alive while the chunk is in use.
    var storage: ChunkStorage?
}

/// Memory a streamed chunk owns.
final class ChunkStorage: @unchecked Sendable {
    let buffer: UnsafeMutableRawBufferPointer
    init(copying bytes: UnsafeRawBufferPointer) {
        buffer = .allocate(byteCount: max(bytes.count, 1), alignment: 16)
        if bytes.count > 0 { buffer.copyMemory(from: bytes) }
    }
    init(byteCount: Int) {
        buffer = .allocate(byteCount: max(byteCount, 1), alignment: 16)
    }
    deinit { buffer.deallocate() }
}

/// Cuts inputs into chunks. Regular files larger than `chunkSize` are memory-mapped
/// (`MappedFile`, which says when mapping is safe) and cut at line ends near every `chunkSize`
/// bytes, or a little less so that the chunk count is a multiple of the workers; smaller ones
/// are read whole into one chunk; standard input, pipes and `.gz` are read in large `read(2)`
/// blocks and cut after their last line end.
final class ChunkReader {
    let input: Int
    let path: String
    private let chunkSize: Int

    /// How the input is read, decided once when it is opened.
    private enum Strategy {
        /// A regular file no larger than a chunk, read whole: its one chunk (nil once taken, or
        /// for an empty file) and its size.
        case whole(InputChunk?, bytes: Int64)
        /// A larger regular file, mapped, cut into chunks of `chunkSize`: its size split evenly
        /// into a multiple of the workers.
        case mapped(MappedFile, chunkSize: Int)
        /// Standard input, a pipe or a `.gz`: read as it comes from `source` (the file itself,
        /// or its inflater over `raw`).
        case streamed(ByteSource, raw: FileDescriptorSource)
    }
    private var strategy: Strategy
    /// Where the next mapped chunk starts.
    private var mappedPosition = 0
    /// Streamed bytes read but not yet cut into a chunk.
    private var pending: [UInt8] = []
    private var streamOffset: Int64 = 0
    private var streamDone = false
    private var started = false

    /// - Parameter workers: threads that parse the chunks. A file of several chunks is cut
    ///   into a multiple of them, so that no worker is left alone with the last chunk while
    ///   the others wait.
    init(file: InputFile, index: Int, chunkSize: Int = Ingestor.defaultChunkSize, workers: Int = 1) throws(InputError) {
        input = index
        path = file.path
        self.chunkSize = chunkSize
        let raw = try FileDescriptorSource(path: file.path)
        let size = file.isCompressed || file.isStandardInput ? nil : raw.snapshot.map { Int($0.size) }
        // A file read whole or mapped is closed at once (`raw` goes with this scope): a batch
        // of a folder's small files holds no descriptors.
        if let size, size <= chunkSize {
            // Read, not mapped: for a folder of thousands of small exports, mapping and
            // unmapping each (and the other cores' TLB flushes that unmapping sends) cost more.
            let whole = size == 0 ? nil : try Self.readWhole(raw, size: size, input: index)
            strategy = .whole(whole, bytes: Int64(whole?.bytes.count ?? 0))
        } else if size != nil, let snapshot = raw.snapshot,
            let mapped = MappedFile(descriptor: raw.descriptor, snapshot: snapshot)
        {
            let size = mapped.bytes.count
            var chunks = (size + chunkSize - 1) / chunkSize
            let workers = max(1, workers)
            if chunks > 1 { chunks = (chunks + workers - 1) / workers * workers }
            strategy = .mapped(mapped, chunkSize: (size + chunks - 1) / chunks)
        } else {
            strategy = .streamed(file.isCompressed ? try GzipSource(raw) : raw, raw: raw)
        }
    }

    /// The file's `size` bytes, its size when opened, as one chunk; the read fails if the file
    /// changed meanwhile.
    private static func readWhole(_ source: FileDescriptorSource, size: Int, input: Int) throws(InputError)
        -> InputChunk
    {
        let storage = ChunkStorage(byteCount: size)
        var count = 0
        while count < size {
            count += try source.read(into: UnsafeMutableRawBufferPointer(rebasing: storage.buffer[count..<size]))
        }
        try source.checkUnchanged()
        return InputChunk(
            input: input, bytes: UnsafeRawBufferPointer(rebasing: storage.buffer[0..<count]), offset: 0,
            atInputStart: true, storage: storage)
    }

    /// Standard input, a pipe or a `.gz`: read as it comes, not mapped or read whole.
    var isStreamed: Bool {
        if case .streamed = strategy { return true }
        return false
    }

    /// For a `.gz`, the inflater's engine: "isa-l" or "zlib".
    var gzipEngine: String? {
        guard case .streamed(let source, _) = strategy else { return nil }
        return (source as? GzipSource)?.engine
    }

    /// Bytes read from the file (its size when mapped; for `.gz`, the compressed bytes).
    var bytesRead: Int64 {
        switch strategy {
        case .whole(_, let bytes): bytes
        case .mapped(let file, _): Int64(file.bytes.count)
        case .streamed(_, let raw): raw.bytesConsumed
        }
    }

    /// The next chunk, or nil at the end of the input.
    func next() throws(InputError) -> InputChunk? {
        defer { started = true }
        switch strategy {
        case .whole(let chunk, let bytes):
            if chunk != nil { strategy = .whole(nil, bytes: bytes) }
            return chunk
        case .mapped(let file, let size): return try nextMapped(file, chunkSize: size)
        case .streamed(let source, _): return try nextStreamed(source)
        }
    }

    /// Throws when the mapped file changed under the chunks cut so far: call it once they are
    /// parsed, before anything parsed from them is used. (A file read with `read(2)` is checked
    /// as it is read.)
    func checkUnchanged() throws(InputError) {
        if case .mapped(let file, _) = strategy { try file.checkUnchanged() }
    }

    private func nextMapped(_ file: MappedFile, chunkSize mappedChunkSize: Int) throws(InputError) -> InputChunk? {
        // A file already shorter is not cut further: its pages past the new end would read as zeros.
        try file.checkUnchanged()
        let mapping = file.bytes
        let start = mappedPosition
        guard start < mapping.count else { return nil }
        var end = min(start + mappedChunkSize, mapping.count)
        if end < mapping.count,
            let hit = memchr(mapping.baseAddress! + end - 1, 0x0A, mapping.count - end + 1)
        {
            end = mapping.baseAddress!.distance(to: hit) + 1
        } else {
            end = mapping.count
        }
        mappedPosition = end
        return InputChunk(
            input: input, bytes: UnsafeRawBufferPointer(rebasing: mapping[start..<end]),
            offset: Int64(start), atInputStart: !started)
    }

    /// Pages of a mapped input that have been parsed and merged are not needed again; giving
    /// them back keeps resident memory flat however large the file is.
    func release(_ chunk: InputChunk) {
        guard case .mapped(let file, _) = strategy else { return }
        file.release(Int(chunk.offset)..<(Int(chunk.offset) + chunk.bytes.count))
    }

    private func nextStreamed(_ stream: ByteSource) throws(InputError) -> InputChunk? {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { block.deallocate() }
        // Fill until the pending bytes hold a line end past the chunk size, or the input ends.
        while !streamDone {
            if pending.count >= chunkSize, pending.lastIndex(of: 0x0A) != nil { break }
            if pending.count > LineLimits.maximumLineLength, !pending.contains(0x0A) { break }
            let n = try stream.read(into: block)
            if n == 0 {
                streamDone = true
            } else {
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: block[0..<n]))
            }
        }
        guard !pending.isEmpty else { return nil }
        let atStart = !started
        let offset = streamOffset

        if !pending.contains(0x0A), pending.count > LineLimits.maximumLineLength {
            // A line over the limit: keep its beginning, drop the rest up to its end.
            let storage = ChunkStorage(
                copying: pending.withUnsafeBytes { UnsafeRawBufferPointer(rebasing: $0[0..<LineLimits.keptPrefix]) })
            streamOffset += Int64(pending.count)
            pending.removeAll(keepingCapacity: true)
            while true {
                let n = try stream.read(into: block)
                if n == 0 { streamDone = true; break }
                if let hit = memchr(block.baseAddress!, 0x0A, n) {
                    let cut = block.baseAddress!.distance(to: hit) + 1
                    streamOffset += Int64(cut)
                    pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: block[cut..<n]))
                    break
                }
                streamOffset += Int64(n)
            }
            return InputChunk(
                input: input, bytes: UnsafeRawBufferPointer(storage.buffer), offset: offset,
                atInputStart: atStart, isTooLongLine: true, storage: storage)
        }

        let end = streamDone && pending.last != 0x0A ? pending.count : pending.lastIndex(of: 0x0A)! + 1
        let storage = pending.withUnsafeBytes { ChunkStorage(copying: UnsafeRawBufferPointer(rebasing: $0[0..<end])) }
        pending.removeFirst(end)
        streamOffset += Int64(end)
        return InputChunk(
            input: input, bytes: UnsafeRawBufferPointer(rebasing: storage.buffer[0..<end]), offset: offset,
            atInputStart: atStart, storage: storage)
    }
}
