import CZlib
import Foundation

/// A stream of bytes: a file, a pipe, standard input, or a `.gz` inflated on the fly.
protocol ByteSource: AnyObject {
    /// Fills up to `buffer.count` bytes; 0 means the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int
    /// Bytes taken from the underlying file so far (the compressed size for `.gz`).
    var bytesConsumed: Int64 { get }
}

/// Plain `read(2)` in large chunks from a file descriptor.
final class FileDescriptorSource: ByteSource {
    let path: String
    let descriptor: Int32
    private let ownsDescriptor: Bool
    private(set) var bytesConsumed: Int64 = 0

    init(path: String) throws(InputError) {
        self.path = path
        if path == "-" {
            descriptor = 0
            ownsDescriptor = false
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
            ownsDescriptor = true
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        while true {
            let n = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
            if n >= 0 {
                bytesConsumed += Int64(n)
                return n
            }
            if errno == EINTR { continue }
            throw .readFailed(path: path, reason: String(cString: strerror(errno)))
        }
    }
}

/// Inflates gzip (or zlib) data from another source; concatenated gzip members are read
/// one after another, as `gzip -d` does. A stream that ends early is an I/O error, not a
/// quiet end of input.
final class GzipSource: ByteSource {
    private let inner: FileDescriptorSource
    private var stream = z_stream()
    private var input: UnsafeMutableRawBufferPointer
    private var finished = false
    private var midMember = false

    var bytesConsumed: Int64 { inner.bytesConsumed }

    init(_ inner: FileDescriptorSource) throws(InputError) {
        self.inner = inner
        input = .allocate(byteCount: 256 * 1024, alignment: 16)
        guard yir_inflate_init_gzip(&stream) == Z_OK else {
            input.deallocate()
            throw .readFailed(path: inner.path, reason: "cannot initialise zlib")
        }
    }

    deinit {
        inflateEnd(&stream)
        input.deallocate()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        guard !finished, buffer.count > 0 else { return 0 }
        stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(buffer.count)
        while stream.avail_out > 0 {
            if stream.avail_in == 0 {
                let n = try inner.read(into: input)
                if n == 0 {
                    if midMember { throw .readFailed(path: inner.path, reason: "truncated gzip stream") }
                    finished = true
                    break
                }
                stream.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(n)
            }
            midMember = true
            let status = inflate(&stream, Z_NO_FLUSH)
            switch status {
            case Z_OK, Z_BUF_ERROR:
                continue
            case Z_STREAM_END:
                midMember = false
                inflateReset(&stream)
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "code \(status)"
                throw .readFailed(path: inner.path, reason: "corrupt gzip data (\(message))")
            }
        }
        return buffer.count - Int(stream.avail_out)
    }
}
