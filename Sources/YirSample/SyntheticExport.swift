import YirCore
import YirStats

/// A deterministic synthetic export for benchmarks and scale tests (`yir sample`): the same
/// parameters give the same bytes on every machine. Distributions are shaped like real reading
/// data — Zipf-like article popularity, heavy-tailed reading times, readers of very different
/// activity — and every record type, escapes, non-ASCII titles and every timestamp form appear.
public struct SyntheticExport {
    public var readers: Int
    public var days: Int
    public var seed: UInt64
    /// Stop once this many bytes are written (nil: all readers).
    public var byteLimit: Int?

    public init(readers: Int, days: Int, seed: UInt64, byteLimit: Int? = nil) {
        self.readers = readers
        self.days = days
        self.seed = seed
        self.byteLimit = byteLimit
    }

    static let zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Asia/Tokyo", "Australia/Adelaide",
                        "America/Sao_Paulo", "Europe/London", "Africa/Lagos", "Asia/Kathmandu", "America/Los_Angeles"]
    static let wikis = ["en.wikipedia.org", "enwiki", "wikipedia~en", "de.wikipedia.org", "dewiki", "fr.wikipedia.org",
                        "ja.wikipedia.org", "wikipedia~es", "hi.wikipedia.org", "en.wiktionary.org"]
    static let stems = ["Moon", "Ada Lovelace", "Photosynthesis", "Berlin", "Dürre", "東京", "भारत", "Frida Kahlo",
                        "Black hole", "Roman Empire", "Jazz", "Octopus", "Käsespätzle", "São Paulo", "Łódź",
                        "Python (programming language)", "\\\"Weird Al\\\" Yankovic", "Caf\\u00e9", "Ω", "Main Page"]
    static let keys = NotificationType.known.map(\.key) + ["app-reading-reminder"]

    /// Calls `write` with blocks of JSON Lines text.
    public func generate(_ write: ([UInt8]) throws -> Void) rethrows {
        var rng = SplitMix64(seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        var written = 0
        let start = CivilDate(year: 2025, month: 1, day: 1).daysSinceEpoch
        let dayCount = max(1, days)
        for r in 0..<readers {
            let user = "reader-\(r)"
            let zone = Self.zones[Int(rng.next() % UInt64(Self.zones.count))]
            // Activity: most readers read a little, a few read a lot.
            let activity = min(0.9, 0.011 * rng.exponential(mean: 1))
            var n = 0
            for day in 0..<dayCount where rng.unit() < activity {
                let session = (start + Int64(day)) * millisecondsPerDay
                    + Int64(rng.next() % 86_400) * 1000
                var t = session
                var total: Int64 = 0
                for _ in 0..<(1 + Int(rng.next() % 4)) {
                    n += 1
                    let seconds = min(Int64(1000 * rng.exponential(mean: 80)), 4_000_000)
                    appendView(&out, user: user, zone: zone, at: t, seconds: seconds, n: n, rng: &rng)
                    t += seconds + 5000
                    total += seconds
                }
                appendLine(&out, #"{"type":"session","id":"s-\#(user)-\#(n)","user":"\#(user)","timestamp":\#(timestamp(session, &rng)),"tz":"\#(zone)","duration_ms":\#(total + 30_000)}"#)
                if rng.unit() < 0.08 {
                    let (wiki, title) = article(&rng)
                    let action = rng.unit() < 0.2 ? "unsave" : "save"
                    let thumb = rng.unit() < 0.5 ? #","thumbnail":"https://upload.wikimedia.org/t/\#(n).jpg""# : ""
                    appendLine(&out, #"{"type":"saved_article","user":"\#(user)","timestamp":\#(timestamp(t, &rng)),"wiki":"\#(wiki)","title":"\#(title)","action":"\#(action)"\#(thumb)}"#)
                }
                if rng.unit() < 0.01 {
                    let key = Self.keys[Int(rng.next() % UInt64(Self.keys.count))]
                    appendLine(&out, #"{"type":"notification_subscription","user":"\#(user)","timestamp":\#(timestamp(t, &rng)),"key":"\#(key)","enabled":\#(rng.unit() < 0.7)}"#)
                }
                if rng.unit() < 0.002 {
                    appendLine(&out, #"{"type":"history_cleared","user":"\#(user)","timestamp":\#(timestamp(t, &rng))}"#)
                }
            }
            if out.count >= 1 << 20 {
                written += out.count
                try write(out)
                out.removeAll(keepingCapacity: true)
                if let byteLimit, written >= byteLimit { return }
            }
        }
        if !out.isEmpty { try write(out) }
    }

    private func appendView(_ out: inout [UInt8], user: String, zone: String, at t: Int64, seconds: Int64, n: Int,
                            rng: inout SplitMix64) {
        let (wiki, title) = article(&rng)
        let namespace = rng.unit() < 0.03 ? #","namespace":1"# : ""
        appendLine(&out, #"{"type":"page_view","id":"v-\#(user)-\#(n)","user":"\#(user)","timestamp":\#(timestamp(t, &rng)),"tz":"\#(zone)","wiki":"\#(wiki)","title":"\#(title)","seconds":\#(decimalText(seconds, scale: 3))\#(namespace)}"#)
    }

    /// Zipf-like popularity: article k is drawn with probability ∝ 1/k over 200 000 articles.
    private func article(_ rng: inout SplitMix64) -> (String, String) {
        let k = Int(pow(200_000.0, rng.unit())) - 1  // log-uniform ≈ Zipf with s = 1
        let stem = Self.stems[k % Self.stems.count]
        let wiki = Self.wikis[(k / Self.stems.count) % Self.wikis.count]
        return (wiki, k < Self.stems.count ? stem : "\(stem) \(k)")
    }

    private func timestamp(_ t: Int64, _ rng: inout SplitMix64) -> String {
        switch rng.next() % 3 {
        case 0: String(t)
        case 1: "\"\(RFC3339.format(t, offsetSeconds: 0))\""
        default: "\"\(RFC3339.format(t, offsetSeconds: 3600))\""
        }
    }

    private func appendLine(_ out: inout [UInt8], _ line: String) {
        out.append(contentsOf: line.utf8)
        out.append(0x0A)
    }
}

/// A small, fast, seedable generator (Steele, Lea & Flood's SplitMix64): deterministic
/// across platforms, unlike `SystemRandomNumberGenerator`.
public struct SplitMix64 {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    mutating func exponential(mean: Double) -> Double { -mean * log(1 - unit()) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
