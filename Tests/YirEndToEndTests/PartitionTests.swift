import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirIngest
@testable import YirReport
@testable import YirStats

/// SPEC §6: `yir stats --format jsonl --partition` on each partition of an export partitioned
/// by user, then `yir render` on all the lines, gives what one `yir report` gives.
@Suite(.needs(.yir)) struct PartitionTests {
    let cli = YirCommand()
    static let options = ["--as-of", "2025-12-31T12:00:00Z", "--max-reject-rate", "1"]
    static let formats = ["--format", "html,xml,json,jsonl,csv"]

    /// A generated export with the lines every run has: bad ones, duplicates, a reader with
    /// saves only, one without user.
    static let export: [String] = {
        let sample = try! runProgram(YirCommand.binary, ["sample", "--readers", "120", "--days", "90", "--seed", "21"])
        var lines = sample.stdoutText.split(separator: "\n").map(String.init)
        lines.insert("not json", at: 7)
        lines.insert(#"[1,2]"#, at: 30)
        lines.append(view("2025-06-01T10:00:00Z", title: "No user"))
        lines.append(#"{"type":"saved_article","user":"saver","timestamp":"2025-12-30T10:00:00Z","wiki":"enwiki","title":"Oak","id":"s1"}"#)
        lines.append(#"{"type":"saved_article","user":"saver","timestamp":"2025-12-30T10:00:00Z","wiki":"enwiki","title":"Oak","id":"s1"}"#)
        // Readers of two years: more this year, less this year, and one who cleared in spring.
        lines += [view("2024-04-01T10:00:00Z", seconds: "100", user: "more"), view("2025-04-01T10:00:00Z", seconds: "123", user: "more"),
                  view("2025-04-01T10:10:00Z", title: "Ada", seconds: "7.5", user: "more"),
                  view("2024-04-01T10:00:00Z", seconds: "300", user: "less"), view("2025-04-01T10:00:00Z", seconds: "100", user: "less"),
                  view("2025-01-05T10:00:00Z", user: "cleared"), #"{"type":"history_cleared","user":"cleared","timestamp":"2025-03-14T09:00:00Z"}"#,
                  view("2025-05-05T10:00:00Z", user: "cleared")]
        return lines
    }()

    /// The export split into `count` files by user (a line that is not an object goes to the first).
    func partitions(_ count: Int, salt: UInt32) throws -> [[String]] {
        var parts = [[String]](repeating: [], count: count)
        for line in Self.export {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let user = object.map { ($0["user"] as? String) ?? "default" } ?? ""
            let hash = user.utf8.reduce(salt) { ($0 &* 31) &+ UInt32($1) }
            parts[object == nil ? 0 : Int(hash % UInt32(count))].append(line)
        }
        return parts
    }

    /// Runs the two steps in `folder`, where the export is `export.jsonl`.
    func render(_ parts: [[String]], in folder: URL, extra: [String] = []) throws -> ProgramResult {
        var lineFiles: [String] = []
        for (i, part) in parts.enumerated() {
            let r = try cli.yir(["stats", "-", "--stdin-name", "export.jsonl", "--format", "jsonl", "--partition", "--quiet"]
                                + Self.options + extra, stdin: Data(part.map { $0 + "\n" }.joined().utf8))
            #expect(r.status == 0, "\(r.stderr)")
            let file = folder.appendingPathComponent("lines-\(i).jsonl")
            try r.stdout.write(to: file)
            lineFiles.append(file.lastPathComponent)
        }
        return try cli.yir(["render"] + lineFiles + ["--out", "rendered", "--quiet"] + Self.formats, in: folder)
    }

    func files(_ folder: URL) throws -> [String: Data] {
        var all: [String: Data] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                all[name] = try Data(contentsOf: url)
            }
        }
        return all
    }

    @Test(arguments: [(1, UInt32(0)), (2, 7), (7, 3)])
    func renderOfAnyPartitioningIsByteIdenticalToOneRun(count: Int, salt: UInt32) throws {
        let folder = scratchFolder()
        try Data(Self.export.map { $0 + "\n" }.joined().utf8).write(to: folder.appendingPathComponent("export.jsonl"))
        let single = try cli.yir(["report", "export.jsonl", "--out", "single", "--quiet"] + Self.options + Self.formats, in: folder)
        #expect(single.status == 0, "\(single.stderr)")
        let rendered = try render(try partitions(count, salt: salt), in: folder)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let expected = try files(folder.appendingPathComponent("single"))
        let produced = try files(folder.appendingPathComponent("rendered"))
        #expect(expected.keys.sorted() == produced.keys.sorted())
        #expect(expected.count > 50, "the reader pages are compared too")
        for (name, data) in expected {
            #expect(produced[name] == data, "\(name) differs")
        }
    }

    /// Lines of many megabytes, read from a file and from standard input: `render` gives the
    /// pages behind each worker back as it goes (4 MB at a time, whole pages of its own range),
    /// and both give one run's report all the same.
    @Test func linesOfManyMegabytesRenderLikeOneRunFromAFileOrStandardInput() throws {
        let folder = scratchFolder()
        let sample = try runProgram(YirCommand.binary, ["sample", "--readers", "6000", "--days", "365", "--seed", "22"])
        try sample.stdout.write(to: folder.appendingPathComponent("export.jsonl"))
        let formats = ["--format", "json,jsonl,csv", "--quiet", "--jobs", "2"]
        let single = try cli.yir(["report", "export.jsonl", "--out", "single"] + Self.options + formats, in: folder)
        #expect(single.status == 0, "\(single.stderr)")
        let lines = try cli.yir(["stats", "export.jsonl", "--format", "jsonl", "--partition", "--quiet"] + Self.options, in: folder)
        #expect(lines.stdout.count > 12_000_000, "big enough for each of two workers to give pages back")
        try lines.stdout.write(to: folder.appendingPathComponent("lines.jsonl"))
        let fromFile = try cli.yir(["render", "lines.jsonl", "--out", "file"] + formats, in: folder)
        let fromStdin = try cli.yir(["render", "-", "--out", "stdin"] + formats, stdin: lines.stdout, in: folder)
        #expect(fromFile.status == 0 && fromStdin.status == 0, "\(fromFile.stderr)\(fromStdin.stderr)")
        let expected = try files(folder.appendingPathComponent("single"))
        for name in ["file", "stdin"] {
            let same = try files(folder.appendingPathComponent(name)) == expected
            #expect(same, "\(name) differs from the single run")
        }
    }

    @Test func aReaderInTwoPartitionsIsAnError() throws {
        let folder = scratchFolder()
        let lines = [view("2025-05-01T10:00:00Z", user: "a"), view("2025-05-02T10:00:00Z", user: "a")]
        let r = try render([[lines[0]], [lines[1]]], in: folder)
        #expect(r.status == 65)
        #expect(r.stderr.contains("reader 'a' is in more than one partition"), "\(r.stderr)")
    }

    @Test func partitionsMadeWithOtherParametersAreAnError() throws {
        let folder = scratchFolder()
        let a = try cli.yir(["stats", try cli.file([view("2025-05-01T10:00:00Z", user: "a")]), "--format", "jsonl", "--partition",
                             "--as-of", "2025-12-31T12:00:00Z"])
        let b = try cli.yir(["stats", try cli.file([view("2025-05-01T10:00:00Z", user: "b")]), "--format", "jsonl", "--partition",
                             "--as-of", "2025-12-30T12:00:00Z"])
        try a.stdout.write(to: folder.appendingPathComponent("a.jsonl"))
        try b.stdout.write(to: folder.appendingPathComponent("b.jsonl"))
        let r = try cli.yir(["render", "a.jsonl", "b.jsonl", "--out", "out"], in: folder)
        #expect(r.status == 65)
        #expect(r.stderr.contains("b.jsonl:2: made with other parameters than a.jsonl:2"), "\(r.stderr)")
        // The folder is made (and locked) before the lines are read; nothing is written into it.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path))?.isEmpty ?? true)
    }

    @Test func plainReaderLinesAreNotEnoughToRender() throws {
        let plain = try cli.yir(["stats", try cli.file([view("2025-05-01T10:00:00Z", user: "a")]), "--format", "jsonl"] + Self.options)
        let r = try cli.yir(["render", "-", "--out", scratchFolder().path], stdin: plain.stdout)
        #expect(r.status == 65)
        // What to do instead, not which member is missing.
        #expect(r.stderr.contains("these lines were made without --partition") && r.stderr.contains("docs/SCALE.md"), "\(r.stderr)")
        let usage = try cli.yir(["stats", try cli.file([]), "--partition"] + Self.options)
        #expect(usage.status == 64 && usage.stderr.contains("--partition needs --format jsonl"))
    }

    @Test func damagedReaderLinesAreRefusedWithTheirPlace() throws {
        let good = try cli.yir(["stats", try cli.file([view("2025-05-01T10:00:00Z", user: "a")]), "--format", "jsonl", "--partition"]
                               + Self.options).stdoutText
        let reader = String(good.split(separator: "\n")[0])
        let trailer = String(good.split(separator: "\n")[1])
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let damaged = [
            (String(reader.dropLast(40)), "reader line: expected"),                          // cut short
            (reader.replacingOccurrences(of: #""user":"a""#, with: #""user":"a","x":\#(deep)"#), "less nesting"),
            (reader.replacingOccurrences(of: #""time_zone":"UTC""#, with: #""time_zone":"Mars/Base""#), "Mars/Base"),
            (reader.replacingOccurrences(of: #","detail":"#, with: #","detial":"#), "'detail' is missing"),
        ]
        for (line, message) in damaged {
            let r = try cli.yir(["render", "-", "--out", scratchFolder().path], stdin: Data((line + "\n" + trailer + "\n").utf8))
            #expect(r.status == 65)
            #expect(r.stderr.contains("-:1: ") && r.stderr.contains(message), "\(r.stderr)")
        }
    }

    /// A reader line and its trailer as `stats --partition` writes them, for one view on 1 May.
    func oneReaderPartition() throws -> (reader: String, trailer: String) {
        let lines = try cli.yir(["stats", try cli.file([view("2025-05-01T10:00:00Z", user: "a")]), "--format", "jsonl", "--partition"]
                                + Self.options).stdoutText.split(separator: "\n").map(String.init)
        return (lines[0], lines[1])
    }

    /// Renders `lines` from standard input: the exit status and standard error.
    func renderStandardInput(_ lines: [String]) throws -> ProgramResult {
        try cli.yir(["render", "-", "--out", scratchFolder().path, "--format", "html,xml,json,csv"],
                    stdin: Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// Renderers index tables by month, weekday and hour and add figures up across readers:
    /// values `stats` never writes are refused with their place, not rendered (or crashed on).
    @Test func figuresOutsideWhatStatsWritesAreRefusedWithTheirPlace() throws {
        let (reader, trailer) = try oneReaderPartition()
        #expect(try renderStandardInput([reader, trailer]).status == 0)
        let damaged = [
            (#"{"month":5,"seconds":10"#, #"{"month":13,"seconds":10"#, "a month from 1 to 12, not 13"),
            (#"{"month":12,"seconds":0,"views":0}"#, #"{"month":11,"seconds":0,"views":0}"#, "'monthly' with months 1 to 12"),
            (#""weekday":4"#, #""weekday":8"#, "a weekday from 1 to 7, not 8"),
            (#""hour":10"#, #""hour":24"#, "an hour from 0 to 23, not 24"),
            (#""month":5,"time_of_day""#, #""month":0,"time_of_day""#, "a month from 1 to 12, not 0"),
            (#""views":1,"articles":1"#, #""views":-1,"articles":1"#, "a count from 0 to 2^53 − 1, not -1"),
            (#""start":"2025-05-01","end""#, #""start":"2025-02-30","end""#, "a date YYYY-MM-DD of 1970–2099, not '2025-02-30'"),
            (#""days":1,"start""#, #""days":3,"start""#, "a 'streak' of as many days as from 'start' to 'end'"),
            (#""reading":{"seconds":10"#, #""reading":{"seconds":9223372036854775807"#, "below 2^53 milliseconds"),
            (#""median_seconds_per_article":10}"#, #""median_seconds_per_article":1.00001}"#, "at most 4 decimals"),
            (#"[[20209,1,10000]]"#, #"[[20209,1,10000],[20208,1,0]]"#, "'detail.days', by day"),
            (#"1746093600000,1746093600000"#, #"1746093600000,4102444800000"#, "an instant of 1970–2099"),
            (#""hours":[0,"#, #""hours":[-2,"#, "a count from 0 to 2^53 − 1, not -2"),
        ]
        for (good, bad, message) in damaged {
            #expect(reader.contains(good), "\(good)")
            let r = try renderStandardInput([reader.replacingOccurrences(of: good, with: bad), trailer])
            #expect(r.status == 65)
            #expect(r.stderr.contains("-:1: reader line: expected ") && r.stderr.contains(message), "\(bad): \(r.stderr)")
        }
    }

    /// A trailer's counts must add up as SPEC §4.1 says, and partitions' figures may not add up
    /// beyond 64 bits: both are refused, not wrapped around or crashed on.
    @Test func trailersThatDoNotAddUpAndSumsBeyond64BitsAreRefused() throws {
        let (reader, trailer) = try oneReaderPartition()
        for (good, bad, message) in [
            (#""duplicates":0"#, #""duplicates":1"#, "trailer diagnostics that add up"),
            (#""cleared":0"#, #""cleared":2"#, "trailer diagnostics that add up"),
            (#""top":5"#, #""top":-5"#, "a count from 0 to 2^53 − 1, not -5"),
            (#""year":null"#, #""year":1969"#, "a year of 1970–2099, not 1969"),
        ] {
            #expect(trailer.contains(good), "\(good)")
            let r = try renderStandardInput([reader, trailer.replacingOccurrences(of: good, with: bad)])
            #expect(r.status == 65)
            #expect(r.stderr.contains("-:2: ") && r.stderr.contains(message), "\(bad): \(r.stderr)")
        }
        // 1,025 readers of 2^53 − 1 ms each: one more than 64 bits hold.
        let most = #""reading":{"seconds":9007199254740.991"#
        let readers = (0...1024).map { i in
            reader.replacingOccurrences(of: #""user":"a""#, with: #""user":"r\#(i)""#)
                .replacingOccurrences(of: #""reading":{"seconds":10"#, with: most)
        }
        let r = try renderStandardInput(readers + [trailer])
        #expect(r.status == 65)
        #expect(r.stderr.contains("the readers' reading time adds up beyond 2^63 milliseconds"), "\(r.stderr)")
        let articles = (0...1024).map { i in
            reader.replacingOccurrences(of: #""user":"a""#, with: #""user":"r\#(i)""#)
                .replacingOccurrences(of: #""Ada Lovelace",10000,"#, with: #""Ada Lovelace",9007199254740991,"#)
        }
        let a = try renderStandardInput(articles + [trailer])
        #expect(a.status == 65)
        #expect(a.stderr.contains("the readers' seconds or views of one article add up beyond 2^63"), "\(a.stderr)")
    }

}
