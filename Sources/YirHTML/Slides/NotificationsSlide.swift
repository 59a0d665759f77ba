import YirCore
import YirStats

extension SlideDeck {
    /// The kinds of notification SPEC §2.5's table names, in its order: messages from people,
    /// news of the reader's edits, and alerts about their account — security notices are alerts
    /// a reader keeps on, not something they follow. A key the table does not know is `other`.
    static let notificationKinds: [(kind: String, keys: [String])] = [
        ("people", ["edit-user-talk", "edit-thank", "dt-subscription", "mention", "emailuser"]),
        (
            "edits",
            [
                "cx", "mention-failure", "mention-success", "article-linked", "wikibase-action", "page-review",
                "reverted", "thank-you-edit",
            ]
        ),
        ("account", ["login-fail", "login-success", "user-rights"]),
    ].map { kind, names in (kind, names.map { "echo-subscriptions-push-\($0)" }) }

    /// The kind of a notification type: `people`, `edits`, `account` or `other`.
    static func notificationKind(_ key: String) -> String {
        notificationKinds.first { $0.keys.contains(key) }?.kind ?? "other"
    }

    /// 9. The notifications the reader has turned on, by kind, each with a readable name even
    /// when the table lacks it.
    func notificationsSlide(_ reader: ReaderStats) -> Slide? {
        let subscribed = reader.notifications.subscribed
        guard !subscribed.isEmpty else { return nil }
        let groups = (Self.notificationKinds.map(\.kind) + ["other"]).compactMap { kind -> [String: Any]? in
            let items = subscribed.filter { Self.notificationKind($0.key) == kind }
            guard !items.isEmpty else { return nil }
            return [
                "group_heading": breakable(strings.text("notifications_kind_\(kind)")),
                "items": items.map { n -> [String: Any] in
                    if strings.has("notification_\(n.key)") {
                        return ["notification": strings.text("notification_\(n.key)")]
                    }
                    // A type the table does not know: the export's label where it gives one, else a
                    // neutral label in the page's language beside the key itself, as code —
                    // never English words made from the key on a page in another language.
                    guard n.label == n.key else { return ["notification": n.label] }
                    return ["notification": strings.text("notification_other"), "notification_code": n.key]
                },
            ]
        }
        return Slide(
            "notifications", strings.text("notifications_title"),
            [
                "notifications_label": strings.plural(
                    "notifications_on", subscribed.count, format.integer(subscribed.count)),
                "groups": groups,
            ])
    }
}
