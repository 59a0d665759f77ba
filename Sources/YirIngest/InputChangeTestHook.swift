import Foundation

/// Lets the tests change an input at a known point of a run instead of racing it: in a debug
/// build with `YIR_TEST_STOP_AFTER_FIRST_READ` set, the process stops itself (SIGSTOP) once it
/// has the first bytes of a regular input — the first chunk of a mapped one, the first block
/// read of any other — and goes on when the test, having shortened, replaced or appended to
/// the file, sends SIGCONT. Release builds have no such hook.
enum InputChangeTestHook {
    #if DEBUG
    private static let enabled = ProcessInfo.processInfo.environment["YIR_TEST_STOP_AFTER_FIRST_READ"] != nil
    #endif

    static func firstBytesRead() {
        #if DEBUG
        if enabled { raise(SIGSTOP) }
        #endif
    }
}
