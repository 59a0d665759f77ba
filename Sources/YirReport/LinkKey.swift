import Foundation
import YirCore

/// The secret the deck names are made with (SPEC §4.4): the whole content of a file of at least
/// 32 bytes that only its owner — the user running yir — may read. Whoever has it can compute every reader's link, so a
/// key that others can read, or one too short to resist guessing, is refused rather than used.
/// A run that finds no file creates one — 32 bytes from the system's secure random source,
/// mode 0600 — so that a first run is private without any set-up; every later run with the same
/// file gives the same names.
public struct LinkKey: Sendable {
    public static let minimumBytes = 32

    public let path: String
    public let bytes: [UInt8]

    public enum Problem: Error, CustomStringConvertible {
        case tooShort(path: String, bytes: Int)
        case exposed(path: String, mode: UInt32)
        case notOwned(path: String, owner: UInt32)
        case unreadable(path: String, reason: String)
        case cannotCreate(path: String, reason: String)

        public var description: String {
            switch self {
            case .tooShort(let path, let bytes):
                "link key \(path) holds \(bytes) bytes; a link key needs at least \(LinkKey.minimumBytes)"
            case .exposed(let path, let mode):
                "link key \(path) can be read by others (mode \(String(mode & 0o777, radix: 8))): chmod 600 it, or use a new key"
            case .notOwned(let path, let owner):
                "link key \(path) is owned by user \(owner), not by the user running yir (\(geteuid())): chown it, or use a new key"
            case .unreadable(let path, let reason):
                "cannot read link key \(path): \(reason)"
            case .cannotCreate(let path, let reason):
                "cannot create link key \(path): \(reason)"
            }
        }
    }

    /// `$XDG_STATE_HOME/yir/link-key`, else `~/.local/state/yir/link-key` (the XDG base
    /// directories: state that outlives a run but is no user document). Nil without a home.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        // The XDG specification ignores relative values.
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/yir/link-key"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/yir/link-key"
    }

    /// The key in `path`, created there first when no file exists; `created` tells whether
    /// this call made it. Two runs that start at once end with the same key: the new file is
    /// complete under a temporary name before `link(2)` puts it in place, which fails, without
    /// replacing anything, when the other run was first.
    public static func openOrCreate(path: String) throws(Problem) -> (key: LinkKey, created: Bool) {
        var status = stat()
        if stat(path, &status) != 0 && errno == ENOENT {
            let created = try create(path)
            return (try read(path), created)
        }
        return (try read(path), false)
    }

    /// The key in `path`, which must exist: a regular file (through links: a key may be kept
    /// elsewhere), owned by the user running yir, that no one else may read (SPEC §5).
    public static func read(_ path: String) throws(Problem) -> LinkKey {
        let file: RegularFile
        do { file = try RegularFile(opening: path) } catch { throw .unreadable(path: path, reason: error.reason) }
        // Another user's key is theirs to read, or to replace with one they know.
        guard file.status.st_uid == geteuid() else { throw .notOwned(path: path, owner: UInt32(file.status.st_uid)) }
        guard file.status.st_mode & 0o077 == 0 else { throw .exposed(path: path, mode: UInt32(file.status.st_mode)) }
        let bytes: [UInt8]
        do { bytes = try file.bytes() } catch { throw .unreadable(path: path, reason: error.reason) }
        guard bytes.count >= minimumBytes else { throw .tooShort(path: path, bytes: bytes.count) }
        return LinkKey(path: path, bytes: bytes)
    }

    /// Writes a new key to `path` unless a file appeared there meanwhile; true when this call's
    /// key is the one in place.
    private static func create(_ path: String) throws(Problem) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                // Only the owner may list the folder the key lives in, as for ~/.ssh.
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw .cannotCreate(path: path, reason: (error as NSError).localizedDescription)
            }
        }
        var generator = SystemRandomNumberGenerator()  // getrandom(2): the kernel's secure source
        let key = (0..<minimumBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        defer { unlink(temporary) }
        // A umask never adds bits, but one like 0277 would leave the owner unable to read it.
        let written =
            fchmod(fd, 0o600) == 0 && key.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == key.count
            && fsync(fd) == 0
        let reason = String(cString: strerror(errno))
        close(fd)
        guard written else { throw .cannotCreate(path: path, reason: reason) }
        if link(temporary, path) == 0 {
            let dir = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if dir >= 0 {
                fsync(dir)
                close(dir)
            }
            return true
        }
        if errno == EEXIST { return false }
        throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
}
