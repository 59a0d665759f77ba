import Foundation
import Testing
import YirTestSupport
import YirTemplates

/// SPEC §5: one self-contained binary — every file of Templates/ compiled into it.
@Suite struct PackagingTests {
    /// Every file of Templates/ but the target's own Swift source, by its relative path.
    static func templateFiles() throws -> [String: Data] {
        let folder = packageRoot.appendingPathComponent("Templates")
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
                !path.hasSuffix(".swift"), !(path as NSString).lastPathComponent.hasPrefix(".")
            else { continue }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }

    @Test func everyFileOfTemplatesIsCompiledInByteForByte() throws {
        let files = try Self.templateFiles()
        #expect(files.count > 20)
        #expect(Set(BuiltInTemplates.files.keys) == Set(files.keys))
        for (path, data) in files { #expect(BuiltInTemplates.files[path].map { Data($0) } == data, "\(path)") }
    }
}
