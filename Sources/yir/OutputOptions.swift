import ArgumentParser
import Foundation
import Logging
import YirCore
import YirHTML
import YirPipeline
import YirReport

/// The output side of `report` and `render`: which files, where, and writing them all
/// atomically (SPEC §4.5) — the same code for both, so `render` writes what `report` writes.
struct OutputOptions: ParsableArguments {
    @Option(help: "The output folder (created when missing).")
    var out: String

    @Option(help: "Comma-separated outputs: html (index.html and readers/), xml (report.xml), json (report.json), jsonl (readers.jsonl), csv (readers.csv).")
    var format = "html,xml,json,jsonl,csv"

    @Flag(name: .customLong("no-remote-images"), help: "Leave thumbnails out of the HTML, so the pages load nothing from any other host.")
    var noRemoteImages = false

    @Flag(name: .customLong("validate"), help: "Validate report.xml against the XSD before moving it into place (exit 74 when invalid).")
    var validateXML = false

    @Option(name: .customLong("link-key"), help: ArgumentHelp(
        "The secret the reader decks' file names are made with, at least 32 bytes, mode 0600; created when missing (default: $XDG_STATE_HOME/yir/link-key, else ~/.local/state/yir/link-key). Keep it outside the published folder.",
        valueName: "file"))
    var linkKey: String?

    func formats() throws -> [Output] {
        var formats: [Output] = []
        for name in format.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let f = Output(rawValue: name), Output.reportFiles.contains(f) else {
                throw ValidationError("--format: '\(name)' is not an output of this version (html, xml, json, jsonl, csv)")
            }
            if !formats.contains(f) { formats.append(f) }
        }
        guard !formats.isEmpty else { throw ValidationError("--format names no output") }
        return formats
    }

    func validate() throws {
        let formats = try formats()
        if validateXML && !formats.contains(.xml) { throw ValidationError("--validate needs the xml format") }
    }

    /// Where a format's file goes in --out.
    func path(of format: Output) -> String { (out as NSString).appendingPathComponent(format.fileName!) }

    /// The files a run writes into --out (besides the HTML pages' folder), for `OutputPlace`.
    func filesWritten() throws -> [String] { try formats().map(path(of:)) }

    /// What writing needs from the templates folder, loaded before the work so that a missing
    /// schema or a broken template fails fast (66), not after it.
    struct Prepared {
        var validator: XMLValidator?
        var html: HTMLReport?
        /// The key the decks are named with, when the run writes them.
        var linkKey: LinkKey?
    }

    func prepare(templates: String?, jobs: Int, logger: Logger) throws -> Prepared {
        var prepared = Prepared()
        do {
            if validateXML { prepared.validator = try TemplateLayers.validator(templates) }
            if try formats().contains(.html) {
                // The reader pages' folder is replaced whole: never one holding files of someone else's.
                let pages = (out as NSString).appendingPathComponent(HTMLReport.readersFolder)
                let foreign = OutputFolder.foreignEntries(at: pages) { $0.hasSuffix(".html") }
                if !foreign.isEmpty {
                    let listed = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
                    logger.error("\(pages) holds what yir does not write there (\(listed)); the reader pages' folder is replaced whole: move those, or write the report elsewhere")
                    throw ExitCode(73)
                }
                let loaded = try HTMLTemplates(files: try TemplateLayers.files(templates))
                prepared.html = HTMLReport(templates: loaded, remoteImages: !noRemoteImages, jobs: jobs)
                prepared.linkKey = try openLinkKey(logger)
            }
        } catch let error as ValidationError {
            throw error
        } catch let code as ExitCode {
            throw code
        } catch {
            logger.error("\(error)")
            throw ExitCode(66)
        }
        return prepared
    }

    /// The link key (SPEC §4.4), created on the first run. A key that is too short or that
    /// others can read is a usage error (64): fixing it is the operator's, and a deck named
    /// with it would be guessable. One inside --out would be published or replaced with it.
    private func openLinkKey(_ logger: Logger) throws -> LinkKey {
        guard let path = linkKey ?? LinkKey.defaultPath() else {
            throw ValidationError("--link-key: no file given, and no HOME to keep the default one in")
        }
        let outFolder = URL(fileURLWithPath: out).standardizedFileURL.resolvingSymlinksInPath().path + "/"
        if URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path.hasPrefix(outFolder) {
            throw ValidationError("--link-key \(path) lies inside --out \(out): keep the key outside the folder the pages are published from")
        }
        do {
            let (key, created) = try LinkKey.openOrCreate(path: path)
            if created {
                logger.notice("created the link key \(path): every reader's deck name depends on it; keep it, and keep it private")
            }
            return key
        } catch {
            if case .cannotCreate = error {
                logger.error("\(error)")
                throw ExitCode(73)
            }
            throw ValidationError("--link-key: \(error)")
        }
    }

    /// Writes every requested output under a temporary name, then renames them all into place
    /// together with `alongside` (the rejects file). With the HTML, every output carries each
    /// reader's `slides`.
    func write(_ model: ReportModel, _ prepared: Prepared, alongside: [OutputFile], jobs: Int, logger: Logger) throws {
        var model = model
        if let key = prepared.linkKey {
            do {
                model.decks = try DeckNames(users: model.statistics.readers.map(\.user), key: key)
            } catch {
                logger.error("\(error)")
                throw ExitCode(73)
            }
        }
        try exitOnOutputError(logger) {
            try OutputFile.makeFolder(out)
            let lock = FolderLock(out, logger: logger)
            defer { withExtendedLifetime(lock) {} }
            OutputFile.removeStaleTemporaryFiles(in: out)
            // Every file is complete under its temporary name before any is renamed.
            var files: [OutputFile] = []
            var folders: [OutputFolder] = []
            let clock = ContinuousClock()
            for format in try formats() {
                let start = clock.now
                if format == .html, let html = prepared.html {
                    // One line per language the slides cannot speak, before the pages are written.
                    for language in html.languagesWithoutTexts(model) {
                        logger.warning("no strings for the language '\(language)' among the templates: its readers' slides are in English (add strings/\(language).json with --templates; docs/LANGUAGES.md)")
                    }
                    let (index, readers) = try html.write(model, into: out)
                    logger.debug("html: \((clock.now - start).logText) for \(model.statistics.readers.count) reader pages and the index")
                    files.append(index)
                    folders.append(readers)
                    continue
                }
                let file = try OutputFile(path: path(of: format))
                let replaced: Int
                do {
                    replaced = try format.render(model, jobs: jobs) { try file.write($0) }
                } catch let error as XMLWriteError {
                    throw OutputError.writeFailed(path: file.path, reason: "\(error)")
                }
                if replaced > 0 {
                    logger.warning("\(replaced) characters that XML 1.0 cannot hold were written as U+FFFD in \(file.path)")
                }
                logger.debug("\(format.rawValue): \((clock.now - start).logText)")
                files.append(file)
                if format == .xml, let validator = prepared.validator {
                    try validateBeforeCommit(file, validator, logger)
                }
            }
            // Renamed together with the rejects file, so the folder holds one run's outputs.
            try OutputFile.commit(files + alongside, folders: folders)
            for file in files { logger.info("wrote \(file.path)") }
            for folder in folders { logger.info("wrote \(model.statistics.readers.count) pages into \(folder.path)") }
        }
    }

    /// An invalid report is yir's own fault, not the input's: nothing is moved into place.
    private func validateBeforeCommit(_ file: OutputFile, _ validator: XMLValidator, _ logger: Logger) throws {
        let problems = validator.problems(inFile: file.temporaryPath)
        guard problems.isEmpty else {
            for problem in problems { logger.error("\(file.path):\(problem.line): \(problem.message)") }
            throw ExitCode(74)
        }
    }
}
