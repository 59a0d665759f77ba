#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file yir reads whole that someone else may have put in its place: the link key, a cache's
/// pictures. Only a regular file is read. It is opened without waiting, because opening a FIFO
/// to read waits for a writer that may never come; `fstat` then refuses what was opened if it
/// is not a regular file. (A regular file's reads never wait, with or without `O_NONBLOCK`.)
/// `O_NOCTTY`: a terminal named in its place is not taken as the process's own.
public struct RegularFile: ~Copyable {
    private let descriptor: Int32
    /// What `fstat` said of the opened file: its size, owner and mode, for the caller's checks.
    public let status: stat

    /// Why a file could not be read.
    public enum Failure: Error, Equatable {
        /// `open`, `fstat` or `read` failed with this `errno`.
        case system(Int32)
        case notRegular
        case larger(than: Int)

        public var reason: String {
            switch self {
            case .system(let code): String(cString: strerror(code))
            case .notRegular: "not a regular file"
            case .larger(let limit): "larger than \(limit / 1024) KB"
            }
        }
    }

    public init(opening path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw .system(errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw .system(code)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .notRegular
        }
        self.descriptor = descriptor
        self.status = status
    }

    deinit { close(descriptor) }

    /// Its bytes, to the end; a file larger than `limit` is refused before any is read. A file
    /// that grows while it is read gives at most `limit` bytes. Room for one byte more than
    /// `fstat` said lets the read that finds the end land without growing the array, which
    /// would copy every byte read so far.
    public func bytes(atMost limit: Int = .max) throws(Failure) -> [UInt8] {
        guard status.st_size <= limit else { throw .larger(than: limit) }
        let size = Int(status.st_size)
        var bytes = [UInt8](repeating: 0, count: size < limit ? size + 1 : limit)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count < limit else { break }
                bytes += [UInt8](repeating: 0, count: min(max(4096, bytes.count), limit - bytes.count))
            }
            let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }
}
