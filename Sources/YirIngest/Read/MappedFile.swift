import CYirSupport
import Foundation

/// A regular input file read through a read-only memory map, and the one place where yir's
/// policy on mapping inputs is decided.
///
/// Mapping spares a copy of every byte, but the map is only as stable as the file: another
/// process that shortens it (logrotate's `copytruncate`, a rewrite in place) turns every read
/// past the new end into SIGBUS, which kills a process that does not expect it. ripgrep's
/// searcher leaves maps off unless its caller declares, in an `unsafe` call, that no file will
/// change; the command maps only where it expects a gain (a few files named on its command
/// line) and accepts the risk of SIGBUS there. yir cannot ask that of whoever writes its
/// exports, so it makes every fault harmless instead:
///
/// - What is mapped: a regular file larger than a chunk, as ingest and `yir render` read it.
///   Smaller files are read whole with `read(2)` (cheaper than mapping and unmapping each of a
///   folder of thousands); standard input, pipes and `.gz` are read as a stream; and a file
///   whose map cannot be watched (below) is read as a stream too. Nothing else maps an input.
/// - Every map is watched (`yir_watch_mapped_input`): a read in it that faults does not stop
///   the process; the rest of the map reads as zeros, and the watch remembers the fault.
/// - The reader asks `checkUnchanged()` before it cuts each chunk and after each chunk has
///   been parsed, before anything parsed from it is reported or merged: a fault, a file now
///   shorter than when it was opened, or another file (or none) at its path ends the run with
///   an I/O error that says what changed. What was parsed from zeros is never used.
/// - A file that only grows is read up to the size it had when it was opened: lines appended
///   meanwhile are left for the next run, and the run is not failed for them.
///
/// A fault costs nothing until one happens; watching costs a slot taken and given back per
/// file, and the checks two `stat`s per chunk (docs/PERFORMANCE.md).
final class MappedFile: @unchecked Sendable {
    /// The file's bytes, as long as it was when opened.
    let bytes: UnsafeRawBufferPointer
    let snapshot: FileSnapshot
    private let watch: Int32

    /// Maps the file open on `descriptor`, which `snapshot` describes; nil when it cannot be
    /// mapped and watched (then it is read instead). The descriptor may be closed afterwards.
    init?(descriptor: Int32, snapshot: FileSnapshot) {
        let size = Int(snapshot.size)
        guard size > 0, let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            return nil
        }
        let watch = yir_watch_mapped_input(base, size)
        guard watch >= 0 else {
            munmap(base, size)
            return nil
        }
        madvise(base, size, MADV_SEQUENTIAL)
        bytes = UnsafeRawBufferPointer(start: base, count: size)
        self.snapshot = snapshot
        self.watch = watch
    }

    deinit {
        // No thread reads the map any more; the watch ends before the pages go.
        yir_unwatch_mapped_input(watch)
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), bytes.count)
    }

    /// Throws `changedWhileRead` (or `readFailed`, for a page the disk could not give) when the
    /// bytes read so far may not be the file's.
    func checkUnchanged() throws(InputError) {
        if let change = snapshot.change(faulted: yir_mapped_input_faulted(watch) != 0) { throw change }
    }

    /// Gives back the pages wholly inside `range`, which will not be read again: resident
    /// memory stays flat however large the file is.
    func release(_ range: Range<Int>) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let from = range.lowerBound / page * page
        let to = range.upperBound / page * page
        if to > from { madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress! + from), to - from, MADV_DONTNEED) }
    }
}

/// A regular input file as the run opened it — which file, and how long — to tell afterwards
/// whether the file at its path changed while the run read it.
struct FileSnapshot: Sendable {
    let path: String
    let device: UInt64
    let inode: UInt64
    let size: Int64

    /// The file open on `descriptor`; nil when it is not a regular file (a pipe, a device).
    init?(descriptor: Int32, path: String) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.path = path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
    }

    /// What changed, as an error; nil when nothing did. A file that grew has not changed: the
    /// run reads it up to its size at opening. `faulted`: a read of the map faulted; `endedEarly`:
    /// `read(2)` met the file's end before its size at opening. Standard input (`-`) has no path
    /// to look at again: `descriptor` tells its size.
    func change(faulted: Bool = false, endedEarly: Bool = false, descriptor: Int32? = nil) -> InputError? {
        var now = stat()
        let found = if path == "-", let descriptor { fstat(descriptor, &now) == 0 } else { stat(path, &now) == 0 }
        guard found else {
            return .changedWhileRead(path: path, change: "removed or renamed (it was \(Self.text(size)))")
        }
        let nowSize = Int64(now.st_size)
        if path != "-", UInt64(now.st_dev) != device || UInt64(now.st_ino) != inode {
            return .changedWhileRead(path: path, change: "replaced by another file (\(Self.sizes(size, nowSize)))")
        }
        if nowSize < size { return .changedWhileRead(path: path, change: Self.sizes(size, nowSize)) }
        if faulted || endedEarly {
            // Shortened and written again since, or a page the disk could not give.
            return .readFailed(
                path: path, reason: "part of it could not be read; it may have been cut short and written again")
        }
        return nil
    }

    /// "200 MB → 0.5 MB": both sizes in the larger one's unit, in bytes when they would read the same.
    static func sizes(_ then: Int64, _ now: Int64) -> String {
        let (scale, unit) = unit(max(then, now))
        let a = decimal(then, scale), b = decimal(now, scale)
        return a == b ? "\(then) → \(now) bytes" : "\(a) \(unit) → \(b) \(unit)"
    }

    static func text(_ size: Int64) -> String {
        let (scale, unit) = unit(size)
        return "\(decimal(size, scale)) \(unit)"
    }

    private static func unit(_ size: Int64) -> (Double, String) {
        [(1e9, "GB"), (1e6, "MB"), (1e3, "kB")].first { Double(size) >= $0.0 } ?? (1, "bytes")
    }

    /// One decimal at most, none when it is zero: "200", "0.5".
    private static func decimal(_ size: Int64, _ scale: Double) -> String {
        let text = String(format: "%.1f", Double(size) / scale)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
