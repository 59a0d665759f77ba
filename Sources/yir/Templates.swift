import Foundation

/// Where the templates are (Templates/: the XSD, the JSON Schema): `--templates DIR`, else
/// `YIR_TEMPLATES`, else `share/yir/Templates` beside the binary's prefix (an installation),
/// else the nearest `Templates/` above the binary (a build in the source tree).
enum TemplatesFolder {
    static func locate(_ option: String?) throws -> String {
        if let option { return option }
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
        throw TemplatesNotFound()
    }

    struct TemplatesNotFound: Error, CustomStringConvertible {
        var description: String { "cannot find the templates folder (Templates/report.xsd): give --templates DIR or set YIR_TEMPLATES" }
    }

    static func schema(_ option: String?) throws -> String {
        (try locate(option) as NSString).appendingPathComponent("report.xsd")
    }
}
