import Foundation

/// The part of the world the places slide shows (SPEC §4.4): the smallest box, with a margin,
/// that holds every pin, never narrower than 30° of longitude, and the whole world only when
/// the places span it. It is drawn on a view box 720 units wide (a pin keeps its size in every
/// frame) and as tall as the frame's proportions make it, within a band of proportions a
/// phone's slide holds.
///
/// The edges are whole multiples of 5° (10° of latitude in the world), widened outwards: the
/// margin grows a little, and readers whose places lie near each other share a frame, so a run
/// draws each frame's land once (`PlacesMap`).
public struct MapFrame: Hashable, Sendable {
    let projection: MapProjection
    /// The frame in degrees; `east` may lie past 180° (a frame across the antimeridian), never
    /// a whole turn past `west`.
    let west: Double, east: Double, south: Double, north: Double
    /// The frame's box in the projection's plane, and view units per plane unit.
    let minX: Double, maxX: Double, minY: Double, maxY: Double, scale: Double

    /// The view box's width: 720 units, as the world map always had, for the pins' size.
    public static let width = 720
    /// The view box's height, from the frame's proportions.
    public let height: Int

    /// "0 0 720 H", for the `viewBox` attribute.
    public var viewBox: String { "0 0 \(Self.width) \(height)" }

    /// View units between the frame and the view box's edge: a pin on the frame's edge (the
    /// style's radius of 9 units and outline of 1.5) is never cut.
    static let padding = 14.0
    /// A margin of a tenth of the places' extent on each side, 2° at least.
    static let marginFraction = 0.1, minimumMargin = 2.0
    /// SPEC §4.4: never narrower than 30° of longitude.
    static let narrowest = 30.0
    /// A frame wider than half the world is the world.
    static let widest = 180.0
    /// Height to width: no flatter than 2 : 5, no taller than 5 : 8 (a taller map would push
    /// the slide's figures off a phone's screen).
    static let flattest = 0.4, tallest = 0.625
    /// A place this near a pole says nothing of longitude: every meridian meets there.
    static let polar = 89.0
    static let step = 5.0, worldStep = 10.0

    /// The frame of these places (WGS 84 degrees; latitudes outside [−90, 90] are taken at
    /// the pole, longitudes modulo a turn) and of the reader's `countries`: a country that
    /// none of the places lies in (the slide pins only the top places and the extremes, and
    /// names every country) is framed by its land nearest the places' middle, so that every
    /// country the slide names is on its map.
    public init(framing places: [(lat: Double, lon: Double)], countries: [String] = []) {
        let places = places + Self.unpinned(countries, places)
        let lats = places.map { min(max($0.lat, -90), 90) }
        let arc = Self.narrowestArc(places.filter { abs($0.lat) < Self.polar }.map { Self.normalized($0.lon) })
        let south = lats.min() ?? 0, north = lats.max() ?? 0
        let lonMargin = max(arc.span * Self.marginFraction, Self.minimumMargin)
        let latMargin = max((north - south) * Self.marginFraction, Self.minimumMargin)
        // Within 5° of a pole the frame is drawn about it (`MapProjection` says why); reaching
        // both, it is the world.
        let reachesSouthPole = south - latMargin <= -90 + Self.step
        let reachesNorthPole = north + latMargin >= 90 - Self.step
        if arc.span + 2 * lonMargin > Self.widest || (reachesSouthPole && reachesNorthPole) {
            self = Self.world(south: south - latMargin, north: north + latMargin)
        } else if reachesSouthPole || reachesNorthPole {
            self = Self.polar(places, south: reachesSouthPole, meridian: arc.west + arc.span / 2)
        } else {
            self = Self.regional(
                west: arc.west - lonMargin, east: arc.west + arc.span + lonMargin,
                south: south - latMargin, north: north + latMargin)
        }
    }

    /// Where a place lies in the view box. A cylindrical frame's longitudes run on eastwards
    /// from its west edge, past 180° where it crosses the antimeridian.
    public func point(lat: Double, lon: Double) -> (x: Double, y: Double) {
        var lon = Self.normalized(lon)
        if case .cylindrical = projection, lon < west { lon += 360 }
        return view(projection.project(lon: lon, lat: min(max(lat, -90), 90)))
    }

    /// A point of the plane in view units: x east from the left edge, y down from the top.
    func view(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
        ((p.x - minX) * scale + Self.padding, (maxY - p.y) * scale + Self.padding)
    }

    // MARK: Choosing the frame

    private init(
        projection: MapProjection, west: Double, east: Double, south: Double, north: Double,
        box: (minX: Double, maxX: Double, minY: Double, maxY: Double)? = nil
    ) {
        self.projection = projection
        (self.west, self.east, self.south, self.north) = (west, east, south, north)
        switch projection {
        case .polar:
            guard let box else { preconditionFailure("a polar frame is made with its box") }
            (minX, maxX, minY, maxY) = box
        case .cylindrical(_, let xScale):
            (minX, maxX, minY, maxY) = (0, (east - west) * xScale, south, north)
        case .equalEarth:
            // Widest at the latitude nearest the equator.
            let half = MapProjection.equalEarth(lon: 180, lat: min(max(0, south), north)).x
            (minX, maxX) = (-half, half)
            (minY, maxY) = (
                MapProjection.equalEarth(lon: 0, lat: south).y, MapProjection.equalEarth(lon: 0, lat: north).y
            )
        }
        scale = (Double(Self.width) - 2 * Self.padding) / (maxX - minX)
        height = Int(((maxY - minY) * scale + 2 * Self.padding).rounded(.up))
    }

    /// For each of the countries that none of the places lies in, its land nearest the
    /// places' middle.
    static func unpinned(_ countries: [String], _ places: [(lat: Double, lon: Double)]) -> [(lat: Double, lon: Double)]
    {
        let pinned = Set(places.compactMap { CountryLookup.country(lat: $0.lat, lon: $0.lon) })
        let others = countries.filter { !pinned.contains($0) }
        guard !others.isEmpty else { return [] }
        let lats = places.map { min(max($0.lat, -90), 90) }
        let arc = narrowestArc(places.filter { abs($0.lat) < polar }.map { normalized($0.lon) })
        let middle = (lat: ((lats.min() ?? 0) + (lats.max() ?? 0)) / 2, lon: normalized(arc.west + arc.span / 2))
        return others.compactMap { LandRings.shared.nearestLand(of: $0, to: middle) }
    }

    /// The shortest arc of longitude that holds them all: the whole turn less the widest gap
    /// between neighbours, which may be any gap, so a frame can cross the antimeridian (Japan
    /// and California across the Pacific, 98° wide, rather than across Eurasia and the Atlantic).
    /// The gap across the antimeridian wins a tie: the frame then need not cross it.
    static func narrowestArc(_ lons: [Double]) -> (west: Double, span: Double) {
        let sorted = lons.sorted()
        guard let first = sorted.first, let last = sorted.last else { return (0, 0) }
        var widestGap = first + 360 - last, west = first
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > widestGap {
            (widestGap, west) = (b - a, b)
        }
        return (west, 360 - widestGap)
    }

    /// A frame of a region, from the places' box with its margin: at least 30° wide, its edges
    /// widened to whole 5°, grown to the band of proportions; grown wider than half the world,
    /// the world.
    static func regional(west: Double, east: Double, south: Double, north: Double) -> MapFrame {
        var (west, east) = (west, east)
        if east - west < narrowest {
            let middle = (west + east) / 2
            (west, east) = (middle - narrowest / 2, middle + narrowest / 2)
        }
        (west, east) = ((west / step).rounded(.down) * step, (east / step).rounded(.up) * step)
        var south = max(-90, (south / step).rounded(.down) * step)
        var north = min(90, (north / step).rounded(.up) * step)
        let width = (east - west) * xScale(south, north), height = north - south
        if height > tallest * width {
            let grow = ((height / tallest - width) / xScale(south, north) / 2 / step).rounded(.up) * step
            (west, east) = (west - grow, east + grow)
        } else if height < flattest * width {
            let grow = ((flattest * width - height) / 2 / step).rounded(.up) * step
            (south, north) = (south - grow, north + grow)
            if south < -90 { (south, north) = (-90, min(90, north - 90 - south)) }
            if north > 90 { (south, north) = (max(-90, south - (north - 90)), 90) }
        }
        if east - west > widest { return world(south: south, north: north) }
        let turn = ((west + 180) / 360).rounded(.down) * 360
        return MapFrame(
            projection: .cylindrical(west: west - turn, scale: xScale(south, north)),
            west: west - turn, east: east - turn, south: south, north: north)
    }

    /// A frame that reaches a pole, about that pole (`MapProjection.polar`): the box of the
    /// pins and the pole in the plane, with a margin of a tenth each way, at least 30 units
    /// (degrees of arc at the pole) across, in the band of proportions, its edges on whole 5
    /// units; `south` to `north` are the latitudes its corners reach, for the land's culling.
    static func polar(_ places: [(lat: Double, lon: Double)], south: Bool, meridian: Double) -> MapFrame {
        let projection = MapProjection.polar(south: south, meridian: (normalized(meridian) / step).rounded() * step)
        var points = places.map { projection.project(lon: $0.lon, lat: min(max($0.lat, -90), 90)) }
        points.append((x: 0, y: 0))  // the pole
        var minX = points.map(\.x).min()!, maxX = points.map(\.x).max()!
        var minY = points.map(\.y).min()!, maxY = points.map(\.y).max()!
        let margin = max(max(maxX - minX, maxY - minY) * marginFraction, minimumMargin)
        func outwards(_ low: Double, _ high: Double) -> (Double, Double) {
            (((low - margin) / step).rounded(.down) * step, ((high + margin) / step).rounded(.up) * step)
        }
        (minX, maxX) = outwards(minX, maxX)
        (minY, maxY) = outwards(minY, maxY)
        func grown(_ by: Double) -> Double { (by / 2 / step).rounded(.up) * step }
        if maxX - minX < narrowest {
            let grow = grown(narrowest - (maxX - minX))
            (minX, maxX) = (minX - grow, maxX + grow)
        }
        let width = maxX - minX, height = maxY - minY
        if height > tallest * width {
            let grow = grown(height / tallest - width)
            (minX, maxX) = (minX - grow, maxX + grow)
        } else if height < flattest * width {
            let grow = grown(flattest * width - height)
            (minY, maxY) = (minY - grow, maxY + grow)
        }
        // The farthest corner from the pole, in degrees of arc (2 asin(r / 2), r in radians).
        let corner = hypot(max(abs(minX), abs(maxX)), max(abs(minY), abs(maxY))) * .pi / 180
        let reach = min(180, 2 * asin(min(1, corner / 2)) * 180 / .pi)
        return MapFrame(
            projection: projection, west: -180, east: 180, south: south ? -90 : 90 - reach,
            north: south ? -90 + reach : 90, box: (minX, maxX, minY, maxY))
    }

    /// The whole turn of longitude, in Equal Earth, cropped to the places' latitudes: no
    /// Antarctica where no pin is near it.
    static func world(south: Double, north: Double) -> MapFrame {
        var south = max(-90, (south / worldStep).rounded(.down) * worldStep)
        var north = min(90, (north / worldStep).rounded(.up) * worldStep)
        func height() -> Double {
            MapProjection.equalEarth(lon: 0, lat: north).y - MapProjection.equalEarth(lon: 0, lat: south).y
        }
        // Too flat: the north grows first, so that Antarctica stays out while the Arctic will
        // do. Equal Earth's whole height is 0.49 of its width: this ends by 90° each way.
        while height() < flattest * 2 * MapProjection.equalEarthHalfWidth {
            if north < 90 { north += worldStep } else { south -= worldStep }
        }
        return MapFrame(projection: .equalEarth, west: -180, east: 180, south: south, north: north)
    }

    /// The x scale of a cylindrical frame: the cosine of its middle latitude, a half at least.
    static func xScale(_ south: Double, _ north: Double) -> Double {
        max(cos((south + north) / 2 * .pi / 180), MapProjection.smallestScale)
    }

    /// A longitude in [−180, 180).
    static func normalized(_ lon: Double) -> Double {
        guard lon.isFinite else { return 0 }
        let turned = (lon + 180).truncatingRemainder(dividingBy: 360)
        return (turned < 0 ? turned + 360 : turned) - 180
    }
}
