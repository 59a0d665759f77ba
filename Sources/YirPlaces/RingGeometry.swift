/// The geometry the places map draws land with: rings (closed polygons, the last point joined
/// to the first, not repeated) simplified, clipped to a rectangle, measured and written as SVG
/// path data.
enum RingGeometry {
    typealias Point = (x: Double, y: Double)

    /// Douglas–Peucker on a closed ring: the points that keep it within `tolerance` of the
    /// original. The ring is cut at its first point and the point farthest from it, and each
    /// half simplified, so that its start is not a corner it must keep for no reason but that.
    static func simplified(_ ring: [Point], tolerance: Double) -> [Point] {
        guard ring.count > 3 else { return ring }
        var far = 0, farthest = -1.0
        for (i, p) in ring.enumerated() {
            let d = (p.x - ring[0].x) * (p.x - ring[0].x) + (p.y - ring[0].y) * (p.y - ring[0].y)
            if d > farthest { (far, farthest) = (i, d) }
        }
        var keep = [Bool](repeating: false, count: ring.count + 1)
        keep[0] = true
        keep[far] = true
        let limit = tolerance * tolerance
        // Index `ring.count` is the first point again, closing the ring.
        var spans = [(0, far), (far, ring.count)]
        while let (a, b) = spans.popLast() {
            guard b - a > 1 else { continue }
            let p = ring[a], q = ring[b % ring.count]
            let dx = q.x - p.x, dy = q.y - p.y, length = dx * dx + dy * dy
            var worst = a, worstDistance = limit
            for i in (a + 1)..<b {
                let r = ring[i]
                var d: Double
                if length == 0 {
                    d = (r.x - p.x) * (r.x - p.x) + (r.y - p.y) * (r.y - p.y)
                } else {
                    let cross = dx * (r.y - p.y) - dy * (r.x - p.x)
                    d = cross * cross / length
                }
                if d > worstDistance { (worst, worstDistance) = (i, d) }
            }
            if worst != a {
                keep[worst] = true
                spans.append((a, worst))
                spans.append((worst, b))
            }
        }
        return ring.indices.filter { keep[$0] }.map { ring[$0] }
    }

    /// The part of the ring inside the rectangle (Sutherland–Hodgman, one side at a time). A
    /// ring that leaves and comes back gets edges along the side between, which a fill does
    /// not show.
    static func clipped(_ ring: [Point], minX: Double, minY: Double, maxX: Double, maxY: Double) -> [Point] {
        var points = ring
        points = clip(points, inside: { $0.x >= minX }, cross: { a, b in crossX(a, b, minX) })
        points = clip(points, inside: { $0.x <= maxX }, cross: { a, b in crossX(a, b, maxX) })
        points = clip(points, inside: { $0.y >= minY }, cross: { a, b in crossY(a, b, minY) })
        points = clip(points, inside: { $0.y <= maxY }, cross: { a, b in crossY(a, b, maxY) })
        return points
    }

    private static func clip(
        _ ring: [Point], inside: (Point) -> Bool, cross: (Point, Point) -> Point
    ) -> [Point] {
        guard var previous = ring.last else { return [] }
        var out: [Point] = []
        out.reserveCapacity(ring.count + 4)
        var previousInside = inside(previous)
        for point in ring {
            let pointInside = inside(point)
            if pointInside != previousInside { out.append(cross(previous, point)) }
            if pointInside { out.append(point) }
            (previous, previousInside) = (point, pointInside)
        }
        return out
    }

    private static func crossX(_ a: Point, _ b: Point, _ x: Double) -> Point {
        (x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
    }

    private static func crossY(_ a: Point, _ b: Point, _ y: Double) -> Point {
        (a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y)
    }

    /// The ring's area (the shoelace formula, unsigned).
    static func area(_ ring: [Point]) -> Double {
        guard var previous = ring.last else { return 0 }
        var twice = 0.0
        for point in ring {
            twice += previous.x * point.y - point.x * previous.y
            previous = point
        }
        return abs(twice) / 2
    }

    /// The ring at whole units as compact path data, appended to `path`: an absolute move, then
    /// relative lines, numbers separated only where a minus sign does not already separate
    /// them. Nothing when fewer than three distinct points are left.
    static func write(_ ring: [Point], to path: inout [UInt8]) {
        var points: [(Int, Int)] = []
        points.reserveCapacity(ring.count)
        for p in ring {
            let q = (Int(p.x.rounded()), Int(p.y.rounded()))
            if let last = points.last, last == q { continue }
            points.append(q)
        }
        while points.count > 1, let first = points.first, let last = points.last, first == last {
            points.removeLast()
        }
        guard points.count >= 3 else { return }
        path.append(UInt8(ascii: "M"))
        appendNumbers([points[0].0, points[0].1], to: &path)
        path.append(UInt8(ascii: "l"))
        var deltas: [Int] = []
        deltas.reserveCapacity(2 * points.count)
        for (a, b) in zip(points, points.dropFirst()) {
            deltas.append(b.0 - a.0)
            deltas.append(b.1 - a.1)
        }
        appendNumbers(deltas, to: &path)
        path.append(UInt8(ascii: "z"))
    }

    private static func appendNumbers(_ numbers: [Int], to path: inout [UInt8]) {
        for (i, n) in numbers.enumerated() {
            if i > 0 && n >= 0 { path.append(UInt8(ascii: " ")) }
            path.append(contentsOf: String(n).utf8)
        }
    }
}
