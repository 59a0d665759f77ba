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

    static let zones = [
        "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Asia/Tokyo", "Australia/Adelaide",
        "America/Sao_Paulo", "Europe/London", "Africa/Lagos", "Asia/Kathmandu", "America/Los_Angeles",
    ]
    static let wikis = [
        "en.wikipedia.org", "enwiki", "wikipedia~en", "de.wikipedia.org", "dewiki", "fr.wikipedia.org",
        "ja.wikipedia.org", "wikipedia~es", "hi.wikipedia.org", "en.wiktionary.org",
    ]
    static let stems = [
        "Moon", "Ada Lovelace", "Photosynthesis", "Berlin", "Dürre", "東京", "भारत", "Frida Kahlo",
        "Black hole", "Roman Empire", "Jazz", "Octopus", "Käsespätzle", "São Paulo", "Łódź",
        "Python (programming language)", "\\\"Weird Al\\\" Yankovic", "Caf\\u00e9", "Ω", "Main Page",
    ]
    static let keys = NotificationType.known.map(\.key) + ["app-reading-reminder"]

    /// What each stem's articles are about and where (SPEC §1.2 v3), as the apps record it:
    /// categories, `articletopic` labels, the place (nil: an article about no place) and
    /// whether it has a lead image. An article's numbered variants share its stem's subjects,
    /// their places a little apart.
    static let attributes: [(categories: [String], topics: [String], place: (lat: Double, lon: Double)?, image: Bool)] =
        [
            (["Moon", "Natural satellites", "Solar System"], ["STEM.Space"], nil, true),
            (
                ["1815 births", "English mathematicians", "Women computer scientists"],
                ["Culture.Biography.Biography*", "Culture.Biography.Women", "STEM.Computing"], (51.5072, -0.1276), true
            ),
            (["Photosynthesis", "Plant physiology"], ["STEM.Biology"], nil, true),
            (
                ["Capitals in Europe", "Cities in Germany"],
                ["Geography.Regions.Europe.Western_Europe", "Geography.Geographical"], (52.52, 13.405), true
            ),
            (["Droughts", "Climate"], ["STEM.Earth_and_environment"], nil, false),
            (
                ["Capitals in Asia", "Cities in Japan"],
                ["Geography.Regions.Asia.East_Asia", "Geography.Geographical"], (35.6895, 139.6917), true
            ),
            (
                ["Countries in Asia", "Member states of the United Nations"], ["Geography.Regions.Asia.South_Asia"],
                (21.0, 78.0), true
            ),
            (
                ["1907 births", "Mexican painters", "Women artists"],
                [
                    "Culture.Biography.Biography*", "Culture.Visual_arts.Visual_arts*",
                    "Geography.Regions.Americas.Central_America",
                ], (19.355, -99.1627), true
            ),
            (["Black holes", "Astrophysics"], ["STEM.Space", "STEM.Physics"], nil, true),
            (
                ["Roman Empire", "Former empires"],
                ["History_and_Society.History", "Geography.Regions.Europe.Southern_Europe"], (41.8933, 12.4829), true
            ),
            (["Jazz", "American music"], ["Culture.Media.Music"], nil, true),
            (["Octopuses", "Cephalopods"], ["STEM.Biology"], nil, true),
            (["Swabian cuisine", "Pasta dishes"], ["Culture.Food_and_drink"], nil, false),
            (
                ["Cities in Brazil", "Populated places established in 1554"],
                ["Geography.Regions.Americas.South_America"], (-23.5505, -46.6333), true
            ),
            (["Cities in Poland"], ["Geography.Regions.Europe.Eastern_Europe"], (51.7592, 19.456), true),
            (["Programming languages"], ["STEM.Computing"], nil, false),
            (
                ["American parodists", "1959 births"], ["Culture.Biography.Biography*", "Culture.Media.Music"], nil,
                true
            ),
            (["Coffeehouses", "Restaurants by type"], ["Culture.Food_and_drink"], nil, false),
            (["Greek letters"], ["Culture.Linguistics"], nil, false),
            ([], [], nil, false),
        ]

    /// Calls `write` with blocks of JSON Lines text.
    public func generate(_ write: ([UInt8]) throws -> Void) rethrows {
        var rng = SplitMix64(seed: seed)
        // Edits draw from a generator of their own: the other records stay what they were.
        var edits = SplitMix64(seed: seed ^ 0xED17_ED17_ED17_ED17)
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
                let session =
                    (start + Int64(day)) * millisecondsPerDay
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
                appendLine(
                    &out,
                    #"{"type":"session","id":"s-\#(user)-\#(n)","user":"\#(user)","timestamp":\#(timestamp(session, &rng)),"tz":"\#(zone)","duration_ms":\#(total + 30_000)}"#
                )
                if rng.unit() < 0.08 {
                    let (wiki, title, _) = article(&rng)
                    let action = rng.unit() < 0.2 ? "unsave" : "save"
                    let thumb = rng.unit() < 0.5 ? #","thumbnail":"https://upload.wikimedia.org/t/\#(n).jpg""# : ""
                    appendLine(
                        &out,
                        #"{"type":"saved_article","user":"\#(user)","timestamp":\#(timestamp(t, &rng)),"wiki":"\#(wiki)","title":"\#(title)","action":"\#(action)"\#(thumb)}"#
                    )
                }
                if rng.unit() < 0.01 {
                    let key = Self.keys[Int(rng.next() % UInt64(Self.keys.count))]
                    appendLine(
                        &out,
                        #"{"type":"notification_subscription","user":"\#(user)","timestamp":\#(timestamp(t, &rng)),"key":"\#(key)","enabled":\#(rng.unit() < 0.7)}"#
                    )
                }
                if edits.unit() < 0.02 {
                    let (wiki, title, _) = article(&edits)
                    let namespace = edits.unit() < 0.3 ? #","namespace":1"# : ""
                    appendLine(
                        &out,
                        #"{"type":"edit","user":"\#(user)","timestamp":\#(timestamp(t, &edits)),"wiki":"\#(wiki)","title":"\#(title)"\#(namespace)}"#
                    )
                }
                if rng.unit() < 0.002 {
                    appendLine(
                        &out, #"{"type":"history_cleared","user":"\#(user)","timestamp":\#(timestamp(t, &rng))}"#)
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

    private func appendView(
        _ out: inout [UInt8], user: String, zone: String, at t: Int64, seconds: Int64, n: Int,
        rng: inout SplitMix64
    ) {
        let (wiki, title, k) = article(&rng)
        let namespace = rng.unit() < 0.03 ? #","namespace":1"# : ""
        appendLine(
            &out,
            #"{"type":"page_view","id":"v-\#(user)-\#(n)","user":"\#(user)","timestamp":\#(timestamp(t, &rng)),"tz":"\#(zone)","wiki":"\#(wiki)","title":"\#(title)","seconds":\#(decimalText(seconds, scale: 3))\#(namespace)\#(Self.attributeFields(k))}"#
        )
    }

    /// The article's attribute fields as a page view carries them, from its number alone.
    static func attributeFields(_ k: Int) -> String {
        let a = attributes[k % stems.count]
        guard !a.categories.isEmpty else { return "" }
        func list(_ names: [String]) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
        var fields = #","categories":\#(list(a.categories)),"topics":\#(list(a.topics))"#
        if let place = a.place {
            // Variants a few kilometres apart (inland: no further than a coast is from the
            // centres above), the same for every view of the article.
            let spread = Double((k / stems.count) % 9 - 4) / 100
            let lat = decimalText(Int64(((place.lat + spread) * 10_000).rounded()), scale: 4)
            let lon = decimalText(Int64(((place.lon - spread) * 10_000).rounded()), scale: 4)
            fields += #","coordinates":{"lat":\#(lat),"lon":\#(lon)}"#
        }
        if a.image {
            fields +=
                #","thumbnail":"https://upload.wikimedia.org/wikipedia/commons/thumb/\#(k % stems.count)/\#(k).jpg/320px-\#(k).jpg""#
        }
        return fields
    }

    /// Zipf-like popularity: article k is drawn with probability ∝ 1/k over 200 000 articles.
    private func article(_ rng: inout SplitMix64) -> (String, String, Int) {
        let k = Int(pow(200_000.0, rng.unit())) - 1  // log-uniform ≈ Zipf with s = 1
        let stem = Self.stems[k % Self.stems.count]
        let wiki = Self.wikis[(k / Self.stems.count) % Self.wikis.count]
        return (wiki, k < Self.stems.count ? stem : "\(stem) \(k)", k)
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
