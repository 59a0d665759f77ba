import Crypto

/// The file names of the reader decks (SPEC §4.4, §4.5). A deck is a year of someone's reading,
/// and `readers/` is what gets published: so a name must not be computable from the user id
/// (user names are public, install ids often sequential) and must not show it. It is the
/// HMAC-SHA-256, under the run's link key, of the report year as four ASCII digits, a 0 byte and
/// the user id in UTF-8 (`2025\0ana`), cut to 128 bits and written in lowercase base32: 26
/// characters of `a–z2–7`, safe on every file system and in every URL, the same for the same key
/// and year on every run, on every machine and in `render`, and unrelated from one key — or one
/// year — to the next, so that last year's link tells nothing of this year's deck.
public struct DeckNames: Sendable {
    /// The folder of the decks, inside the output folder.
    public static let folder = "readers"

    /// File names (`….html`) in the order of the users they were made for.
    public let files: [String]

    /// Two users whose names coincide: with 128 bits it does not happen, and if it did, a suffix
    /// would make one reader's link depend on who else is in the export — so it is an error.
    public struct Collision: Error, CustomStringConvertible {
        public var name: String
        public var description: String {
            "two readers' decks would both be named \(name): use another link key"
        }
    }

    /// The names of `users`' decks of `year`, the report year every one of them is about
    /// (`--year`, else the as-of instant's year in the readers' zones: one for the whole folder).
    public init(users: [String], year: Int, key: LinkKey) throws(Collision) {
        // The key and the year are the same for every user: hashed once, the state copied per user.
        var keyed = HMAC<SHA256>(key: SymmetricKey(data: key.bytes))
        keyed.update(data: Self.message(year: year))
        var files: [String] = []
        files.reserveCapacity(users.count)
        var taken = Set<String>(minimumCapacity: users.count)
        for user in users {
            let name = Self.name(for: user, after: keyed)
            guard taken.insert(name).inserted else { throw Collision(name: name) }
            files.append(name)
        }
        self.files = files
    }

    /// The deck's path relative to the output folder, as `slides` carries it.
    public func slides(at index: Int) -> String { Self.folder + "/" + files[index] }

    /// What precedes the user id in the message: the year as four ASCII digits, then 0x00.
    /// yir's years are 1970–2099 (SPEC §1.2): always four digits, so the message is one year and
    /// one id however the id begins.
    static func message(year: Int) -> [UInt8] {
        precondition((1000...9999).contains(year), "a report year of four digits")
        return Array(String(year).utf8) + [0]
    }

    /// The name of `user`'s deck, from the HMAC that has taken the key and the year.
    static func name(for user: String, after keyed: HMAC<SHA256>) -> String {
        var hmac = keyed
        hmac.update(data: Array(user.utf8))
        return Base32.lowercase(Array(hmac.finalize().prefix(16))) + ".html"
    }
}

/// RFC 4648 base32 in lowercase, without padding.
enum Base32 {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    static func lowercase(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
            }
        }
        if bits > 0 { out.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
