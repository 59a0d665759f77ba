import Foundation
import Synchronization

/// Lets the tests change an input at a known point of a run instead of racing it blind. The
/// hook point is each moment the process holds bytes of its input that it has not parsed yet:
/// after each `read(2)` of a regular file, and before each batch of chunks is parsed (of a
/// mapped file: before its pages are read). In a debug build:
/// - with `YIR_TEST_STOP_AFTER_FIRST_READ` set, the process stops itself (SIGSTOP) at the first
///   of them, and goes on when the test, having shortened, replaced or appended to the file,
///   sends SIGCONT;
/// - with `YIR_TEST_READ_MARKS=FILE`, it appends the line `read` to FILE at every one of them,
///   so that a test racing a run can prove where its change fell: it appends a line of its own
///   after changing the input, and a `read` after that line shows yir went on reading after
///   the change.
/// Release builds have no such hook.
enum InputChangeTestHook {
    #if DEBUG
        private static let enabled = ProcessInfo.processInfo.environment["YIR_TEST_STOP_AFTER_FIRST_READ"] != nil
        private static let stopped = Atomic<Bool>(false)
        /// `YIR_TEST_READ_MARKS`'s file, opened for appending (each line one write, so a test's own
        /// lines fall between them); -1 without it.
        private static let marks: Int32 =
            ProcessInfo.processInfo.environment["YIR_TEST_READ_MARKS"]
            .map { open($0, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600) } ?? -1
    #endif

    static func stopOnce() {
        #if DEBUG
            if marks >= 0 { _ = "read\n".withCString { write(marks, $0, 5) } }
            if enabled, !stopped.exchange(true, ordering: .relaxed) { raise(SIGSTOP) }
        #endif
    }
}
