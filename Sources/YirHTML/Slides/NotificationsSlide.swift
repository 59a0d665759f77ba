import YirCore
import YirStats

extension SlideDeck {
    /// 9. Notifications followed, each with a readable name even when the table lacks it.
    func notificationsSlide(_ reader: ReaderStats) -> Slide? {
        let subscribed = reader.notifications.subscribed
        guard !subscribed.isEmpty else { return nil }
        return Slide("notifications", strings.text("notifications_heading"), [
            "notifications_label": strings.plural("notifications", subscribed.count, format.integer(subscribed.count)),
            "subscribed": subscribed.map { n -> [String: Any] in
                if strings.has("notification_\(n.key)") { return ["notification": strings.text("notification_\(n.key)")] }
                return ["notification": n.label == n.key ? Self.readableNotification(n.key) : n.label]
            },
        ])
    }

    /// A readable name for a notification type the table does not know:
    /// `echo-subscriptions-push-new-thing` → `New thing`.
    static func readableNotification(_ key: String) -> String {
        var name = Substring(key)
        for prefix in ["echo-subscriptions-push-", "echo-subscriptions-"] where name.hasPrefix(prefix) {
            name = name.dropFirst(prefix.count)
            break
        }
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).joined(separator: " ")
        guard let first = words.first else { return key }
        return first.uppercased() + words.dropFirst()
    }
}
