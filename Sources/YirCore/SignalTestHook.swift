import Foundation
import Synchronization

/// Lets the tests interrupt a run at a known moment instead of racing it with a timer: in a
/// debug build with `YIR_TEST_SIGNAL=MOMENT:N:SIGNAL` set (`page:40:15`), the process sends
/// itself SIGNAL the Nth time it passes MOMENT — `start` (the process's first Swift code, before
/// its handlers are installed), `read` (the inputs are read), `file` (an output file is complete
/// under its temporary name), `page` (a deck is written), `commit` (the outputs are about to take
/// their names), `renamed` (they have taken them; the previous ones are still to be removed) —
/// and goes on working while the signal's handler runs, as it would under a real `kill`. Release
/// builds have no such hook.
public enum SignalTestHook {
    #if DEBUG
        private static let target: (moment: String, count: Int, signal: Int32)? = {
            guard let text = ProcessInfo.processInfo.environment["YIR_TEST_SIGNAL"] else { return nil }
            let parts = text.split(separator: ":")
            guard parts.count == 3, let count = Int(parts[1]), let signal = Int32(parts[2]) else { return nil }
            return (String(parts[0]), count, signal)
        }()
        private static let passed = Atomic<Int>(0)
    #endif

    @inline(__always)
    public static func moment(_ name: StaticString) {
        #if DEBUG
            guard let target, target.moment == name.description else { return }
            if passed.add(1, ordering: .relaxed).newValue == target.count { kill(getpid(), target.signal) }
        #endif
    }
}

/// Lets the tests make a commit fail part-way at a known step: in a debug build with
/// `YIR_TEST_FAIL_RENAME=N` set, the Nth rename a commit makes fails with EIO, as on a disk
/// that failed. Release builds rename, and nothing else.
public enum RenameTestHook {
    #if DEBUG
        private static let failing: Int? = ProcessInfo.processInfo.environment["YIR_TEST_FAIL_RENAME"].flatMap {
            Int($0)
        }
        private static let renames = Atomic<Int>(0)
    #endif

    /// `rename(2)`, or its failure where the test asks for one.
    @inline(__always)
    public static func rename(_ from: String, _ to: String) -> Int32 {
        #if DEBUG
            if let failing, renames.add(1, ordering: .relaxed).newValue == failing {
                errno = EIO
                return -1
            }
        #endif
        return Foundation.rename(from, to)
    }
}
