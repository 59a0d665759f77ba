import ArgumentParser
import Foundation
import Logging
import YirPipeline
import YirReport

extension Yir {
    /// `yir validate`: checks XML reports against Templates/report.xsd with libxml2.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate XML report files against the published XSD; exit 65 when any is invalid.")

        @Argument(help: "XML report files.")
        var files: [String]

        @Option(help: "A templates folder laid over the built-in one: its report.xsd, when it has one, is used.")
        var templates: String?

        @Flag(help: "Print errors only.")
        var quiet = false

        func validate() throws {
            if files.isEmpty { throw ValidationError("name at least one XML file") }
        }

        func run() throws {
            let logger = Logger.commandLine(quiet: quiet, verbose: false)
            let validator: XMLValidator
            do {
                validator = try TemplateLayers.validator(templates)
            } catch {
                throw RunError.cannotOpen("\(error)").exit(logging: logger)
            }
            var invalid: [String] = []
            for file in files {
                guard FileManager.default.isReadableFile(atPath: file) else {
                    throw RunError.cannotOpen("cannot open \(file)").exit(logging: logger)
                }
                let problems = validator.problems(inFile: file)
                if problems.isEmpty {
                    logger.info("\(file): valid")
                } else {
                    invalid.append(file)
                    for problem in problems { logger.error("\(file):\(problem.line): \(problem.message)") }
                }
            }
            if !invalid.isEmpty {
                throw RunError.rejected("\(invalid.count) of \(files.count) files are not valid against the XSD").exit(
                    logging: logger)
            }
        }
    }
}
