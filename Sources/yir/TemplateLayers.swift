import ArgumentParser
import Foundation
import Logging
import YirCore
import YirPipeline
import YirReport
import YirTemplates

/// The templates a command reads (the XSD, the HTML templates and their strings, mapping
/// profiles): the ones compiled into the binary, `YIR_TEMPLATES` laid over them, and
/// `--templates DIR` over both, file by file — each folder holds only what it changes. Nothing
/// is looked up beside the binary: one file copied anywhere runs.
enum TemplateLayers {
    static func files(_ option: String?) throws -> TemplateFiles {
        var folders: [String] = []
        if let variable = ProcessInfo.processInfo.environment["YIR_TEMPLATES"], !variable.isEmpty {
            try checkFolder(variable, named: "YIR_TEMPLATES=\(variable)")
            folders.append(variable)
        }
        if let option {
            try checkFolder(option, named: "--templates \(option)")
            folders.append(option)
        }
        return TemplateFiles(builtIn: BuiltInTemplates.files, folders: folders)
    }

    private static func checkFolder(_ path: String, named name: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw TemplatesNotFound(detail: "\(name) is not a folder")
        }
    }

    struct TemplatesNotFound: Error, CustomStringConvertible {
        var detail: String
        var description: String { detail }
    }

    /// The layers of a run: a folder that is not one is an input that cannot be opened (66).
    static func files(_ option: String?, logger: Logger) throws -> TemplateFiles {
        do {
            return try files(option)
        } catch {
            throw RunError.cannotOpen("\(error)").exit(logging: logger)
        }
    }

    /// The validator of the XSD that wins among the layers.
    static func validator(_ option: String?) throws -> XMLValidator {
        try XMLValidator.forTemplates(try files(option))
    }
}
