import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import YirCore

/// One input to read: a file, or standard input.
public struct InputFile: Sendable, Equatable {
    /// The path as given or found (`-` for standard input).
    public var path: String
    public var isStandardInput: Bool { path == "-" }
    public var isCompressed: Bool { path.hasSuffix(".gz") }

    public init(path: String) { self.path = path }

    /// The record type the file name implies (SPEC §1.2): its stem starts with the type's plural.
    public var impliedType: RecordType? {
        guard !isStandardInput else { return nil }
        let name = (path as NSString).lastPathComponent
        return RecordType.allCases.first { name.hasPrefix($0.filePrefix) }
    }
}

/// Why an input could not be read. The CLI maps these onto SPEC §5's exit codes.
public enum InputError: Error, Equatable, CustomStringConvertible {
    /// 66: the path does not exist or cannot be opened.
    case cannotOpen(path: String, reason: String)
    /// 74: reading failed part-way (an I/O error, a truncated or corrupt `.gz`).
    case readFailed(path: String, reason: String)
    /// 74: another process shortened, replaced or removed the file while the run read it;
    /// `change` says how ("200 MB → 0.5 MB").
    case changedWhileRead(path: String, change: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open \(path): \(reason)"
        case .readFailed(let path, let reason): "error reading \(path): \(reason)"
        case .changedWhileRead(let path, let change):
            "\(path == "-" ? "standard input" : path) changed while it was read: \(change)"
        }
    }
}

public enum InputFiles {
    static let extensions = [".jsonl", ".json", ".ndjson"]

    /// What makes two paths the same file, through links (hard ones too): its device and inode.
    public struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64

        /// The identity of the file at `path`; nil when there is none.
        public init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// The first file named twice — given twice, or given and also found in a folder given —
    /// with its earlier name (links count). Read twice, its records without ids would count
    /// twice and its lines would be reported as duplicates.
    public static func repeated(_ files: [InputFile]) -> (first: InputFile, again: InputFile)? {
        var seen: [FileIdentity: InputFile] = [:]
        for file in files where !file.isStandardInput {
            guard let identity = FileIdentity(path: file.path) else { continue }
            if let earlier = seen[identity] { return (earlier, file) }
            seen[identity] = file
        }
        return nil
    }

    /// Whether a folder scan would take a file of this name as input (SPEC §1.1).
    public static func isReadInFolders(_ name: String) -> Bool {
        let stem = name.hasSuffix(".gz") ? String(name.dropLast(3)) : name
        return extensions.contains { stem.hasSuffix($0) }
    }

    /// Expands the paths given on the command line into files in input order (SPEC §1.1):
    /// the order given, directories expanded recursively in sorted path order.
    public static func expand(_ paths: [String]) throws(InputError) -> [InputFile] {
        var files: [InputFile] = []
        for path in paths {
            if path == "-" {
                files.append(InputFile(path: path))
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .cannotOpen(path: path, reason: "no such file or directory")
            }
            guard isDirectory.boolValue else {
                files.append(InputFile(path: path))
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else {
                throw .cannotOpen(path: path, reason: "cannot list directory")
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                guard isReadInFolders(relative) else { continue }
                let full = (path as NSString).appendingPathComponent(relative)
                // Through symbolic links: a file linked in counts; a link to nothing, or a FIFO,
                // socket or device (opening a FIFO waits for a writer: a nightly run would hang),
                // cannot be read as a file, and is not skipped in silence.
                var status = stat()
                guard stat(full, &status) == 0 else {
                    // Listed, so there: ENOENT means a link whose target is not.
                    throw .cannotOpen(
                        path: full,
                        reason: errno == ENOENT ? "a symbolic link to nothing" : String(cString: strerror(errno)))
                }
                switch status.st_mode & S_IFMT {
                case S_IFREG: found.append(full)
                case S_IFDIR: continue  // its files are listed in their turn
                default: throw .cannotOpen(path: full, reason: "not a regular file (a FIFO, socket or device)")
                }
            }
            // Byte order of the paths, independent of locale.
            found.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            files += found.map(InputFile.init)
        }
        return files
    }
}
