import Foundation

/// The templates a run reads — HTML templates, strings, the XSD, mapping profiles — by their
/// path relative to a templates folder (`html/slides.mustache`, `strings/de.json`): the built-in
/// set compiled into the binary, with folders laid over it file by file. A later folder's file
/// wins, so an overlay holds only what it changes.
public struct TemplateFiles: Sendable {
    /// One file of one layer.
    public struct File: Sendable {
        public let relativePath: String
        /// The file's path on disk, or `built-in Templates/…` for a compiled-in file: for messages.
        public let place: String
        private let builtIn: [UInt8]?

        init(relativePath: String, place: String, builtIn: [UInt8]?) {
            self.relativePath = relativePath
            self.place = place
            self.builtIn = builtIn
        }

        public var isBuiltIn: Bool { builtIn != nil }

        public func contents() throws -> Data {
            if let builtIn { return Data(builtIn) }
            return try Data(contentsOf: URL(fileURLWithPath: place))
        }
    }

    public let builtIn: [String: [UInt8]]
    /// The folders laid over the built-in files, in increasing precedence.
    public let folders: [String]

    public init(builtIn: [String: [UInt8]], folders: [String]) {
        self.builtIn = builtIn
        self.folders = folders
    }

    /// `relativePath` in every layer that has it, the built-in one first.
    public func layers(of relativePath: String) -> [File] {
        var found: [File] = []
        if let bytes = builtIn[relativePath] {
            found.append(File(relativePath: relativePath, place: "built-in Templates/\(relativePath)", builtIn: bytes))
        }
        for folder in folders {
            let path = (folder as NSString).appendingPathComponent(relativePath)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                found.append(File(relativePath: relativePath, place: path, builtIn: nil))
            }
        }
        return found
    }

    /// `relativePath` from the last layer that has it.
    public func file(_ relativePath: String) -> File? { layers(of: relativePath).last }

    /// The files directly in `subfolder` whose names end in `suffix`, each from the last layer
    /// that has it, in byte order of their names.
    public func files(in subfolder: String, suffix: String) -> [File] {
        var names = Set(
            builtIn.keys.compactMap { path -> String? in
                guard path.hasPrefix(subfolder + "/") else { return nil }
                let name = String(path.dropFirst(subfolder.count + 1))
                return name.contains("/") ? nil : name
            })
        for folder in folders {
            let path = (folder as NSString).appendingPathComponent(subfolder)
            names.formUnion((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
        }
        return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .compactMap { file("\(subfolder)/\($0)") }
    }
}
