import Foundation

/// Where the templates are (Templates/: the XSD, the JSON Schema, the HTML templates and their
/// strings). The built-in folder is `YIR_TEMPLATES`, else `share/yir/Templates` beside the
/// binary's prefix (an installation), else the nearest `Templates/` above the binary (a build in
/// the source tree). `--templates DIR` lies over it file by file: DIR holds only what it changes.
enum TemplatesFolder {
    /// The folders to look in, in order of increasing precedence.
    static func folders(_ option: String?) throws -> [String] {
        var folders: [String] = []
        if let builtIn = builtIn() { folders.append(builtIn) }
        if let option {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: option, isDirectory: &isFolder), isFolder.boolValue else {
                throw TemplatesNotFound(detail: "--templates \(option) is not a folder")
            }
            folders.append(option)
        }
        guard !folders.isEmpty else {
            throw TemplatesNotFound(detail: "cannot find the templates folder (Templates/report.xsd): give --templates DIR or set YIR_TEMPLATES")
        }
        return folders
    }

    static func builtIn() -> String? {
        if let variable = ProcessInfo.processInfo.environment["YIR_TEMPLATES"], !variable.isEmpty { return variable }
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = binary.deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent("share/yir/Templates")
        if FileManager.default.fileExists(atPath: installed.appendingPathComponent("report.xsd").path) { return installed.path }
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("Templates")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("report.xsd").path) { return candidate.path }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    struct TemplatesNotFound: Error, CustomStringConvertible {
        var detail: String
        var description: String { detail }
    }

    /// `relativePath` in the last of `folders` that has it: an overlay's file wins.
    static func file(_ relativePath: String, in folders: [String]) -> String? {
        folders.reversed().map { ($0 as NSString).appendingPathComponent(relativePath) }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The XSD: from the last folder that has one.
    static func schema(_ option: String?) throws -> String {
        guard let path = file("report.xsd", in: try folders(option)) else {
            throw TemplatesNotFound(detail: "no report.xsd in the templates folders")
        }
        return path
    }
}
