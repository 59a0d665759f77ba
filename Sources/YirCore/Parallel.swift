import Dispatch
import Synchronization

/// How every stage runs work on several threads: `Dispatch.concurrentPerform` over a fixed
/// number of iterations, or workers taking numbered tasks from a shared counter as they free
/// up (so that one the machine slows takes fewer).
///
/// The threads write their results into arrays lent as `SharedSlots`: each thread writes only
/// slots no other thread touches (its own iteration's, task's or shard's), so no lock is
/// needed and Swift's exclusivity checks cannot see that the writes are disjoint. That promise
/// is the caller's; this file is where the unsafe part is written, once.
public enum Parallel {
    /// Runs `body(0)` … `body(iterations - 1)`, each once, on up to that many threads at once;
    /// returns when all are done.
    @inlinable
    public static func perform(_ iterations: Int, _ body: (_ iteration: Int) -> Void) {
        // concurrentPerform returns only when every iteration is done: `body` does not escape,
        // and what it captures is the caller's to share (see the type's comment).
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let body = body
            DispatchQueue.concurrentPerform(iterations: iterations) { body($0) }
        }
    }

    /// `workers` threads (at most `count`, at least 1) take tasks `0..<count` in order, each
    /// the next one when it is free; `body` learns the task and which worker runs it.
    @inlinable
    public static func tasks(_ count: Int, workers: Int, _ body: (_ task: Int, _ worker: Int) -> Void) {
        self.workers(max(1, min(workers, count)), sharing: count) { worker, nextTask in
            while let task = nextTask() { body(task, worker) }
        }
    }

    /// Exactly `workers` threads share tasks `0..<count`: each calls `nextTask` for the next
    /// one not yet taken (nil when none is left). For workers that set something up once —
    /// a writer, a scratch buffer — and use it for every task they take.
    @inlinable
    public static func workers(
        _ workers: Int, sharing count: Int,
        _ body: (_ worker: Int, _ nextTask: () -> Int?) -> Void
    ) {
        let next = Atomic<Int>(0)
        perform(workers) { worker in
            body(worker) {
                let task = next.wrappingAdd(1, ordering: .relaxed).oldValue
                return task < count ? task : nil
            }
        }
    }
}

/// An array's slots lent to threads that each write slots no other thread writes (see
/// `Parallel`). Valid only inside `withSharedSlots`.
public struct SharedSlots<Element>: @unchecked Sendable {
    public let buffer: UnsafeMutableBufferPointer<Element>

    @inlinable public init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

    @inlinable public var count: Int { buffer.count }
    @inlinable public var indices: Range<Int> { 0..<buffer.count }

    /// Addressed in place, as the buffer's own subscript is: reading one field of a large
    /// element copies neither the element nor its references.
    @inlinable public subscript(index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < buffer.count, "index out of range")
            return UnsafePointer(buffer.baseAddress! + index)
        }
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < buffer.count, "index out of range")
            return buffer.baseAddress! + index
        }
    }
}

extension Array {
    /// Lends the array's slots for `Parallel` work that writes disjoint slots.
    @inlinable
    public mutating func withSharedSlots<R>(_ body: (SharedSlots<Element>) throws -> R) rethrows -> R {
        try withUnsafeMutableBufferPointer { try body(SharedSlots($0)) }
    }
}
