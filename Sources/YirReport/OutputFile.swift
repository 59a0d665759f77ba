import Foundation
import Synchronization

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

/// The temporary files of outputs not yet renamed into place, so that an interrupted run
/// (SIGINT, SIGTERM) can remove them before it exits. Its lock also covers renaming a run's
/// files into place: an interruption lands either before all of the renames or after all of
/// them, never between two.
public enum TemporaryFiles {
    fileprivate static let paths = Mutex<Set<String>>([])
    private static let stopped = Atomic<Bool>(false)

    /// Whether the run is being stopped: nothing more is written or put in place.
    public static var stopping: Bool { stopped.load(ordering: .acquiring) }

    /// Marks the run as stopping; safe in a signal handler (one lock-free store).
    public static func stop() { stopped.store(true, ordering: .releasing) }

    static func register(_ path: String) { _ = paths.withLock { $0.insert(path) } }
    static func unregister(_ path: String) { _ = paths.withLock { $0.remove(path) } }

    /// Stops every write and removes every registered temporary file or folder: the way out
    /// of an interrupted run. A folder is first renamed aside, so that workers still writing
    /// into it fail instead of adding files behind the removal, then removed until it is gone.
    public static func stopAndRemoveAll() {
        stopped.store(true, ordering: .releasing)
        paths.withLock { paths in
            for path in paths {
                // Still a `.NAME.tmp-PID-N`, which a later run removes should this one not finish.
                let url = URL(fileURLWithPath: path)
                let aside = (url.deletingLastPathComponent().path as NSString).appendingPathComponent(".removed" + url.lastPathComponent)
                if rename(path, aside) == 0 {
                    for _ in 0..<100 where FileManager.default.fileExists(atPath: aside) { removeTree(aside) }
                } else {
                    removeTree(path)
                }
            }
            paths.removeAll()
        }
    }

    /// Removes a file, or a folder with everything in it; nil when nothing is left, else why
    /// something is. What yir removes is its own (temporary names, a replaced `readers/`), so a
    /// folder in it that is not writable — an operator's `chmod -w readers` — is made writable
    /// first: nothing in it could be removed otherwise. Links are removed, never followed.
    @discardableResult
    static func removeTree(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT ? nil : String(cString: strerror(errno)) }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            return unlink(path) == 0 || errno == ENOENT ? nil : String(cString: strerror(errno))
        }
        if status.st_mode & S_IRWXU != S_IRWXU { _ = chmod(path, (status.st_mode & 0o7777) | S_IRWXU) }
        var failure: String?
        do {
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                if let reason = removeTree((path as NSString).appendingPathComponent(name)) { failure = failure ?? reason }
            }
        } catch {
            failure = (error as NSError).localizedDescription
        }
        if rmdir(path) != 0 && errno != ENOENT { failure = failure ?? String(cString: strerror(errno)) }
        return failure
    }
}

/// SPEC §4.5: every output is written under a temporary name in its folder, flushed, and
/// renamed into place only when complete, so a failed or interrupted run leaves the
/// previous file untouched.
public final class OutputFile {
    public let path: String
    /// Where the file is written until it is complete (`report --validate` checks it there).
    public let temporaryPath: String
    private var fd: Int32
    private var committed = false

    /// Written while the run is being stopped, too: the metrics file, which says so.
    let whileStopping: Bool

    public init(path: String, whileStopping: Bool = false) throws(OutputError) {
        guard whileStopping || !TemporaryFiles.stopping else { throw .writeFailed(path: path, reason: "the run is being stopped") }
        self.path = path
        self.whileStopping = whileStopping
        temporaryPath = Self.temporaryPath(for: path)
        TemporaryFiles.register(temporaryPath)
        fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            TemporaryFiles.unregister(temporaryPath)
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
    }

    deinit {
        if !committed {
            if fd >= 0 { close(fd) }
            unlink(temporaryPath)
            TemporaryFiles.unregister(temporaryPath)
        }
    }

    public func write(_ bytes: [UInt8]) throws(OutputError) {
        try Self.write(bytes, to: fd, path: path)
    }

    /// `.NAME.tmp-PID-N` beside `path`: hidden, unique, and recognisable as a leftover of a
    /// dead process by `removeStaleTemporaryFiles`.
    static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return (url.deletingLastPathComponent().path as NSString).appendingPathComponent(
            ".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    }

    /// Every byte this process has written into output files and folders, for the run's
    /// metrics (`--metrics`).
    public static let bytesWritten = Atomic<Int>(0)

    /// Writes all of `bytes` to `fd`, retrying short writes; errors name `path`.
    static func write(_ bytes: [UInt8], to fd: Int32, path: String) throws(OutputError) {
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
        bytesWritten.add(bytes.count, ordering: .relaxed)
    }

    /// Flushes to disk and closes: the file is complete, not yet in place.
    private func finishWriting() throws(OutputError) {
        guard fd >= 0 else { return }
        guard fsync(fd) == 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        let closed = close(fd)
        fd = -1
        guard closed == 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Flushes every file and folder to disk, then moves them all into place under one lock,
    /// so a run's outputs change together: the previous set, or the complete new one. The
    /// files and folders at `removing` (what the run no longer writes) go in the same step.
    public static func commit(_ files: [OutputFile], folders: [OutputFolder] = [], removing: [String] = []) throws(OutputError) {
        for file in files { try file.finishWriting() }
        for folder in folders { try folder.finishWriting() }
        try TemporaryFiles.paths.withLock { (paths) throws(OutputError) in
            // A signal that came before the renames: none of them happens.
            if TemporaryFiles.stopping, !folders.isEmpty || files.contains(where: { !$0.whileStopping }) {
                throw .writeFailed(path: files.first?.path ?? folders.first?.path ?? "", reason: "the run is being stopped")
            }
            // Every name is checked before the first rename, so that one that cannot be taken (a
            // folder where a file goes) fails the commit before anything has changed.
            for file in files where isFolder(file.path) {
                throw .cannotCreate(path: file.path, reason: "a folder is in the way")
            }
            for folder in folders where exists(folder.path) && !isFolder(folder.path) {
                throw .cannotCreate(path: folder.path, reason: "exists and is not a folder")
            }
            for folder in folders {
                try folder.moveIntoPlace()
                paths.remove(folder.temporaryPath)
            }
            for file in files {
                guard rename(file.temporaryPath, file.path) == 0 else {
                    throw .writeFailed(path: file.path, reason: String(cString: strerror(errno)))
                }
                file.committed = true
                paths.remove(file.temporaryPath)
            }
            for path in removing { TemporaryFiles.removeTree(path) }
        }
        for folder in folders { folder.removeReplaced() }
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Flushes to disk and renames into place.
    public func commit() throws(OutputError) {
        try Self.commit([self])
    }

    /// Writes a whole file atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let file = try OutputFile(path: path)
        try file.write(bytes)
        try file.commit()
    }

    /// Removes temporary files that a killed run (SIGKILL, a crash, a power cut) left in
    /// `folder`: `.NAME.tmp-PID-N` whose process no longer exists. A live process's files, or a
    /// reused PID's, are left alone.
    public static func removeStaleTemporaryFiles(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(".") {
            guard let marker = name.range(of: ".tmp-", options: .backwards) else { continue }
            let parts = name[marker.upperBound...].split(separator: "-")
            guard parts.count == 2, let pid = Int32(parts[0]), UInt32(parts[1]) != nil, pid != getpid() else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                TemporaryFiles.removeTree((folder as NSString).appendingPathComponent(name))
            }
        }
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
