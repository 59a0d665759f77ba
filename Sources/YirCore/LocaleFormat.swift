/// The few date and time forms the statistics themselves carry (`saved.last_saved_display`),
/// hand-written per locale so that output never depends on the ICU version installed.
public struct LocaleFormat: Sendable {
    public let identifier: String
    private let monthNames: [String]
    private let twelveHour: Bool
    private let dayFirst: Bool

    /// The locales yir knows; any other falls back to English (`en`).
    public static func named(_ identifier: String) -> LocaleFormat {
        let language = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        switch language.lowercased() {
        case "de":
            return LocaleFormat(identifier: "de", monthNames: [
                "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
                "Oktober", "November", "Dezember",
            ], twelveHour: false, dayFirst: true)
        default:
            return LocaleFormat(identifier: "en", monthNames: [
                "January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December",
            ], twelveHour: true, dayFirst: false)
        }
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
}
