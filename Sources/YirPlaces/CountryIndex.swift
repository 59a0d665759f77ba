import CYirPlaces

/// Natural Earth's countries as Tools/natural-earth/convert.py compiles them in: every ring's
/// vertices, and a grid of 1° cells, each cut into quarters where borders and coasts are
/// dense, whose cells answer most places at once — inside one country, or far from every
/// country — and otherwise list the few edges to test. The format is described in the
/// converter's header.
///
/// Decoded once per process (`shared`, which Swift initialises on first use, once, whichever
/// thread asks first); immutable after that, so any number of threads read it at once.
final class CountryIndex: @unchecked Sendable {
    // @unchecked: the word arrays point into the binary's read-only data, which lives as long
    // as the process and is never written; everything else is immutable Swift values.

    static let shared = CountryIndex(bytes: yir_country_index_bytes(), length: yir_country_index_length())

    /// Each record's country code; records are Natural Earth's features, several of which
    /// may share a code (France and Clipperton Island).
    let codes: [String]
    /// x, y of every vertex, alternately, in units of 2^-17 degree from (-180°, -90°).
    let vertices: [Int32]
    let grid: UnsafePointer<UInt32>
    let nodes: UnsafePointer<UInt32>
    let leaves: UnsafePointer<UInt32>

    static let unitsPerDegree = 131_072.0
    private static let cellShift = 17
    static let columns = 360, rows = 180
    /// SPEC §2.3's 0.05°, squared, in index units.
    private static let nearLimitSquared = (0.05 * unitsPerDegree) * (0.05 * unitsPerDegree)

    init(bytes: UnsafePointer<UInt8>, length: Int) {
        let raw = UnsafeRawPointer(bytes)
        func word(_ offset: Int) -> Int { Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian) }
        precondition(
            length >= 28 && String(decoding: UnsafeBufferPointer(start: bytes, count: 4), as: UTF8.self) == "YIRC"
                && word(4) == 1, "the compiled-in country index is not format 1 of Tools/natural-earth/convert.py")
        let recordCount = word(8), vertexCount = word(12), nodeWords = word(16), leafWords = word(20)
        var offset = 24
        codes = (0..<recordCount).map { record in
            let code = UnsafeBufferPointer(start: bytes + offset + 4 * record, count: 4)
            return String(decoding: code.prefix { $0 != 0 }, as: UTF8.self)
        }
        offset += 4 * recordCount
        let vertexBytes = word(offset)
        offset += 4
        vertices = Self.decodeVertices(
            UnsafeBufferPointer(start: bytes + offset, count: vertexBytes), count: vertexCount)
        offset += (vertexBytes + 3) & ~3
        // The words are read in place: the C array is 16-byte aligned and every section
        // starts at a multiple of 4 (the converter pads the vertices). Little-endian only,
        // like every platform Swift runs this on.
        let words = (raw + offset).assumingMemoryBound(to: UInt32.self)
        grid = words
        nodes = words + Self.columns * Self.rows
        leaves = nodes + nodeWords
        precondition(
            offset + 4 * (Self.columns * Self.rows + nodeWords + leafWords) == length,
            "the compiled-in country index has the wrong length")
    }

    /// The vertices' zigzag LEB128 differences, summed up.
    private static func decodeVertices(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: 2 * count) { out, initialized in
            var position = 0
            var previous: (Int64, Int64) = (0, 0)
            for i in 0..<(2 * count) {
                var value: UInt64 = 0, shift: UInt64 = 0
                while true {
                    let byte = bytes[position]
                    position += 1
                    value |= UInt64(byte & 0x7F) << shift
                    if byte < 0x80 { break }
                    shift += 7
                }
                let delta = Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
                if i & 1 == 0 {
                    previous.0 += delta; out[i] = Int32(previous.0)
                } else {
                    previous.1 += delta; out[i] = Int32(previous.1)
                }
            }
            initialized = 2 * count
        }
    }

    /// The record the place lies in (SPEC §2.3): the one whose rings contain it by the even-odd
    /// rule, else the one with the nearest edge when that is within 0.05°, else nil.
    func record(lat: Double, lon: Double) -> Int? {
        guard lat >= -90, lat <= 90, lon >= -180, lon <= 180 else { return nil }  // NaN too
        let qx = (lon + 180) * Self.unitsPerDegree, qy = (lat + 90) * Self.unitsPerDegree
        // The east and north edges of the world belong to the last column and row.
        let column = min(Int(qx) >> Self.cellShift, Self.columns - 1)
        let row = min(Int(qy) >> Self.cellShift, Self.rows - 1)
        var x0 = column << Self.cellShift, y0 = row << Self.cellShift, size = 1 << Self.cellShift
        var entry = grid[row * Self.columns + column]
        while entry >> 30 == 2 {
            size >>= 1
            let east = qx >= Double(x0 + size), north = qy >= Double(y0 + size)
            if east { x0 += size }
            if north { y0 += size }
            entry = nodes[Int(entry & 0x3FFF_FFFF) + (north ? 2 : 0) + (east ? 1 : 0)]
        }
        switch entry >> 30 {
        case 0: return nil
        case 1: return Int(entry & 0x3FFF_FFFF)
        default: return leafRecord(Int(entry & 0x3FFF_FFFF), qx: qx, qy: qy, east: Double(x0 + size), south: Double(y0))
        }
    }

    private func leafRecord(_ offset: Int, qx: Double, qy: Double, east: Double, south: Double) -> Int? {
        var word = leaves + offset
        let containing = Int(word.pointee & 0xFFFF), near = Int(word.pointee >> 16)
        word += 1
        return vertices.withUnsafeBufferPointer { v -> Int? in
            for _ in 0..<containing {
                let record = Int(word.pointee & 0xFFFF)
                var parity = (word.pointee >> 16) & 1
                let runs = Int(word.pointee >> 17)
                word += 1
                for _ in 0..<runs {
                    let first = Int(word.pointee >> 12), last = first + Int(word.pointee & 0xFFF)
                    word += 1
                    for edge in first...last {
                        parity ^= Self.crossings(v, edge, qx: qx, qy: qy, east: east, south: south)
                    }
                }
                if parity == 1 { return record }
            }
            // In no country: the nearest edge, when it is near enough.
            var best = Self.nearLimitSquared, bestRecord: Int? = nil
            for _ in 0..<near {
                let record = Int(word.pointee & 0xFFFF)
                let runs = Int(word.pointee >> 17)
                word += 1
                for _ in 0..<runs {
                    let first = Int(word.pointee >> 12), last = first + Int(word.pointee & 0xFFF)
                    word += 1
                    for edge in first...last {
                        let d = Self.squaredDistance(v, edge, qx: qx, qy: qy)
                        if d < best || (d == best && bestRecord == nil) { best = d; bestRecord = record }
                    }
                }
            }
            return bestRecord
        }
    }

    /// Whether the edge crosses the path from the place east to the cell's east side, then
    /// down that side to the cell's south-east corner (1) or not (0). The corner's even-odd
    /// parity is stored; each crossing flips it on the way to the place. The place and the
    /// corner are taken a hair east (ε) and a hair less north (ε²) of where they are, the usual
    /// half-open rule of ray casting, so a path through a vertex or along an edge counts
    /// exactly once, and the stored corner parities (computed by the converter the same way)
    /// agree. With whole-number vertices below 2^26 every product here is exact.
    @inline(__always)
    private static func crossings(
        _ v: UnsafeBufferPointer<Int32>, _ edge: Int, qx: Double, qy: Double,
        east: Double, south: Double
    ) -> UInt32 {
        let ax = Double(v[2 * edge]), ay = Double(v[2 * edge + 1])
        let bx = Double(v[2 * edge + 2]), by = Double(v[2 * edge + 3])
        let dx = bx - ax, dy = by - ay
        var flips: UInt32 = 0
        // Along the row: the edge spans the place's height and meets it in (qx, east].
        if (ay > qy) != (by > qy) {
            let place = dx * (qy - ay) - dy * (qx - ax), side = dx * (qy - ay) - dy * (east - ax)
            if dy > 0 ? (place > 0 && side <= 0) : (place < 0 && side >= 0) { flips = 1 }
        }
        // Down the east side: the edge spans it and meets it between the corner and the place.
        if (ax > east) != (bx > east) {
            let atPlace = dx * (qy - ay) - dy * (east - ax), atCorner = dx * (south - ay) - dy * (east - ax)
            let rising = (dx > 0) == (dy > 0) && dy != 0
            let above = dx > 0 ? atPlace : -atPlace, below = dx > 0 ? atCorner : -atCorner
            if (above > 0 || (above == 0 && !rising)) && (below < 0 || (below == 0 && rising)) { flips ^= 1 }
        }
        return flips
    }

    @inline(__always)
    private static func squaredDistance(_ v: UnsafeBufferPointer<Int32>, _ edge: Int, qx: Double, qy: Double) -> Double
    {
        let ax = Double(v[2 * edge]), ay = Double(v[2 * edge + 1])
        let dx = Double(v[2 * edge + 2]) - ax, dy = Double(v[2 * edge + 3]) - ay
        let length = dx * dx + dy * dy
        let t = length > 0 ? min(max(((qx - ax) * dx + (qy - ay) * dy) / length, 0), 1) : 0
        let ex = ax + t * dx - qx, ey = ay + t * dy - qy
        return ex * ex + ey * ey
    }
}
