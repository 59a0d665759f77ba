import Foundation
import Testing
import YirTestSupport
@testable import YirCore
@testable import YirIngest
@testable import YirReport
@testable import YirStats

/// SPEC §6: `yir stats --format jsonl --partition` on each partition of an export partitioned
/// by user, then `yir render` on all the lines, gives what one `yir report` gives.
@Suite(.needs(.yir), .tier(.test)) struct PartitionEndToEndTests {
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
        lines.append(
            #"{"type":"saved_article","user":"saver","timestamp":"2025-12-30T10:00:00Z","wiki":"enwiki","title":"Oak","id":"s1"}"#
        )
        lines.append(
            #"{"type":"saved_article","user":"saver","timestamp":"2025-12-30T10:00:00Z","wiki":"enwiki","title":"Oak","id":"s1"}"#
        )
        // Readers of two years: more this year, less this year, and one who cleared in spring.
        lines += [
            view("2024-04-01T10:00:00Z", seconds: "100", user: "more"),
            view("2025-04-01T10:00:00Z", seconds: "123", user: "more"),
            view("2025-04-01T10:10:00Z", title: "Ada", seconds: "7.5", user: "more"),
            view("2024-04-01T10:00:00Z", seconds: "300", user: "less"),
            view("2025-04-01T10:00:00Z", seconds: "100", user: "less"),
            view("2025-01-05T10:00:00Z", user: "cleared"),
            #"{"type":"history_cleared","user":"cleared","timestamp":"2025-03-14T09:00:00Z"}"#,
            view("2025-05-05T10:00:00Z", user: "cleared"),
        ]
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
            let r = try cli.yir(
                ["stats", "-", "--stdin-name", "export.jsonl", "--format", "jsonl", "--partition", "--quiet"]
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
        let single = try cli.yir(
            ["report", "export.jsonl", "--out", "single", "--quiet"] + Self.options + Self.formats, in: folder)
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
        let sample = try runProgram(
            YirCommand.binary, ["sample", "--readers", "6000", "--days", "365", "--seed", "22"])
        try sample.stdout.write(to: folder.appendingPathComponent("export.jsonl"))
        let formats = ["--format", "json,jsonl,csv", "--quiet", "--jobs", "2"]
        let single = try cli.yir(["report", "export.jsonl", "--out", "single"] + Self.options + formats, in: folder)
        #expect(single.status == 0, "\(single.stderr)")
        let lines = try cli.yir(
            ["stats", "export.jsonl", "--format", "jsonl", "--partition", "--quiet"] + Self.options, in: folder)
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
        let a = try cli.yir([
            "stats", try cli.file([view("2025-05-01T10:00:00Z", user: "a")]), "--format", "jsonl", "--partition",
            "--as-of", "2025-12-31T12:00:00Z",
        ])
        let b = try cli.yir([
            "stats", try cli.file([view("2025-05-01T10:00:00Z", user: "b")]), "--format", "jsonl", "--partition",
            "--as-of", "2025-12-30T12:00:00Z",
        ])
        try a.stdout.write(to: folder.appendingPathComponent("a.jsonl"))
        try b.stdout.write(to: folder.appendingPathComponent("b.jsonl"))
        let r = try cli.yir(["render", "a.jsonl", "b.jsonl", "--out", "out"], in: folder)
        #expect(r.status == 65)
        #expect(r.stderr.contains("b.jsonl:2: made with other parameters than a.jsonl:2"), "\(r.stderr)")
        // The folder is made (and locked) before the lines are read; nothing is written into it.
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path))?.isEmpty
                ?? true)
    }

    @Test func plainReaderLinesAreNotEnoughToRender() throws {
        let plain = try cli.yir(
            ["stats", try cli.file([view("2025-05-01T10:00:00Z", user: "a")]), "--format", "jsonl"] + Self.options)
        let r = try cli.yir(["render", "-", "--out", scratchFolder().path], stdin: plain.stdout)
        #expect(r.status == 65)
        // What to do instead, not which member is missing.
        #expect(
            r.stderr.contains("these lines were made without --partition") && r.stderr.contains("docs/SCALE.md"),
            "\(r.stderr)")
        let usage = try cli.yir(["stats", try cli.file([]), "--partition"] + Self.options)
        #expect(usage.status == 64 && usage.stderr.contains("--partition needs --format jsonl"))
    }

    @Test func damagedReaderLinesAreRefusedWithTheirPlace() throws {
        let good = try cli.yir(
            ["stats", try cli.file([view("2025-05-01T10:00:00Z", user: "a")]), "--format", "jsonl", "--partition"]
                + Self.options
        ).stdoutText
        let reader = String(good.split(separator: "\n")[0])
        let trailer = String(good.split(separator: "\n")[1])
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let damaged = [
            (String(reader.dropLast(40)), "reader line: expected"),  // cut short
            (reader.replacingOccurrences(of: #""user":"a""#, with: #""user":"a","x":\#(deep)"#), "less nesting"),
            (reader.replacingOccurrences(of: #""time_zone":"UTC""#, with: #""time_zone":"Mars/Base""#), "Mars/Base"),
            (reader.replacingOccurrences(of: #","detail":"#, with: #","detial":"#), "'detail' is missing"),
        ]
        for (line, message) in damaged {
            let r = try cli.yir(
                ["render", "-", "--out", scratchFolder().path], stdin: Data((line + "\n" + trailer + "\n").utf8))
            #expect(r.status == 65)
            #expect(r.stderr.contains("-:1: ") && r.stderr.contains(message), "\(r.stderr)")
        }
    }

    /// A reader line and its trailer as `stats --partition` writes them, for one view on 1 May.
    func oneReaderPartition() throws -> (reader: String, trailer: String) {
        let lines = try cli.yir(
            ["stats", try cli.file([view("2025-05-01T10:00:00Z", user: "a")]), "--format", "jsonl", "--partition"]
                + Self.options
        ).stdoutText.split(separator: "\n").map(String.init)
        return (lines[0], lines[1])
    }

    /// Renders `lines` from standard input: the exit status and standard error.
    func renderStandardInput(_ lines: [String]) throws -> ProgramResult {
        try cli.yir(
            ["render", "-", "--out", scratchFolder().path, "--format", "html,xml,json,csv"],
            stdin: Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// Renderers index tables by month, weekday and hour and add figures up across readers:
    /// values `stats` never writes are refused with their place, not rendered (or crashed on).
    @Test func figuresOutsideWhatStatsWritesAreRefusedWithTheirPlace() throws {
        let (reader, trailer) = try oneReaderPartition()
        #expect(try renderStandardInput([reader, trailer]).status == 0)
        let damaged = [
            (#"{"month":5,"seconds":10"#, #"{"month":13,"seconds":10"#, "a month from 1 to 12, not 13"),
            (
                #"{"month":12,"seconds":0,"views":0}"#, #"{"month":11,"seconds":0,"views":0}"#,
                "'monthly' with months 1 to 12"
            ),
            (#""weekday":4"#, #""weekday":8"#, "a weekday from 1 to 7, not 8"),
            (#""hour":10"#, #""hour":24"#, "an hour from 0 to 23, not 24"),
            (#""month":5,"time_of_day""#, #""month":0,"time_of_day""#, "a month from 1 to 12, not 0"),
            (#""views":1,"articles":1"#, #""views":-1,"articles":1"#, "a count from 0 to 2^53 − 1, not -1"),
            (
                #""start":"2025-05-01","end""#, #""start":"2025-02-30","end""#,
                "a date YYYY-MM-DD of 1970–2099, not '2025-02-30'"
            ),
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
            #expect(
                r.stderr.contains("-:1: reader line: expected ") && r.stderr.contains(message), "\(bad): \(r.stderr)")
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
        // 1,025 readers of 2^53 − 1 ms each: one more than 64 bits hold. Each reader's figures
        // agree with each other (its one view, article, month and day all that long).
        func longest(_ i: Int, article: String) -> String {
            let most = "9007199254740.991"
            return reader.replacingOccurrences(of: #""user":"a""#, with: #""user":"r\#(i)""#)
                .replacingOccurrences(of: #""seconds":10,"#, with: #""seconds":\#(most),"#)
                .replacingOccurrences(of: #"_per_article":10"#, with: #"_per_article":\#(most)"#)
                .replacingOccurrences(of: ",10000,", with: ",9007199254740991,").replacingOccurrences(
                    of: ",10000]", with: ",9007199254740991]"
                )
                .replacingOccurrences(of: "Ada Lovelace", with: article)
        }
        let alone = try renderStandardInput([longest(0, article: "Ada Lovelace"), trailer])
        #expect(alone.status == 0, "one such reader is a line stats writes: \(alone.stderr)")
        let r = try renderStandardInput((0...1024).map { longest($0, article: "Article \($0)") } + [trailer])
        #expect(r.status == 65)
        #expect(r.stderr.contains("the readers' reading time adds up beyond 2^63 milliseconds"), "\(r.stderr)")
        let a = try renderStandardInput((0...1024).map { longest($0, article: "Ada Lovelace") } + [trailer])
        #expect(a.status == 65)
        #expect(a.stderr.contains("the readers' seconds or views of one article add up beyond 2^63"), "\(a.stderr)")
    }

    /// SPEC §6 (v4): a country is one of the codes yir's map gives a place; any other — an
    /// unknown code, or markup posing as one — is refused.
    @Test func countryCodesYirsMapDoesNotKnowAreRefused() throws {
        let paris = view(
            "2025-05-01T10:00:00Z", title: "Paris", user: "a", extra: #","coordinates":{"lat":48.8566,"lon":2.3522}"#)
        let lines = try cli.yir(["stats", try cli.file([paris]), "--format", "jsonl", "--partition"] + Self.options)
            .stdoutText.split(separator: "\n").map(String.init)
        #expect(try renderStandardInput(lines).status == 0)
        for code in ["ZZ", "<b>"] {
            #expect(lines[0].contains(#""country":"FR""#))
            let r = try renderStandardInput([
                lines[0].replacingOccurrences(of: #""country":"FR""#, with: #""country":"\#(code)""#), lines[1],
            ])
            #expect(r.status == 65)
            #expect(
                r.stderr.contains("-:1: reader line: expected a country code of yir's map")
                    && r.stderr.contains("'\(code)'"), "\(r.stderr)")
        }
    }

    /// SPEC §1.2 and §6 (v4): a user id has at most 256 characters, and no text is longer than
    /// a 1 MiB input line can carry.
    @Test func userIDsAndTextsLongerThanInputAllowsAreRefused() throws {
        let (reader, trailer) = try oneReaderPartition()
        let longestUser = String(repeating: "é", count: 256)
        let lines = try cli.yir(
            [
                "stats", try cli.file([view("2025-05-01T10:00:00Z", user: longestUser)]), "--format", "jsonl",
                "--partition",
            ]
                + Self.options
        ).stdoutText.split(separator: "\n").map(String.init)
        #expect(try renderStandardInput(lines).status == 0, "a user id of 256 characters is one stats writes")
        let tooLong = reader.replacingOccurrences(of: #""user":"a""#, with: #""user":"\#(longestUser)a""#)
        let user = try renderStandardInput([tooLong, trailer])
        #expect(user.status == 65)
        #expect(user.stderr.contains("-:1: reader line: expected a user id of 1 to 256 characters"), "\(user.stderr)")
        let title = try renderStandardInput([
            reader.replacingOccurrences(of: "Ada Lovelace", with: String(repeating: "x", count: 1 << 20 + 1)), trailer,
        ])
        #expect(title.status == 65)
        #expect(
            title.stderr.contains("-:1: reader line: expected a text of at most 1048576 characters"), "\(title.stderr)")
    }

    /// SPEC §6 (v4): a window ends after it starts — but for the one empty window `stats`
    /// writes, of a `--year` the reader's zone had not reached at the as-of instant.
    @Test func aWindowWhoseEndIsNotAfterItsStartIsRefused() throws {
        // A reader of one session: no other figure depends on the window.
        let lines = try cli.yir(
            [
                "stats", try cli.file([session("2025-05-01T10:00:00Z", ms: "1000", user: "a")]), "--format", "jsonl",
                "--partition",
            ] + Self.options
        ).stdoutText.split(separator: "\n").map(String.init)
        let (reader, trailer) = (lines[0], lines[1])
        let end = #""end":"2025-12-31T12:00:00Z""#
        #expect(reader.contains(#""window":{"start":"2025-01-01T00:00:00Z",\#(end)}"#))
        let backwards = reader.replacingOccurrences(of: end, with: #""end":"2024-12-31T00:00:00Z""#)
        let r = try renderStandardInput([backwards, trailer])
        #expect(r.status == 65)
        #expect(r.stderr.contains("-:1: reader line: expected the 'window' of 2025 in "), "\(r.stderr)")
        // 2026 has begun in UTC+14 at the as-of instant, not yet in UTC: that window is empty.
        let early = try cli.yir(
            [
                "stats", try cli.file([view("2025-05-01T10:00:00Z", user: "a")]), "--format", "jsonl", "--partition",
                "--year", "2026", "--tz", "UTC",
            ] + Self.options)
        #expect(early.stdoutText.contains(#""window":{"start":"2026-01-01T00:00:00Z","end":"2025-12-31T12:00:00Z"}"#))
        #expect(try renderStandardInput(early.stdoutText.split(separator: "\n").map(String.init)).status == 0)
    }

    /// SPEC §6 (v4): figures that contradict one another — more articles than views, a list
    /// beyond the reading it is part of, a streak longer than the days read — are refused.
    @Test func figuresThatContradictOneAnotherAreRefused() throws {
        let (reader, trailer) = try oneReaderPartition()
        let contradictions = [
            (#""views":1,"articles":1"#, #""views":1,"articles":2"#, "no more articles than views"),
            (
                #""seconds":10,"views":1,"first_viewed""#, #""seconds":10,"views":2,"first_viewed""#,
                "'top_articles' of the reader's articles"
            ),
            (
                #""days":1,"start":"2025-05-01""#, #""days":2,"start":"2025-04-30""#,
                "the 'streak' that 'detail.days' make, 1 long"
            ),
            (#"{"month":5,"seconds":10,"views":1}"#, #"{"month":5,"seconds":10,"views":2}"#, "'monthly' that adds up"),
            (
                #""hours":[0,0,0,0,0,0,0,0,0,0,1,0"#, #""hours":[0,0,0,0,0,0,0,0,0,1,0,0"#,
                "'hour' and 'weekday' those of 'detail.hours'"
            ),
            (#"[20209,1,10000]"#, #"[20500,1,10000]"#, "'detail.days' inside the window"),
            (#""first_view":"2025-05-01T10:00:00Z""#, #""first_view":null"#, "'first_view' inside the coverage"),
            (
                #""median_seconds_per_article":10}"#,
                #""median_seconds_per_article":10},"places":{"articles":2,"seconds":10,"countries":[],"north":{"wiki":"w","title":"t","lat":0,"lon":0},"south":{"wiki":"w","title":"t","lat":0,"lon":0},"top":[]}"#,
                "'places' of no more articles or seconds than 'reading'"
            ),
        ]
        for (good, bad, message) in contradictions {
            #expect(reader.contains(good), "\(good)")
            var line = reader.replacingOccurrences(of: good, with: bad)
            if bad.contains(#""places""#) { line = line.replacingOccurrences(of: #","places":null"#, with: "") }
            let r = try renderStandardInput([line, trailer])
            #expect(r.status == 65)
            #expect(
                r.stderr.contains("-:1: reader line: expected ") && r.stderr.contains(message), "\(bad): \(r.stderr)")
        }
    }

    /// SPEC §6 (v4): the year's moments are of its counted views and saves, and say so.
    @Test func momentsThatContradictTheYearsFiguresAreRefused() throws {
        let (reader, trailer) = try oneReaderPartition()
        let contradictions = [
            (
                #""languages":[{"language":"en","articles":1"#, #""languages":[{"language":"en","articles":2"#,
                "'languages' of no more articles"
            ),
            (
                #""unread":{"count":0,"articles":[]}"#, #""unread":{"count":1,"articles":[]}"#,
                "first min(count, 3) articles"
            ),
            (
                #""last_article":{"wiki""#, #""last_article":null,"ignored":{"wiki""#,
                "'last_article' inside the coverage"
            ),
            (
                #""longest_view":{"wiki":"en.wikipedia.org","title":"Ada Lovelace","seconds":10"#,
                #""longest_view":{"wiki":"en.wikipedia.org","title":"Ada Lovelace","seconds":0"#,
                "'longest_view' of more than 0 seconds"
            ),
        ]
        for (good, bad, message) in contradictions {
            #expect(reader.contains(good), "\(good)")
            let r = try renderStandardInput([reader.replacingOccurrences(of: good, with: bad), trailer])
            #expect(r.status == 65)
            #expect(
                r.stderr.contains("-:1: reader line: expected ") && r.stderr.contains(message), "\(bad): \(r.stderr)")
        }
    }

    /// SPEC §4.5 and §6 (v4): a text with a control character rejects its input line, so no
    /// text read back may hold one.
    @Test func controlCharactersInTextsReadBackAreRefused() throws {
        let (reader, trailer) = try oneReaderPartition()
        for (good, bad) in [
            (#""user":"a""#, #""user":"a\u007f""#), (#""Ada Lovelace",10000"#, #""Ada\u0000Lovelace",10000"#),
            (#""title":"Ada Lovelace","seconds""#, #""title":"Ada\nLovelace","seconds""#),
        ] {
            #expect(reader.contains(good), "\(good)")
            let r = try renderStandardInput([reader.replacingOccurrences(of: good, with: bad), trailer])
            #expect(r.status == 65)
            #expect(
                r.stderr.contains("-:1: reader line: expected text without control characters"), "\(bad): \(r.stderr)")
        }
    }

    /// The trailer's `--tz` is a zone `stats` took: one yir does not know is refused.
    @Test func aTrailerZoneYirDoesNotKnowIsRefused() throws {
        let (reader, trailer) = try oneReaderPartition()
        let r = try renderStandardInput([
            reader, trailer.replacingOccurrences(of: #""time_zone":null"#, with: #""time_zone":"Mars/Base""#),
        ])
        #expect(r.status == 65)
        #expect(r.stderr.contains("-:2: ") && r.stderr.contains("an IANA zone or null, not 'Mars/Base'"), "\(r.stderr)")
    }
}
