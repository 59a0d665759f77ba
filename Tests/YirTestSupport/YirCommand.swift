// Running the yir binary under test, as the end-to-end tests do.
import Foundation
import Testing

/// The yir binary (`YIR_BIN`, else the debug build) and the files its runs read.
public struct YirCommand: Sendable {
    public init() {}

    /// The binary under test.
    public static var binary: URL { Tools.yir }

    /// Runs yir with `TZ=UTC` unless told otherwise, and with the sample link key as its
    /// default one (`XDG_STATE_HOME`), so that no test writes a key into the home folder.
    public func yir(
        _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
        environment: [String: String] = ["TZ": "UTC"]
    ) throws -> ProgramResult {
        let environment = environment.merging(["XDG_STATE_HOME": sampleStateHome.path]) { given, _ in given }
        return try runProgram(Self.binary, arguments, stdin: stdin, in: directory, environment: environment)
    }

    /// `lines`, each ended by a line feed, in a new scratch file named `name`; its path.
    public func file(_ lines: [String], name: String = "export.jsonl") throws -> String {
        let url = scratchFolder().appendingPathComponent(name)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url.path
    }

    /// The version the reports carry in `generator.version`.
    public func generatorVersion() throws -> String {
        let r = try yir(["stats", "--as-of", "2025-12-31T12:00:00Z"], stdin: Data())
        let model = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        return try #require((model["generator"] as? [String: Any])?["version"] as? String)
    }
}
