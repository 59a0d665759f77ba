import Foundation

/// Writes bytes to standard output, every byte or an error (a closed pipe, a full disk).
func writeToStandardOutput(_ bytes: [UInt8]) throws {
    if let failure = writeAll(bytes, to: 1) { throw StandardOutputFailure(reason: String(cString: strerror(failure))) }
    StandardOutput.bytesWritten.add(bytes.count, ordering: .relaxed)
}

/// Writes every byte to `fd`, retrying short writes and interruptions; the `errno` of a
/// failed write, or nil.
func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
    bytes.withUnsafeBytes { buffer -> Int32? in
        var done = 0
        while done < buffer.count {
            let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return nil
    }
}

struct StandardOutputFailure: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
