import CGzip
import CYirSupport
import Foundation

/// A stream of bytes: a file, a pipe, standard input, or a `.gz` inflated on the fly.
protocol ByteSource: AnyObject {
    /// Fills up to `buffer.count` bytes; 0 means the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int
    /// Bytes taken from the underlying file so far (the compressed size for `.gz`).
    var bytesConsumed: Int64 { get }
}

/// Plain `read(2)` in large chunks from a file descriptor. A regular file (standard input
/// redirected from one too) is read up to the size it had when opened; found shorter than that,
/// replaced or removed, the read fails (`MappedFile` says why).
final class FileDescriptorSource: ByteSource {
    let path: String
    let descriptor: Int32
    /// The regular file as it was opened; nil for a pipe or a device.
    let snapshot: FileSnapshot?
    private let ownsDescriptor: Bool
    private(set) var bytesConsumed: Int64 = 0
    /// Offset in the file: standard input may start part-way through one.
    private var position: Int64 = 0

    init(path: String) throws(InputError) {
        self.path = path
        if path == "-" {
            // SPEC §4.5 (v4): a closed standard input is no input (66), never a descriptor of
            // yir's own that took its number.
            guard yir_standard_input_is_readable() != 0 else {
                throw .cannotOpen(
                    path: path,
                    reason: yir_standard_input_was_closed() != 0
                        ? "standard input is closed (give the export's path, or - with the export on standard input)"
                        : "standard input is not open for reading")
            }
            descriptor = 0
            ownsDescriptor = false
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
            ownsDescriptor = true
        }
        snapshot = FileSnapshot(descriptor: descriptor, path: path)
        if snapshot != nil { position = max(0, Int64(lseek(descriptor, 0, SEEK_CUR))) }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        var count = buffer.count
        if let snapshot {
            guard position < snapshot.size else {
                try checkUnchanged()
                return 0
            }
            count = min(count, Int(snapshot.size - position))
        }
        while true {
            let n = Foundation.read(descriptor, buffer.baseAddress, count)
            if n > 0 {
                bytesConsumed += Int64(n)
                position += Int64(n)
                if snapshot != nil { InputChangeTestHook.stopOnce() }
                return n
            }
            if n == 0 {
                if count > 0, let snapshot {
                    throw snapshot.change(endedEarly: true, descriptor: descriptor)
                        ?? .readFailed(path: path, reason: "it ended before its size")
                }
                return 0
            }
            if errno == EINTR { continue }
            throw .readFailed(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Throws when the regular file read is no longer what was opened (shorter, replaced, removed).
    func checkUnchanged() throws(InputError) {
        if let change = snapshot?.change(descriptor: descriptor) { throw change }
    }
}

/// Inflates gzip (or zlib) data from another source, with ISA-L where the machine has it
/// (several times zlib's speed, and the one step of reading a `.gz` that no other thread can
/// share) and zlib otherwise (`yir_inflater`). Concatenated gzip members are read one after
/// another, as `gzip -d` does. A stream that ends early is an I/O error, not a quiet end of
/// input — one that ends before its first member's header, 0 bytes included, too (SPEC §4.5,
/// as `gzip -t` says).
final class GzipSource: ByteSource {
    private let inner: FileDescriptorSource
    private let inflater: OpaquePointer
    private var input: UnsafeMutableRawBufferPointer
    /// The part of `input` read from the file and not inflated yet.
    private var pending: Range<Int> = 0..<0
    private var finished = false
    private var midMember = false
    /// Whether the file gave any byte: a `.gz` of none holds no member, not an empty one.
    private var readAny = false

    var bytesConsumed: Int64 { inner.bytesConsumed }

    /// The engine in use: "isa-l" or "zlib".
    var engine: String { String(cString: yir_inflater_engine_name(inflater)) }

    init(_ inner: FileDescriptorSource, engine: yir_inflate_engine = YIR_INFLATE_ISAL) throws(InputError) {
        self.inner = inner
        guard let inflater = yir_inflater_new(engine) else {
            throw .readFailed(path: inner.path, reason: "cannot set up a gzip inflater")
        }
        self.inflater = inflater
        input = .allocate(byteCount: 256 * 1024, alignment: 16)
    }

    deinit {
        yir_inflater_free(inflater)
        input.deallocate()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        guard !finished, let out = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        var produced = 0
        while produced < buffer.count {
            if pending.isEmpty {
                let n = try inner.read(into: input)
                if n == 0 {
                    if midMember || !readAny { throw .readFailed(path: inner.path, reason: "truncated gzip stream") }
                    finished = true
                    break
                }
                readAny = true
                pending = 0..<n
            }
            midMember = true
            var taken = 0
            var written = 0
            let status = yir_inflate(
                inflater, input.baseAddress!.assumingMemoryBound(to: UInt8.self) + pending.lowerBound,
                pending.count, &taken, out + produced, buffer.count - produced, &written)
            pending = (pending.lowerBound + taken)..<pending.upperBound
            produced += written
            switch status {
            case YIR_INFLATE_MORE:
                // Neither engine stalls with input and room for output; if one did, this
                // loop would spin forever.
                if taken == 0 && written == 0 && !pending.isEmpty {
                    throw .readFailed(path: inner.path, reason: "gzip inflater made no progress")
                }
            case YIR_INFLATE_MEMBER_END:
                midMember = false
            default:
                let message = String(cString: yir_inflater_error(inflater))
                throw .readFailed(path: inner.path, reason: "corrupt gzip data (\(message))")
            }
        }
        return produced
    }
}
