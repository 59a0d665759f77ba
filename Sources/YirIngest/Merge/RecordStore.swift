import Foundation
import YirCore

/// All accepted records of a range of readers (of one shard), each reader's together: one block
/// of memory per kind of record, of which each reader's lists (`ReaderActivity`) are spans
/// (decision 75). Per reader, up to five lists of their own cost a header, an allocation and
/// room to grow each; and freeing them reader by reader in the statistics, from threads other
/// than the ones that had merged them, made two threads contend for each other's allocator
/// arenas. A store is freed whole, by `release()` once its readers' figures are made, or when
/// it goes. Its blocks come from `malloc`, unlike the staged ones: freed, they stay in the
/// heap, where the figures made next reuse them (mapped and given back, the figures faulted
/// in fresh pages instead: statistics 1.03–1.08 s against 1.12–1.18 s on the 2 GB export).
public final class RecordStore: @unchecked Sendable {
    /// About how many bytes of records a store holds: the statistics hold at most this much
    /// per worker that they are done with. (Freed per shard, the figures of a shard's first
    /// readers were made while all its records were held: +11 MB peak RSS at `--jobs 1` on
    /// the bench export, +47 MB on the 2 GB one.)
    static let bytes = 1 << 20
    /// Its readers: their indices in `IngestResult.readers`.
    public let readers: Range<Int>
    private var memory: [UnsafeMutableRawPointer]
    /// Whether `release()` has run (the statistics' count-down is tested by it).
    private(set) var isReleased = false

    init(readers: Range<Int>, memory: [UnsafeMutableRawPointer]) {
        self.readers = readers
        self.memory = memory
    }

    /// Frees the records; the spans of this store's readers must not be read afterwards.
    public func release() {
        for block in memory { block.deallocate() }
        memory = []
        isReleased = true
    }

    deinit { release() }
}

/// Records of one kind as a shard merges them, in input order, each with the index of its
/// reader in the shard. Kept in blocks of a fixed size: appending never moves what is there,
/// and the memory a list grows into by doubling is not held twice.
final class StagedRecords<Record: BitwiseCopyable> {
    /// 8,192 records, 256 KB of page views.
    private static var blockSize: Int { 8192 }
    private var blocks: [(records: PageMemory, readers: PageMemory)] = []
    private var current: (records: UnsafeMutablePointer<Record>, readers: UnsafeMutablePointer<Int32>)?
    private(set) var count = 0

    deinit { freeBlocks() }

    func append(_ record: Record, reader: Int) {
        let i = count & (Self.blockSize - 1)
        if i == 0 {
            let block = (PageMemory(Record.self, count: Self.blockSize), PageMemory(Int32.self, count: Self.blockSize))
            blocks.append(block)
            current = (block.0.pointer(to: Record.self), block.1.pointer(to: Int32.self))
        }
        (current!.records + i).initialize(to: record)
        current!.readers[i] = Int32(truncatingIfNeeded: reader)
        count += 1
    }

    /// Where each of the shard's `readers` readers' records will start once grouped: prefix
    /// sums of their counts, `readers + 1` of them.
    func starts(readers readerCount: Int) -> [Int] {
        var starts = [Int](repeating: 0, count: readerCount + 1)
        for (b, block) in blocks.enumerated() {
            let readers = block.readers.pointer(to: Int32.self)
            for i in 0..<records(inBlock: b) { starts[Int(readers[i]) + 1] += 1 }
        }
        for r in 0..<readerCount { starts[r + 1] += starts[r] }
        return starts
    }

    /// Moves the records grouped by reader, each reader's in input order, into one block of
    /// memory per range of readers in `pieces` (none for a piece without records of this kind),
    /// and points each reader's `span` at its records. Each staged block is freed as soon as
    /// it is moved, so the two copies are never held whole together.
    func group(
        starts: [Int], pieces: [Range<Int>], readers: inout [ReaderActivity],
        span: WritableKeyPath<ReaderActivity, UnsafeBufferPointer<Record>>
    ) -> [UnsafeMutableRawPointer?] {
        // Where each reader's next record goes (nil: a reader with none of this kind).
        var next = [UnsafeMutablePointer<Record>?](repeating: nil, count: readers.count)
        let memory = pieces.map { piece -> UnsafeMutableRawPointer? in
            let count = starts[piece.upperBound] - starts[piece.lowerBound]
            guard count > 0 else { return nil }
            let block = UnsafeMutablePointer<Record>.allocate(capacity: count)
            for r in piece {
                next[r] = block + (starts[r] - starts[piece.lowerBound])
                readers[r][keyPath: span] = UnsafeBufferPointer(start: next[r], count: starts[r + 1] - starts[r])
            }
            return UnsafeMutableRawPointer(block)
        }
        for (b, block) in blocks.enumerated() {
            let records = block.records.pointer(to: Record.self)
            let readers = block.readers.pointer(to: Int32.self)
            for i in 0..<self.records(inBlock: b) {
                let r = Int(readers[i])
                next[r]!.initialize(to: records[i])
                next[r]! += 1
            }
            block.records.free()
            block.readers.free()
        }
        blocks = []  // each freed once moved
        current = nil
        count = 0
        return memory
    }

    private func records(inBlock b: Int) -> Int { min(Self.blockSize, count - b * Self.blockSize) }

    private func freeBlocks() {
        for block in blocks {
            block.records.free()
            block.readers.free()
        }
        blocks = []
        current = nil
        count = 0
    }
}

/// Memory mapped for staged records, given back to the system when freed. From `malloc` it
/// came from the heap (yir keeps blocks up to 64 MB there, for reuse) and freed it stayed
/// there: the staged blocks and the grouped records then set the heap's high-water mark
/// together, +20 MB of peak RSS on the bench export.
struct PageMemory {
    private let base: UnsafeMutableRawPointer
    private let bytes: Int

    init<T>(_: T.Type, count: Int) {
        bytes = max(1, count * MemoryLayout<T>.stride)
        guard let base = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            base != MAP_FAILED
        else {
            fatalError("out of memory: \(bytes) bytes for records")
        }
        self.base = base
    }

    func pointer<T>(to _: T.Type) -> UnsafeMutablePointer<T> { base.assumingMemoryBound(to: T.self) }

    func free() { munmap(base, bytes) }
}
