import Foundation

/// Why an output could not be written; the CLI maps these onto SPEC §5's exit codes.
public enum OutputError: Error, CustomStringConvertible {
    /// 73: the folder or the file cannot be created.
    case cannotCreate(path: String, reason: String)
    /// 74: writing failed part-way (a full disk, an I/O error).
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): "cannot create \(path): \(reason)"
        case .writeFailed(let path, let reason): "error writing \(path): \(reason)"
        }
    }
}

/// SPEC §4.5: every output is written under a temporary name in its folder, flushed, and
/// renamed into place only when complete, so a failed or interrupted run leaves the
/// previous file untouched.
public final class OutputFile {
    public let path: String
    private let temporaryPath: String
    private var fd: Int32
    private var committed = false

    public init(path: String) throws(OutputError) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        temporaryPath = (folder as NSString).appendingPathComponent(
            ".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit {
        if !committed {
            if fd >= 0 { close(fd) }
            unlink(temporaryPath)
        }
    }

    public func write(_ bytes: [UInt8]) throws(OutputError) {
        var failure: OutputError?
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = .writeFailed(path: path, reason: String(cString: strerror(errno)))
                    return
                }
                done += n
            }
        }
        if let failure { throw failure }
    }

    /// Flushes to disk and renames into place.
    public func commit() throws(OutputError) {
        guard fsync(fd) == 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        let closed = close(fd)
        fd = -1
        guard closed == 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        guard rename(temporaryPath, path) == 0 else {
            throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        committed = true
    }

    /// Writes a whole file atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let file = try OutputFile(path: path)
        try file.write(bytes)
        try file.commit()
    }

    /// Creates a folder and its parents; 73 when that is impossible.
    public static func makeFolder(_ path: String) throws(OutputError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: path, reason: (error as NSError).localizedDescription)
        }
        guard access(path, W_OK) == 0 else {
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
