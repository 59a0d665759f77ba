/// A push-notification type with the label SPEC §2.5 gives it.
public struct NotificationType: Sendable, Equatable {
    public var key: String
    /// The §2.5 label; for keys the table does not know, the key itself.
    public var label: String { Self.known.first { $0.key == key }?.label ?? key }

    /// SPEC §2.5, in its order (which is also the order of the output lists).
    public static let known: [(key: String, label: String)] = [
        ("echo-subscriptions-push-edit-user-talk", "Talk page message"),
        ("echo-subscriptions-push-edit-thank", "Thanks"),
        ("echo-subscriptions-push-dt-subscription", "Talk page subscription"),
        ("echo-subscriptions-push-cx", "Translations"),
        ("echo-subscriptions-push-mention", "Mention"),
        ("echo-subscriptions-push-mention-failure", "Failed mention"),
        ("echo-subscriptions-push-mention-success", "Successful mention"),
        ("echo-subscriptions-push-article-linked", "Page link"),
        ("echo-subscriptions-push-wikibase-action", "Connection with Wikidata"),
        ("echo-subscriptions-push-login-fail", "Failed login attempts"),
        ("echo-subscriptions-push-login-success", "Login from an unfamiliar device"),
        ("echo-subscriptions-push-page-review", "Page review"),
        ("echo-subscriptions-push-user-rights", "User rights change"),
        ("echo-subscriptions-push-reverted", "Edit revert"),
        ("echo-subscriptions-push-emailuser", "Email from other user"),
        ("echo-subscriptions-push-thank-you-edit", "Edit milestone"),
    ]

    /// Position in the §2.5 table; unknown keys sort after every known one.
    public var tableOrder: Int {
        Self.known.firstIndex { $0.key == key } ?? Self.known.count
    }

    public init(key: String) {
        self.key = key
    }

    /// Table order, then unknown keys by key (UTF-8 byte order).
    public static func precedes(_ a: NotificationType, _ b: NotificationType) -> Bool {
        let (x, y) = (a.tableOrder, b.tableOrder)
        if x != y { return x < y }
        return a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
    }
}
