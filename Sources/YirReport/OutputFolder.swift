import CYirSupport
import Foundation
import YirCore

/// A folder of outputs that is replaced as a whole (the HTML reader slides): filled under a
/// temporary name beside its final place, flushed with one syncfs, then swapped with the
/// previous folder in one atomic rename (Linux RENAME_EXCHANGE), so readers who left the
/// export do not keep stale pages and an interrupted run leaves the previous folder whole.
/// `write` may be called from many threads at once (it reads only constants); committing
/// happens on one thread after all writes.
public final class OutputFolder: @unchecked Sendable {
    public let path: String
    public let temporaryPath: String
    private var committed = false
    /// After the swap, the previous folder sits at `temporaryPath` until it is removed.
    private var replacedPrevious = false
    /// The previous folder, under its temporary name, when it could not be removed once the new
    /// one was in place (with `leftoverReason`, why): the run succeeded, and someone should hear
    /// of the old decks left behind. Nil when nothing was left.
    public private(set) var leftover: String?
    public private(set) var leftoverReason: String?

    public init(path: String) throws(OutputError) {
        self.path = path
        let temporaryPath = OutputFile.temporaryPath(for: path)
        self.temporaryPath = temporaryPath
        do {
            _ = try TemporaryFiles.create(temporaryPath, whileStopping: false) { mkdir(temporaryPath, 0o755) }
        } catch {
            committed = true
            switch error {
            case .stopping: throw .writeFailed(path: path, reason: "the run is being stopped")
            case .failed(let code): throw .cannotCreate(path: path, reason: OutputFile.reason(code, creating: path))
            }
        }
    }

    deinit {
        if !committed || replacedPrevious {
            TemporaryFiles.removeTree(temporaryPath)
            TemporaryFiles.unregister(temporaryPath)
        }
    }

    /// Writes one file of the folder. `name` must be a plain file name (no `/`).
    public func write(_ bytes: [UInt8], name: String) throws(OutputError) {
        precondition(!name.contains("/") && name != "." && name != "..")
        guard !TemporaryFiles.stopping else { throw .writeFailed(path: path, reason: "the run is being stopped") }
        let fd = open(
            (temporaryPath as NSString).appendingPathComponent(name), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        let finalPath = (path as NSString).appendingPathComponent(name)
        guard fd >= 0 else { throw .cannotCreate(path: finalPath, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        try OutputFile.write(bytes, to: fd, path: finalPath)
        SignalTestHook.moment("page")
    }

    func finishWriting() throws(OutputError) {
        guard yir_sync_filesystem_of(temporaryPath) == 0 else {
            throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// How the folder took its place, for `moveBack`.
    private enum Move {
        case none
        /// Swapped with the previous folder, which is now at `temporaryPath`.
        case exchanged
        /// Renamed into a place where there was nothing.
        case renamed
        /// The previous folder moved aside to this path first (no atomic exchange here).
        case renamedAfterMovingAside(String)
    }
    private var move = Move.none

    /// Called under TemporaryFiles' lock by `OutputFile.commit`.
    func moveIntoPlace() throws(OutputError) {
        var status = stat()
        if lstat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw .cannotCreate(path: path, reason: "exists and is not a folder")
            }
            if yir_exchange_paths(temporaryPath, path) == 0 {
                (committed, replacedPrevious, move) = (true, true, .exchanged)
                return
            }
            // No atomic exchange on this file system: the previous folder is moved aside
            // first; a crash between the two renames leaves it under the temporary name.
            let url = URL(fileURLWithPath: path)
            let aside = (url.deletingLastPathComponent().path as NSString).appendingPathComponent(
                ".\(url.lastPathComponent)-previous.tmp-\(getpid())-0")
            guard RenameTestHook.rename(path, aside) == 0 else {
                throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
            }
            guard RenameTestHook.rename(temporaryPath, path) == 0 else {
                let reason = String(cString: strerror(errno))
                _ = rename(aside, path)
                throw .writeFailed(path: path, reason: reason)
            }
            (committed, move) = (true, .renamedAfterMovingAside(aside))
            return
        }
        guard RenameTestHook.rename(temporaryPath, path) == 0 else {
            throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        (committed, move) = (true, .renamed)
    }

    /// Puts back what `moveIntoPlace` did, for a commit that failed after it: the previous
    /// folder at `path` again, this run's under the temporary name, removed with the run.
    func moveBack() {
        switch move {
        case .none: return
        case .exchanged: _ = yir_exchange_paths(temporaryPath, path)
        case .renamed: _ = rename(path, temporaryPath)
        case .renamedAfterMovingAside(let aside):
            _ = rename(path, temporaryPath)
            _ = rename(aside, path)
        }
        (committed, replacedPrevious, move) = (false, false, .none)
    }

    /// What in an existing folder at `path` is not a regular file `mine` accepts: the folder
    /// is replaced whole, and with it anything of the operator's that an `--out` shared with
    /// other files left inside. Empty when there is no folder (or nothing foreign in it).
    public static func foreignEntries(at path: String, mine: (String) -> Bool) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.sorted().filter { name in
            var status = stat()
            let isFile =
                lstat((path as NSString).appendingPathComponent(name), &status) == 0
                && (status.st_mode & S_IFMT) == S_IFREG
            return !(isFile && mine(name))
        }
    }

    /// Removes the previous folder, now under the temporary name (or moved aside), once the
    /// commit is whole; `leftover` says when that failed.
    func removeReplaced() {
        let previous: String
        switch move {
        case .exchanged: previous = temporaryPath
        case .renamedAfterMovingAside(let aside): previous = aside
        case .none, .renamed: return
        }
        if let reason = TemporaryFiles.removeTree(previous) { (leftover, leftoverReason) = (previous, reason) }
        replacedPrevious = false
    }
}
