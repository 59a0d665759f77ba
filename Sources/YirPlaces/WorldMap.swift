/// The world map of the places slide (SPEC §4.4): Natural Earth's countries, simplified hard
/// enough to be drawn inline (about 4.7 KB of SVG path data for the whole world), in an
/// equirectangular projection on a 720 × 360 view box — longitude and latitude scaled alike,
/// 2 units a degree, north up.
///
/// Equirectangular because a pin is then plain arithmetic that cannot disagree with the
/// shapes, every latitude has a place (the poles included: no projection singularity, unlike
/// Mercator), and Natural Earth's polygons, already cut at the antimeridian, stay whole: no
/// country straddles the map's edge. The price is stretched high latitudes, which a slide of
/// pins does not mind.
public enum WorldMap {
    /// The SVG `viewBox` the paths and `point(lat:lon:)` are drawn in.
    public static let width = 720
    public static let height = 360

    /// "0 0 720 360", for the `viewBox` attribute.
    public static var viewBox: String { "0 0 \(width) \(height)" }

    /// Where a place (WGS 84 degrees) lies on the map: x from 0 (180° W) to 720 (180° E),
    /// y from 0 (90° N) to 360 (90° S). Coordinates out of range are clamped to the map's edge.
    public static func point(lat: Double, lon: Double) -> (x: Double, y: Double) {
        let lon = min(max(lon, -180), 180), lat = min(max(lat, -90), 90)
        return ((lon + 180) * Double(width) / 360, (90 - lat) * Double(height) / 180)
    }
}

/// One country's outline on the world map.
public struct CountryShape: Sendable, Hashable {
    /// The code `CountryLookup.country(lat:lon:)` returns for places in it.
    public let country: String
    /// SVG path data in `WorldMap`'s view box: one closed subpath per island large enough to
    /// see; lakes and enclaves are not cut out (an enclave comes later in
    /// `WorldMap.countries`, so it is drawn over its surroundings).
    public let pathData: String
}
