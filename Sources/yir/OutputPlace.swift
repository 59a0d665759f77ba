import ArgumentParser
import Foundation
import YirIngest

/// Refuses, before anything is read, outputs that would destroy or feed back into the inputs:
/// - a file the run writes that is an input file (`--rejects export.jsonl` replaced the export
///   with its rejected lines);
/// - a file a folder scan reads (`report.json`, `readers.jsonl`, a `*.jsonl` rejects file)
///   written inside an input folder: folders are read recursively (SPEC §1.1), so the next run
///   would read it back — a nightly job that works once, then fails with thousands of rejected
///   lines (exit 65).
enum OutputPlace {
    /// - Parameter files: the paths of the files the run writes.
    static func check(inputs: [String], writing files: [String]) throws {
        for input in inputs where input != "-" {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else { continue }
            if !isFolder.boolValue {
                guard let identity = InputFiles.FileIdentity(path: input) else { continue }
                for file in files where InputFiles.FileIdentity(path: file) == identity {
                    throw ValidationError("\(file) is the input \(input): writing it would replace the input")
                }
                continue
            }
            let folder = resolved(input)
            let inside = folder == "/" ? "/" : folder + "/"
            for file in files where InputFiles.isReadInFolders((file as NSString).lastPathComponent) && resolved(file).hasPrefix(inside) {
                throw ValidationError("\(file) would lie inside the input folder \(input), and the next run would read it back as input: write it elsewhere")
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
