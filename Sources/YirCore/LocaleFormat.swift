import Foundation

/// The number, date and time forms of one language, from CLDR through Foundation's
/// `FormatStyle` (ICU and its data, compiled into the binary): what `saved.last_saved_display`
/// and the HTML slides show a person.
///
/// Days are said in the Persian calendar where CLDR makes it the language's default (`fa`), else
/// in the Gregorian whatever the language's customary calendar; the report's year and its months
/// (the buckets its figures are counted in) are Gregorian. In the language's own digits and
/// names. Local times are computed by yir's own zone rules and handed to ICU as wall-clock
/// values in GMT, so ICU's time-zone data never changes a figure.
public struct LocaleFormat: Sendable {
    public let tag: LanguageTag
    public var identifier: String { tag.text }
    private let integerStyle: IntegerFormatStyle<Int64>
    private let percentStyle: IntegerFormatStyle<Int64>.Percent
    private let shortTimes: ShortTimes
    /// Integers and durations already formatted (ICU takes a microsecond or more a form; a
    /// run's pages show the same small counts and reading times again and again).
    private let integers = FormMemo<Int64>()
    private let durations = FormMemo<Int64>()
    private let zoneNames = FormMemo<String>()
    private let countryNames = FormMemo<String>()
    private let languageNames = FormMemo<String>()
    private let lists = FormMemo<[String]>()
    /// Dates by day since the epoch, times by minute of the day, years: a run's pages show the
    /// same days of one year again and again.
    private let monthDays = FormMemo<Int64>()
    private let longDates = FormMemo<Int64>()
    private let times = FormMemo<Int>()
    private let years = FormMemo<Int>()
    private let monthDayStyle: Date.FormatStyle
    private let longDateStyle: Date.FormatStyle
    private let yearStyle: Date.FormatStyle
    private let signedPercentStyle: IntegerFormatStyle<Int64>.Percent
    private let locale: Locale
    /// The calendar days are said in: the Persian one where CLDR makes it the language's
    /// default (`fa`), else the Gregorian.
    private let dayCalendar: Calendar
    /// CLDR's territory names where ICU's differ (`TerritoryNames`), for the language of `locale`.
    private let territoryCorrections: [String: String]
    private let monthNames: [String]
    private let shortMonthNames: [String]
    private let narrowMonthNames: [String]
    /// Monday first.
    private let weekdayNames: [String]
    /// Midnight first: every hour chart labels all 24.
    private let hourNames: [String]

    public init(_ tag: LanguageTag) {
        self.tag = tag
        let withData = LocaleFormat.withData(tag)
        let locale = Locale(identifier: withData.text)
        self.locale = locale
        territoryCorrections =
            withData.truncations.lazy.compactMap { TerritoryNames.corrections[$0.text] }.first ?? [:]
        let gmt = TimeZone(secondsFromGMT: 0)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = gmt
        calendar.locale = locale
        func style(date: Date.FormatStyle.DateStyle = .omitted, time: Date.FormatStyle.TimeStyle = .omitted)
            -> Date.FormatStyle
        {
            Date.FormatStyle(date: date, time: time, locale: locale, calendar: calendar, timeZone: gmt)
        }
        // A day is said in the calendar CLDR makes the language's default where that is the
        // Persian one (`fa`: `۳۱ مرداد ۱۴۰۴`), in the Gregorian otherwise; the year of the report,
        // and its months as buckets of figures, stay Gregorian (docs/LANGUAGES.md).
        var dayCalendar = calendar
        if locale.calendar.identifier == .persian {
            dayCalendar = Calendar(identifier: .persian)
            dayCalendar.timeZone = gmt
            dayCalendar.locale = locale
        }
        self.dayCalendar = dayCalendar
        let dayStyle = Date.FormatStyle(locale: locale, calendar: dayCalendar, timeZone: gmt)
        integerStyle = IntegerFormatStyle<Int64>(locale: locale)
        percentStyle = IntegerFormatStyle<Int64>.Percent(locale: locale)
        shortTimes = ShortTimes(locale: locale, calendar: calendar, zone: gmt)
        monthDayStyle = dayStyle.month(.wide).day()
        longDateStyle = Date.FormatStyle(
            date: .long, time: .omitted, locale: locale, calendar: dayCalendar, timeZone: gmt)
        // Where days are Persian, the Gregorian year of the report says its era as CLDR names
        // it (`۲۰۲۵ میلادی`), so that it is never read as a Persian year.
        yearStyle =
            dayCalendar.identifier == .gregorian
            ? style().year(.defaultDigits) : style().year(.defaultDigits).era(.wide)
        signedPercentStyle = percentStyle.sign(strategy: .always(includingZero: false))
        let monthStyle = style().month(.wide)
        monthNames = (1...12).map { month in
            LocaleFormat.date(CivilDate(year: 2001, month: month, day: 1), 0).formatted(monthStyle)
        }
        shortMonthNames = LocaleFormat.standAloneMonths("LLL", locale: locale, calendar: calendar)
        narrowMonthNames = LocaleFormat.standAloneMonths("LLLLL", locale: locale, calendar: calendar)
        let weekdayStyle = style().weekday(.wide)
        // 2001-01-01 was a Monday.
        weekdayNames = (1...7).map { day in
            LocaleFormat.date(CivilDate(year: 2001, month: 1, day: day), 0).formatted(weekdayStyle)
        }
        let hourDates = (0..<24).map {
            LocaleFormat.date(CivilDate(year: 2001, month: 1, day: 1), Int64($0) * 3_600_000)
        }
        if ShortTimes.dayPeriodsAreLetters(locale: locale, calendar: calendar),
            let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale)
        {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.calendar = calendar
            formatter.timeZone = gmt
            formatter.dateFormat = ShortTimes.fullDayPeriods(pattern)
            hourNames = hourDates.map(formatter.string(from:))
        } else {
            let hourStyle = style().hour(.defaultDigits(amPM: .abbreviated))
            hourNames = hourDates.map { $0.formatted(hourStyle) }
        }
    }

    /// The languages ICU holds CLDR data for (`de`, `pt_BR`, `zh_Hant`).
    private static let available = Set(Locale.availableIdentifiers)

    /// The most specific part of `tag` that ICU has data for, else English: ICU would otherwise
    /// format a language it does not know in the process's default locale, so that the same
    /// report would differ from machine to machine.
    ///
    /// Each part is tried with the language's likely script first: ICU keeps Chinese under its
    /// scripts (`zh_Hant_TW`, `zh_Hant`), and `zh-TW` cut to `zh` would be Simplified Chinese.
    /// So `zh-TW` → `zh-Hant-TW`, `zh-HK` → `zh-Hant-HK`, `zh-SG` → `zh-Hans-SG`, while `pt-BR`
    /// (no `pt_Latn_BR` in ICU) is still `pt-BR`.
    static func withData(_ tag: LanguageTag) -> LanguageTag {
        let script = tag.script ?? likelyScript(tag)
        for candidate in tag.truncations {
            var forms = [candidate]
            if candidate.script == nil, let script,
                let scripted = LanguageTag(
                    candidate.language + "-" + script + candidate.text.dropFirst(candidate.language.count))
            {
                forms.insert(scripted, at: 0)
            }
            if let found = forms.first(where: { available.contains($0.text.replacingOccurrences(of: "-", with: "_")) })
            {
                return found
            }
        }
        return .english
    }

    /// CLDR's likely script of a tag without one (`Hant` for `zh-TW`, `Hans` for `zh`).
    static func likelyScript(_ tag: LanguageTag) -> String? {
        Locale.Language(identifier: tag.text).maximalIdentifier.split(separator: "-").dropFirst()
            .first { $0.count == 4 && $0.first!.isUppercase }.map(String.init)
    }

    /// The twelve Gregorian month names of an ICU pattern (`LLL` abbreviated, `LLLLL` narrow),
    /// stand-alone: the nominative where a language inflects (`март`, not the `марта` of a date).
    private static func standAloneMonths(_ pattern: String, locale: Locale, calendar: Calendar) -> [String] {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = pattern
        return (1...12).map { formatter.string(from: date(CivilDate(year: 2001, month: $0, day: 1), 0)) }
    }

    /// A civil date and time as the GMT instant ICU formats.
    private static func date(_ date: CivilDate, _ millisecondOfDay: Int64) -> Date {
        Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400_000 + millisecondOfDay) / 1000)
    }

    /// `2:48 PM` (en), `01:05` (de), `۱۴:۴۸` (fa): CLDR's short time pattern of the language, its
    /// day period in full where the abbreviation is a single letter (`सुबह 9:00`, not `पू 9:00`).
    public func shortTime(_ time: LocalTime) -> String {
        // Minutes only: ICU is given no seconds to round, and the day never shows.
        let minute = time.hour * 60 + time.minute
        return times.form(minute) { shortTimes.format(LocaleFormat.date(time.date, Int64(minute) * 60_000)) }
    }

    /// `August 22` (en), `22. August` (de), `22 août` (fr).
    public func monthAndDay(_ date: CivilDate) -> String {
        monthDays.form(date.daysSinceEpoch) {
            firstOfMonth(LocaleFormat.date(date, 0).formatted(monthDayStyle), day: date.day)
        }
    }

    /// `March 4, 2025` (en), `4. März 2025` (de), `2025年3月4日` (ja).
    public func longDate(_ date: CivilDate) -> String {
        longDates.form(date.daysSinceEpoch) {
            firstOfMonth(LocaleFormat.date(date, 0).formatted(longDateStyle), day: date.day)
        }
    }

    /// Whether two days fall in one year of the calendar days are said in (2025-01-01 and
    /// 2025-12-31 do not in the Persian calendar: 1403 and 1404).
    public func sameYear(_ a: CivilDate, _ b: CivilDate) -> Bool {
        dayCalendar.component(.year, from: LocaleFormat.date(a, 0))
            == dayCalendar.component(.year, from: LocaleFormat.date(b, 0))
    }

    /// `12,345` (en), `12.345` (de), `12 345` (fr).
    public func integer(_ value: Int64) -> String {
        // Small counts repeat from page to page; large numbers (bytes, lines) do not.
        guard (0..<10_000).contains(value) else { return integerStyle.format(value) }
        return integers.form(value) { integerStyle.format(value) }
    }

    public func integer(_ value: Int) -> String { integer(Int64(value)) }

    /// `23%` (en), `23 %` (de), `%23` (tr): a whole percentage.
    public func percent(_ value: Int64) -> String { percentStyle.format(value) }

    /// The month's name standing alone (`August`, `август`).
    public func monthName(_ month: Int) -> String { monthNames[month - 1] }

    /// The month's abbreviated stand-alone name, CLDR's `LLL` (`Aug`, `авг.`, `juil.`, `8月`): a
    /// chart label. Twelve distinct names in every language, where cutting the full names
    /// short is not (French `juin` and `juillet` would both be `jui`).
    public func shortMonthName(_ month: Int) -> String { shortMonthNames[month - 1] }

    /// The month's narrow stand-alone name, CLDR's `LLLLL` (`J`, `Я`, `7`): where only a
    /// letter fits and the month's place says which it is. Not distinct (`J` thrice in English).
    public func narrowMonthName(_ month: Int) -> String { narrowMonthNames[month - 1] }

    /// A time zone as the reader's language names it, CLDR's generic long name where it has
    /// one (`Central European Time`, `Mitteleuropäische Zeit`, `印度標準時間`), else its
    /// generic location form (`Urumqi Time`); the IANA identifier itself when CLDR names
    /// the zone not at all. `UTC` is named as UTC (Foundation would call it Greenwich Mean Time).
    /// A territory's name from CLDR (`DE` → "Deutschland" on a German page, `CN` → "China", never
    /// a vendor's "China mainland"), or nil when CLDR has none; made once per code and language.
    /// ICU's names, corrected to CLDR's where they differ (`TerritoryNames`).
    public func countryName(_ code: String) -> String? {
        let name = countryNames.form(code) {
            territoryCorrections[code] ?? locale.localizedString(forRegionCode: code) ?? ""
        }
        return name.isEmpty ? nil : name
    }

    /// A language's name from CLDR in the page's language (`de` → "Deutsch" on a German page,
    /// "allemand" on a French one, as CLDR writes it inside a sentence), or nil when CLDR has
    /// none; made once per code and language.
    public func languageName(_ code: String) -> String? {
        let name = languageNames.form(code) { locale.localizedString(forLanguageCode: code) ?? "" }
        return name.isEmpty || name == code ? nil : name
    }

    /// A name standing alone on its line, as a label: its first letter capitalised as the
    /// language capitalises it, where CLDR writes such names in lower case inside a sentence
    /// (French "allemand" → "Allemand").
    public func standAlone(_ name: String) -> String {
        guard let first = name.first else { return name }
        return String(first).uppercased(with: locale) + name.dropFirst()
    }

    /// Items joined as the language lists them ("A, B and C"), by CLDR; made once per list.
    public func list(_ items: [String]) -> String {
        lists.form(items) { items.formatted(.list(type: .and).locale(locale)) }
    }

    public func zoneName(_ identifier: String) -> String {
        zoneNames.form(identifier) {
            let isUTC = identifier == "UTC" || identifier == "Etc/UTC"
            guard let zone = TimeZone(identifier: isUTC ? "Etc/UTC" : identifier),
                let name = zone.localizedName(for: isUTC ? .standard : .generic, locale: locale),
                !name.isEmpty
            else { return identifier }
            return name
        }
    }

    /// The report's (Gregorian) year in the language's digits (`2025`), never grouped; with its
    /// era where days are said in another calendar (`۲۰۲۵ میلادی`).
    public func year(_ year: Int) -> String {
        years.form(year) { LocaleFormat.date(CivilDate(year: year, month: 7, day: 1), 0).formatted(yearStyle) }
    }

    /// `+23%`, `-5%`, `0%`: a change in whole percent, its sign always shown.
    public func signedPercent(_ value: Int64) -> String { signedPercentStyle.format(value) }

    /// 1 = Monday … 7 = Sunday.
    public func weekdayName(_ weekday: Int) -> String { weekdayNames[weekday - 1] }

    /// `2 PM` (en), `14 Uhr` (de), `14` (ru), `सुबह 9` (hi): an hour of the day as a chart label,
    /// its day period in full where the abbreviation is a single letter.
    public func hour(_ hour: Int) -> String { hourNames[hour] }

    /// A reading time as people say it, rounded to what matters at its size: `45 seconds` under
    /// a minute (in full, as the hero figure of a reading under a minute says it, so that one
    /// page says seconds one way), minutes and seconds under ten minutes, whole minutes under an
    /// hour, hours and minutes above (`2 hr, 51 min` in English, `2 Std., 51 Min.` in German).
    public func duration(milliseconds: Int64) -> String {
        let seconds = (milliseconds + 500) / 1000
        let units: Set<Duration.UnitsFormatStyle.Unit>
        var shown = seconds
        switch seconds {
        case ..<60: units = [.seconds]
        case ..<600: units = [.minutes, .seconds]
        case ..<3600:
            units = [.minutes]
            shown = seconds / 60 * 60
        default:
            units = [.hours, .minutes]
            shown = seconds / 60 * 60
        }
        // The form depends on `shown` alone: the units follow from its size.
        return durations.form(shown) {
            let form = Duration.seconds(shown).formatted(
                .units(
                    allowed: units, width: seconds < 60 ? .wide : .abbreviated,
                    zeroValueUnits: seconds < 60 ? .show(length: 1) : .hide
                ).locale(locale))
            return typeset(duration: form)
        }
    }

    /// A duration kept on one line and written as its language writes it: no-break spaces
    /// between figures and units (an Arabic `٢ س و٥١ د` never splits across lines); no space
    /// at all between Japanese and Chinese units (`2時間51分`); a maqaf between the Hebrew
    /// conjunction ו and a figure (`ו־11 דק׳`).
    func typeset(duration form: String) -> String {
        var form = form
        switch tag.language {
        case "ja", "zh":
            form.removeAll { $0.isWhitespace }
        case "he":
            form = LocaleFormat.maqafBeforeFigures(form)
            fallthrough
        default:
            form = String(form.map { $0.isWhitespace && $0 != "\u{202F}" ? "\u{00A0}" : $0 })
        }
        return form
    }

    /// Hebrew writes a maqaf between the prefixed conjunction ו and a figure (`ו־11`), which
    /// ICU's list pattern leaves out (`ו11`).
    static func maqafBeforeFigures(_ text: String) -> String {
        var result = "", previous: Character = " ", characters = Array(text)
        for (index, character) in characters.enumerated() {
            result.append(character)
            if character == "ו", previous.isWhitespace || index == 0,
                index + 1 < characters.count, characters[index + 1].isNumber
            {
                result.append("\u{05BE}")
            }
            previous = character
        }
        return result
    }

    /// French writes the first day of a month as an ordinal, `1er janvier` (CLDR's dates say
    /// `1 janvier`): wherever a date starts with day 1.
    func firstOfMonth(_ form: String, day: Int) -> String {
        guard day == 1, tag.language == "fr", form.hasPrefix("1"), form.dropFirst().first?.isWhitespace == true
        else { return form }
        return "1er" + form.dropFirst()
    }
}

/// CLDR's short time format of a language (`HH:mm` in German, `h:mm a` in English). Foundation's
/// `Date.FormatStyle(time: .shortened)` builds its own pattern from a skeleton instead (German
/// `1:05` where CLDR says `01:05`), so this one formatter is a `DateFormatter`, which uses the
/// pattern itself. A `DateFormatter` is not safe to share between threads: a lock guards it.
final class ShortTimes: @unchecked Sendable {
    private let formatter = DateFormatter()
    private let lock = NSLock()

    init(locale: Locale, calendar: Calendar, zone: TimeZone) {
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = zone
        formatter.dateStyle = .none
        formatter.timeStyle = .short
        if Self.dayPeriodsAreLetters(locale: locale, calendar: calendar) {
            formatter.dateFormat = Self.fullDayPeriods(formatter.dateFormat)
        }
    }

    /// Whether the language's abbreviated day periods are single letters (Hindi `पू`/`अ`, Arabic
    /// `ص`/`م`): a time a reader does not recognise (SPEC §4.4, "Words that break right").
    static func dayPeriodsAreLetters(locale: Locale, calendar: Calendar) -> Bool {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        return [formatter.amSymbol, formatter.pmSymbol].contains { $0.count == 1 }
    }

    /// A pattern's day period (`a`) written in full, as CLDR's day periods of the time of day,
    /// wide (`BBBB`: Hindi `सुबह 9:00`, `शाम 6:00`; Arabic `9:00 صباحًا`), outside quoted text.
    static func fullDayPeriods(_ pattern: String) -> String {
        var result = "", quoted = false, previous: Character?
        for character in pattern {
            if character == "'" { quoted.toggle() }
            if character == "a" && !quoted {
                if previous != "a" { result += "BBBB" }
            } else {
                result.append(character)
            }
            previous = character
        }
        return result
    }

    func format(_ date: Date) -> String {
        lock.lock()
        defer { lock.unlock() }
        return formatter.string(from: date)
    }
}

/// Forms made once per value, shared by the threads that render pages.
final class FormMemo<Value: Hashable>: @unchecked Sendable {
    private var forms: [Value: String] = [:]
    private let lock = NSLock()

    func form(_ value: Value, _ make: () -> String) -> String {
        lock.lock()
        if let form = forms[value] {
            lock.unlock()
            return form
        }
        lock.unlock()
        let form = make()
        lock.lock()
        forms[value] = form
        lock.unlock()
        return form
    }
}
