// What the unit and end-to-end tests share: scratch folders, the sample link key, runs of the
// library pipeline, input lines, running programs, the seeded random source. A library of its
// own, so it uses only what the modules make public.
import ArgumentParser
import Foundation
import YirCore
import YirIngest
import YirPipeline
import YirReport
import YirSample
import YirStats

/// A scratch folder per test, removed at the end of the process.
public func scratchFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "yir-tests-\(getpid())-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    ScratchFolders.add(url)
    return url
}

/// The scratch folders this test process made, removed when it exits (a run makes some
/// hundreds; left behind, they piled up in /tmp by the thousand).
private enum ScratchFolders {
    nonisolated(unsafe) private static var folders: [URL] = []
    private static let lock = NSLock()

    static func add(_ url: URL) {
        lock.lock()
        defer { lock.unlock() }
        if folders.isEmpty { atexit { ScratchFolders.removeAll() } }
        folders.append(url)
    }

    static func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        for url in folders { try? FileManager.default.removeItem(at: url) }
        folders = []
    }
}

/// SampleData's public sample link key, the one `make report` uses.
public let sampleLinkKey = packageRoot.appendingPathComponent("SampleData/link-key.PUBLIC-SAMPLE")

/// A state folder holding the sample link key as `yir/link-key` with mode 0600 (a checkout
/// gives the file 0644, which yir rightly refuses), for runs that use the default key.
public let sampleStateHome: URL = {
    let home = scratchFolder()
    let key = home.appendingPathComponent("yir/link-key")
    try! FileManager.default.createDirectory(at: key.deletingLastPathComponent(), withIntermediateDirectories: true)
    try! Data(contentsOf: sampleLinkKey).write(to: key)
    chmod(key.path, 0o600)
    return home
}()

/// The sample link key, read as yir reads it.
public func sampleKey() throws -> LinkKey {
    try LinkKey.openOrCreate(path: sampleStateHome.appendingPathComponent("yir/link-key").path).key
}

/// The deck of `user` for `year` (that of the tests' usual as-of instant, 2025-12-31) under the
/// sample key, relative to the output folder (`readers/….html`).
public func sampleDeck(of user: String, year: Int = 2025) throws -> String {
    try DeckNames(users: [user], year: year, key: sampleKey()).slides(at: 0)
}

/// `model` with its decks named under the sample key, as `make report` names them.
public func withSampleDecks(_ model: ReportModel) throws -> ReportModel {
    var model = model
    // The year every reader's window is in, as the folder records it.
    let year =
        model.parameters.year ?? model.statistics.readers.first.map { $0.zone.local($0.window.start).date.year } ?? 2025
    model.decks = try DeckNames(users: model.statistics.readers.map(\.user), year: year, key: sampleKey())
    return model
}

/// Runs the library pipeline on the given lines, written to one file.
public struct Run {
    public var files: [(name: String, contents: Data)]
    public var asOf = "2025-12-31T12:00:00Z"
    public var tz: String?
    public var year: Int?
    public var top = 5
    public var excludedTitles: [String]?
    public var excludedCategories: [String] = []
    public var keepMainPages = false
    public var keepAllCategories = false
    public var maxViewSeconds: Double = 86_400
    public var fallbackZone = "UTC"
    public var locale = "en"
    public var jobs = 2
    public var chunkSize = Ingestor.defaultChunkSize

    public init(_ lines: [String], fileName: String = "export.jsonl") {
        files = [(fileName, Data(lines.joined(separator: "\n").utf8))]
    }

    public init(files: [(name: String, contents: Data)]) {
        self.files = files
    }

    public func model() throws -> ReportModel {
        try modelAndRejections().0
    }

    public func modelAndRejections() throws -> (ReportModel, [Rejection]) {
        let folder = scratchFolder()
        var inputs: [InputFile] = []
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: url)
            inputs.append(InputFile(path: url.path))
        }
        // The options as argv, `--name=value` so that no value is taken for an option, parsed by
        // the command line's own declaration.
        var argv = [
            "--as-of=\(asOf)", "--top=\(top)", "--max-view-seconds=\(maxViewSeconds)", "--locale=\(locale)",
            "--jobs=\(jobs)",
        ]
        if let tz { argv.append("--tz=\(tz)") }
        if let year { argv.append("--year=\(year)") }
        argv += (excludedTitles ?? []).map { "--exclude-title=\($0)" }
        argv += excludedCategories.map { "--exclude-category=\($0)" }
        if keepMainPages { argv.append("--keep-main-pages") }
        if keepAllCategories { argv.append("--keep-all-categories") }
        argv += ["--"] + inputs.map(\.path)
        let zones = ZoneCatalog()
        guard let fallback = zones.rules(for: fallbackZone) else {
            throw ParameterError("'\(fallbackZone)' is not an IANA time zone")
        }
        var parameters = try RunParameters(
            try RunOptions.parse(argv),
            // Every output a report folder holds, so the figures keep what the HTML reads.
            outputs: Output.reportFiles,
            // The checkout's templates, as the built-in ones are: the main-page table is one.
            templates: TemplateFiles(builtIn: [:], folders: [templatesFolder]), fallbackZone: fallback, zones: zones)
        parameters.chunkSize = chunkSize
        let configured = Pipeline(parameters, zones: zones)
        let collected = Collected()
        let model = try configured.model { collected.items.append($0) }
        return (model, collected.items)
    }

    /// The one reader of a run.
    public func reader(_ user: String = "default") throws -> ReaderStats {
        guard let reader = try model().statistics.readers.first(where: { $0.user == user }) else {
            throw NoSuchReader(user: user)
        }
        return reader
    }

    public func diagnostics() throws -> Diagnostics { try model().statistics.diagnostics }

    /// The one reader's `saved.last_saved_display`, as the report says it.
    public func lastSavedDisplay(_ user: String = "default") throws -> String {
        let model = try model()
        guard let reader = model.statistics.readers.first(where: { $0.user == user }) else {
            throw NoSuchReader(user: user)
        }
        return withUnsafePointer(to: reader) { model.lastSavedDisplay($0) }
    }

    /// The titles of one reader's top articles and recent saves (figures name articles by id).
    public func titles(_ user: String = "default") throws -> (top: [String], recent: [String]) {
        let statistics = try model().statistics
        guard let reader = statistics.readers.first(where: { $0.user == user }) else { throw NoSuchReader(user: user) }
        return (
            reader.topArticles.map { statistics.articleNames.title($0.name) },
            reader.saved.recent.map { statistics.articleNames.title($0.name) }
        )
    }
}

/// A run has no reader of that name.
public struct NoSuchReader: Error {
    public var user: String
}

public final class Collected: @unchecked Sendable {
    public var items: [Rejection] = []
}

extension RecordTime {
    public var instantValue: Int64 {
        switch self {
        case .instant(let t): t
        case .wall(let w): w
        }
    }
}

/// A page view line; fields can be replaced or added through `extra` (raw JSON members).
public func view(
    _ timestamp: String, title: String = "Ada Lovelace", wiki: String = "en.wikipedia.org",
    seconds: String = "10", user: String? = nil, extra: String = ""
) -> String {
    let userField = user.map { #","user":"\#($0)""# } ?? ""
    return
        #"{"type":"page_view","timestamp":"\#(timestamp)","wiki":"\#(wiki)","title":"\#(title)","seconds":\#(seconds)\#(userField)\#(extra)}"#
}

public func session(_ timestamp: String, ms: String, user: String? = nil, extra: String = "") -> String {
    let userField = user.map { #","user":"\#($0)""# } ?? ""
    return #"{"type":"session","timestamp":"\#(timestamp)","duration_ms":\#(ms)\#(userField)\#(extra)}"#
}

public func save(
    _ timestamp: String, title: String, action: String = "save", wiki: String = "en.wikipedia.org",
    extra: String = ""
) -> String {
    #"{"type":"saved_article","timestamp":"\#(timestamp)","wiki":"\#(wiki)","title":"\#(title)","action":"\#(action)"\#(extra)}"#
}

public func clear(_ timestamp: String) -> String {
    #"{"type":"history_cleared","timestamp":"\#(timestamp)"}"#
}

public func notification(_ timestamp: String, key: String, enabled: Bool) -> String {
    #"{"type":"notification_subscription","timestamp":"\#(timestamp)","key":"\#(key)","enabled":\#(enabled)}"#
}

/// An instant written in a zone, the way the report writes it.
public func text(_ instant: Int64, _ zone: String) -> String {
    RFC3339.format(instant, in: ZoneCatalog().rules(for: zone)!)
}

public func instant(_ rfc3339: String) -> Int64 {
    try! RFC3339.parse(rfc3339).get().instantValue
}

/// The package root, for SampleData and reference files.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The checkout's Templates/, the folder the built-in templates are compiled from.
public let templatesFolder = packageRoot.appendingPathComponent("Templates").path

/// xmllint's judgement of `file` against Templates/report.xsd: its exit status and what it said.
public func xmllint(_ file: String) throws -> (Int32, String) {
    let schema = packageRoot.appendingPathComponent("Templates/report.xsd").path
    let r = try runProgram(Tools.program("xmllint"), ["--noout", "--schema", schema, file])
    return (r.status, r.stderr)
}

/// `data` compressed by the system's gzip.
public func gzip(_ data: Data) throws -> Data {
    try runProgram(URL(fileURLWithPath: "/bin/gzip"), ["-c"], stdin: data).stdout
}

/// What a program run by a test left behind.
public struct ProgramResult {
    public var status: Int32
    public var stdout: Data
    public var stderr: String
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs a program to its end. Output goes through files, so a large output cannot fill a pipe
/// and stall the child; `environment` nil keeps the test's own.
public func runProgram(
    _ executable: URL, _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
    environment: [String: String]? = nil
) throws -> ProgramResult {
    let folder = scratchFolder()
    let out = folder.appendingPathComponent("stdout")
    let err = folder.appendingPathComponent("stderr")
    FileManager.default.createFile(atPath: out.path, contents: nil)
    FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    let input = folder.appendingPathComponent("stdin")
    try (stdin ?? Data()).write(to: input)
    process.standardInput = try FileHandle(forReadingFrom: input)
    try process.run()
    process.waitUntilExit()
    return ProgramResult(
        status: process.terminationStatus, stdout: try Data(contentsOf: out),
        stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
}

/// The random source of the property tests: `yir sample`'s SplitMix64 from a seed that is
/// printed, so that a failure seen once can be replayed — `YIR_TEST_SEED=N swift test --filter
/// NAME` draws the same values again.
public struct SeededRandom: RandomNumberGenerator {
    private var generator: SplitMix64

    /// Seeded from `YIR_TEST_SEED` when given, else from the system; says which, with the test.
    public init(_ test: String = #function) {
        var system = SystemRandomNumberGenerator()
        let given = ProcessInfo.processInfo.environment["YIR_TEST_SEED"].flatMap { UInt64($0) }
        let seed = given ?? system.next()
        generator = SplitMix64(seed: seed)
        print("\(test): YIR_TEST_SEED=\(seed)\(given == nil ? "" : " (given)")")
    }

    public mutating func next() -> UInt64 { generator.next() }
}
