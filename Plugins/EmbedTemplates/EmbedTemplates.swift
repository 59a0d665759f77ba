import Foundation
import PackagePlugin

/// Compiles the package's `Templates/` folder into the target it is applied to (`YirTemplates`,
/// whose folder Templates/ is), so the binary needs no files beside it. SwiftPM plans the build
/// again, asking this plugin for its commands, whenever a target's folder gains or loses a file:
/// the folder is listed anew then, so a file added to or removed from Templates/ is embedded or
/// dropped without a change to the package. A changed file is one of the command's inputs.
/// Nothing generated is written into the package.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL
        let files = try Self.files(under: folder)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuiltInTemplates+Files.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) files of Templates/",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [folder.path, output.path] + files,
                inputFiles: files.map { folder.appendingPathComponent($0) },
                outputFiles: [output])
        ]
    }

    /// Every regular file under `folder`, as paths relative to it, in byte order. Hidden files
    /// (an editor's swap file, .DS_Store) are not templates, nor is the target's Swift source.
    static func files(under folder: URL) throws -> [String] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles])
        else {
            throw PluginError("cannot list \(folder.path)")
        }
        var files: [String] = []
        let prefix = folder.standardizedFileURL.path + "/"
        for case let url as URL in walker
        where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true && url.pathExtension != "swift"
        {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { throw PluginError("\(path) is not under \(prefix)") }
            files.append(String(path.dropFirst(prefix.count)))
        }
        return files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
