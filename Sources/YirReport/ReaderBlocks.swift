import Dispatch
import YirCore
import YirStats

/// A writer readers are rendered into a block at a time, on several threads.
protocol BlockWriter: ~Copyable, SendableMetatype {
    /// The bytes of the block written so far, handed over; the writer goes on with the next.
    mutating func takeBytes() -> [UInt8]
}

extension JSONWriter: BlockWriter {}

/// Per-reader output rendered on `jobs` threads and written in reader order: JSON, JSON
/// Lines, the partitions' lines, CSV, the table's rows.
enum ReaderBlocks {
    /// Readers are rendered in rounds of this many per worker, so output memory stays bounded.
    static let readersPerRound = 2048
    /// Readers a rendering thread takes at a time.
    static let readersPerBlock = 256

    /// Renders readers in rounds: in each, `jobs` threads take blocks of `readersPerBlock`
    /// readers as they free up (one the machine slows takes fewer), each into a writer of its
    /// own from `makeWriter`, and the blocks are written in order before the next round.
    static func render<Writer: BlockWriter & ~Copyable>(
        _ readers: [ReaderStats], jobs: Int, writer makeWriter: @Sendable () -> Writer,
        to write: ([UInt8]) throws -> Void,
        _ render: @Sendable (Int, UnsafePointer<ReaderStats>, inout Writer) -> Void
    ) rethrows {
        let workers = max(1, jobs)
        var start = 0
        while start < readers.count {
            let round = start..<min(readers.count, start + workers * readersPerRound)
            let blockCount = (round.count + readersPerBlock - 1) / readersPerBlock
            var blocks = [[UInt8]](repeating: [], count: blockCount)
            // Each reader is lent to `render` by its place in the array: passed as a value, its
            // figures were copied, a retain and a release of each of their arrays and strings
            // per reader and output (~2.5 % of `stats --format jsonl`'s perf samples).
            readers.withUnsafeBufferPointer { readers in
                blocks.withSharedSlots { blocks in
                    Parallel.workers(min(workers, blockCount), sharing: blockCount) { _, nextBlock in
                        var out = makeWriter()
                        while let b = nextBlock() {
                            let first = round.lowerBound + b * readersPerBlock
                            for index in first..<min(round.upperBound, first + readersPerBlock) {
                                render(index, readers.baseAddress! + index, &out)
                            }
                            blocks[b] = out.takeBytes()
                        }
                    }
                }
            }
            for block in blocks where !block.isEmpty { try write(block) }
            start = round.upperBound
        }
    }
}
