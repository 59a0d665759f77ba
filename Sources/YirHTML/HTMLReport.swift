import Crypto
import Foundation
import Synchronization
import YirCore
import YirReport
import YirStats

/// SPEC §4.4's HTML output: `index.html` and one slides page per reader in `readers/`, both
/// rendered from the Mustache templates. Reader pages are rendered on `jobs` threads straight
/// into the new `readers/` folder, which replaces the previous one whole when the run commits.
public struct HTMLReport: Sendable {
    public let templates: HTMLTemplates
    /// `--images`: where the decks' pictures come from; the policy allows an image host only
    /// for `remote`, and then only those named.
    public let images: DeckImages
    /// `--share-name` and `--share-link`: the service named at the foot of every share card and
    /// on the ending slide, and its `https://` address (none: the name alone).
    public let shareName: String
    public let shareLink: String?
    public let jobs: Int
    /// The Content-Security-Policy of each kind of page (hashing once, not per page).
    private let slidesPolicy: String
    private let indexPolicy: String

    /// The heaviest a deck with embedded pictures may be, in bytes: past it, its pictures are
    /// left out from the last one it shows (the saves') until it fits, the top article's last.
    public var pictureBudget = 64 * 1024

    /// How many readers `index.html` lists at most (`Overview.maximumListed`).
    public var maximumListedReaders = 5_000

    public static let readersFolder = DeckNames.folder
    public static let indexFile = "index.html"

    /// The name on the share cards when none is given: the program that made them.
    public static let defaultShareName = "yir"

    public init(
        templates: HTMLTemplates, images: DeckImages = .none, shareName: String = defaultShareName,
        shareLink: String? = nil,
        jobs: Int = 1
    ) {
        self.templates = templates
        self.images = images
        self.shareName = shareName
        self.shareLink = shareLink
        self.jobs = jobs
        slidesPolicy = ContentSecurityPolicy.forPage(
            style: templates.style, script: templates.slidesScript,
            imageHosts: images.mode == .remote ? images.hosts : nil)
        indexPolicy = ContentSecurityPolicy.forPage(
            style: templates.indexStyle, script: templates.indexScript, imageHosts: nil)
    }

    /// Writes the pages of `model` under `folder`, each deck under its name in `model.decks`;
    /// nothing is in place until `OutputFile.commit`. `readers/` gets the decks and an empty
    /// `index.html`, nothing else, so that it can be published as it is (SPEC §4.4).
    public func write(_ model: ReportModel, into folder: String) throws(OutputError) -> (
        index: OutputFile, readers: OutputFolder
    ) {
        let readers = model.statistics.readers
        guard let decks = model.decks else { preconditionFailure("HTML is written with the decks' names") }
        let names = decks.files
        let readersFolder = try OutputFolder(path: (folder as NSString).appendingPathComponent(Self.readersFolder))
        try readersFolder.write(Array(Self.emptyIndexPage.utf8), name: Self.indexFile)
        let deckMakers = slideDecks(model)
        let failure = Mutex<OutputError?>(nil)
        // `jobs` workers take batches of pages in turn; each page goes straight to its file.
        let batch = 64
        let batches = (readers.count + batch - 1) / batch
        Parallel.tasks(batches, workers: jobs) { b, _ in
            // After a failure the batches left are skipped: nothing of this run is kept.
            guard failure.withLock({ $0 == nil }) else { return }
            for i in b * batch..<min(readers.count, (b + 1) * batch) {
                let page = readerPage(readers[i], deck: deckMakers[readers[i].locale]!)
                do throws(OutputError) {
                    try readersFolder.write(Array(page.utf8), name: names[i])
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    return
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        let index = try OutputFile(path: (folder as NSString).appendingPathComponent(Self.indexFile))
        try index.write(Array(indexPage(model, readerLinks: readers.indices.map { decks.slides(at: $0) }).utf8))
        return (index, readersFolder)
    }

    /// A deck maker for each reader's language (SPEC §2.1), made before the pages are: the
    /// strings, plural rules and formats of a language are built once per run.
    func slideDecks(_ model: ReportModel) -> [LanguageTag: SlideDeck] {
        let templates = templates
        let times = model.statistics.readers.compactMap { $0.reading.milliseconds > 0 ? $0.reading.milliseconds : nil }
            .sorted()
        var decks: [LanguageTag: SlideDeck] = [:]
        for language in Set(model.statistics.readers.map(\.locale)) {
            let strings = templates.strings.strings(for: language)
            decks[language] = SlideDeck(
                strings: strings, render: { templates.render($0, template: $1) },
                format: LocaleFormat(Self.formatLanguage(for: language, textIn: strings.language)),
                readersWithReading: times.count, readingTimes: times, images: images,
                shareName: shareName, shareLink: shareLink, articleNames: model.statistics.articleNames,
                readersWithPreviousYear: model.statistics.cohort.previousYear.readers)
        }
        return decks
    }

    /// Numbers and dates follow the reader's own tag (`pt-BR`, not `pt`) when the texts are in
    /// its language, and the texts' language otherwise: an English page for a language yir has
    /// no texts for reads as English throughout.
    static func formatLanguage(for reader: LanguageTag, textIn language: LanguageTag) -> LanguageTag {
        reader.language == language.language ? reader : language
    }

    /// The languages of `model`'s readers that have no strings file: their slides are in English.
    public func languagesWithoutTexts(_ model: ReportModel) -> [LanguageTag] {
        Set(model.statistics.readers.map(\.locale)).filter { !templates.strings.speaks($0) }.sorted()
    }

    static func readersWithReading(_ model: ReportModel) -> Int {
        model.statistics.readers.reduce(0) { $0 + ($1.reading.milliseconds > 0 ? 1 : 0) }
    }

    /// One reader's slides page. It stands alone: it links to no other page of the run.
    public func readerPage(_ reader: ReaderStats, model: ReportModel) -> String {
        readerPage(reader, deck: slideDecks(model)[reader.locale]!)
    }

    func readerPage(_ reader: ReaderStats, deck: SlideDeck) -> String {
        var uses = images.mode == .none ? [] : DeckPictures.uses(reader, hosts: images.hosts)
        var sources = images.sources(for: uses)
        while true {
            let page = templates.render(readerContext(reader, deck: deck, pictures: sources), template: "slides")
            guard images.mode == .embed, page.utf8.count > pictureBudget, !sources.isEmpty else {
                images.carry(sources.keys)
                return page
            }
            while let last = uses.popLast(), sources.removeValue(forKey: last) == nil {}
        }
    }

    /// What the `slides` template is rendered on for one reader: with `pictures`, or every
    /// picture the deck's `--images` gives.
    func readerContext(_ reader: ReaderStats, deck: SlideDeck, pictures: [PictureUse: String]? = nil) -> [String: Any] {
        let images = deck.images
        var context = deck.context(
            for: reader, pictures: pictures ?? images.sources(for: DeckPictures.uses(reader, hosts: images.hosts)))
        addPageParts(&context, style: templates.style, script: templates.slidesScript, policy: slidesPolicy)
        return context
    }

    public func indexPage(_ model: ReportModel, readerLinks: [String]) -> String {
        templates.render(indexContext(model, readerLinks: readerLinks), template: "index")
    }

    /// What the `index` template is rendered on.
    func indexContext(_ model: ReportModel, readerLinks: [String]) -> [String: Any] {
        let language = model.parameters.locale.runLanguage
        let strings = templates.strings.strings(for: language)
        let overview = Overview(
            strings: strings, format: LocaleFormat(Self.formatLanguage(for: language, textIn: strings.language)),
            readersWithReading: Self.readersWithReading(model), maximumListed: maximumListedReaders)
        var context = overview.context(model, readerLinks: readerLinks)
        addPageParts(&context, style: templates.indexStyle, script: templates.indexScript, policy: indexPolicy)
        return context
    }

    /// `readers/index.html`: a page with nothing on it but the program's name (a main landmark
    /// and a heading, as accessibility checkers ask of every page), so that a web server that
    /// would list the folder's decks serves this instead. It names no reader and links nowhere.
    static let emptyIndexPage = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; base-uri 'none'; form-action 'none'">
        <meta name="referrer" content="no-referrer">
        <meta name="robots" content="noindex">
        <title>yir</title>
        </head>
        <body><main><h1>yir</h1></main></body>
        </html>

        """

    /// The inline style and script, and the policy that allows exactly them: no other script,
    /// no style from elsewhere, no connection, images only as https thumbnails (or none).
    private func addPageParts(_ context: inout [String: Any], style: String, script: String, policy: String) {
        context["style"] = style
        context["script"] = script
        context["csp"] = policy
    }
}

enum ContentSecurityPolicy {
    /// `imageHosts`: the hosts a page may load pictures from, each exactly (`--images remote`);
    /// otherwise only pictures inlined in the page.
    static func forPage(style: String, script: String, imageHosts: ImageHosts?) -> String {
        [
            "default-src 'none'",
            "style-src \(hashSource(style))",
            "script-src \(hashSource(script))",
            "img-src data:" + (imageHosts.map { " " + $0.policySources } ?? ""),
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
    }

    static func hashSource(_ text: String) -> String {
        "'sha256-\(Data(SHA256.hash(data: Array(text.utf8))).base64EncodedString())'"
    }
}
