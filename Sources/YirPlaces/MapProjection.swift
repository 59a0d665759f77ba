import Foundation

/// How the places map turns longitude and latitude into a plane: x east, y north, in units
/// about a degree at the equator (the view box scales them).
///
/// A regional frame is drawn equidistant cylindrical: longitude scaled by the cosine of the
/// frame's middle latitude, latitude as it is. Over a few tens of degrees that keeps shapes
/// near their true proportions (Scandinavia is not stretched twice its width, as a plain
/// equirectangular map at 60° N would draw it), a pin is plain arithmetic, and Natural Earth's
/// rings, cut at the antimeridian, need no cutting of their own: a frame across the Pacific
/// shifts the western rings a turn east. Past 60° the scale stays at a half.
///
/// A regional frame that reaches a pole is drawn Lambert azimuthal equal-area about that pole:
/// a cylinder would stretch the pole into the frame's whole edge and Antarctica into a band;
/// here the pole is a point, the land around it keeps its shape and area, and the places'
/// middle meridian points from the pole towards the equator, up (from the South Pole) or down
/// (from the North Pole), so that north stays up where the places are.
///
/// The whole world is drawn in Equal Earth (Šavrič, Patterson and Jenny, 2018): areas true, so
/// Antarctica is the continent it is, not the band along the bottom that the equirectangular
/// world made of it, and the poles are lines a little over half the equator's length, so a pin
/// at a pole sits on the map. Its meridians curve, which a world map bears well.
enum MapProjection: Hashable, Sendable {
    /// Equidistant cylindrical from `west` (degrees, the frame's west edge), x scaled by `scale`.
    case cylindrical(west: Double, scale: Double)
    /// Equal Earth on the Greenwich meridian, where Natural Earth cuts nothing.
    case equalEarth
    /// Lambert azimuthal equal-area about the South Pole (`south`) or the North Pole, with
    /// `meridian` pointing from the pole to the equator.
    case polar(south: Bool, meridian: Double)

    /// The smallest x scale of a cylindrical frame: the cosine of 60°.
    static let smallestScale = 0.5

    /// The place's plane coordinates. A cylindrical frame's longitudes run on from its west
    /// edge without wrapping: the caller shifts a longitude by a turn where the frame's east
    /// edge lies past 180° (a ring whole, so that it is never torn).
    func project(lon: Double, lat: Double) -> (x: Double, y: Double) {
        switch self {
        case .cylindrical(let west, let scale):
            return ((lon - west) * scale, lat)
        case .equalEarth:
            return Self.equalEarth(lon: lon, lat: lat)
        case .polar(let south, let meridian):
            // The distance from the pole in degrees of arc, made equal-area: 2 sin(c / 2).
            let fromPole = (south ? 90 + lat : 90 - lat) * .pi / 180
            let radius = 2 * sin(fromPole / 2) * 180 / .pi
            let turn = (lon - meridian) * .pi / 180
            return (radius * sin(turn), south ? radius * cos(turn) : -radius * cos(turn))
        }
    }

    /// Equal Earth's formulas, in degrees rather than radians so that both projections share
    /// a scale.
    static func equalEarth(lon: Double, lat: Double) -> (x: Double, y: Double) {
        let a1 = 1.340264, a2 = -0.081106, a3 = 0.000893, a4 = 0.003796
        let theta = asin(3.0.squareRoot() / 2 * sin(lat * .pi / 180))
        let t2 = theta * theta, t6 = t2 * t2 * t2
        let x =
            2 * 3.0.squareRoot() * (lon * .pi / 180) * cos(theta)
            / (3 * (9 * a4 * t6 * t2 + 7 * a3 * t6 + 3 * a2 * t2 + a1))
        let y = theta * (a4 * t6 * t2 + a3 * t6 + a2 * t2 + a1)
        return (x * 180 / .pi, y * 180 / .pi)
    }

    /// Equal Earth's half width at the equator, in the same units.
    static let equalEarthHalfWidth = equalEarth(lon: 180, lat: 0).x
}
