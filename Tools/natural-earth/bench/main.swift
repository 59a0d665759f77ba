// The lookup's speed: Tools/natural-earth/bench.sh compiles this with Sources/YirPlaces
// (optimised, as in a release build) and runs it.
import Dispatch
import Foundation

/// SplitMix64: the same points on every run.
struct Points: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Large and middling cities on every continent, coasts and borders among them: where the
/// articles readers read about tend to be. Jittered by up to ±0.5° each.
let cities: [(Double, Double)] = [
    (48.86, 2.35), (52.52, 13.40), (51.51, -0.13), (40.42, -3.70), (41.90, 12.50), (59.91, 10.75),
    (55.68, 12.57), (60.17, 24.94), (52.23, 21.01), (50.08, 14.44), (47.50, 19.04), (44.43, 26.10),
    (37.98, 23.73), (41.01, 28.98), (55.76, 37.62), (50.45, 30.52), (38.72, -9.14), (53.35, -6.26),
    (64.15, -21.94), (30.04, 31.24), (6.52, 3.38), (-1.29, 36.82), (-26.20, 28.05), (-33.92, 18.42),
    (33.57, -7.59), (9.03, 38.74), (35.69, 139.69), (37.57, 126.98), (39.90, 116.41), (31.23, 121.47),
    (22.32, 114.17), (1.35, 103.82), (13.76, 100.50), (28.61, 77.21), (19.08, 72.88), (24.86, 67.01),
    (35.69, 51.39), (25.20, 55.27), (-6.21, 106.85), (14.60, 120.98), (-33.87, 151.21), (-37.81, 144.96),
    (-36.85, 174.76), (40.71, -74.01), (34.05, -118.24), (41.88, -87.63), (43.65, -79.38), (19.43, -99.13),
    (49.28, -123.12), (-23.55, -46.63), (-34.60, -58.38), (-12.05, -77.04), (4.71, -74.07), (-33.45, -70.67),
    (21.31, -157.86), (61.22, -149.90), (-17.71, 178.07), (64.18, -51.72), (78.22, 15.65), (-77.85, 166.67),
]

/// This thread's CPU time: on a machine shared with other builds, wall time measures them too.
func cpuNanoseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}

/// The best of five passes, CPU time and wall time a lookup.
func measure(_ name: String, _ points: [(Double, Double)]) {
    var found = 0, cpu = Double.infinity, wall = Double.infinity
    for _ in 0..<5 {
        found = 0
        let start = DispatchTime.now().uptimeNanoseconds, startCPU = cpuNanoseconds()
        for (lat, lon) in points where CountryLookup.country(lat: lat, lon: lon) != nil { found += 1 }
        cpu = min(cpu, (cpuNanoseconds() - startCPU) / Double(points.count))
        wall = min(wall, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(points.count))
    }
    print(
        "\(name): \(points.count) places, \(found) in a country; \(String(format: "%.0f", cpu)) ns CPU, "
            + "\(String(format: "%.0f", wall)) ns wall a lookup (best of 5)")
}

var random = Points(state: 2025)
let count = 1_000_000
var start = DispatchTime.now().uptimeNanoseconds
CountryLookup.prepare()
print("decoding the index: \(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) ms")
let uniform = (0..<count).map { _ in
    (Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random))
}
let nearCities = (0..<count).map { _ -> (Double, Double) in
    let (lat, lon) = cities[Int.random(in: 0..<cities.count, using: &random)]
    return (lat + Double.random(in: -0.5...0.5, using: &random), lon + Double.random(in: -0.5...0.5, using: &random))
}
measure("uniform over the globe's rectangle", uniform)
measure("within 0.5° of 60 cities", nearCities)
measure("half each, shuffled", (uniform.prefix(count / 2) + nearCities.prefix(count / 2)).shuffled(using: &random))
