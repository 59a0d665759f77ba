import Synchronization

/// One `LocaleFormat` per language, made the first time a reader of that language needs it:
/// a run meets a handful of languages and many readers of each.
public final class LocaleFormats: Sendable {
    private let made = Mutex<[LanguageTag: LocaleFormat]>([:])

    public init() {}

    public func format(_ language: LanguageTag) -> LocaleFormat {
        made.withLock { made in
            if let format = made[language] { return format }
            let format = LocaleFormat(language)
            made[language] = format
            return format
        }
    }
}
