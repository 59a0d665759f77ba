import Foundation
import Synchronization

/// Reads a streamed input's chunks (standard input, a pipe, a `.gz`) on a thread of its own,
/// up to `depth` chunks ahead, so that inflating and waiting on a pipe overlap with the
/// workers parsing the chunks before — read in turn with them, they were a serial step of
/// every batch. Chunks and errors come out in the reader's order. A mapped file needs none of
/// this: its chunks are cut from memory as they are asked for.
final class ChunkPrefetcher: @unchecked Sendable {
    private let reader: ChunkReader
    /// Room for chunks read ahead; the reading thread waits on it when `depth` are waiting.
    private let room: DispatchSemaphore
    /// Signalled once per item put in `items`.
    private let arrived = DispatchSemaphore(value: 0)
    /// What the reading thread read, in order: a chunk, the end (nil), or the error that ended it.
    private let items = Mutex<[Item]>([])

    /// A chunk handed from the reading thread to the one that parses: its bytes are its own
    /// storage's, which goes with it, and the reading thread keeps no pointer into them.
    private struct Item: @unchecked Sendable {
        var result: Result<InputChunk?, InputError>
    }
    private let stopping = Atomic<Bool>(false)

    init(_ reader: ChunkReader, depth: Int) {
        self.reader = reader
        room = DispatchSemaphore(value: max(1, depth))
        // A thread of its own, not a Dispatch worker: it blocks on reads and on `room`, and
        // the parsing workers are Dispatch's.
        Thread.detachNewThread { [self] in
            while true {
                room.wait()
                if stopping.load(ordering: .acquiring) { return }
                let item: Item
                do throws(InputError) { item = Item(result: .success(try self.reader.next())) } catch {
                    item = Item(result: .failure(error))
                }
                items.withLock { $0.append(item) }
                arrived.signal()
                guard case .success(.some) = item.result else { return }
            }
        }
    }

    /// The next chunk, nil at the end of the input; throws the error reading hit, in its place.
    func next() throws(InputError) -> InputChunk? {
        arrived.wait()
        let item = items.withLock { $0.removeFirst() }
        room.signal()
        return try item.result.get()
    }

    /// Tells the reading thread to read no further, when the run stops before the input's end
    /// (`--strict`, an error). It is not waited for: it may be blocked on a pipe that has no
    /// more to say yet, and nothing reads what it adds. After `next()` has returned nil, the
    /// thread has read its last and the reader is the caller's again (its `bytesRead`).
    func stop() {
        stopping.store(true, ordering: .releasing)
        room.signal()
    }
}
