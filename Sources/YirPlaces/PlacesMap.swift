import Synchronization

/// The land of one frame of the places slide (SPEC §4.4), as SVG path data in the frame's view
/// box: every country's rings that reach into the frame, clipped to it, simplified to about a
/// pixel of a phone's map, without islands too small to see.
public struct FramedMap: Sendable {
    public let frame: MapFrame
    /// Every country's land, one path's data. Lakes and enclaves are rings wound the other way,
    /// so the nonzero fill rule leaves them out, and an enclave fills them again.
    public let land: String
    /// Each country's part of `land`, by the code `CountryLookup.country(lat:lon:)` returns.
    let countries: [String: String]

    /// The land of these countries, one path's data (nothing for a country not in the frame).
    public func land(of codes: some Sequence<String>) -> String {
        codes.compactMap { countries[$0] }.joined()
    }
}

/// Draws frames' land, each frame once per process: readers whose places lie near each other
/// share a frame (`MapFrame` snaps its edges), and a deck takes its map from here.
public enum PlacesMap {
    /// The frame's land.
    public static func drawing(_ frame: MapFrame) -> FramedMap {
        drawn.drawing(frame)
    }

    /// At most this many bytes of path data for a frame's land: what the world map weighed
    /// when it was drawn whole at 2.6° (4.7 KB), which the decks' budget was set with.
    static let budget = 4_800
    /// View units in a pixel of the map on a phone, where it is about 340 pixels wide.
    static let pixel = Double(MapFrame.width) / 340
    /// Rings smaller than this (view units², about two pixels by two) are left out.
    static let smallest = 4 * pixel * pixel

    private static let drawn = FrameCache()

    /// The frame's land, drawn: the rings of the coarsest level fine enough for it (under half
    /// a pixel), those whose box reaches the frame, projected, clipped to the view box,
    /// simplified to a pixel; while the path data exceeds the budget, again with a tolerance
    /// half as large again and islands twice as large left out.
    static func draw(_ frame: MapFrame) -> FramedMap {
        let rings = LandRings.shared
        let level = rings.levels.last { $0.tolerance * frame.scale <= pixel / 2 } ?? rings.levels[0]
        let projected = inFrame(level, frame)
        var tolerance = pixel, smallest = Self.smallest
        while true {
            var paths: [String: [UInt8]] = [:]
            for ring in projected where RingGeometry.area(ring.points) >= smallest {
                let points = RingGeometry.simplified(ring.points, tolerance: tolerance)
                RingGeometry.write(points, to: &paths[rings.codes[ring.record], default: []])
            }
            let total = paths.values.reduce(0) { $0 + $1.count }
            // Past 16 pixels the land would say little more; no frame gets there (the whole
            // world fits at one), but the loop ends whatever the data.
            if total <= budget || tolerance > 16 * pixel {
                let countries = paths.compactMapValues { $0.isEmpty ? nil : String(decoding: $0, as: UTF8.self) }
                // The land in the countries' byte order: the same bytes on every run.
                let land = countries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { countries[$0]! }
                return FramedMap(frame: frame, land: land.joined(), countries: countries)
            }
            tolerance *= 1.5
            smallest *= 2
        }
    }

    /// The level's rings that reach into the frame, in view units, clipped to the view box
    /// (a unit beyond it, so that no edge of land shows along the view box's side). A frame
    /// across the antimeridian takes the rings west of it a turn east.
    private static func inFrame(_ level: LandRings.Level, _ frame: MapFrame) -> [(
        record: Int, points: [RingGeometry.Point]
    )] {
        let right = Double(MapFrame.width) + 1, bottom = Double(frame.height) + 1
        // The frame's box in degrees, with the view box's padding and a little more: the
        // clipping is exact, this only leaves out the rings that cannot reach it.
        let slack = 2 * MapFrame.padding / frame.scale + 1
        var south = frame.south - slack, north = frame.north + slack
        var turns: [Double] = [0]
        var west = -Double.infinity, east = Double.infinity
        switch frame.projection {
        case .cylindrical(_, let xScale):
            (west, east) = (frame.west - slack / xScale, frame.east + slack / xScale)
            if east > 180 { turns.append(360) }
            if west < -180 { turns.append(-360) }
        case .equalEarth:
            // Equal Earth squeezes the latitudes near the poles: the padding holds more of them.
            (south, north) = (south - 3 * slack, north + 3 * slack)
        case .polar:
            break
        }
        var out: [(record: Int, points: [RingGeometry.Point])] = []
        for ring in 0..<level.count {
            let box = level.bounds[ring]
            guard box.north >= south, box.south <= north else { continue }
            for turn in turns where box.east + turn >= west && box.west + turn <= east {
                var points: [RingGeometry.Point] = []
                points.reserveCapacity(level.starts[ring + 1] - level.starts[ring])
                for i in level.starts[ring]..<level.starts[ring + 1] {
                    points.append(frame.view(frame.projection.project(lon: level.lons[i] + turn, lat: level.lats[i])))
                }
                let clipped = RingGeometry.clipped(points, minX: -1, minY: -1, maxX: right, maxY: bottom)
                if clipped.count >= 3 { out.append((level.records[ring], clipped)) }
            }
        }
        return out
    }
}

/// The frames drawn so far. A run meets a few hundred frames at most in practice; a run that
/// meets more starts over past 4,096, rather than hold every one.
private final class FrameCache: Sendable {
    private let maps = Mutex<[MapFrame: FramedMap]>([:])

    func drawing(_ frame: MapFrame) -> FramedMap {
        if let map = maps.withLock({ $0[frame] }) { return map }
        let map = PlacesMap.draw(frame)
        maps.withLock { maps in
            if maps.count >= 4_096 { maps.removeAll() }
            maps[frame] = map
        }
        return map
    }
}
