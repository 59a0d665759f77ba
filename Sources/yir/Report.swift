import ArgumentParser
import Foundation
import Logging
import YirHTML
import YirReport

extension Yir {
    /// `yir report`: the nightly job — every requested output written atomically into --out.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compute the figures and write the report files into a folder.")

        /// The outputs this version writes, each with its file name in --out.
        enum Format: String, CaseIterable {
            case html, xml, json, jsonl, csv

            var fileName: String {
                switch self {
                case .html: HTMLReport.indexFile
                case .xml: "report.xml"
                case .json: "report.json"
                case .jsonl: "readers.jsonl"
                case .csv: "readers.csv"
                }
            }
        }

        @OptionGroup var options: RunOptions

        @Option(help: "The output folder (created when missing).")
        var out: String

        @Option(help: "Comma-separated outputs: html (index.html and readers/), xml (report.xml), json (report.json), jsonl (readers.jsonl), csv (readers.csv).")
        var format = "html,xml,json,jsonl,csv"

        @Flag(name: .customLong("no-remote-images"), help: "Leave thumbnails out of the HTML, so the pages load nothing from any other host.")
        var noRemoteImages = false

        @Flag(name: .customLong("validate"), help: "Validate report.xml against the XSD before moving it into place (exit 74 when invalid).")
        var validateXML = false

        func formats() throws -> [Format] {
            var formats: [Format] = []
            for name in format.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let f = Format(rawValue: name) else {
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

        func run() throws {
            let logger = options.makeLogger()
            // Find the schema before the run, so a missing one fails fast (66), not after the work.
            let validator = try validateXML ? exitOnMissingSchema(logger) : nil
            // Templates too: a broken one is found before the input is read.
            let html = try formats().contains(.html) ? try loadHTML(logger) : nil
            let (model, rejects) = try options.runPipeline()
            try exitOnOutputError(logger) {
                try OutputFile.makeFolder(out)
                OutputFile.removeStaleTemporaryFiles(in: out)
                // Every file is complete under its temporary name before any is renamed.
                var files: [OutputFile] = []
                var folders: [OutputFolder] = []
                for format in try formats() {
                    if format == .html, let html {
                        let clock = ContinuousClock()
                        let start = clock.now
                        let (index, readers) = try html.write(model, into: out)
                        logger.debug("html: \((clock.now - start).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 3)))) for \(model.statistics.readers.count) reader pages and the index")
                        files.append(index)
                        folders.append(readers)
                        continue
                    }
                    let file = try OutputFile(path: (out as NSString).appendingPathComponent(format.fileName))
                    switch format {
                    case .xml:
                        let replaced: Int
                        do {
                            replaced = try XMLReport.write(model) { try file.write($0) }
                        } catch let error as XMLWriteError {
                            throw OutputError.writeFailed(path: file.path, reason: "\(error)")
                        }
                        if replaced > 0 {
                            logger.warning("\(replaced) characters that XML 1.0 cannot hold were written as U+FFFD in \(file.path)")
                        }
                    case .json: try JSONReport.writeDocument(model, jobs: options.jobs, to: file.write)
                    case .jsonl: try JSONReport.writeLines(model, jobs: options.jobs, to: file.write)
                    case .csv: try CSVReport.write(model, to: file.write)
                    case .html: break
                    }
                    files.append(file)
                    if format == .xml, let validator {
                        try validateBeforeCommit(file, validator, logger)
                    }
                }
                // Renamed together with the rejects file, so the folder holds one run's outputs.
                try OutputFile.commit(files + (rejects.map { [$0] } ?? []), folders: folders)
                for file in files { logger.info("wrote \(file.path)") }
                for folder in folders { logger.info("wrote \(model.statistics.readers.count) pages into \(folder.path)") }
            }
        }

        /// The HTML renderer with its templates; a missing or broken template is exit 66.
        private func loadHTML(_ logger: Logger) throws -> HTMLReport {
            do {
                let templates = try HTMLTemplates(folders: try TemplatesFolder.folders(options.templates), locale: options.locale)
                return HTMLReport(templates: templates, remoteImages: !noRemoteImages, jobs: options.jobs)
            } catch {
                logger.error("\(error)")
                throw ExitCode(66)
            }
        }

        private func exitOnMissingSchema(_ logger: Logger) throws -> XMLValidator {
            do {
                return try XMLValidator(schemaPath: try TemplatesFolder.schema(options.templates))
            } catch {
                logger.error("\(error)")
                throw ExitCode(66)
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
}
