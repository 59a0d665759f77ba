import Foundation

/// Reads a streamed input's chunks (standard input, a pipe, a `.gz`) on a thread of its own,
/// up to `depth` chunks ahead, so that inflating and waiting on a pipe overlap with the
/// workers parsing the chunks before — read in turn with them, they were a serial step of
/// every batch. Chunks and errors come out in the reader's order. A mapped file needs none of
/// this: its chunks are cut from memory as they are asked for.
final class ChunkPrefetcher: @unchecked Sendable {
    private let reader: ChunkReader
    private let depth: Int
    /// Guards `items` and `stopping`; signalled whenever either changes.
    private let condition = NSCondition()
    /// What the reading thread read, in order: a chunk, the end (nil), or the error that ended it.
    private var items: [Item] = []
    private var stopping = false

    /// A chunk handed from the reading thread to the one that parses: its bytes are its own
    /// storage's, which goes with it, and the reading thread keeps no pointer into them.
    private struct Item {
        var result: Result<InputChunk?, InputError>
    }

    init(_ reader: ChunkReader, depth: Int) {
        self.reader = reader
        self.depth = max(1, depth)
        // A thread of its own, not a Dispatch worker: it blocks on reads and on a full queue,
        // and the parsing workers are Dispatch's.
        Thread.detachNewThread { [self] in
            while true {
                condition.lock()
                while items.count >= self.depth && !stopping { condition.wait() }
                let stop = stopping
                condition.unlock()
                if stop { return }
                let item: Item
                do throws(InputError) { item = Item(result: .success(try self.reader.next())) } catch {
                    item = Item(result: .failure(error))
                }
                condition.lock()
                items.append(item)
                condition.broadcast()
                condition.unlock()
                guard case .success(.some) = item.result else { return }
            }
        }
    }

    /// The next chunk, nil at the end of the input; throws the error reading hit, in its place.
    func next() throws(InputError) -> InputChunk? {
        condition.lock()
        while items.isEmpty { condition.wait() }
        let item = items.removeFirst()
        condition.broadcast()
        condition.unlock()
        return try item.result.get()
    }

    /// Tells the reading thread to read no further, when the run stops before the input's end
    /// (`--strict`, an error). It is not waited for: it may be blocked on a pipe that has no
    /// more to say yet, and nothing reads what it adds. After `next()` has returned nil, the
    /// thread has read its last and the reader is the caller's again (its `bytesRead`).
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }
}
