import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirHTML
@testable import YirStats

/// SPEC §4.4 (v4) "New moments" and docs/OUTPUT.md: the first and latest article, the longest
/// read, the languages read and the saves still waiting — each slide shown by its rule, in its
/// place in the deck, in the reader's language.
extension HTMLTests {
    /// A whole deck (`fullYear`: five articles, 1–5 March) and `lines`.
    func moments(_ lines: [String], locale: String = "en") throws -> String {
        try page(Run(fullYear() + lines), locale: locale)
    }

    @Test func theFirstAndLatestArticlesShareOneSlideWithTheirDays() throws {
        let deck = try moments([])
        let slide = slide(deck, "first-last")
        #expect(slide.contains("<p class=\"lead\">Your year began on March 1 with</p>"), "\(slide)")
        #expect(slide.contains("<bdi>Article 0</bdi>"))
        #expect(slide.contains("<p class=\"lead\">Most recently, on March 5, you read</p>"))
        #expect(slide.contains("<bdi>Article 4</bdi>"))
        // The articles' count, then the two that frame it, then the top article.
        let ids = slideIDs(deck)
        #expect(ids.firstIndex(of: "first-last") == ids.firstIndex(of: "articles")! + 1, "\(ids)")
    }

    /// One article that opened the year and is still the latest is told as such, its title once.
    @Test func oneArticleThatIsFirstAndLatestIsToldAsSuch() throws {
        let slide = slide(try moments([view("2025-06-01T10:00:00Z", title: "Article_0")]), "first-last")
        #expect(slide.components(separatedBy: "<bdi>Article 0</bdi>").count == 2, "\(slide)")
        #expect(
            slide.contains("You began your year with it on March 1 and, most recently, came back to it on June 1."))
        #expect(!slide.contains("Most recently, on"))
    }

    @Test func theLongestReadShowsItsMinutesTheArticleAndItsDay() throws {
        let deck = try moments([view("2025-06-01T10:00:00Z", title: "Moon", seconds: "2730")])
        let slide = slide(deck, "longest")
        #expect(
            slide.contains("<p class=\"hero fit\">45</p>\n<p class=\"hero-label\">minutes in one go</p>"), "\(slide)")
        #expect(slide.contains("<bdi>Moon</bdi>") && slide.contains("You read it on June 1."))
        let ids = slideIDs(deck)
        #expect(ids.firstIndex(of: "longest")! < ids.firstIndex(of: "ending")!)
    }

    /// A longest read of under a minute is no moment to celebrate.
    @Test func aLongestReadUnderAMinuteIsLeftOut() throws {
        #expect(!slideIDs(try page(Run(fullYear(seconds: "59")))).contains("longest"))
        #expect(slideIDs(try page(Run(fullYear(seconds: "60")))).contains("longest"))
    }

    @Test func theLanguagesSlideNeedsMoreThanOneLanguage() throws {
        #expect(!slideIDs(try moments([])).contains("languages"))
        let slide = slide(
            try moments([view("2025-06-01T10:00:00Z", title: "Mond", wiki: "de.wikipedia.org", seconds: "300")]),
            "languages")
        #expect(slide.contains("<p class=\"hero fit\">2</p>\n<p class=\"hero-label\">languages</p>"), "\(slide)")
        // By reading time: English's 50 minutes before German's 5, each with its bar (91 and 9 of 100).
        #expect(slide.contains("<bdi>English</bdi>") && slide.contains("<bdi>German</bdi>"))
        #expect(slide.range(of: "English")!.lowerBound < slide.range(of: "German")!.lowerBound)
        #expect(slide.contains("<meter max=\"100\" value=\"91\" aria-hidden=\"true\"></meter>"))
        #expect(slide.contains("<meter max=\"100\" value=\"9\" aria-hidden=\"true\"></meter>"))
        #expect(slide.contains("\(Self.en.duration(milliseconds: 300_000)) · 1 article"))
    }

    /// Languages are named by CLDR in the reader's language, capitalised as a label where the
    /// language writes them in lower case inside a sentence.
    @Test func languagesAreNamedInTheReadersLanguage() throws {
        let german = view("2025-06-01T10:00:00Z", title: "Mond", wiki: "de.wikipedia.org", seconds: "300")
        for (locale, names) in [
            ("fr", ["Anglais", "Allemand"]), ("ja", ["英語", "ドイツ語"]), ("ar", ["الإنجليزية", "الألمانية"]),
            ("ru", ["Английский", "Немецкий"]),
        ] {
            let slide = slide(try moments([german], locale: locale), "languages")
            for name in names { #expect(slide.contains("<bdi>\(name)</bdi>"), "\(locale): \(slide)") }
        }
    }

    /// More languages than the slide has room for: the first four with their bars, the others
    /// behind a disclosure.
    @Test func languagesBeyondFourAreBehindADisclosure() throws {
        let wikis = ["de", "fr", "es", "it", "nl"].enumerated().map { i, language in
            view("2025-06-0\(i + 1)T10:00:00Z", title: "T", wiki: "\(language).wikipedia.org", seconds: "60")
        }
        let slide = slide(try moments(wikis), "languages")
        #expect(slide.contains("<summary>2 more languages</summary>"), "\(slide)")
        #expect(slide.components(separatedBy: "<li>").count == 7)
    }

    /// Saves not read since are an invitation: how many, the oldest first, and that they are
    /// ready whenever the reader is; a save read after it was saved is not waiting.
    @Test func savesStillWaitingAreAnInvitation() throws {
        let deck = try moments([
            save("2025-06-01T10:00:00Z", title: "Moon"), save("2025-07-01T10:00:00Z", title: "Sun"),
            save("2025-02-01T10:00:00Z", title: "Article_1"),
        ])
        let slide = slide(deck, "waiting")
        #expect(
            slide.contains(
                "<p class=\"hero fit\">2</p>\n<p class=\"hero-label\">saved articles are waiting for you</p>"),
            "\(slide)")
        #expect(slide.range(of: "<bdi>Moon</bdi>")!.lowerBound < slide.range(of: "<bdi>Sun</bdi>")!.lowerBound)
        #expect(slide.contains("Saved on June 1") && slide.contains("Ready whenever you are, even offline."))
        #expect(!slide.contains("Article 1"), "read after it was saved")
        let ids = slideIDs(deck)
        #expect(ids.firstIndex(of: "waiting") == ids.firstIndex(of: "saved")! + 1, "\(ids)")
        let read = try moments([save("2025-01-01T10:00:00Z", title: "Article_1")])
        #expect(!slideIDs(read).contains("waiting"))
    }

    /// A short deck's one slide already names every article and its time: the year's moments
    /// are left out of it, but saves waiting for the reader are not.
    @Test func aShortDeckKeepsOnlyTheSavesWaiting() throws {
        let deck = try page(
            Run([
                view("2025-03-01T10:00:00Z", title: "A", seconds: "600"),
                view("2025-03-02T10:00:00Z", title: "B", wiki: "de.wikipedia.org", seconds: "600"),
                save("2025-06-01T10:00:00Z", title: "Moon"),
            ]))
        let ids = slideIDs(deck)
        #expect(ids.contains("few") && ids.contains("waiting"), "\(ids)")
        #expect(!ids.contains("first-last") && !ids.contains("longest") && !ids.contains("languages"))
    }

    /// The moments in a right-to-left and a CJK language: the reader's words and dates.
    @Test(arguments: [
        (
            "ar",
            [
                "بدأ عامك في ", "أطول قراءة لك", "اللغات التي قرأت بها", "مقالة محفوظة تنتظرك",
                "متى شئت، حتى دون اتصال بالإنترنت.",
            ]
        ),
        (
            "ja",
            [
                "3月1日、今年はこの記事から始まりました", "そして最新は、6月2日に読んだこの記事", "いちばん長く読んだ記事", "分間、じっくりと",
                "読んだ言語", "件の保存した記事があなたを待っています", "6月1日に保存",
            ]
        ),
    ])
    func theMomentsSpeakTheReadersLanguage(locale: String, texts: [String]) throws {
        let deck = try moments(
            [
                view("2025-06-02T10:00:00Z", title: "Mond", wiki: "de.wikipedia.org", seconds: "300"),
                save("2025-06-01T10:00:00Z", title: "Moon"),
            ], locale: locale)
        for text in texts { #expect(unmarked(deck).contains(text), "\(locale): \(text)") }
        for kind in ["first-last", "longest", "languages", "waiting"] {
            #expect(slideIDs(deck).contains(kind), "\(locale): \(kind)")
        }
    }

    /// The waiting saves are an invitation, never a reproach: no English form says they were
    /// left, missed, still or not yet read.
    @Test func theWaitingSavesAreNeverAReproach() throws {
        let strings = try renderer().templates.strings.strings(for: .english)
        for key in ["waiting_heading", "waiting_articles", "waiting_call"] {
            for text in strings.forms(key) {
                let words = " " + text.lowercased().split { !$0.isLetter }.joined(separator: " ") + " "
                for word in ["unread", "not read", "yet", "still", "forgot", "missed", "never"] {
                    #expect(!words.contains(" \(word) "), "\(key): \(text)")
                }
            }
        }
    }
}
