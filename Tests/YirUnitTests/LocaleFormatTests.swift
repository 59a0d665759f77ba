import Foundation
import Testing
@testable import YirCore

/// The CLDR forms of `LocaleFormat` that the slides show: month labels, durations, time zones.
@Suite struct LocaleFormatTests {
    /// The languages yir ships strings for (`LanguageTests.shipped`).
    static let shipped = [
        "en", "de", "fr", "es", "it", "pt", "nl", "pl", "ru", "uk", "tr", "ar", "fa", "he", "hi", "id",
        "ja", "ko", "zh-Hans", "zh-Hant",
    ]

    static func format(_ tag: String) -> LocaleFormat { LocaleFormat(LanguageTag(tag)!) }

    @Test func durationsAreInTraditionalCharactersForTraditionalChineseAndSimplifiedOtherwise() {
        let hours = 10_260_000, minutes: Int64 = 1_530_000
        for tag in ["zh-Hant", "zh-TW", "zh-HK", "zh-MO", "zh-Hant-TW", "zh-Hant-HK"] {
            let form = Self.format(tag).duration(milliseconds: Int64(hours))
            #expect(form.contains("小時") && form.contains("分鐘"), "\(tag): \(form)")
            #expect(Self.format(tag).duration(milliseconds: minutes).contains("分鐘"), "\(tag)")
        }
        for tag in ["zh-Hans", "zh-CN", "zh-SG", "zh"] {
            let form = Self.format(tag).duration(milliseconds: Int64(hours))
            #expect(form.contains("小时") && form.contains("分钟"), "\(tag): \(form)")
        }
    }

    @Test func aRegionFindsItsLanguagesDataThroughItsLikelyScript() {
        #expect(LocaleFormat.withData(LanguageTag("zh-TW")!).text == "zh-Hant-TW")
        #expect(LocaleFormat.withData(LanguageTag("zh-MO")!).text == "zh-Hant-MO")
        #expect(LocaleFormat.withData(LanguageTag("zh-SG")!).text == "zh-Hans-SG")
        #expect(LocaleFormat.withData(LanguageTag("zh")!).text == "zh-Hans")
        #expect(LocaleFormat.withData(LanguageTag("pt-BR")!).text == "pt-BR")
        #expect(LocaleFormat.withData(LanguageTag("de-CH-1996")!).text == "de-CH")
        #expect(LocaleFormat.withData(LanguageTag("tlh")!).text == "en")
    }

    /// Every language's durations in its own units, not English ones and not another script's.
    @Test func durationsAreSaidInEachLanguagesOwnUnits() {
        let english = Self.format("en").duration(milliseconds: 10_260_000)
        for tag in Self.shipped where tag != "en" {
            let form = Self.format(tag).duration(milliseconds: 10_260_000)
            #expect(form != english && !form.contains("hr") && !form.contains("min,"), "\(tag): \(form)")
        }
    }

    @Test func monthLabelsAreTwelveDistinctAbbreviatedStandAloneNamesInEveryLanguage() {
        for tag in Self.shipped {
            let format = Self.format(tag)
            let labels = (1...12).map(format.shortMonthName)
            #expect(Set(labels).count == 12, "\(tag): \(labels)")
            #expect(labels.allSatisfy { !$0.isEmpty }, "\(tag)")
        }
        let fr = Self.format("fr"), fa = Self.format("fa"), ru = Self.format("ru"), he = Self.format("he")
        #expect(fr.shortMonthName(6) == "juin" && fr.shortMonthName(7) == "juil.")
        #expect(
            fa.shortMonthName(6) == "ژوئن" && fa.shortMonthName(7) == "ژوئیه",
            "Gregorian months, not the Persian calendar's")
        #expect(ru.shortMonthName(3) == "март", "stand-alone: the nominative, not the genitive of a date")
        #expect(he.shortMonthName(6) == "יוני", "the name, not its first three letters")
        #expect(Self.format("en").narrowMonthName(1) == "J" && ru.narrowMonthName(1) == "Я")
    }

    @Test func timeZonesAreNamedInTheReadersLanguage() {
        #expect(Self.format("en").zoneName("Asia/Kolkata") == "India Standard Time")
        #expect(Self.format("en").zoneName("Europe/Berlin") == "Central European Time")
        #expect(Self.format("de").zoneName("Europe/Berlin") == "Mitteleuropäische Zeit")
        #expect(Self.format("zh-Hant").zoneName("Asia/Kolkata") == "印度標準時間")
        #expect(Self.format("ja").zoneName("Asia/Tokyo") == "日本標準時")
        #expect(Self.format("en").zoneName("UTC") == "Coordinated Universal Time")
        for tag in Self.shipped {
            let name = Self.format(tag).zoneName("America/New_York")
            #expect(!name.isEmpty && !name.contains("/") && !name.contains("_"), "\(tag): \(name)")
        }
        #expect(Self.format("en").zoneName("Not/AZone") == "Not/AZone", "no CLDR name: the identifier")
    }
}
