import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirHTML
import YirPlaces

/// A reader's language (SPEC §2.1, §4.4): BCP 47 tags, CLDR formats and plural rules, the
/// shipped strings files, and the fallback along a tag's chain. One test per rule.
@Suite struct LanguageTests {
    /// The 20 languages shipped with yir: the largest reading communities of Wikipedia.
    static let shipped = [
        "en", "de", "fr", "es", "it", "pt", "nl", "pl", "ru", "uk", "tr", "ar", "fa", "he", "hi", "id",
        "ja", "ko", "zh-Hans", "zh-Hant",
    ]

    @Test func languageTagsAreCheckedForTheirFormAndWrittenInTheConventionalCase() {
        #expect(LanguageTag("pt-br")?.text == "pt-BR")
        #expect(LanguageTag("ZH-hant-tw")?.text == "zh-Hant-TW")
        #expect(LanguageTag("es-419")?.region == "419")
        #expect(LanguageTag("sr-Latn")?.script == "Latn")
        #expect(LanguageTag("de-CH-1996")?.text == "de-CH-1996")
        #expect(LanguageTag("en-US-u-ca-gregory")?.text == "en-US-u-ca-gregory")
        #expect(LanguageTag("x-private")?.text == "x-private")
        for bad in [
            "", "e", "en_US", "en-", "-en", "de--DE", "toolongtag", "en-US-u", "de-1996-1996", "en-a-x-a-y", "ar-ابج",
            "12",
        ] {
            #expect(LanguageTag(bad) == nil, "\(bad)")
        }
    }

    @Test func aTagFallsBackAlongItsChainWithTheLanguagesUsualScriptBeforeTheBareLanguage() {
        func chain(_ tag: String) -> [String] { HTMLStrings.chain(LanguageTag(tag)!).map(\.text) }
        #expect(chain("pt-BR") == ["pt-BR", "pt-Latn", "pt"])
        #expect(chain("zh-TW") == ["zh-TW", "zh-Hant", "zh"])
        #expect(chain("zh-Hant-HK") == ["zh-Hant-HK", "zh-Hant", "zh"])
        #expect(chain("zh") == ["zh-Hans", "zh"])
        #expect(chain("de-CH-1996") == ["de-CH-1996", "de-CH", "de-Latn", "de"])
    }

    @Test func aPageIsLabelledWithTheLanguageItsTextIsIn() throws {
        let catalog = try HTMLTemplates(folders: [templatesFolder]).strings
        #expect(catalog.strings(for: LanguageTag("pt-BR")!).language.text == "pt")
        #expect(catalog.strings(for: LanguageTag("zh-TW")!).language.text == "zh-Hant")
        #expect(catalog.strings(for: LanguageTag("zh-CN")!).language.text == "zh-Hans")
        #expect(catalog.strings(for: LanguageTag("gsw")!).language.text == "en", "no Swiss German file: English")
        #expect(!catalog.speaks(LanguageTag("gsw")!) && catalog.speaks(LanguageTag("de-AT")!))
    }

    @Test func rightToLeftLanguagesAreKnownFromCLDR() throws {
        let catalog = try HTMLTemplates(folders: [templatesFolder]).strings
        for tag in ["ar", "fa", "he"] { #expect(catalog.strings(for: LanguageTag(tag)!).isRightToLeft, "\(tag)") }
        for tag in ["en", "ja", "ru", "hi"] {
            #expect(!catalog.strings(for: LanguageTag(tag)!).isRightToLeft, "\(tag)")
        }
    }

    @Test func pluralCategoriesComeFromCLDRsRules() throws {
        let ru = try #require(PluralRules(language: "ru")), ar = try #require(PluralRules(language: "ar"))
        #expect([1, 2, 5, 21, 22, 25, 111].map(ru.category) == ["one", "few", "many", "one", "few", "many", "many"])
        #expect([0, 1, 2, 3, 11, 100].map(ar.category) == ["zero", "one", "two", "few", "many", "other"])
        #expect(try #require(PluralRules(language: "ja")).categories == ["other"])
        #expect(try #require(PluralRules(language: "pl")).categories == ["one", "few", "many", "other"])
    }

    @Test func everyShippedLanguageHasEveryKeyAndEveryPluralFormItsRulesNeed() throws {
        let catalog = try HTMLTemplates(folders: [templatesFolder]).strings
        let english = try #require(catalog.file(.english))
        #expect(Set(catalog.languages.map(\.text)).isSuperset(of: Self.shipped))
        for name in Self.shipped {
            let tag = try #require(LanguageTag(name))
            guard let file = catalog.file(tag) else {
                Issue.record("strings/\(name).json is missing")
                continue
            }
            let needed = try #require(PluralRules(language: name)).categories
            for (key, forms) in english.keys {
                let translated = file.keys[key]
                #expect(translated != nil, "\(name).json lacks \(key)")
                guard let translated else { continue }
                if forms != nil {
                    #expect(
                        translated == needed,
                        "\(name).json: \(key) has \(translated.map { $0.sorted() } ?? []), its rules need \(needed.sorted())"
                    )
                }
            }
            #expect(Set(file.keys.keys).isSubset(of: english.keys.keys), "\(name).json has keys English lacks")
        }
    }

    @Test func aCountedPhraseTakesTheFormOfItsLanguagesPluralRules() throws {
        let catalog = try HTMLTemplates(folders: [templatesFolder]).strings
        let en = catalog.strings(for: .english), ru = catalog.strings(for: LanguageTag("ru")!)
        #expect(en.plural("days_in_a_row", 1, "1") != en.plural("days_in_a_row", 2, "2"))
        let forms = [1, 2, 5, 21].map { ru.plural("days_in_a_row", $0, String($0)) }
        #expect(forms[0] == forms[3] && Set(forms.prefix(3)).count == 3, "\(forms)")
    }

    /// Numbers, dates, times, month labels, duration units, zone and language names, against Babel.
    @Test(.needs(.babel)) func numbersDatesAndTimesAgreeWithBabelsCLDRForTwentyLocales() throws {
        var forms: [String: [String: [String: String]]] = [:]
        let dates = [
            CivilDate(year: 2025, month: 1, day: 1), CivilDate(year: 2025, month: 8, day: 22),
            CivilDate(year: 2024, month: 2, day: 29),
        ]
        for name in Self.shipped {
            let format = LocaleFormat(LanguageTag(name)!)
            var kinds: [String: [String: String]] = [:]
            for n: Int64 in [0, 7, 1234, 1_234_567, -42] {
                kinds["integer", default: [:]][String(n)] = format.integer(n)
            }
            for p: Int64 in [0, 5, 23, 100, 250] { kinds["percent", default: [:]][String(p)] = format.percent(p) }
            for d in dates {
                let iso = String(format: "%04d-%02d-%02d", d.year, d.month, d.day)
                kinds["month_day", default: [:]][iso] = format.monthAndDay(d)
                kinds["long_date", default: [:]][iso] = format.longDate(d)
            }
            for (h, m) in [(0, 5), (9, 30), (14, 48), (23, 59)] {
                let time = LocalTime(wallMilliseconds: Int64(h) * 3_600_000 + Int64(m) * 60_000)
                kinds["time", default: [:]][String(format: "%02d:%02d", h, m)] = format.shortTime(time)
            }
            if ShortTimes.dayPeriodsAreLetters(
                locale: Locale(identifier: LocaleFormat.withData(format.tag).text),
                calendar: Calendar(identifier: .gregorian))
            {
                for h in [0, 5, 9, 12, 14, 18, 23] {
                    let time = LocalTime(wallMilliseconds: Int64(h) * 3_600_000 + 5 * 60_000)
                    let key = String(format: "%02d:05", h)
                    kinds["day_period", default: [:]][key] = Self.words(format.shortTime(time))
                    kinds["day_period", default: [:]][String(format: "%02d:00", h)] = Self.words(format.hour(h))
                }
            }
            for month in 1...12 {
                kinds["month_abbreviated", default: [:]][String(month)] = format.shortMonthName(month)
            }
            kinds["year", default: [:]]["2025"] = format.year(2025)
            for (value, milliseconds) in [
                ("2 hours", Int64(7_200_000)), ("25 minutes", 1_500_000), ("45 seconds", 45_000),
            ] {
                kinds["duration_unit", default: [:]][value] = format.duration(milliseconds: milliseconds)
            }
            for zone in ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Asia/Kolkata", "Australia/Sydney"] {
                kinds["zone", default: [:]][zone] = format.zoneName(zone)
            }
            for language in ["en", "de", "fr", "ja", "ar", "ru", "zh", "yue"] {
                kinds["language", default: [:]][language] = format.languageName(language) ?? language
            }
            forms[name] = kinds
        }
        let file = scratchFolder().appendingPathComponent("forms.json")
        try JSONEncoder().encode(forms).write(to: file)
        let r = try runProgram(
            URL(fileURLWithPath: Tools.python),
            [packageRoot.appendingPathComponent("Tests/cldr_check.py").path, file.path])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
    }

    /// Country names are CLDR's (SPEC §4.4): every territory a place can lie in, in every shipped
    /// language, and the whole table of corrections to ICU's names, against Babel's CLDR.
    @Test(.needs(.babel)) func countryNamesAreCLDRsNotAVendorsVariant() throws {
        #expect(LocaleFormat(.english).countryName("CN") == "China")
        #expect(LocaleFormat(LanguageTag("hi")!).countryName("CN") == "चीन")
        #expect(LocaleFormat(LanguageTag("zh-TW")!).countryName("CN") == "中國")
        var forms: [String: [String: [String: String]]] = [:]
        for name in Self.shipped {
            let format = LocaleFormat(LanguageTag(name)!)
            for code in CountryLookup.countries where code.count == 2 {
                forms[name, default: [:]]["territory", default: [:]][code] = format.countryName(code) ?? ""
            }
        }
        for (name, table) in TerritoryNames.corrections {
            forms[name, default: [:]]["territory", default: [:]].merge(table) { ours, _ in ours }
            #expect(Self.shipped.contains(name), "\(name): a correction for a language yir does not ship")
        }
        let file = scratchFolder().appendingPathComponent("territories.json")
        try JSONEncoder().encode(forms).write(to: file)
        let r = try runProgram(
            URL(fileURLWithPath: Tools.python),
            [packageRoot.appendingPathComponent("Tests/cldr_check.py").path, file.path])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
    }

    /// An area CLDR has no name for (the Spratly Islands) is named in the page's language — by
    /// CLDR's name of its region — never in English inside another language.
    @Test func anAreaCLDRDoesNotNameFallsBackToItsRegionInThePagesLanguage() {
        #expect(SlideDeck.countryName("PGA", LocaleFormat(.english)) == "Spratly Islands")
        #expect(SlideDeck.countryName("PGA", LocaleFormat(LanguageTag("zh-Hant")!)) == "東南亞")
        #expect(SlideDeck.countryName("USG", LocaleFormat(LanguageTag("de")!)) == "Karibik")
        for name in Self.shipped where name != "en" {
            let format = LocaleFormat(LanguageTag(name)!)
            for (code, area) in SlideDeck.areasWithoutCode {
                let shown = SlideDeck.countryName(code, format)
                #expect(shown != area.name && shown == format.countryName(area.region), "\(name) \(code): \(shown)")
            }
        }
    }

    /// A time's words without its figures and separators (`सुबह` of `सुबह 9:05`).
    static func words(_ time: String) -> String {
        time.filter { !$0.isNumber && $0 != ":" && $0 != "." }.trimmingCharacters(in: .whitespaces)
    }

    /// Times of day use CLDR's day periods in full where its abbreviations are single letters
    /// (SPEC §4.4): Hindi `सुबह 9:00`, not `पू 9:00`, in times and the hour charts' labels.
    @Test func dayPeriodsAreWrittenInFullWhereCLDRAbbreviatesThemToALetter() {
        let hi = LocaleFormat(LanguageTag("hi")!), ar = LocaleFormat(LanguageTag("ar")!)
        let nine = LocalTime(wallMilliseconds: 9 * 3_600_000), six = LocalTime(wallMilliseconds: 18 * 3_600_000)
        #expect(hi.shortTime(nine) == "सुबह 9:00" && hi.shortTime(six) == "शाम 6:00")
        #expect(hi.hour(0) == "रात 12" && hi.hour(18) == "शाम 6")
        #expect(ar.shortTime(nine).contains("صباحًا"))
        for name in Self.shipped {
            let format = LocaleFormat(LanguageTag(name)!)
            let abbreviations = DateFormatter()
            abbreviations.locale = Locale(identifier: LocaleFormat.withData(format.tag).text)
            let letters = [abbreviations.amSymbol, abbreviations.pmSymbol].filter { $0.count == 1 }
            for h in 0..<24 {
                let time = format.shortTime(LocalTime(wallMilliseconds: Int64(h) * 3_600_000))
                for shown in [time, format.hour(h)] {
                    let words = shown.split(whereSeparator: { $0.isWhitespace }).map { Self.words(String($0)) }
                    #expect(!words.contains(where: letters.contains), "\(name) \(h): \(shown)")
                }
            }
        }
    }

    @Test func durationsAreSaidInTheLanguagesOwnUnits() {
        let en = LocaleFormat(.english), de = LocaleFormat(LanguageTag("de")!), ja = LocaleFormat(LanguageTag("ja")!)
        #expect(en.duration(milliseconds: 45_000) == "45\u{00A0}seconds", "in full under a minute, as the hero says it")
        #expect(en.duration(milliseconds: 0) == "0\u{00A0}seconds")
        #expect(en.duration(milliseconds: 125_000) == "2\u{00A0}min,\u{00A0}5\u{00A0}sec")
        #expect(en.duration(milliseconds: 1_530_000) == "25\u{00A0}min", "whole minutes from ten minutes up")
        #expect(en.duration(milliseconds: 10_260_000) == "2\u{00A0}hr,\u{00A0}51\u{00A0}min")
        #expect(de.duration(milliseconds: 10_260_000) == "2\u{00A0}Std.,\u{00A0}51\u{00A0}Min.")
        #expect(ja.duration(milliseconds: 10_260_000) == "2時間51分")
    }

    /// A duration never splits across lines, in any language: no breaking space inside it.
    @Test func durationsKeepTheirFiguresAndUnitsOnOneLine() {
        for name in Self.shipped {
            let format = LocaleFormat(LanguageTag(name)!)
            for milliseconds: Int64 in [45_000, 125_000, 1_530_000, 10_260_000] {
                let form = format.duration(milliseconds: milliseconds)
                #expect(!form.contains { $0 == " " || $0 == "\n" }, "\(name): \(form)")
            }
        }
    }

    /// Japanese and Chinese write a duration's units without a space between them (`2時間51分`).
    @Test func japaneseAndChineseDurationsHaveNoSpaceBetweenUnits() {
        for name in ["ja", "zh-Hans", "zh-Hant", "zh-TW"] {
            let form = LocaleFormat(LanguageTag(name)!).duration(milliseconds: 10_260_000)
            #expect(!form.contains { $0.isWhitespace }, "\(name): \(form)")
        }
    }

    /// Hebrew joins a figure to the conjunction ו with a maqaf (`ו־11 דק׳`, not `ו11`).
    @Test func hebrewPutsAMaqafBetweenTheConjunctionAndAFigure() {
        let form = LocaleFormat(LanguageTag("he")!).duration(milliseconds: 7_860_000)
        #expect(form.contains("ו\u{05BE}11") && !form.contains("ו11"), "\(form)")
        #expect(LocaleFormat.maqafBeforeFigures("2 שע׳ ו11 דק׳") == "2 שע׳ ו\u{05BE}11 דק׳")
        #expect(LocaleFormat.maqafBeforeFigures("וגם 11") == "וגם 11", "ו inside a word is a letter")
    }

    /// French writes the first of a month as an ordinal, `1er janvier`, wherever a date starts with it.
    @Test func frenchSaysTheFirstOfTheMonthAsAnOrdinal() {
        let fr = LocaleFormat(LanguageTag("fr")!), first = CivilDate(year: 2025, month: 1, day: 1)
        #expect(fr.monthAndDay(first) == "1er janvier")
        #expect(fr.longDate(first) == "1er janvier 2025")
        #expect(fr.monthAndDay(CivilDate(year: 2025, month: 1, day: 11)) == "11 janvier")
        #expect(fr.monthAndDay(CivilDate(year: 2025, month: 1, day: 21)) == "21 janvier")
        #expect(LocaleFormat(.english).monthAndDay(first) == "January 1")
    }

    @Test func noSentenceEndsInTwoFullStopsInAnyLanguage() throws {
        #expect(HTMLStrings.fill("Сохранено {date}.", ["date": "24 декабря 2025 г."]) == "Сохранено 24 декабря 2025 г.")
        #expect(HTMLStrings.fill("{a}。", ["a": "好。"]) == "好。")
        #expect(HTMLStrings.fill("{a}.", ["a": "ok"]) == "ok.")
        let catalog = try HTMLTemplates(folders: [templatesFolder]).strings
        let dates = [CivilDate(year: 2025, month: 12, day: 24), CivilDate(year: 2025, month: 5, day: 1)]
        for name in Self.shipped {
            let tag = try #require(LanguageTag(name)), strings = catalog.strings(for: tag), format = LocaleFormat(tag)
            for date in dates {
                let long = format.longDate(date)
                let values = Dictionary(
                    uniqueKeysWithValues: ["date", "end", "start", "save_date", "when"].map { ($0, long) })
                for key in strings.keys.keys {
                    let sentence = strings.plural(key, 2, format.integer(2), values)
                    for stop in ["..", "。。", "।।"] where sentence.contains(stop) {
                        Issue.record("\(name) \(key): \(sentence)")
                    }
                }
            }
        }
    }

    /// Persian days are said in the Persian calendar, CLDR's default for `fa` (month names and
    /// day numbers, from ICU); the report's Gregorian year says its era (`۲۰۲۵ میلادی`, as CLDR
    /// writes it and Babel checks); other languages stay Gregorian, Arabic too.
    @Test func persianDaysAreInThePersianCalendarAndTheReportsYearSaysItIsGregorian() {
        let fa = LocaleFormat(LanguageTag("fa")!), ar = LocaleFormat(LanguageTag("ar-SA")!)
        #expect(fa.monthAndDay(CivilDate(year: 2025, month: 8, day: 22)) == "۳۱ مرداد")
        #expect(fa.monthAndDay(CivilDate(year: 2025, month: 3, day: 21)) == "۱ فروردین", "Nowruz")
        #expect(fa.longDate(CivilDate(year: 2025, month: 1, day: 1)) == "۱۲ دی ۱۴۰۳")
        #expect(fa.longDate(CivilDate(year: 2025, month: 12, day: 31)) == "۱۰ دی ۱۴۰۴")
        #expect(!fa.sameYear(CivilDate(year: 2025, month: 1, day: 1), CivilDate(year: 2025, month: 12, day: 31)))
        #expect(fa.year(2025) == "۲۰۲۵ میلادی")
        #expect(fa.monthName(8) == "اوت", "a month of the report's figures is a Gregorian month")
        #expect(LocaleFormat(LanguageTag("de")!).year(2025) == "2025")
        #expect(ar.monthName(8).contains("أغسطس"), "Gregorian month, not the Islamic calendar's")
        #expect(ar.longDate(CivilDate(year: 2025, month: 8, day: 22)).contains("أغسطس"))
    }

    @Test func wikiDomainsNameTheirLanguageAsABCP47Tag() {
        func language(_ domain: String) -> String? { WikiLanguage.of(domain: domain)?.text }
        #expect(language("de.wikipedia.org") == "de")
        #expect(language("de.m.wikipedia.org") == "de")
        #expect(language("zh-yue.wikipedia.org") == "yue")
        #expect(language("zh-min-nan.wikipedia.org") == "nan")
        #expect(language("be-x-old.wikipedia.org") == "be-tarask")
        #expect(language("simple.wikipedia.org") == "en")
        #expect(language("als.wikipedia.org") == "gsw")
        #expect(language("fr.wiktionary.org") == "fr")
        for none in [
            "commons.wikimedia.org", "www.wikidata.org", "meta.wikimedia.org", "app", "example.org", "wikipedia.org",
        ] {
            #expect(language(none) == nil, "\(none)")
        }
    }
}

/// Which language each reader's slides are in (SPEC §2.1) and what the outputs say of it.
@Suite struct ReaderLanguageTests {
    func language(_ lines: [String], locale: String = "auto") throws -> String {
        var run = Run(lines)
        run.locale = locale
        return try run.reader().locale.text
    }

    @Test func aReadersLanguageIsTheirLatestLocaleElseTheirMostReadWikiElseEnglish() throws {
        let de = #","locale":"de""#, ptBR = #","locale":"pt-br""#
        // The latest record's locale, written in its conventional case, whatever the wikis read.
        #expect(
            try language([
                view("2025-03-01T10:00:00Z", wiki: "ja.wikipedia.org", extra: de),
                view("2025-04-01T10:00:00Z", wiki: "ja.wikipedia.org", extra: ptBR),
            ]) == "pt-BR")
        // On equal timestamps the later in input order.
        #expect(
            try language([view("2025-04-01T10:00:00Z", extra: ptBR), view("2025-04-01T10:00:00Z", extra: de)]) == "de")
        // A record after the as-of instant names nothing.
        #expect(
            try language([view("2025-04-01T10:00:00Z", extra: de), view("2026-02-01T10:00:00Z", extra: ptBR)]) == "de")
        // A wall time without tz names no language.
        #expect(try language([view("2025-04-01T10:00:00", wiki: "fr.wikipedia.org", extra: de)]) == "fr")
        // No locale: the wiki with the most counted reading time; on equal time the first domain.
        #expect(
            try language([
                view("2025-03-01T10:00:00Z", wiki: "fr.wikipedia.org", seconds: "30"),
                view("2025-03-02T10:00:00Z", wiki: "zh-yue.wikipedia.org", seconds: "20"),
                view("2025-03-03T10:00:00Z", wiki: "zh-yue.wikipedia.org", seconds: "20"),
            ]) == "yue")
        #expect(
            try language([
                view("2025-03-01T10:00:00Z", wiki: "fr.wikipedia.org", seconds: "30"),
                view("2025-03-02T10:00:00Z", wiki: "de.wikipedia.org", seconds: "30"),
            ]) == "de")
        // Time outside the year does not count for the wiki.
        #expect(
            try language([
                view("2024-03-01T10:00:00Z", wiki: "fr.wikipedia.org", seconds: "900"),
                view("2025-03-02T10:00:00Z", wiki: "it.wikipedia.org", seconds: "1"),
            ]) == "it")
        // A most-read wiki that names no language, or no reading: English.
        #expect(
            try language([
                view("2025-03-01T10:00:00Z", wiki: "commons.wikimedia.org", seconds: "60"),
                view("2025-03-02T10:00:00Z", wiki: "de.wikipedia.org", seconds: "5"),
            ]) == "en")
        #expect(try language([session("2025-03-01T10:00:00Z", ms: "60000")]) == "en")
        // --locale TAG: every reader.
        #expect(try language([view("2025-03-01T10:00:00Z", extra: de)], locale: "fa") == "fa")
    }

    @Test func anInvalidLocaleRejectsTheLineWithItsOwnReason() throws {
        for bad in ["en_US", "", "toolongtag", "de--AT"] {
            var run = Run([view("2025-03-01T10:00:00Z", extra: #","locale":"\#(bad)""#), view("2025-03-02T10:00:00Z")])
            run.locale = "auto"
            let d = try run.diagnostics()
            #expect(d.rejected == [.invalidLocale: 1], "\(bad)")
        }
        var wrongType = Run([view("2025-03-01T10:00:00Z", extra: #","locale":7"#)])
        wrongType.locale = "auto"
        #expect(try wrongType.diagnostics().rejected == [.wrongType: 1])
    }

}
