import Foundation

/// One line of an input, valid only during the callback that receives it.
public struct Line {
    /// The line's bytes without its line end (`\n` or `\r\n`) and without a leading BOM.
    /// For a line over the limit, only its first `LineReader.keptPrefix` bytes.
    public var bytes: UnsafeRawBufferPointer
    /// 1-based line number in the file.
    public var number: Int
    /// Byte offset of the line's start in the (decompressed) stream.
    public var offset: Int64
    /// Longer than `LineReader.maximumLineLength`; `bytes` holds only its beginning.
    public var isTooLong: Bool
}

/// Splits a byte stream into lines with `memchr`, in large chunks, never holding more
/// than one chunk plus one line: a line over 1 MiB is reported by its first bytes and
/// skipped, not read whole.
final class LineReader {
    static let maximumLineLength = 1 << 20
    /// What a too-long line keeps for the rejects file (whose `text` is cut at 1 KiB anyway).
    static let keptPrefix = 1024

    private let source: ByteSource
    private let chunkSize: Int
    private var buffer: UnsafeMutableRawBufferPointer

    init(source: ByteSource, chunkSize: Int = 1 << 20) {
        self.source = source
        self.chunkSize = chunkSize
        buffer = .allocate(byteCount: Self.maximumLineLength + chunkSize + 1, alignment: 64)
    }

    deinit { buffer.deallocate() }

    func forEachLine(_ body: (Line) throws -> Void) throws {
        var start = 0          // first byte of the current line in `buffer`
        var end = 0            // end of valid data in `buffer`
        var streamOffset: Int64 = 0  // stream offset of buffer[0]
        var lineNumber = 1
        var atStreamStart = true
        var sourceDone = false

        func emit(_ from: Int, _ to: Int) throws {
            var lower = from
            var upper = to
            if upper > lower, buffer[upper - 1] == 0x0D { upper -= 1 }
            if atStreamStart {
                atStreamStart = false
                if upper - lower >= 3, buffer[lower] == 0xEF, buffer[lower + 1] == 0xBB, buffer[lower + 2] == 0xBF {
                    lower += 3
                }
            }
            let tooLong = upper - lower > Self.maximumLineLength
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[lower..<(tooLong ? lower + Self.keptPrefix : upper)])
            try body(Line(bytes: bytes, number: lineNumber, offset: streamOffset + Int64(from),
                          isTooLong: tooLong))
            lineNumber += 1
        }

        while true {
            // Lines that are complete in the buffer.
            var scanFrom = start
            while scanFrom < end,
                  let hit = memchr(buffer.baseAddress! + scanFrom, 0x0A, end - scanFrom) {
                let newline = buffer.baseAddress!.distance(to: hit)
                try emit(start, newline)
                start = newline + 1
                scanFrom = start
            }
            if sourceDone {
                if start < end { try emit(start, end) }
                return
            }
            if end - start > Self.maximumLineLength {
                // Report the line by its beginning, then drop bytes up to its end.
                let lineOffset = streamOffset + Int64(start)
                let keep = UnsafeRawBufferPointer(rebasing: buffer[start..<(start + Self.keptPrefix)])
                try body(Line(bytes: keep, number: lineNumber, offset: lineOffset, isTooLong: true))
                lineNumber += 1
                atStreamStart = false
                streamOffset += Int64(end)
                (start, end) = (0, 0)
                if try skipRestOfLine(&start, &end, &streamOffset) { sourceDone = true }
                continue
            }
            // Keep the partial line, then fill the buffer.
            if start > 0 {
                buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: end - start)
                streamOffset += Int64(start)
                end -= start
                start = 0
            }
            let room = min(chunkSize, buffer.count - end)
            let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end..<(end + room)]))
            if n == 0 { sourceDone = true }
            end += n
        }
    }

    /// Reads and discards up to and including the next `\n`; what follows it is left in
    /// `buffer[start..<end]`. Returns true when the stream ended first.
    private func skipRestOfLine(_ start: inout Int, _ end: inout Int, _ streamOffset: inout Int64) throws -> Bool {
        while true {
            let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<chunkSize]))
            if n == 0 { return true }
            if let hit = memchr(buffer.baseAddress!, 0x0A, n) {
                start = buffer.baseAddress!.distance(to: hit) + 1
                end = n
                return false
            }
            streamOffset += Int64(n)
        }
    }
}
