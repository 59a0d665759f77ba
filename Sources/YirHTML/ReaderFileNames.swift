/// SPEC §4.4: reader file names come from the user id but can never leave the output folder or
/// collide. A name is an ASCII slug of the id (lowercase letters and digits, other runs as one
/// `-`, at most 40 characters) plus 16 hex digits of a 64-bit FNV-1a hash of the whole id, so
/// `../../etc/passwd`, `CON`, `Ana`/`ana`, 300-character and non-Latin ids all give short, safe,
/// distinct, lowercase names (`etc-passwd-…`, `con-…`). Two ids whose names still coincide —
/// a hash collision — are told apart by `-2`, `-3` in user order, so the names of a run are
/// always distinct, also on case-insensitive file systems.
public enum ReaderFileNames {
    /// File names (with `.html`) for users given in report order.
    public static func names(for users: [String]) -> [String] {
        var taken = Set<String>()
        var names: [String] = []
        names.reserveCapacity(users.count)
        for user in users {
            let base = stem(of: user)
            var name = base + ".html"
            var suffix = 2
            while !taken.insert(name).inserted {
                name = "\(base)-\(suffix).html"
                suffix += 1
            }
            names.append(name)
        }
        return names
    }

    static func stem(of user: String) -> String {
        var slug = ""
        var pendingDash = false
        for byte in user.utf8 {
            let lower = (byte >= 65 && byte <= 90) ? byte + 32 : byte
            let isAlphanumeric = (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57)
            if isAlphanumeric {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                guard slug.utf8.count < 40 else { break }
                slug.append(Character(Unicode.Scalar(lower)))
            } else {
                pendingDash = true
            }
        }
        if slug.isEmpty { slug = "reader" }
        let hash = fnv1a(user)
        let hex = String(hash, radix: 16)
        return slug + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// FNV-1a, 64 bits: stable across versions and platforms, so links to slides keep working.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
