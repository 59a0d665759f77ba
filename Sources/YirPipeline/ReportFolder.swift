import Foundation
import Logging
import YirCore
import YirHTML
import YirReport

/// The output folder of a `report` or `render` run: prepared before anything is read (the
/// templates, the XSD, the link key, the lock), written and put in place as one commit
/// (SPEC §4.5).
struct ReportFolder {
    let options: OutputOptions
    let log: Logger
    private var html: HTMLReport?
    private var validator: XMLValidator?
    private var linkKey: LinkKey?
    /// Held from before the inputs are read until the process ends.
    private var lock: FolderLock?

    /// Loads what writing needs, so that a broken template or a missing schema fails before
    /// the work, not after it; creates the folder and takes its lock.
    init(_ options: OutputOptions, templates: TemplateFiles?, jobs: Int, log: Logger) throws(RunError) {
        self.options = options
        self.log = log
        let formats = options.formats
        do {
            if options.validateXML {
                guard let templates else { throw RunError.cannotOpen("no templates to find report.xsd in") }
                validator = try XMLValidator.forTemplates(templates)
            }
            if formats.contains(.html) {
                // The decks' folder is replaced whole: never one holding files of someone else's.
                let foreign = OutputFolder.foreignEntries(at: options.readers) { $0.hasSuffix(".html") }
                if !foreign.isEmpty {
                    let listed = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
                    throw RunError.cannotCreate(
                        "\(options.readers) holds what yir does not write there (\(listed)); the reader pages' folder is replaced whole: move those, or write the report elsewhere"
                    )
                }
                guard let templates else { throw RunError.cannotOpen("no templates for the HTML pages") }
                if options.imageMode == .embed, let cache = options.imageSource.imageCache {
                    try Self.checkImageCache(cache, log: log)
                }
                html = HTMLReport(
                    templates: try HTMLTemplates(files: templates),
                    images: DeckImages(
                        mode: options.imageMode, hosts: options.imageSource.imageHosts,
                        cache: options.imageSource.imageCache),
                    shareName: options.shareName ?? HTMLReport.defaultShareName, shareLink: options.shareLink,
                    jobs: jobs)
                linkKey = try Self.openLinkKey(options, log: log)
            }
        } catch let error as RunError {
            throw error
        } catch {
            throw .cannotOpen("\(error)")
        }
        do throws(OutputError) {
            try OutputFile.makeFolder(options.out)
        } catch {
            throw RunError(error)
        }
        lock = FolderLock(options.out, log: log)
    }

    /// `--images embed`'s cache must be a folder. Without libvips the pictures made on an earlier
    /// night are still embedded; the others stay illustrations, and the log says why once. The
    /// squares a killed run was keeping there are cleared away, as `yir images` does.
    private static func checkImageCache(_ cache: String, log: Logger) throws(RunError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: cache, isDirectory: &isFolder), isFolder.boolValue else {
            throw .cannotOpen("--image-cache \(cache): no such folder (`yir images --image-cache \(cache)` fills it)")
        }
        OutputFile.removeStaleTemporaryFiles(in: cache)
        if !DeckImages.canMakePictures {
            log.warning(
                "libvips (libvips.so.42) is not installed: only pictures made on an earlier run are embedded; the others stay illustrations (Debian: apt install libvips42)"
            )
        }
    }

    /// What `--images embed` embedded, for the log and the run's metrics: the thumbnails that
    /// stayed illustrations each once, with why (every one of them under --verbose).
    private func reportPictures(_ images: DeckImages) {
        let missing = images.missing
        DeckImages.lastRun.withLock { $0 = (embedded: images.embeddedCount, missing: missing.count) }
        log.info("pictures: \(images.embeddedCount) embedded, \(missing.count) left as illustrations")
        guard !missing.isEmpty else { return }
        let notFetched = missing.filter { $0.reason == DeckImages.notInCache }.count
        log.notice(
            """
            \(missing.count) thumbnail(s) the decks would show stay illustrations: \(notFetched) not in the image \
            cache (`yir images` fetches them), \(missing.count - notFetched) unreadable or no image; \
            e.g. \(missing[0].url): \(missing[0].reason)
            """)
        for (url, reason) in missing { log.debug("picture left out: \(url): \(reason)") }
    }

    /// The link key (SPEC §4.4), created on the first run. One that is too short, that others
    /// can read, that is no regular file of this user, or that lies inside --out (it would be
    /// published or replaced with it) is a usage error.
    private static func openLinkKey(_ options: OutputOptions, log: Logger) throws(RunError) -> LinkKey {
        guard let path = options.linkKey ?? LinkKey.defaultPath() else {
            throw .usage("--link-key: no file given, and no HOME to keep the default one in")
        }
        let outFolder = OutputPaths.resolved(options.out) + "/"
        if OutputPaths.resolved(path).hasPrefix(outFolder) {
            throw .usage(
                "--link-key \(path) lies inside --out \(options.out): keep the key outside the folder the pages are published from"
            )
        }
        do {
            let (key, created) = try LinkKey.openOrCreate(path: path)
            if created {
                log.notice(
                    "created the link key \(path): every reader's deck name depends on it; keep it, and keep it private"
                )
            }
            return key
        } catch {
            if case .cannotCreate = error { throw .cannotCreate("\(error)") }
            throw .usage("--link-key: \(error)")
        }
    }

    /// SPEC §4.5: the folder holds one year and never goes back in time. Checked once the
    /// lock is held and before the inputs are read — the year only when it is known then
    /// (`--year`, or `--tz`'s year at A) — and again once the readers' years are known.
    func checkHistory(of run: FolderHistory) throws(RunError) {
        guard let previous = try FolderHistory.recorded(at: options.history) else { return }
        if let year = run.year, let previousYear = previous.year, previousYear != year {
            throw .usage(
                "\(options.out) holds the report of \(previousYear); this run is for \(year): write each year's report into a folder of its own (docs/OPERATIONS.md, \"New Year\")"
            )
        }
        if run.asOf < previous.asOf {
            throw .newerReport(
                "\(options.out) holds a report as of \(RFC3339.format(previous.asOf, offsetSeconds: 0)), later than this run's \(RFC3339.format(run.asOf, offsetSeconds: 0)): it is left as it is"
            )
        }
    }

    /// Writes every requested output under a temporary name, then puts them all in place in one
    /// commit together with `alongside` (the rejects file), removing what an earlier run wrote
    /// in formats this one does not. With the HTML, every output carries each reader's `slides`.
    func write(_ model: ReportModel, history: FolderHistory, alongside: [OutputFile], jobs: Int) throws(RunError) {
        var model = model
        if let linkKey {
            do {
                // Named for the year every deck reports, which the folder records (SPEC §4.5).
                model.decks = try DeckNames(
                    users: model.statistics.readers.map(\.user), year: history.year!, key: linkKey)
            } catch {
                throw .cannotCreate("\(error)")
            }
        }
        do throws(OutputError) {
            OutputFile.removeStaleTemporaryFiles(in: options.out)
            // Every file is complete under its temporary name before any is renamed.
            var files: [OutputFile] = []
            var folders: [OutputFolder] = []
            let clock = ContinuousClock()
            for format in options.formats {
                let start = clock.now
                if format == .html, let html {
                    // One line per language the slides cannot speak, before the pages are written.
                    for language in html.languagesWithoutTexts(model) {
                        log.warning(
                            "no strings for the language '\(language)' among the templates: its readers' slides are in English (add strings/\(language).json with --templates; docs/LANGUAGES.md)"
                        )
                    }
                    let (index, readers) = try html.write(model, into: options.out)
                    log.debug(
                        "html: \((clock.now - start).logText) for \(model.statistics.readers.count) reader pages and the index"
                    )
                    if html.images.mode == .embed { reportPictures(html.images) }
                    files.append(index)
                    folders.append(readers)
                    continue
                }
                let file = try OutputFile(path: options.path(of: format))
                let replaced: Int
                do {
                    replaced = try format.render(model, jobs: jobs) { try file.write($0) }
                } catch let error as OutputError {
                    throw error
                } catch {
                    throw OutputError.writeFailed(path: file.path, reason: "\(error)")
                }
                if replaced > 0 {
                    log.warning(
                        "\(replaced) characters that XML 1.0 cannot hold were written as U+FFFD in \(file.path)")
                }
                log.debug("\(format.rawValue): \((clock.now - start).logText)")
                files.append(file)
                SignalTestHook.moment("file")
                if format == .xml, let validator {
                    let problems = validator.problems(inFile: file.temporaryPath)
                    // An invalid report is yir's own fault, not the input's: nothing is put in place.
                    guard problems.isEmpty else {
                        for problem in problems { log.error("\(file.path):\(problem.line): \(problem.message)") }
                        throw OutputError.writeFailed(path: file.path, reason: "not valid against the XSD")
                    }
                }
            }
            let record = try OutputFile(path: options.history)
            try record.write(history.bytes)
            // What an earlier run wrote in formats this one does not write leaves in the same commit.
            let stale = Output.reportFiles.filter { !options.formats.contains($0) }.map { format in
                format == .html ? [options.path(of: .html), options.readers] : [options.path(of: format)]
            }.joined()
            SignalTestHook.moment("commit")
            try OutputFile.commit(files + alongside + [record], folders: folders, removing: Array(stale))
            for file in files { log.info("wrote \(file.path)") }
            for folder in folders {
                log.info("wrote \(model.statistics.readers.count) pages into \(folder.path)")
                if let leftover = folder.leftover {
                    log.warning(
                        "the previous \(folder.path) could not be removed whole (\(folder.leftoverReason ?? "")): \(leftover) is left; remove it by hand"
                    )
                }
            }
        } catch {
            throw RunError(error)
        }
    }
}

/// What `--out` was last written with (SPEC §4.5): the report's year and as-of instant, kept
/// in the folder's `.yir-report.json` and written in the same commit as the report.
public struct FolderHistory: Equatable, Sendable {
    static let fileName = ".yir-report.json"

    /// The year every deck of the report is about; nil before the inputs are read, when the
    /// readers' zones decide it.
    public var year: Int?
    public var asOf: Int64

    public init(year: Int?, asOf: Int64) {
        self.year = year
        self.asOf = asOf
    }

    /// What a run with `parameters` records, as far as it is known before the inputs are
    /// read: `--year`, else the year of A in `--tz`'s zone, else none yet.
    init(before parameters: RunParameters) {
        self.init(
            year: parameters.year ?? parameters.zoneOverride.map { $0.local(parameters.asOf).date.year },
            asOf: parameters.asOf)
    }

    /// What the report `model` records (SPEC §4.5 v4): the year its every reader's window is
    /// in — `--year`, else the year of A in each reader's zone, which must be one year for
    /// the whole folder ("give --year" when the zones put A in different years). A run of no
    /// reader takes the year of A in `zone`, the zone of a reader who names none.
    init(of model: ReportModel, zone: ZoneRules) throws(RunError) {
        var years: [Int: (first: String, readers: Int)] = [:]
        for reader in model.statistics.readers {
            let year = reader.zone.local(reader.window.start).date.year
            years[year, default: (reader.user, 0)].readers += 1
        }
        if years.count > 1 {
            let named = years.sorted { $0.key < $1.key }.map { year, readers in
                "\(year) for \(readers.first)\(readers.readers > 1 ? " and \(readers.readers - 1) more" : "")"
            }.joined(separator: ", ")
            throw .usage(
                "at --as-of \(RFC3339.format(model.parameters.asOf, offsetSeconds: 0)) the readers' zones are in different years — \(named) — and a folder holds one year: give --year"
            )
        }
        self.init(
            year: model.parameters.year ?? years.keys.first ?? zone.local(model.parameters.asOf).date.year,
            asOf: model.parameters.asOf)
    }

    /// The record in a folder; nil when there is none. One that cannot be read — cut short,
    /// damaged, not yir's — is a usage error: the folder's year is not guessed.
    static func recorded(at path: String) throws(RunError) -> FolderHistory? {
        guard let data = FileManager.default.contents(atPath: path) else {
            guard FileManager.default.fileExists(atPath: path) || OutputFile.notARegularFile(path) != nil else {
                return nil
            }
            throw .usage(
                "\(path) cannot be read, so the year and as-of instant this folder holds are unknown: check the folder, and remove that file if the folder's report is to be replaced"
            )
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let year = object["year"] as? Int, let text = object["as_of"] as? String,
            case .success(.instant(let asOf)) = RFC3339.parse(text)
        else {
            throw .usage(
                "\(path) is not a folder record yir wrote (damaged or cut short), so the year and as-of instant this folder holds are unknown: check the folder, and remove that file if the folder's report is to be replaced"
            )
        }
        return FolderHistory(year: year, asOf: asOf)
    }

    var bytes: [UInt8] {
        Array("{\"year\": \(year ?? 0), \"as_of\": \"\(RFC3339.format(asOf, offsetSeconds: 0))\"}\n".utf8)
    }
}

extension Duration {
    /// How `--verbose` shows a phase's time: `0.123 secs`.
    public var logText: String { formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 3))) }
}

extension XMLValidator {
    /// The validator of the XSD that wins among the template layers.
    public static func forTemplates(_ templates: TemplateFiles) throws -> XMLValidator {
        guard let schema = templates.file("report.xsd") else { throw NoSchema() }
        if schema.isBuiltIn { return try XMLValidator(schema: try schema.contents(), place: schema.place) }
        return try XMLValidator(schemaPath: schema.place)
    }

    public struct NoSchema: Error, CustomStringConvertible {
        public var description: String { "no report.xsd among the templates" }
    }
}
