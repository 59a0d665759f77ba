import Foundation
import Synchronization
import YirCore

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
    /// Set, under the lock, when the run's outputs begin to take their names (SPEC §4.5 v4):
    /// from then on a signal no longer stops the run; the commit finishes (or is rolled back
    /// whole) and the run ends by what is on disk.
    private static let committing = Atomic<Bool>(false)

    /// Whether the run is being stopped: nothing more is written or put in place.
    public static var stopping: Bool { stopped.load(ordering: .acquiring) }

    /// Whether the run's commit has begun: a signal can no longer stop it.
    public static var commitBegun: Bool { committing.load(ordering: .acquiring) }

    /// Marks the run as stopping; safe in a signal handler (one lock-free store).
    public static func stop() { stopped.store(true, ordering: .releasing) }

    /// Called under the lock by `OutputFile.commit` before its first rename.
    fileprivate static func beginCommit() { committing.store(true, ordering: .releasing) }

    static func unregister(_ path: String) { _ = paths.withLock { $0.remove(path) } }

    /// Creates a temporary file or folder with `make` and registers it, in one step under the
    /// lock, so that an interruption either finds it registered and removes it or comes first
    /// and it is never made. Throws `.failed(errno)` when `make` failed (returned -1), and
    /// `.stopping` when the run is being stopped (unless `whileStopping`: the metrics file,
    /// which says so).
    static func create(_ path: String, whileStopping: Bool, _ make: () -> Int32) throws(CreateFailure) -> Int32 {
        try paths.withLock { (paths) throws(CreateFailure) -> Int32 in
            guard whileStopping || !stopping else { throw .stopping }
            let result = make()
            guard result >= 0 else { throw .failed(errno) }
            paths.insert(path)
            return result
        }
    }

    enum CreateFailure: Error {
        case stopping
        case failed(Int32)
    }

    /// Stops every write and removes every registered temporary file or folder: the way out
    /// of an interrupted run. A folder is first renamed aside, so that workers still writing
    /// into it fail instead of adding files behind the removal, then removed until it is gone.
    /// False, with nothing removed, when the run's commit has begun: it is not interrupted then.
    public static func stopAndRemoveAll() -> Bool {
        stopped.store(true, ordering: .releasing)
        return paths.withLock { paths -> Bool in
            if commitBegun { return false }
            for path in paths {
                // Still a `.NAME.tmp-PID-N`, which a later run removes should this one not finish.
                let url = URL(fileURLWithPath: path)
                let aside = (url.deletingLastPathComponent().path as NSString).appendingPathComponent(
                    ".removed" + url.lastPathComponent)
                if rename(path, aside) == 0 {
                    for _ in 0..<100 where FileManager.default.fileExists(atPath: aside) { removeTree(aside) }
                } else {
                    removeTree(path)
                }
            }
            paths.removeAll()
            return true
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
                if let reason = removeTree((path as NSString).appendingPathComponent(name)) {
                    failure = failure ?? reason
                }
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
        self.path = path
        self.whileStopping = whileStopping
        let temporaryPath = Self.temporaryPath(for: path)
        self.temporaryPath = temporaryPath
        do {
            fd = try TemporaryFiles.create(temporaryPath, whileStopping: whileStopping) {
                open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            }
        } catch {
            fd = -1
            committed = true
            switch error {
            case .stopping: throw .writeFailed(path: path, reason: "the run is being stopped")
            case .failed(let code): throw .cannotCreate(path: path, reason: Self.reason(code, creating: path))
            }
        }
    }

    /// Why `path` could not be created, in words: which part of it is in the way, where
    /// `errno` alone would say "Not a directory" or "No such file or directory".
    static func reason(_ code: Int32, creating path: String) -> String {
        let text = String(cString: strerror(code))
        guard code == ENOTDIR || code == ENOENT else { return text }
        var parent = (path as NSString).deletingLastPathComponent
        while !parent.isEmpty, parent != "/", parent != "." {
            var status = stat()
            if stat(parent, &status) == 0 {
                return (status.st_mode & S_IFMT) == S_IFDIR ? text : "\(parent) is a file, not a folder"
            }
            parent = (parent as NSString).deletingLastPathComponent
        }
        return text
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
    /// All or nothing (SPEC §4.5 v4): a rename that fails puts back every one already done —
    /// each replaced file is kept under a second name (a hard link) until the commit is whole —
    /// then throws. Nothing here renames over a path that is not a regular file or a folder.
    public static func commit(_ files: [OutputFile], folders: [OutputFolder] = [], removing: [String] = [])
        throws(OutputError)
    {
        for file in files { try file.finishWriting() }
        for folder in folders { try folder.finishWriting() }
        // The run's own outputs, as opposed to the metrics file alone, which is written after
        // the run whatever its end.
        let isRunOutput = !folders.isEmpty || files.contains { !$0.whileStopping }
        let replaced = try TemporaryFiles.paths.withLock { (paths) throws(OutputError) -> [String] in
            // A signal that came before the renames: none of them happens.
            if TemporaryFiles.stopping, isRunOutput {
                throw .writeFailed(
                    path: files.first?.path ?? folders.first?.path ?? "", reason: "the run is being stopped")
            }
            // Every name is checked before the first rename, so that one that cannot be taken (a
            // folder where a file goes, a device) fails the commit before anything has changed.
            for file in files {
                if let kind = notARegularFile(file.path) {
                    throw .cannotCreate(path: file.path, reason: "\(kind) is in the way")
                }
            }
            for folder in folders where exists(folder.path) && !isFolder(folder.path) {
                throw .cannotCreate(path: folder.path, reason: "exists and is not a folder")
            }
            if isRunOutput { TemporaryFiles.beginCommit() }
            var undo: [() -> Void] = []
            var leftBehind: [String] = []
            do throws(OutputError) {
                for folder in folders {
                    try folder.moveIntoPlace()
                    undo.append { folder.moveBack() }
                    paths.remove(folder.temporaryPath)
                }
                for file in files {
                    let previous = try file.keepPrevious()
                    guard RenameTestHook.rename(file.temporaryPath, file.path) == 0 else {
                        let reason = String(cString: strerror(errno))
                        if let previous { unlink(previous) }
                        throw .writeFailed(path: file.path, reason: reason)
                    }
                    file.committed = true
                    paths.remove(file.temporaryPath)
                    undo.append {
                        if let previous { rename(previous, file.path) } else { unlink(file.path) }
                    }
                    if let previous { leftBehind.append(previous) }
                }
                for path in removing where exists(path) {
                    let aside = temporaryPath(for: path)
                    guard RenameTestHook.rename(path, aside) == 0 else {
                        throw .writeFailed(path: path, reason: "cannot be removed: \(String(cString: strerror(errno)))")
                    }
                    undo.append { rename(aside, path) }
                    leftBehind.append(aside)
                }
            } catch {
                for step in undo.reversed() { step() }
                throw error
            }
            return leftBehind
        }
        SignalTestHook.moment("renamed")
        for path in replaced { TemporaryFiles.removeTree(path) }
        for folder in folders { folder.removeReplaced() }
    }

    /// What is at `path` when it is something no output may replace — "a device", "a FIFO",
    /// "a socket", "a folder" — following a symbolic link; nil for a regular file or nothing.
    public static func notARegularFile(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 || lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFLNK: return nil
        case S_IFDIR: return "a folder"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "something other than a file"
        }
    }

    /// Keeps the file this one replaces under a second name, a hard link beside it, until the
    /// commit is whole: so a commit that fails later can put it back. nil when there is none.
    private func keepPrevious() throws(OutputError) -> String? {
        let previous = Self.temporaryPath(for: path)
        if link(path, previous) == 0 { return previous }
        if errno == ENOENT { return nil }
        // A file system without hard links: the previous file is moved aside instead, and the
        // path is missing for the instant until the new one takes it.
        guard RenameTestHook.rename(path, previous) == 0 else {
            throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        return previous
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Flushes this one file to disk and renames it into place on its own, apart from the run's
    /// commit: a file complete in itself among the many a run adds to a folder one by one (the
    /// pictures of `yir images`). Nothing here marks the run's commit as begun, so a signal still
    /// stops the run: before the rename, the file is never put in place and its temporary file
    /// is removed; after it, the file is whole.
    public func commitAlone() throws(OutputError) {
        try finishWriting()
        try TemporaryFiles.paths.withLock { (paths) throws(OutputError) in
            if TemporaryFiles.stopping { throw .writeFailed(path: path, reason: "the run is being stopped") }
            if let kind = Self.notARegularFile(path) {
                throw .cannotCreate(path: path, reason: "\(kind) is in the way")
            }
            guard RenameTestHook.rename(temporaryPath, path) == 0 else {
                throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
            }
            committed = true
            paths.remove(temporaryPath)
        }
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

    /// Writes a whole file atomically on its own, apart from the run's commit (`commitAlone`).
    public static func writeAlone(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let file = try OutputFile(path: path)
        try file.write(bytes)
        try file.commitAlone()
    }

    /// Removes temporary files that a killed run (SIGKILL, a crash, a power cut) left in
    /// `folder`: `.NAME.tmp-PID-N` whose process no longer exists. A live process's files, or a
    /// reused PID's, are left alone.
    public static func removeStaleTemporaryFiles(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(".") {
            guard let marker = name.range(of: ".tmp-", options: .backwards) else { continue }
            let parts = name[marker.upperBound...].split(separator: "-")
            guard parts.count == 2, let pid = Int32(parts[0]), UInt32(parts[1]) != nil, pid != getpid() else {
                continue
            }
            if kill(pid, 0) == -1 && errno == ESRCH {
                TemporaryFiles.removeTree((folder as NSString).appendingPathComponent(name))
            }
        }
    }

    /// Creates a folder and its parents; 73 when that is impossible, saying which part of the
    /// path is in the way. Made by mkdir(2) a component at a time, on the path as given, so that
    /// `link/../x` is created where the kernel resolves it — beside the link's target.
    public static func makeFolder(_ path: String) throws(OutputError) {
        if mkdir(path, 0o755) != 0 {
            let code = errno
            switch code {
            case EEXIST:
                var status = stat()
                guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
                    throw .cannotCreate(
                        path: path,
                        reason: (status.st_mode & S_IFMT) == S_IFREG
                            ? "it is a file, not a folder" : "it exists and is not a folder")
                }
            case ENOENT where !(path as NSString).deletingLastPathComponent.isEmpty:
                try makeFolder((path as NSString).deletingLastPathComponent)
                guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
                    throw .cannotCreate(path: path, reason: reason(errno, creating: path))
                }
            default:
                throw .cannotCreate(path: path, reason: reason(code, creating: path))
            }
        }
        guard access(path, W_OK) == 0 else {
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
