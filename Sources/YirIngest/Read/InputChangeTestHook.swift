import Foundation
import Synchronization

/// Lets the tests change an input at a known point of a run instead of racing it: in a debug
/// build with `YIR_TEST_STOP_AFTER_FIRST_READ` set, the process stops itself (SIGSTOP) once,
/// when it first holds bytes of its input that it has not parsed yet — after the first
/// `read(2)` of a regular file, or before the first chunks of a mapped one are parsed — and
/// goes on when the test, having shortened, replaced or appended to the file, sends SIGCONT.
/// Release builds have no such hook.
enum InputChangeTestHook {
    #if DEBUG
    private static let enabled = ProcessInfo.processInfo.environment["YIR_TEST_STOP_AFTER_FIRST_READ"] != nil
    private static let stopped = Atomic<Bool>(false)
    #endif

    static func stopOnce() {
        #if DEBUG
        if enabled, !stopped.exchange(true, ordering: .relaxed) { raise(SIGSTOP) }
        #endif
    }
}
