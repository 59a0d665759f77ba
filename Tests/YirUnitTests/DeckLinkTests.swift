import Foundation
import Testing
import YirTestSupport
@testable import YirReport

/// SPEC §4.4's private decks: keyed names no one can compute from a user id, new each year
/// (§4.5), and where the link key lives.
@Suite struct DeckLinkTests {
    func key(_ seed: UInt8) -> LinkKey {
        LinkKey(path: "test", bytes: (0..<32).map { UInt8(truncatingIfNeeded: Int($0) * 7 + Int(seed)) })
    }

    func names(_ users: [String], _ key: LinkKey, year: Int = 2025) throws -> [String] {
        try DeckNames(users: users, year: year, key: key).files
    }

    @Test func theSameKeyGivesTheSameNamesOnEveryRun() throws {
        let users = ["ana", "bo", "日本語", ""]
        let first = try names(users, key(1))
        #expect(first == (try names(users, key(1))))
        for name in first { #expect(name.wholeMatch(of: /[a-z2-7]{26}\.html/) != nil, "\(name)") }
        // A reader's name does not depend on who else is in the export.
        #expect(try names(["bo"], key(1)) == [first[1]])
    }

    @Test func twoKeysGiveDisjointNames() throws {
        let users = (0..<2_000).map { "reader-\($0)" }
        #expect(Set(try names(users, key(1))).isDisjoint(with: try names(users, key(2))))
    }

    @Test func aNameNeverShowsTheUserIDOrAnyFourCharactersOfIt() throws {
        let users = [
            "ana", "alice@example.org", "reader-0001", "Bob Smith", "install-5f3a9c2e", "aaaa", "2345",
            String(repeating: "abcdefghij", count: 25),
        ]
        for (user, name) in zip(users, try names(users, key(3))) {
            let slug = String(
                user.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }.map(
                    Character.init))
            #expect(!name.contains(user.lowercased()))
            for start in slug.indices.dropLast(3) {
                let run = slug[start...].prefix(4)
                #expect(!name.contains(run), "\(name) holds '\(run)' of \(user)")
            }
        }
    }

    @Test func aHundredThousandReadersGetAHundredThousandNames() throws {
        let users = (0..<100_000).map { "user\($0)" }
        #expect(Set(try names(users, key(4))).count == 100_000)
    }

    @Test func aCollisionIsAnErrorNotASuffix() {
        #expect(throws: DeckNames.Collision.self) { try DeckNames(users: ["ana", "ana"], year: 2025, key: key(5)) }
    }

    /// SPEC §4.5 (v4): the name is keyed on the year too, so last year's link tells nothing of
    /// this year's deck — for every reader, under the same key.
    @Test func eachYearGivesEveryReaderANewName() throws {
        let users = (0..<2_000).map { "reader-\($0)" }
        let thisYear = try names(users, key(7), year: 2025)
        #expect(thisYear == (try names(users, key(7), year: 2025)))
        #expect(Set(thisYear).isDisjoint(with: try names(users, key(7), year: 2024)))
        #expect(Set(thisYear).isDisjoint(with: try names(users, key(7), year: 2026)))
    }

    /// An independent implementation: Python's `hmac` and `base64`, over the year's four
    /// digits, a 0 byte and the user id (`b"2025\0ana"`).
    @Test(.needs(.testPython)) func namesAreHMACSHA256OfYearAndUserInLowercaseBase32AsPythonComputesThem() throws {
        let users = ["ana", "lucía", "مريم", "日本語", "👩‍💻", String(repeating: "x", count: 256), "a\u{0}b"]
        let script = """
            import base64, hashlib, hmac, json, sys
            key, year = bytes(json.loads(sys.argv[1])), sys.argv[2]
            for user in json.loads(sys.stdin.read()):
                code = hmac.new(key, year.encode("ascii") + b"\\0" + user.encode("utf-8"), hashlib.sha256).digest()[:16]
                print(base64.b32encode(code).decode().lower().rstrip("=") + ".html")
            """
        let key = key(6)
        for year in [1970, 2025, 2099] {
            let r = try runProgram(
                URL(fileURLWithPath: Tools.python), ["-c", script, "\(key.bytes)", "\(year)"],
                stdin: try JSONSerialization.data(withJSONObject: users))
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdoutText.split(separator: "\n").map(String.init) == (try names(users, key, year: year)))
        }
    }

    @Test func theDefaultKeyLivesInTheXDGStateFolder() {
        #expect(LinkKey.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/yir/link-key")
        #expect(
            LinkKey.defaultPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])
                == "/h/.local/state/yir/link-key")
        #expect(LinkKey.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/state/yir/link-key")
        #expect(LinkKey.defaultPath(environment: [:]) == nil)
    }
}
