import ArgumentParser
import Foundation
import YirIngest

/// Refuses outputs that an input folder holds: a folder is read recursively (SPEC §1.1), so
/// `report.json`, `readers.jsonl` or a rejects file written inside one would be read back as
/// input by the next run — a nightly job that works once and then fails with thousands of
/// rejected lines (exit 65). Refused up front instead, as a usage error.
enum OutputPlace {
    /// - Parameters:
    ///   - files: the paths of the files a run writes that a folder scan would read.
    static func check(inputs: [String], writing files: [String]) throws {
        let folders = inputs.filter { path in
            var isFolder: ObjCBool = false
            return path != "-" && FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        for folder in folders {
            let resolvedFolder = resolved(folder)
            let inside = resolvedFolder == "/" ? "/" : resolvedFolder + "/"
            for file in files where resolved(file).hasPrefix(inside) {
                throw ValidationError("\(file) would lie inside the input folder \(folder), and the next run would read it back as input: write it elsewhere")
            }
        }
    }

    /// The absolute path, with symbolic links resolved as far as the path exists.
    static func resolved(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        if url.path == "/" || FileManager.default.fileExists(atPath: url.path) { return url.resolvingSymlinksInPath().path }
        return (resolved(url.deletingLastPathComponent().path) as NSString).appendingPathComponent(url.lastPathComponent)
    }
}
