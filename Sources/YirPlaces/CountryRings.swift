extension CountryIndex {
    /// Every ring of the index with the record it belongs to: `first...last` are its vertices,
    /// the last the first again. The index stores the rings one after another, each closed,
    /// without saying whose they are; the edge runs of its leaves do say it (every edge meets a
    /// cell that holds more than one country's land or sea, and so is a leaf).
    ///
    /// A ring that touches its own first vertex comes out as two rings, which fill alike.
    func rings() -> [(first: Int, last: Int, record: Int)] {
        let count = vertices.count / 2
        var firsts: [Int] = [], lasts: [Int] = []
        var first = 0
        while first < count {
            let x = vertices[2 * first], y = vertices[2 * first + 1]
            var last = first + 1
            while last < count, vertices[2 * last] != x || vertices[2 * last + 1] != y { last += 1 }
            firsts.append(first)
            lasts.append(min(last, count - 1))
            first = last + 1
        }
        // Each vertex's ring, so that an edge run finds its ring at once.
        var ringOf = [Int32](repeating: 0, count: count)
        for (ring, (first, last)) in zip(firsts, lasts).enumerated() {
            for v in first...last { ringOf[v] = Int32(ring) }
        }
        var records = [Int](repeating: -1, count: firsts.count)
        var unknown = firsts.count
        leaves: for leaf in leafOffsets() {
            var word = leaves + leaf
            let lists = Int(word.pointee & 0xFFFF) + Int(word.pointee >> 16)
            word += 1
            for _ in 0..<lists {
                let record = Int(word.pointee & 0xFFFF), runs = Int(word.pointee >> 17)
                word += 1
                for _ in 0..<runs {
                    let ring = Int(ringOf[Int(word.pointee >> 12)])
                    word += 1
                    if records[ring] < 0 {
                        records[ring] = record
                        unknown -= 1
                        if unknown == 0 { break leaves }
                    }
                }
            }
        }
        return records.indices.compactMap { i in
            records[i] < 0 ? nil : (firsts[i], lasts[i], records[i])
        }
    }

    /// The offset of every leaf in `leaves`, each once, found through the grid and its nodes.
    private func leafOffsets() -> [Int] {
        var found: [Int] = []
        var entries = (0..<(Self.columns * Self.rows)).map { grid[$0] }
        while let entry = entries.popLast() {
            switch entry >> 30 {
            case 2: entries.append(contentsOf: (0..<4).map { nodes[Int(entry & 0x3FFF_FFFF) + $0] })
            case 3: found.append(Int(entry & 0x3FFF_FFFF))
            default: break
            }
        }
        found.sort()
        return found.enumerated().compactMap { i, offset in i > 0 && found[i - 1] == offset ? nil : offset }
    }
}
