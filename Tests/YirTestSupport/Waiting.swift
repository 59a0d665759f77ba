// Waiting on another process without measuring it: a bound far beyond any machine's pace that,
// when it expires, means something is stuck. Timings belong to `make bench`, never to tests.
import Foundation

/// How long a test waits for a process before calling it stuck: minutes, not a limit on speed.
public let stuckAfterSeconds: Double = 300

/// Checks `condition` every millisecond until it holds; false when `seconds` pass first.
public func waitUntil(seconds: Double = stuckAfterSeconds, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = DispatchTime.now() + seconds
    while DispatchTime.now() < deadline {
        if try condition() { return true }
        usleep(1_000)
    }
    return try condition()
}

/// Waits for `process` to end by itself; false (and the process killed, so that the test can go
/// on) when it has not after `seconds`.
public func waitForExit(_ process: Process, seconds: Double = stuckAfterSeconds) -> Bool {
    let ended = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        process.waitUntilExit()
        ended.signal()
    }
    if ended.wait(timeout: .now() + seconds) == .success { return true }
    kill(process.processIdentifier, SIGKILL)
    ended.wait()
    return false
}

/// The lines of the file yir's read hook writes (`YIR_TEST_READ_MARKS`, debug builds): a
/// `read` each time it holds input it has not parsed yet, and whatever the test added.
public func readMarks(_ file: URL) -> [String] {
    guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
}

/// Appends `line` to the marks file, between yir's own lines (both append, one write a line).
public func addMark(_ line: String, to file: URL) {
    let descriptor = open(file.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    _ = (line + "\n").withCString { write(descriptor, $0, strlen($0)) }
}

/// The bytes written into `pipe` that the process reading it has not taken yet (FIONREAD): 0
/// once it has read all of them, the moment a test waits for to know the process is reading.
public func unreadBytes(in pipe: Pipe) -> Int {
    var count: Int32 = 0
    guard ioctl(pipe.fileHandleForWriting.fileDescriptor, UInt(FIONREAD), &count) == 0 else { return -1 }
    return Int(count)
}
