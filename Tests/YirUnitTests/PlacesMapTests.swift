import Foundation
import Testing

@testable import YirPlaces

/// SPEC §4.4 (v4): the places slide's map frames the reader's places, drawn from Natural
/// Earth's 1:10m countries, simplified for the frame.
@Suite struct PlacesMapTests {
    static let paris = (lat: 48.8566, lon: 2.3522), berlin = (lat: 52.52, lon: 13.405)
    static let tokyo = (lat: 35.6895, lon: 139.6917), sanFrancisco = (lat: 37.7749, lon: -122.4194)
    static let london = (lat: 51.5072, lon: -0.1276), saoPaulo = (lat: -23.5505, lon: -46.6333)
    static let southPole = (lat: -90.0, lon: 0.0), capeTown = (lat: -33.9249, lon: 18.4241)

    /// Every pin lies inside the view box, its whole circle and outline too.
    func expectInside(_ frame: MapFrame, _ places: [(lat: Double, lon: Double)]) {
        for place in places {
            let p = frame.point(lat: place.lat, lon: place.lon)
            let r = 9 + 1.5
            #expect(
                p.x - r >= 0 && p.x + r <= Double(MapFrame.width) && p.y - r >= 0 && p.y + r <= Double(frame.height),
                "\(place) at \(p) in \(frame.viewBox)")
        }
    }

    @Test func aFrameHoldsEveryPinWithAMargin() {
        let frame = MapFrame(framing: [Self.paris, Self.berlin])
        expectInside(frame, [Self.paris, Self.berlin])
        #expect(frame.west <= Self.paris.lon - 2 && frame.east >= Self.berlin.lon + 2)
        #expect(frame.south <= Self.paris.lat - 2 && frame.north >= Self.berlin.lat + 2)
        #expect(frame.east - frame.west <= 40 && frame.north - frame.south <= 30, "Europe's, not the world's")
    }

    @Test func aFrameIsNeverNarrowerThan30DegreesOfLongitude() {
        let frame = MapFrame(framing: [Self.paris, (lat: 48.8049, lon: 2.1204)])  // Versailles
        #expect(frame.east - frame.west >= 30)
        #expect(frame.west < 2.1204 && frame.east > 2.3522)
    }

    @Test func placesThatSpanTheWorldGetTheWholeWorld() {
        let places = [Self.tokyo, Self.london, Self.saoPaulo, (lat: 19.4326, lon: -99.1332)]
        let frame = MapFrame(framing: places)
        #expect(frame.projection == .equalEarth && frame.west == -180 && frame.east == 180)
        expectInside(frame, places)
    }

    /// A world frame is Equal Earth, cropped to the places' latitudes: no band of Antarctica
    /// along the bottom when no pin is near it.
    @Test func antarcticaIsLeftOutWhenNoPinIsNearIt() {
        let world = PlacesMap.draw(MapFrame(framing: [Self.tokyo, Self.london, Self.saoPaulo, Self.sanFrancisco]))
        #expect(world.frame.south > -70)
        #expect(world.countries["AQ"] == nil && world.countries["BR"] != nil)
    }

    @Test func aPlaceAtAPoleIsDrawnInsideTheFrame() {
        expectInside(MapFrame(framing: [Self.southPole, Self.capeTown]), [Self.southPole, Self.capeTown])
        let north = (lat: 90.0, lon: 0.0)
        // The pole's meridian is no part of Japan's frame: the pin is drawn on its top edge.
        expectInside(MapFrame(framing: [north, Self.tokyo]), [north, Self.tokyo])
        let world = [Self.southPole, north, Self.tokyo, Self.london, Self.sanFrancisco]
        expectInside(MapFrame(framing: world), world)
    }

    /// A frame that reaches a pole is drawn about it, where the pole is a point and the land
    /// around it keeps its shape, not stretched along the frame's edge.
    @Test func aFrameThatReachesAPoleIsDrawnAboutThatPole() throws {
        let frame = MapFrame(framing: [Self.southPole, (lat: -77.846, lon: 166.676)])  // McMurdo
        guard case .polar(let south, _) = frame.projection else {
            Issue.record("\(frame.projection)")
            return
        }
        #expect(south)
        let pole = frame.point(lat: -90, lon: 0), elsewhere = frame.point(lat: -90, lon: 120)
        #expect(abs(pole.x - elsewhere.x) < 1e-9 && abs(pole.y - elsewhere.y) < 1e-9, "the pole is one point")
        #expect(PlacesMap.draw(frame).countries["AQ"] != nil)
    }

    /// Japan and California across the Pacific (98° of longitude) rather than across Eurasia
    /// and the Atlantic (262°): Tokyo is drawn west of San Francisco.
    @Test func aFrameAcrossTheAntimeridianIsChosenWhenSmaller() {
        let frame = MapFrame(framing: [Self.tokyo, Self.sanFrancisco])
        #expect(frame.projection != .equalEarth)
        #expect(frame.west < Self.tokyo.lon && frame.east > 180 && frame.east - frame.west < 150)
        expectInside(frame, [Self.tokyo, Self.sanFrancisco])
        #expect(frame.point(lat: Self.tokyo.lat, lon: Self.tokyo.lon).x < frame.point(lat: 37.77, lon: -122.42).x)
        let land = PlacesMap.draw(frame)
        #expect(land.countries["JP"] != nil && land.countries["US"] != nil)
    }

    /// The slide names every country of the reader's places but pins only the top places and
    /// the extremes: a country without a pin is framed by its land nearest the pins.
    @Test func aVisitedCountryWithoutAPinIsInTheFrame() throws {
        let pins = [Self.paris, Self.berlin]
        let japan = MapFrame.unpinned(["DE", "FR", "JP"], pins)
        #expect(japan.count == 1)
        #expect(CountryLookup.country(lat: try #require(japan.first).lat, lon: try #require(japan.first).lon) == "JP")
        let frame = MapFrame(framing: pins, countries: ["DE", "FR", "JP"])
        expectInside(frame, pins + japan)
        #expect(MapFrame(framing: pins, countries: ["DE", "FR"]) == MapFrame(framing: pins))
    }

    /// Readers whose places lie near each other share a frame, so its land is drawn once.
    @Test func nearbyPlacesShareAFrame() {
        #expect(MapFrame(framing: [Self.paris, Self.berlin]) == MapFrame(framing: [Self.paris, (48.1351, 11.582)]))
    }

    /// The framed land weighs what the whole world drawn at 2.6° weighed: the deck's budget.
    @Test func theLandOfEveryFrameStaysWithinTheBudget() {
        let frames: [[(lat: Double, lon: Double)]] = [
            [Self.paris, Self.berlin], [(59.33, 18.07), (37.98, 23.73), (64.15, -21.94)],
            [Self.tokyo, (37.57, 126.98), (39.90, 116.40)], [Self.tokyo, Self.sanFrancisco],
            [Self.southPole, Self.capeTown], [Self.tokyo, Self.london, Self.saoPaulo, Self.sanFrancisco],
            [(1.35, 103.82), (-6.21, 106.85), (14.60, 120.98)],
        ]
        for places in frames {
            let land = PlacesMap.draw(MapFrame(framing: places)).land
            #expect(land.utf8.count <= PlacesMap.budget, "\(places): \(land.utf8.count) bytes")
            #expect(land.utf8.count >= 500, "\(places): land is drawn")
        }
    }

    /// Pins and land share one projection: Paris's pin lies in France's outline, and every
    /// country's outline stays in the view box.
    @Test func theMapAndItsPinsAgree() throws {
        let map = PlacesMap.draw(MapFrame(framing: [Self.paris, Self.berlin]))
        let paris = map.frame.point(lat: Self.paris.lat, lon: Self.paris.lon)
        let france = try #require(map.countries["FR"])
        let box = Self.bounds(france)
        #expect(Double(box.minX) <= paris.x && paris.x <= Double(box.maxX))
        #expect(Double(box.minY) <= paris.y && paris.y <= Double(box.maxY))
        #expect(Set(map.countries.keys).isSubset(of: Set(CountryLookup.countries)))
        for (country, path) in map.countries {
            let b = Self.bounds(path)
            #expect(b.minX >= -1 && b.maxX <= 721 && b.minY >= -1 && b.maxY <= map.frame.height + 1, "\(country)")
        }
    }

    /// Islands too small to see at the frame's scale are left out: Malta at the world's.
    @Test func islandsTooSmallToSeeAreLeftOut() {
        let world = PlacesMap.draw(MapFrame(framing: [Self.tokyo, Self.london, Self.saoPaulo]))
        #expect(world.countries["MT"] == nil && world.countries["IT"] != nil)
    }

    /// The bounding box of path data made of `M x y`, relative `l` runs and `z`.
    static func bounds(_ path: String) -> (minX: Int, maxX: Int, minY: Int, maxY: Int) {
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        let scanner = Scanner(string: path)
        scanner.charactersToBeSkipped = CharacterSet(charactersIn: " ")
        var x = 0, y = 0
        while !scanner.isAtEnd {
            if scanner.scanString("M") != nil, let mx = scanner.scanInt(), let my = scanner.scanInt() {
                (x, y) = (mx, my)
            } else if scanner.scanString("l") != nil || scanner.scanString("z") != nil {
                continue
            } else if let dx = scanner.scanInt(), let dy = scanner.scanInt() {
                x += dx
                y += dy
            } else {
                break
            }
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        return (minX, maxX, minY, maxY)
    }
}
