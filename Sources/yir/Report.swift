import ArgumentParser
import Foundation
import YirReport

extension Yir {
    /// `yir report`: the nightly job — every requested output written atomically into --out.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compute the figures and write the report files into a folder.")

        /// The outputs this version writes, each with its file name in --out.
        enum Format: String, CaseIterable {
            case json, jsonl, csv

            var fileName: String {
                switch self {
                case .json: "report.json"
                case .jsonl: "readers.jsonl"
                case .csv: "readers.csv"
                }
            }
        }

        @OptionGroup var options: RunOptions

        @Option(help: "The output folder (created when missing).")
        var out: String

        @Option(help: "Comma-separated outputs: json (report.json), jsonl (readers.jsonl), csv (readers.csv).")
        var format = "json,jsonl,csv"

        func formats() throws -> [Format] {
            var formats: [Format] = []
            for name in format.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let f = Format(rawValue: name) else {
                    throw ValidationError("--format: '\(name)' is not an output of this version (json, jsonl, csv)")
                }
                if !formats.contains(f) { formats.append(f) }
            }
            guard !formats.isEmpty else { throw ValidationError("--format names no output") }
            return formats
        }

        func validate() throws { _ = try formats() }

        func run() throws {
            let logger = options.makeLogger()
            let (model, rejects) = try options.runPipeline()
            try exitOnOutputError(logger) {
                try OutputFile.makeFolder(out)
                OutputFile.removeStaleTemporaryFiles(in: out)
                // Every file is complete under its temporary name before any is renamed.
                var files: [OutputFile] = []
                for format in try formats() {
                    let file = try OutputFile(path: (out as NSString).appendingPathComponent(format.fileName))
                    switch format {
                    case .json: try JSONReport.writeDocument(model, jobs: options.jobs, to: file.write)
                    case .jsonl: try JSONReport.writeLines(model, jobs: options.jobs, to: file.write)
                    case .csv: try CSVReport.write(model, to: file.write)
                    }
                    files.append(file)
                }
                // Renamed together with the rejects file, so the folder holds one run's outputs.
                try OutputFile.commit(files + (rejects.map { [$0] } ?? []))
                for file in files { logger.info("wrote \(file.path)") }
            }
        }
    }
}
