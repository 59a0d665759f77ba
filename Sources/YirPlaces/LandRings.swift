import Foundation

/// Natural Earth's 1:10m rings as the places map draws them: the lookup's own rings
/// (`CountryIndex`), in degrees, simplified once per process at a few tolerances, so that a
/// frame starts from a level near its own scale rather than from half a million vertices.
///
/// Built on first use (tens of milliseconds, on whichever thread asks first); immutable after.
final class LandRings: Sendable {
    static let shared = LandRings(CountryIndex.shared)

    /// The rings simplified at one tolerance, in degrees. Ring `i` is points
    /// `starts[i]..<starts[i + 1]` of `lons` and `lats`, closed (the last point joins the
    /// first), and belongs to `codes[records[i]]`.
    struct Level: Sendable {
        let tolerance: Double
        let lons: [Double], lats: [Double]
        let starts: [Int]
        let records: [Int]
        /// Each ring's box: west, south, east, north.
        let bounds: [(west: Double, south: Double, east: Double, north: Double)]

        var count: Int { records.count }
    }

    /// Finest first: 0.015° (a pixel of the narrowest frame on a phone is 0.09°, or 0.045° at
    /// high latitudes), then four times coarser each, to 0.24° for the world's 1° pixels.
    let levels: [Level]
    /// Each record's country code.
    let codes: [String]
    /// Each country's rings in the coarsest level.
    private let coarseRings: [String: [Int]]

    static let tolerances = [0.015, 0.06, 0.24]

    init(_ index: CountryIndex) {
        codes = index.codes
        let unit = CountryIndex.unitsPerDegree
        var rings: [(record: Int, points: [RingGeometry.Point])] = index.rings().map { ring in
            (
                ring.record,
                (ring.first..<ring.last).map { v in
                    (Double(index.vertices[2 * v]) / unit - 180, Double(index.vertices[2 * v + 1]) / unit - 90)
                }
            )
        }
        var levels: [Level] = []
        for tolerance in Self.tolerances {
            rings = rings.compactMap { ring in
                let points = RingGeometry.simplified(ring.points, tolerance: tolerance)
                return points.count >= 3 ? (ring.record, points) : nil
            }
            levels.append(Self.level(rings, tolerance: tolerance))
        }
        self.levels = levels
        var coarseRings: [String: [Int]] = [:]
        for (ring, record) in levels[levels.count - 1].records.enumerated() {
            coarseRings[codes[record], default: []].append(ring)
        }
        self.coarseRings = coarseRings
    }

    /// The point of the country's land nearest the place, on the coarsest level (a quarter of
    /// a degree is near enough to frame a country by); nil for a code with no land there.
    /// Distances are taken on a plane scaled by the cosine of the latitude, across the
    /// antimeridian where that is shorter.
    func nearestLand(of country: String, to place: (lat: Double, lon: Double)) -> (lat: Double, lon: Double)? {
        let level = levels[levels.count - 1]
        var nearest: (lat: Double, lon: Double)? = nil, shortest = Double.infinity
        for ring in coarseRings[country] ?? [] {
            for i in level.starts[ring]..<level.starts[ring + 1] {
                var east = abs(level.lons[i] - place.lon)
                if east > 180 { east = 360 - east }
                let dx = east * cos((level.lats[i] + place.lat) / 2 * .pi / 180), dy = level.lats[i] - place.lat
                if dx * dx + dy * dy < shortest {
                    (nearest, shortest) = ((level.lats[i], level.lons[i]), dx * dx + dy * dy)
                }
            }
        }
        return nearest
    }

    private static func level(_ rings: [(record: Int, points: [RingGeometry.Point])], tolerance: Double) -> Level {
        var lons: [Double] = [], lats: [Double] = [], starts: [Int] = []
        var bounds: [(west: Double, south: Double, east: Double, north: Double)] = []
        for ring in rings {
            starts.append(lons.count)
            var box = (west: Double.infinity, south: Double.infinity, east: -Double.infinity, north: -Double.infinity)
            for p in ring.points {
                lons.append(p.x)
                lats.append(p.y)
                box = (min(box.west, p.x), min(box.south, p.y), max(box.east, p.x), max(box.north, p.y))
            }
            bounds.append(box)
        }
        starts.append(lons.count)
        return Level(
            tolerance: tolerance, lons: lons, lats: lats, starts: starts, records: rings.map(\.record),
            bounds: bounds)
    }
}
