/// The date, time and number forms of the outputs (`saved.last_saved_display`, the HTML
/// slides), hand-written per locale so that output never depends on the ICU version installed.
public struct LocaleFormat: Sendable {
    public let identifier: String
    private let monthNames: [String]
    private let twelveHour: Bool
    private let dayFirst: Bool
    /// Monday first.
    private let weekdayNames: [String]
    private let groupingSeparator: String

    /// The locales yir knows; any other falls back to English (`en`).
    public static func named(_ identifier: String) -> LocaleFormat {
        switch language(of: identifier) {
        case "de":
            return LocaleFormat(identifier: "de", monthNames: [
                "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
                "Oktober", "November", "Dezember",
            ], twelveHour: false, dayFirst: true,
               weekdayNames: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
               groupingSeparator: ".")
        default:
            return LocaleFormat(identifier: "en", monthNames: [
                "January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December",
            ], twelveHour: true, dayFirst: false,
               weekdayNames: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
               groupingSeparator: ",")
        }
    }

    /// The language part of a locale identifier, lower-cased: `de-DE`, `de_AT` → `de`.
    public static func language(of identifier: String) -> String {
        identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
    }

    /// `2:48 PM` (en), `14:48` (de).
    public func shortTime(_ time: LocalTime) -> String {
        let minute = time.minute < 10 ? "0\(time.minute)" : "\(time.minute)"
        guard twelveHour else { return "\(time.hour):\(minute)" }
        let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
        return "\(hour):\(minute) \(time.hour < 12 ? "AM" : "PM")"
    }

    /// `August 22` (en), `22. August` (de).
    public func monthAndDay(_ date: CivilDate) -> String {
        let month = monthNames[date.month - 1]
        return dayFirst ? "\(date.day). \(month)" : "\(month) \(date.day)"
    }

    /// `12,345` (en), `12.345` (de).
    public func integer(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var out = value < 0 ? "-" : ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += groupingSeparator }
            out.append(digit)
        }
        return out
    }

    public func integer(_ value: Int) -> String { integer(Int64(value)) }

    public func monthName(_ month: Int) -> String { monthNames[month - 1] }

    /// 1 = Monday … 7 = Sunday.
    public func weekdayName(_ weekday: Int) -> String { weekdayNames[weekday - 1] }

    /// `March 4, 2025` (en), `4. März 2025` (de).
    public func longDate(_ date: CivilDate) -> String {
        dayFirst ? "\(date.day). \(monthName(date.month)) \(date.year)" : "\(monthName(date.month)) \(date.day), \(date.year)"
    }

    /// `3 PM` (en), `15 Uhr` (de): an hour of the day as a chart label.
    public func hour(_ hour: Int) -> String {
        guard twelveHour else { return "\(hour) Uhr" }
        return "\(hour % 12 == 0 ? 12 : hour % 12) \(hour < 12 ? "AM" : "PM")"
    }
}
