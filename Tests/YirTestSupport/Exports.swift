// Generated exports shared by the end-to-end suites, and the report folder of an earlier run
// that interrupted and failing runs must leave as it was.
import Foundation
import Testing

/// `yir sample --readers N --days 365 --seed S` written to a scratch file; its path.
public func sampleExport(readers: Int, seed: Int) -> String {
    let url = scratchFolder().appendingPathComponent("sample-\(readers).jsonl")
    let sample = try! runProgram(
        YirCommand.binary, ["sample", "--readers", "\(readers)", "--days", "365", "--seed", "\(seed)"])
    try! sample.stdout.write(to: url)
    return url.path
}

/// Exports made once per test process, by the yir under test.
public enum SampleExports {
    /// ~75 MB: keeps a debug build busy for several seconds.
    public static let big = sampleExport(readers: 30_000, seed: 3)
    /// ~20 MB: a debug build reaches its writing phase in a few seconds.
    public static let medium = sampleExport(readers: 8_000, seed: 4)
    /// ~6.5 MB: more than a chunk, so it is mapped.
    public static let overAChunk = sampleExport(readers: 2_500, seed: 5)
}

/// Writes a first, complete report into a new folder and returns it with its files' bytes.
public func previousRun() throws -> (URL, [String: Data]) {
    let cli = YirCommand()
    let out = scratchFolder().appendingPathComponent("nightly")
    let small = try cli.file(
        [view("2025-05-01T10:00:00Z", user: "a"), "bad line"]
            + (1...200).map {
                view("2025-05-02T10:00:00Z", user: "u\($0)")
            })
    let r = try cli.yir([
        "report", small, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z",
        "--rejects", out.appendingPathComponent("rejects.jsonl").path,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let files = try folderContents(out)
    #expect(
        files.keys.filter { !$0.hasPrefix("readers/") }.sorted()
            == [
                ".yir-report.json", "index.html", "readers.csv", "readers.jsonl", "rejects.jsonl", "report.json",
                "report.xml",
            ])
    #expect(files.keys.filter { $0.hasPrefix("readers/") }.count == 202, "201 decks and the empty index.html")
    return (out, files)
}

/// Every file under `out` by relative path (`readers/NAME.html` for the slides; a leftover
/// temporary folder shows up as its files).
public func folderContents(_ out: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.subpathsOfDirectory(atPath: out.path) {
        var isFolder: ObjCBool = false
        let path = out.appendingPathComponent(name).path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { continue }
        files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
    }
    return files
}

/// A change of size as yir's "changed while it was read" message says it ("6.6 MB → 0.5 MB"),
/// worked out here on its own.
public func sizeChange(_ then: Int, _ now: Int) -> String {
    let (scale, unit) = max(then, now) >= 1_000_000 ? (1e6, "MB") : (1e3, "kB")
    func text(_ n: Int) -> String {
        let s = String(format: "%.1f", Double(n) / scale)
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }
    return "\(text(then)) \(unit) → \(text(now)) \(unit)"
}

/// SampleData's report as pages alone, without remote images (so that they load nothing from
/// elsewhere), made once per test process by the yir under test: the decks the browser checks
/// and the checks of the decks as files go over. Tests only read it.
public enum SampleDataPages {
    /// The folder, and what went wrong when the run failed.
    private static let made: (out: URL, failure: String?) = {
        let out = scratchFolder().appendingPathComponent("sample")
        do {
            let r = try YirCommand().yir(
                [
                    "report", "SampleData/wikipedia", "--out", out.path,
                    "--as-of", "2025-12-31T12:00:00Z", "--format", "html", "--no-remote-images",
                ],
                in: packageRoot)
            return (out, r.status == 0 ? nil : "exit \(r.status): \(r.stderr)")
        } catch {
            return (out, "\(error)")
        }
    }()

    /// The report's folder, once its run succeeded.
    public static func folder() throws -> URL {
        try #require(made.failure == nil, "yir report SampleData/wikipedia: \(made.failure ?? "")")
        return made.out
    }

    /// The deck of `user`, by path: it is there.
    public static func deck(of user: String) throws -> String {
        let path = try folder().appendingPathComponent(try sampleDeck(of: user)).path
        try #require(FileManager.default.fileExists(atPath: path), "\(user) has no deck in SampleData's report")
        return path
    }

    /// SampleData's readers, as Tests/Reference/readers.jsonl lists them (CommandLineEndToEndTests
    /// checks that the reference files are SampleData's report).
    public static let readers: [String] = {
        let file = packageRoot.appendingPathComponent("Tests/Reference/readers.jsonl")
        let lines = (try? String(contentsOf: file, encoding: .utf8))?.split(separator: "\n") ?? []
        return lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["user"] as? String
        }
    }()
}

/// Every deck of the report in `out`, by path: there is one at least, so that a check over
/// them cannot pass over none.
public func decks(in out: URL) throws -> [String] {
    let readers = out.appendingPathComponent("readers")
    let decks = try FileManager.default.contentsOfDirectory(atPath: readers.path).filter { $0 != "index.html" }.sorted()
        .map { readers.appendingPathComponent($0).path }
    try #require(!decks.isEmpty, "no deck in \(readers.path)")
    return decks
}
