import ArgumentParser
import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirIngest
@testable import YirPipeline
@testable import YirReport
@testable import YirStats
import YirSample

/// SPEC §1.1: framing of JSON Lines inputs.
@Suite struct FramingTests {
    @Test func byteOrderMarkAtFileStartIsIgnored() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data += Data(view("2025-05-01T10:00:00Z").utf8)
        let d = try Run(files: [("a.jsonl", data)]).diagnostics()
        #expect(d.accepted[RecordType.pageView.rawValue] == 1)
        #expect(d.rejectedTotal == 0)
    }

    @Test func crlfLineEndsAreAccepted() throws {
        let data = Data((view("2025-05-01T10:00:00Z") + "\r\n" + view("2025-05-02T10:00:00Z") + "\r\n").utf8)
        let d = try Run(files: [("a.jsonl", data)]).diagnostics()
        #expect(d.accepted[0] == 2 && d.rejectedTotal == 0)
    }

    @Test func blankLinesAreIgnoredAndNotCounted() throws {
        let run = Run(["", view("2025-05-01T10:00:00Z"), "   ", "\t", view("2025-05-02T10:00:00Z"), ""])
        let model = try run.model()
        #expect(model.statistics.diagnostics.lines == 2)
        #expect(model.inputs[0].lines == 2)
        #expect(model.statistics.diagnostics.rejectedTotal == 0)
    }

    @Test func finalLineWithoutLineEndIsRead() throws {
        let data = Data((view("2025-05-01T10:00:00Z") + "\n" + view("2025-05-02T10:00:00Z")).utf8)
        #expect(try Run(files: [("a.jsonl", data)]).diagnostics().accepted[0] == 2)
    }

    @Test func gzipInputIsDecompressedAsAStream() throws {
        let lines = (1...2000).map { view("2025-05-01T10:00:00Z", extra: #","id":"v\#($0)""#) }
        let gz = try gzip(Data(lines.joined(separator: "\n").utf8))
        let model = try Run(files: [("views.jsonl.gz", gz)]).model()
        #expect(model.statistics.diagnostics.accepted[0] == 2000)
        #expect(model.inputs[0].bytes == Int64(gz.count))
    }

    @Test func concatenatedGzipMembersAreAllRead() throws {
        let gz =
            try gzip(Data((view("2025-05-01T10:00:00Z") + "\n").utf8)) + gzip(Data(view("2025-05-02T10:00:00Z").utf8))
        #expect(try Run(files: [("views.jsonl.gz", gz)]).diagnostics().accepted[0] == 2)
    }

    @Test func truncatedGzipIsAReadError() throws {
        let lines = (1...5000).map { view("2025-05-01T10:00:00Z", extra: #","id":"v\#($0)""#) }
        let gz = try gzip(Data(lines.joined(separator: "\n").utf8))
        let run = Run(files: [("views.jsonl.gz", gz.prefix(gz.count / 2))])
        #expect(throws: InputError.self) { try run.model() }
    }

    @Test func directoriesAreReadRecursivelyInSortedPathOrder() throws {
        let folder = scratchFolder()
        for name in ["b.jsonl", "a/z.ndjson", "a/c.json", "notes.txt", "a/y.jsonl.gz", "c.csv"] {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        let files = try InputFiles.expand([folder.path]).map { String($0.path.dropFirst(folder.path.count + 1)) }
        #expect(files == ["a/c.json", "a/y.jsonl.gz", "a/z.ndjson", "b.jsonl"])
    }

    /// A folder's files are read through symbolic links; a link to nothing, or a FIFO (opening
    /// one waits for a writer: a nightly run would hang), is an input that cannot be opened.
    @Test func aFoldersDanglingLinkOrFIFOCannotBeOpened() throws {
        let folder = scratchFolder()
        let target = folder.appendingPathComponent("elsewhere/b.data")
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: target)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("a.jsonl").path, withDestinationPath: target.path)
        #expect(try InputFiles.expand([folder.path]).map(\.path) == [folder.appendingPathComponent("a.jsonl").path])

        let dangling = folder.appendingPathComponent("c.jsonl").path
        try FileManager.default.createSymbolicLink(
            atPath: dangling, withDestinationPath: folder.appendingPathComponent("gone").path)
        #expect(throws: InputError.cannotOpen(path: dangling, reason: "a symbolic link to nothing")) {
            try InputFiles.expand([folder.path])
        }
        try FileManager.default.removeItem(atPath: dangling)

        let fifo = folder.appendingPathComponent("d.jsonl").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: InputError.cannotOpen(path: fifo, reason: "not a regular file (a FIFO, socket or device)")) {
            try InputFiles.expand([folder.path])
        }
    }

    @Test func missingInputCannotBeOpened() {
        #expect(throws: InputError.cannotOpen(path: "/nonexistent/x.jsonl", reason: "no such file or directory")) {
            try InputFiles.expand(["/nonexistent/x.jsonl"])
        }
    }

    @Test func typeIsInferredFromTheFileNameStem() throws {
        let lines = [#"{"timestamp":"2025-05-01T10:00:00Z","wiki":"enwiki","title":"Moon","seconds":5}"#]
        let d = try Run(lines, fileName: "page_views-phone.jsonl").diagnostics()
        #expect(d.accepted[RecordType.pageView.rawValue] == 1)
        let cleared = try Run([#"{"timestamp":"2025-05-01T10:00:00Z"}"#], fileName: "history_clears.jsonl")
            .diagnostics()
        #expect(cleared.accepted[RecordType.historyCleared.rawValue] == 1)
        let untyped = try Run([#"{"timestamp":"2025-05-01T10:00:00Z"}"#], fileName: "export.jsonl").diagnostics()
        #expect(untyped.rejected == [.missingField: 1])
    }

    @Test func lineOverOneMebibyteIsRejectedWithoutStoppingTheRest() throws {
        let long = #"{"type":"page_view","title":""# + String(repeating: "x", count: (1 << 20) + 10) + #""}"#
        let (model, rejections) = try Run([view("2025-05-01T10:00:00Z"), long, view("2025-05-02T10:00:00Z")])
            .modelAndRejections()
        #expect(model.statistics.diagnostics.rejected == [.lineTooLong: 1])
        #expect(model.statistics.diagnostics.accepted[0] == 2)
        #expect(rejections.first?.line == 2)
        #expect(rejections.first?.text.count == 1024)
    }

    @Test func linesAreNumberedAndLocatedWhateverTheChunkSize() throws {
        // Lines cut across chunk boundaries come out whole, with their numbers and offsets.
        let lines = ["x", "", view("2025-05-01T10:00:00Z"), "[1]\r", "", "{", view("2025-05-02T10:00:00Z"), "last"]
        let text = lines.joined(separator: "\n")
        for gzipped in [false, true] {
            for chunkSize in [1, 3, 64, Ingestor.defaultChunkSize] {
                var run = Run(files: [
                    (gzipped ? "a.jsonl.gz" : "a.jsonl", gzipped ? try gzip(Data(text.utf8)) : Data(text.utf8))
                ])
                run.chunkSize = chunkSize
                run.jobs = 3
                let (model, rejections) = try run.modelAndRejections()
                #expect(rejections.map(\.line) == [1, 4, 6, 8], "chunk size \(chunkSize)")
                let offsets = [0, 3 + lines[2].utf8.count + 1, 3 + lines[2].utf8.count + 1 + 5 + 1]
                #expect(Array(rejections.map(\.offset).prefix(3)) == offsets.map(Int64.init))
                #expect(rejections.map(\.reason) == [.invalidJSON, .notAnObject, .invalidJSON, .invalidJSON])
                #expect(model.statistics.diagnostics.accepted[0] == 2)
                #expect(model.inputs[0].lines == 6)
            }
        }
    }

    @Test func lineOverOneMebibyteInAStreamIsRejectedWithoutStoppingTheRest() throws {
        let long = #"{"title":""# + String(repeating: "x", count: (1 << 20) + 10) + #""}"#
        let text = [view("2025-05-01T10:00:00Z"), long, view("2025-05-02T10:00:00Z")].joined(separator: "\n")
        let (model, rejections) = try Run(files: [("a.jsonl.gz", try gzip(Data(text.utf8)))]).modelAndRejections()
        #expect(model.statistics.diagnostics.rejected == [.lineTooLong: 1])
        #expect(model.statistics.diagnostics.accepted[0] == 2)
        #expect(rejections.first?.line == 2)
        #expect(rejections.first?.text.count == 1024)
    }
}

/// SPEC §4.2: the same input and parameters give byte-identical output, whatever `--jobs`
/// is — and whatever size the chunks are cut to, which decides where batches overlap.
@Suite struct DeterminismTests {
    @Test(arguments: [(1, 64), (2, 997), (3, 4096), (2, Ingestor.defaultChunkSize)])
    func outputIsTheSameForEveryJobsValueAndChunkSize(jobs: Int, chunkSize: Int) throws {
        let zones = ZoneCatalog()
        let options = try RunOptions.parse([
            "--as-of", "2025-12-31T12:00:00Z", "--jobs", "\(jobs)",
            packageRoot.appendingPathComponent("SampleData/wikipedia").path,
        ])
        var parameters = try RunParameters(
            options, outputs: [.jsonl], fallbackZone: zones.rules(for: "UTC"), zones: zones)
        parameters.chunkSize = chunkSize
        let pipeline = Pipeline(parameters, zones: zones)
        let lines = JSONReport.lines(try withSampleDecks(try pipeline.model()), jobs: jobs)
        let reference = try Data(contentsOf: packageRoot.appendingPathComponent("Tests/Reference/readers.jsonl"))
        #expect(Data(lines) == reference)
    }

    /// Files no larger than a chunk are read whole, not mapped, and small chunks are batched
    /// by their bytes: a folder of 400 small files (one empty) gives exactly the readers and
    /// line count of the same lines in one file, for every `--jobs` value.
    @Test(arguments: [1, 2, 3])
    func aFolderOfSmallFilesReadsLikeTheirLinesInOneFile(jobs: Int) throws {
        var lines: [String] = []
        SyntheticExport(readers: 1000, days: 120, seed: 12).generate { block in
            lines += String(decoding: block, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        var whole = Run(lines)
        whole.jobs = 1
        let parts = 400
        var files: [(name: String, contents: Data)] = (0..<parts).map { part in
            let slice = lines[(lines.count * part / parts)..<(lines.count * (part + 1) / parts)]
            return (String(format: "folder/part-%04d.jsonl", part), Data((slice.joined(separator: "\n") + "\n").utf8))
        }
        files.append(("folder/part-9999-empty.jsonl", Data()))
        var folder = Run(files: files)
        folder.jobs = jobs
        let expected = try whole.model()
        let model = try folder.model()
        #expect(model.inputs.count == parts + 1)
        #expect(model.statistics.diagnostics.lines == expected.statistics.diagnostics.lines)
        let same = JSONReport.lines(model) == JSONReport.lines(expected)
        #expect(same)
    }

    /// Figures do not depend on how readers' lines interleave, only on each reader's own order:
    /// an export taken reader by reader, and the same lines dealt out one reader after another
    /// (each reader's lines in their order), give the same readers, for every `--jobs` value and
    /// chunk size. Workers look a line ahead for its reader; a user written with an escape, a
    /// rejected line and a blank line between one reader's lines must not change what they find.
    @Test(arguments: [(1, Ingestor.defaultChunkSize), (2, 3000), (3, 997)])
    func readersLinesInAnyInterleavingGiveTheSameFigures(jobs: Int, chunkSize: Int) throws {
        var byReader: [String: [String]] = [:]
        var order: [String] = []
        SyntheticExport(readers: 600, days: 90, seed: 13).generate { block in
            for line in String(decoding: block, as: UTF8.self).split(separator: "\n").map(String.init) {
                let user = line.components(separatedBy: #""user":""#)[1].components(separatedBy: "\"")[0]
                if byReader[user] == nil { order.append(user) }
                byReader[user, default: []].append(line)
            }
        }
        let first = order[0]
        let escaped = first.utf16.map { String(format: "\\u%04x", $0) }.joined()
        byReader[first]! += [
            #"{"type":"page_view","user":"\#(escaped)","timestamp":"2025-06-01T10:00:00Z","wiki":"enwiki","title":"Escaped","seconds":30}"#,
            #"{"type":"page_view","user":"\#(first)","timestamp":"not a time","wiki":"enwiki","title":"Rejected","seconds":30}"#,
            "",
            #"{"type":"page_view","user":"\#(first)","timestamp":"2025-06-01T10:05:00Z","wiki":"enwiki","title":"After","seconds":30}"#,
        ]
        let grouped = order.flatMap { byReader[$0]! }
        var dealt: [String] = []
        var next = [String: Int]()
        while dealt.count < grouped.count {
            for user in order where next[user, default: 0] < byReader[user]!.count {
                dealt.append(byReader[user]![next[user, default: 0]])
                next[user, default: 0] += 1
            }
        }
        #expect(dealt != grouped)
        var original = Run(grouped)
        original.jobs = 1
        var interleaved = Run(dealt)
        interleaved.jobs = jobs
        interleaved.chunkSize = chunkSize
        let model = try interleaved.model()
        #expect(model.statistics.diagnostics.rejectedTotal == 1)
        #expect(JSONReport.lines(model) == JSONReport.lines(try original.model()))
    }

    /// SPEC §1.4 with the merge in shards of readers: a duplicate id, whatever chunk, batch and
    /// shard it lands in, loses to the first in input order — so an export with every fifth
    /// record repeated later with other figures gives exactly the readers of the export
    /// without the repeats, for every `--jobs` value and chunk size.
    @Test(arguments: [(1, Ingestor.defaultChunkSize), (2, 3000), (3, 997)])
    func laterDuplicatesLoseToTheFirstWhateverTheJobsAndChunks(jobs: Int, chunkSize: Int) throws {
        var lines: [String] = []
        SyntheticExport(readers: 1000, days: 120, seed: 11).generate { block in
            lines += String(decoding: block, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        let repeats = lines.enumerated().filter { $0.offset % 5 == 0 && $0.element.contains(#""id":"#) }.map {
            $0.element.replacingOccurrences(of: #""seconds":"#, with: #""seconds":1"#)
                .replacingOccurrences(of: #""duration_ms":"#, with: #""duration_ms":1"#)
        }
        #expect(repeats.count > 500)
        var original = Run(lines)
        original.jobs = 1
        var withRepeats = Run(lines + repeats)
        withRepeats.jobs = jobs
        withRepeats.chunkSize = chunkSize
        let model = try withRepeats.model()
        #expect(model.statistics.diagnostics.duplicates == repeats.count)
        #expect(JSONReport.lines(model) == JSONReport.lines(try original.model()))
    }

    /// SPEC §2.4 ranks and percentiles over enough readers that their sorts and the ranking
    /// run on several threads: every reader's figures are those of one thread.
    @Test(arguments: [2, 3])
    func ranksAndPercentilesAreTheSameOnOneThreadAndOnSeveral(jobs: Int) throws {
        // Reading and app times repeat across readers: ranks have ties.
        let lines = (0..<12_500).flatMap { i in
            [
                #"{"type":"page_view","user":"u\#(i)","timestamp":"2025-03-01T10:00:00Z","wiki":"enwiki","title":"T\#(i % 97)","seconds":\#(i * 7 % 1009)}"#,
                #"{"type":"session","user":"u\#(i)","timestamp":"2025-03-01T10:00:00Z","duration_ms":\#(i * 13 % 100_003)}"#,
            ]
        }
        var one = Run(lines)
        one.jobs = 1
        var several = Run(lines)
        several.jobs = jobs
        let reference = try one.model()
        #expect(reference.statistics.readers.count > 3 * 4096)
        #expect(Set(reference.statistics.readers.map(\.rankTopPercent)).count > 50)
        let model = try several.model()
        #expect(JSONReport.lines(model) == JSONReport.lines(reference))
        func percentiles(_ model: ReportModel) -> [Int64?] {
            let cohort = model.statistics.cohort
            return [cohort.readingSecondsPercentiles, cohort.appTimeSecondsPercentiles].flatMap {
                [$0?.p50, $0?.p90, $0?.p99]
            }
        }
        #expect(percentiles(model) == percentiles(reference))
        #expect(!percentiles(reference).contains(nil))
    }
}
