import Foundation
import Testing
import YirTestSupport

@testable import YirWordBreaks

/// SPEC §4.4 (v4), "Words that break right": a heading's long word breaks only at its
/// language's hyphenation points, CJK headings only between phrases (decision 137).
@Suite struct WordBreaksTests {
    /// Shows the marks: ‐ for a soft hyphen, | for a zero width space.
    func shown(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{AD}", with: "‐").replacingOccurrences(of: "\u{200B}", with: "|")
    }

    @Test func aGermanCompoundBreaksOnlyAtItsHyphenationPoints() {
        #expect(shown(WordBreaks.mark("Weltmeisterschaft", language: "de")) == "Welt‐meis‐ter‐schaft")
    }

    /// Nine letters: the patterns have points in it, and it is left whole all the same.
    @Test func aShortWordIsNotHyphenated() throws {
        let german = try #require(Hyphenation.patterns(for: "de"))
        #expect(!german.hyphenationPoints(Array("Bewertung".unicodeScalars)).isEmpty)
        #expect(WordBreaks.mark("Deine Bewertung", language: "de") == "Deine Bewertung")
    }

    @Test func aCapitalisedWordBreaksWhereItsLowerCaseDoes() {
        #expect(shown(WordBreaks.mark("WELTMEISTERSCHAFT", language: "de-AT")) == "WELT‐MEIS‐TER‐SCHAFT")
    }

    /// Each language that has patterns in Debian, with a word of its own; the files come in
    /// UTF-8, ISO 8859-1 (German, Dutch, Indonesian), ISO 8859-2 (Polish) and KOI8-R (Russian).
    @Test(arguments: [
        ("de", "Benachrichtigungen", "Be‐nach‐rich‐ti‐gun‐gen"),
        ("en", "notifications", "no‐ti‐fi‐ca‐tions"),
        ("es", "notificaciones", "no‐ti‐fi‐ca‐cio‐nes"),
        ("fr", "encyclopédique", "en‐cy‐clo‐pé‐dique"),
        ("hi", "अधिसूचनाएँ", "अधि‐सू‐च‐नाएँ"),
        ("id", "Pemberitahuan", "Pem‐be‐ri‐ta‐huan"),
        ("it", "notificazioni", "no‐ti‐fi‐ca‐zioni"),
        ("nl", "Nederlandstalige", "Ne‐der‐lands‐ta‐lige"),
        ("pl", "przedsiębiorstwo", "przed‐się‐bior‐stwo"),
        ("pt", "Notificações", "No‐ti‐fi‐ca‐ções"),
        ("ru", "достопримечательность", "до‐стоприме‐чатель‐ность"),
        ("uk", "сповіщення", "спові‐ще‐ння"),
    ])
    func eachLanguageBreaksAtItsOwnHyphenationPoints(language: String, word: String, hyphenated: String) {
        #expect(shown(WordBreaks.mark(word, language: language)) == hyphenated)
    }

    /// Debian has no patterns for Turkish, and Arabic, Persian and Hebrew are not hyphenated.
    @Test func aLanguageWithoutPatternsIsLeftAsItIs() {
        #expect(WordBreaks.mark("Bildirimlerinizin", language: "tr") == "Bildirimlerinizin")
        #expect(WordBreaks.mark("والإشعارات", language: "ar") == "والإشعارات")
    }

    /// "Nord-Ostsee-Kanal": each part between its hyphens is a word of its own, too short here.
    @Test func aWordIsARunOfLetters() {
        #expect(shown(WordBreaks.mark("Nord-Ostsee-Kanalfahrt", language: "de")) == "Nord-Ostsee-Ka‐nal‐fahrt")
    }

    @Test func japaneseHeadingsBreakOnlyBetweenPhrases() {
        #expect(shown(WordBreaks.mark("読んでくれてありがとう", language: "ja")) == "読んでくれて|ありがとう")
    }

    @Test func chineseHeadingsBreakOnlyBetweenPhrases() {
        #expect(shown(WordBreaks.mark("您的年度一览", language: "zh-Hans")) == "您|的|年度|一|览")
        #expect(shown(WordBreaks.mark("感謝您的閱讀", language: "zh-Hant")) == "感謝您|的|閱讀")
    }

    @Test func taiwanHongKongAndMacaoReadTraditionalChinesePhrases() {
        for tag in ["zh-Hant", "zh-TW", "zh-HK", "zh-MO", "zh-Hant-TW"] {
            #expect(
                WordBreaks.phraseModelName(
                    "zh", tag.lowercased().split(separator: "-").dropFirst().map(String.init)[...]) == "zh-hant",
                "\(tag)")
        }
        #expect(WordBreaks.phraseModelName("zh", ["cn"]) == "zh-hans")
        #expect(WordBreaks.phraseModelName("zh", []) == "zh-hans")
    }

    /// BudouX's Japanese model puts a phrase boundary inside "2025": the number stays whole.
    @Test func aNumberInAPhraseIsNotBroken() throws {
        let text = "あなたの2025年の読書", scalars = Array(text.unicodeScalars)
        let model = try #require(PhraseModel.model(named: "ja"))
        let digits = (4..<8)
        #expect(model.phraseStarts(scalars).contains { digits.contains($0) && digits.contains($0 - 1) })
        #expect(shown(WordBreaks.mark(text, language: "ja")) == "あなたの|2025年の|読書")
    }

    /// Korean puts spaces between its words, which `keep-all` breaks at: no marks.
    @Test func koreanHeadingsAreLeftToTheirSpaces() {
        #expect(WordBreaks.mark("읽어 주셔서 감사합니다", language: "ko") == "읽어 주셔서 감사합니다")
    }

    /// Decks are rendered on several threads: the patterns are loaded once and read by all.
    @Test func everyThreadMarksTheSame() async {
        let words = ["Bewerkingen", "Nederlandstalige", "Meldingen", "Leesgeschiedenis"]
        let expected = words.map { WordBreaks.mark($0, language: "nl") }
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<16 { group.addTask { words.map { WordBreaks.mark($0, language: "nl") } } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected } && expected.contains { $0.contains("\u{AD}") })
    }

    /// The Swift parser against the `budoux` package itself, on every text of the Japanese and
    /// Chinese strings files and a few titles: the same phrases, boundary for boundary.
    @Test(.needs(.budoux)) func theSwiftPhraseParserAgreesWithBudoux() throws {
        let files = [("ja", "ja"), ("zh-hans", "zh-Hans"), ("zh-hant", "zh-Hant")]
        for (model, file) in files {
            let strings = packageRoot.appendingPathComponent("Templates/strings/\(file).json")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: strings)) as? [String: Any])
            var texts = object.values.flatMap { value -> [String] in
                if let text = value as? String { return [text] }
                return (value as? [String: String]).map { Array($0.values) } ?? []
            }
            texts += ["東京スカイツリー", "日月潭", "中華人民共和國", "機動戦士ガンダム", "Python (プログラミング言語)"]
            texts = texts.filter { !$0.contains("\n") }.sorted()
            let script = """
                import budoux, json, sys
                parser = budoux.load_default_japanese_parser() if sys.argv[1] == "ja" else \
                    budoux.load_default_simplified_chinese_parser() if sys.argv[1] == "zh-hans" else \
                    budoux.load_default_traditional_chinese_parser()
                for line in sys.stdin.read().split("\\n"):
                    print(json.dumps(parser.parse(line)))
                """
            let result = try runProgram(
                URL(fileURLWithPath: Tools.python), ["-c", script, model],
                stdin: Data(texts.joined(separator: "\n").utf8))
            try #require(result.status == 0, "\(result.stderr)")
            let theirs = result.stdoutText.split(separator: "\n").map {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String] ?? []
            }
            try #require(theirs.count == texts.count)
            let parser = try #require(PhraseModel.model(named: model))
            for (text, phrases) in zip(texts, theirs) {
                let scalars = Array(text.unicodeScalars)
                var ours: [String] = [], start = 0
                for end in parser.phraseStarts(scalars) + [scalars.count] where !scalars.isEmpty {
                    var view = String.UnicodeScalarView()
                    view.append(contentsOf: scalars[start..<end])
                    ours.append(String(view))
                    start = end
                }
                #expect(ours == phrases, "\(model): \(text)")
            }
        }
    }
}
