import Foundation
import Testing
import YirTestSupport

/// Which language each reader's slides are in (SPEC §2.1) and what the outputs say of it.
@Suite(.needs(.yir)) struct ReaderLanguageEndToEndTests {
    /// `--locale auto` on an export of readers of German, Arabic, Japanese and an unknown
    /// language: each deck in its reader's language and direction, the unknown one in English
    /// labelled `en` with one warning, and `locale` in every reader output.
    @Test func eachReaderGetsSlidesInTheirLanguage() throws {
        let cli = YirCommand()
        let lines = [
            view("2025-03-01T10:00:00Z", user: "anna", extra: #","locale":"de-AT""#),
            view("2025-03-01T10:00:00Z", title: "القاهرة", wiki: "ar.wikipedia.org", user: "مريم"),
            view("2025-03-01T10:00:00Z", title: "東京", wiki: "ja.wikipedia.org", user: "hana"),
            view("2025-03-01T10:00:00Z", user: "ola", extra: #","locale":"tlh""#),
            view("2025-03-02T10:00:00Z", user: "olu", extra: #","locale":"tlh-Latn""#),
        ]
        let out = scratchFolder().appendingPathComponent("out")
        let r = try cli.yir(["report", try cli.file(lines), "--out", out.path, "--as-of", "2025-12-31T12:00:00Z"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.components(separatedBy: "no strings for the language").count - 1 == 2,
            "one line per language: tlh, tlh-Latn\n\(r.stderr)")
        let readers = try String(contentsOf: out.appendingPathComponent("readers.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let byUser = Dictionary(uniqueKeysWithValues: readers.map { ($0["user"] as! String, $0) })
        #expect(byUser["anna"]?["locale"] as? String == "de-AT")
        #expect(byUser["مريم"]?["locale"] as? String == "ar")
        #expect(byUser["hana"]?["locale"] as? String == "ja")
        #expect(byUser["ola"]?["locale"] as? String == "tlh")
        func deck(_ user: String) throws -> String {
            try String(contentsOf: out.appendingPathComponent(byUser[user]!["slides"] as! String), encoding: .utf8)
        }
        #expect(try deck("anna").contains(#"<html lang="de" dir="ltr">"#))
        #expect(try deck("مريم").contains(#"<html lang="ar" dir="rtl">"#))
        #expect(try deck("hana").contains(#"<html lang="ja" dir="ltr">"#))
        #expect(try deck("ola").contains(#"<html lang="en" dir="ltr">"#), "no Klingon file: English, labelled so")
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains(#"<html lang="en" dir="ltr">"#), "the overview under auto is English")
        let csv = try String(contentsOf: out.appendingPathComponent("readers.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("user,slides,time_zone,locale,"))
        let xml = try String(contentsOf: out.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(xml.contains("<locale>ar</locale>") && xml.contains("<locale>auto</locale>"))
    }

    @Test func aLocaleThatIsNeitherAutoNorATagIsAUsageError() throws {
        let r = try YirCommand().yir(["stats", "/dev/null", "--locale", "de_DE"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--locale: 'de_DE' is neither auto nor a BCP 47 language tag"), "\(r.stderr)")
    }

    /// A reader in Taiwan reads a Traditional Chinese deck: its durations too (`小時`, `分鐘`,
    /// not Simplified `小时`, `分钟`), and its zone by name, not by identifier.
    @Test func aTraditionalChineseDecksDurationsAreInTraditionalCharacters() throws {
        let cli = YirCommand()
        let lines = (1...6).map { day in
            view(
                "2025-03-0\(day)T10:00:00Z", title: "臺北\(day)", wiki: "zh.wikipedia.org", seconds: "2500", user: "mei",
                extra: #","locale":"zh-TW","tz":"Asia/Taipei""#)
        }
        let out = scratchFolder().appendingPathComponent("out")
        let r = try cli.yir([
            "report", try cli.file(lines), "--out", out.path, "--as-of", "2025-12-31T12:00:00Z", "--format",
            "html,jsonl",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let reader =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("readers.jsonl")))
            as! [String: Any]
        let deck = try String(contentsOf: out.appendingPathComponent(reader["slides"] as! String), encoding: .utf8)
        #expect(deck.contains(#"<html lang="zh-Hant""#))
        #expect(deck.contains("小時") && deck.contains("分鐘"))
        #expect(!deck.contains("小时") && !deck.contains("分钟"), "no Simplified units")
        #expect(deck.contains("台北標準時間") && !deck.contains("Asia/Taipei"), "the zone by its name")
    }
}
