import Dispatch
import Foundation
import Synchronization
import Testing
import YirTestSupport
@testable import YirReport

/// SPEC §4.4's private decks: keyed names no one can compute from a user id, new each year
/// (§4.5), the link key file, each reader's `slides` in the data outputs, and a `readers/`
/// folder fit to publish.
@Suite(.needs(.yir)) struct DeckLinkEndToEndTests {
    let cli = YirCommand()
    let asOf = ["--as-of", "2025-12-31T12:00:00Z"]

    /// A key file with `bytes` and `mode` in a scratch folder.
    func keyFile(bytes: Int = 32, mode: mode_t = 0o600) throws -> String {
        let path = scratchFolder().appendingPathComponent("link-key").path
        try Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0) }).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        return path
    }

    let readers = [
        view("2025-03-01T10:00:00Z", user: "ana"), view("2025-03-02T10:00:00Z", user: "bo"),
        save("2025-03-03T10:00:00Z", title: "X", extra: #","user":"cy""#),
    ]

    @Test func aMissingKeyIsCreatedOnceWithModeSixHundredAndThirtyTwoSecureBytes() throws {
        let path = scratchFolder().appendingPathComponent("state/yir/link-key").path
        let input = try cli.file(readers)
        let first = try cli.yir(["report", input, "--out", scratchFolder().path, "--link-key", path] + asOf)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("created the link key \(path)"), "\(first.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(attributes[.size] as? Int == 32)
        let out = scratchFolder()
        let again = try cli.yir(["report", input, "--out", out.path, "--link-key", path] + asOf)
        #expect(again.status == 0 && !again.stderr.contains("created"), "\(again.stderr)")
        let key = try LinkKey.read(path)
        let decks = try DeckNames(users: ["ana", "bo", "cy"], year: 2025, key: key)
        for deck in decks.files {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("readers/\(deck)").path))
        }
    }

    @Test func aShortUnreadableOrExposedKeyIsAUsageErrorNamingTheFile() throws {
        let input = try cli.file(readers)
        let folder = scratchFolder().path
        let dangling = scratchFolder().appendingPathComponent("dangling").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "/nonexistent/key")
        for (path, says) in [
            (try keyFile(bytes: 31), "holds 31 bytes"), (try keyFile(mode: 0o640), "can be read by others (mode 640)"),
            (try keyFile(mode: 0o604), "can be read by others"), (folder, "not a regular file"),
            (dangling, "cannot read link key"),
        ] {
            let out = scratchFolder()
            let r = try cli.yir(["report", input, "--out", out.path, "--link-key", path] + asOf)
            #expect(r.status == 64, "\(path): \(r.stderr)")
            #expect(r.stderr.contains(path) && r.stderr.contains(says), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
        }
        // Without HTML there is no deck to name, and no key is read.
        let data = try cli.yir(
            ["report", input, "--out", scratchFolder().path, "--format", "json", "--link-key", try keyFile(bytes: 3)]
                + asOf)
        #expect(data.status == 0, "\(data.stderr)")
    }

    /// SPEC §5: a link key that is a FIFO is refused at once — opening one to read would wait
    /// for a writer that never comes, and the nightly job with it.
    @Test func aLinkKeyThatIsAFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let path = scratchFolder().appendingPathComponent("link-key").path
        try #require(mkfifo(path, 0o600) == 0)
        let outcome = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let said: String
            do { said = "read \(try LinkKey.read(path).bytes.count) bytes" } catch { said = "\(error)" }
            outcome.withLock { $0 = said }
            done.signal()
        }
        if done.wait(timeout: .now() + 60) == .timedOut {
            // A writer that comes and goes lets the blocked open return, so the thread ends.
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            _ = done.wait(timeout: .now() + 10)
            Issue.record("reading a FIFO as the link key waited for a writer")
            return
        }
        let said = outcome.withLock { $0 } ?? ""
        #expect(said.contains(path) && said.contains("not a regular file"), "\(said)")
    }

    /// SPEC §5: a link key owned by another user than the one running yir is a usage error:
    /// whoever owns it can read it, or swap it for one of their own.
    @Test func aLinkKeyOwnedByAnotherUserIsAUsageError() throws {
        let path = try keyFile()
        try #require(chown(path, 65534, 65534) == 0, "changing a file's owner needs root")
        let out = scratchFolder()
        let r = try cli.yir(["report", try cli.file(readers), "--out", out.path, "--link-key", path] + asOf)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains(path) && r.stderr.contains("owned by"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
    }

    @Test func aKeyInsideTheOutputFolderIsRefused() throws {
        let out = scratchFolder()
        let r = try cli.yir(
            ["report", try cli.file(readers), "--out", out.path, "--link-key", out.appendingPathComponent("key").path]
                + asOf)
        #expect(r.status == 64 && r.stderr.contains("lies inside --out"), "\(r.stderr)")
    }

    @Test func runsThatCreateTheKeyAtOnceEndWithOneKey() throws {
        let path = scratchFolder().appendingPathComponent("link-key").path
        let keys = Mutex<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let key = try! LinkKey.openOrCreate(path: path).key
            keys.withLock { $0.append(key.bytes) }
        }
        #expect(Set(keys.withLock { $0 }).count == 1)
        #expect(try LinkKey.read(path).bytes == keys.withLock { $0[0] })
        // And whole runs started together: each names the decks with the one key in place.
        let second = scratchFolder().appendingPathComponent("link-key").path
        let input = try cli.file(readers)
        let outs = (0..<3).map { _ in scratchFolder() }
        let runs = try outs.map { out in
            let process = Process()
            process.executableURL = YirCommand.binary
            process.arguments = ["report", input, "--out", out.path, "--format", "html", "--link-key", second] + asOf
            process.environment = ["TZ": "UTC"]
            let errors = scratchFolder().appendingPathComponent("stderr")
            FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            return (process, errors)
        }
        var created = 0
        for (process, errors) in runs {
            process.waitUntilExit()
            let stderr = try String(contentsOf: errors, encoding: .utf8)
            #expect(process.terminationStatus == 0, "\(stderr)")
            if stderr.contains("created the link key") { created += 1 }
        }
        #expect(created == 1)
        let listings = try outs.map {
            try FileManager.default.contentsOfDirectory(atPath: $0.appendingPathComponent("readers").path).sorted()
        }
        #expect(Set(listings).count == 1)
    }

    @Test func slidesNamesEachReadersDeckInEveryOutputAndIsNullWithoutHTML() throws {
        let input = try cli.file(readers)
        let out = scratchFolder()
        #expect(try cli.yir(["report", input, "--out", out.path] + asOf).status == 0)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
                as? [String: Any])
        let slides = try #require((report["readers"] as? [[String: Any]])?.map { $0["slides"] as? String })
        #expect(slides.count == 3)
        for path in slides {
            let path = try #require(path)
            #expect(path.wholeMatch(of: /readers\/[a-z2-7]{26}\.html/) != nil)
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path))
        }
        #expect(slides == [try sampleDeck(of: "ana"), try sampleDeck(of: "bo"), try sampleDeck(of: "cy")])
        let lines = try String(contentsOf: out.appendingPathComponent("readers.jsonl"), encoding: .utf8)
        let csv = try String(contentsOf: out.appendingPathComponent("readers.csv"), encoding: .utf8)
        let xml = try String(contentsOf: out.appendingPathComponent("report.xml"), encoding: .utf8)
        for case let path? in slides {
            #expect(lines.contains(#""slides":"\#(path)""#))
            #expect(csv.contains(",\(path),"))
            #expect(xml.contains("<slides>\(path)</slides>"))
        }
        #expect(csv.hasPrefix("user,slides,time_zone,"))

        let dataOnly = scratchFolder()
        #expect(try cli.yir(["report", input, "--out", dataOnly.path, "--format", "jsonl,xml,csv"] + asOf).status == 0)
        let line = try String(contentsOf: dataOnly.appendingPathComponent("readers.jsonl"), encoding: .utf8)
        #expect(line.hasPrefix(#"{"user":"ana","slides":null,"time_zone":"#))
        #expect(
            !(try String(contentsOf: dataOnly.appendingPathComponent("report.xml"), encoding: .utf8)).contains(
                "<slides>"))
        #expect(
            try String(contentsOf: dataOnly.appendingPathComponent("readers.csv"), encoding: .utf8).contains(
                "\r\nana,,UTC,"))
        #expect(
            try cli.yir(["stats", input, "--format", "jsonl"] + asOf).stdoutText.hasPrefix(
                #"{"user":"ana","slides":null,"#))
    }

    @Test func theReadersFolderHoldsOnlyTheDecksAndAnEmptyIndex() throws {
        let out = scratchFolder()
        #expect(
            try cli.yir(
                [
                    "report", try cli.file(readers + [view("2025-03-01T10:00:00Z", user: "alice@example.org")]),
                    "--out", out.path, "--format", "html",
                ] + asOf
            ).status == 0)
        let folder = out.appendingPathComponent("readers")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(entries.count == 5)
        #expect(entries.filter { $0 != "index.html" }.allSatisfy { $0.wholeMatch(of: /[a-z2-7]{26}\.html/) != nil })
        let empty = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!empty.contains("<a") && !empty.contains("href") && !empty.contains("ana") && !empty.contains("alice"))
        for page in entries.map({ "readers/\($0)" }) + ["index.html"] {
            let html = try String(contentsOf: out.appendingPathComponent(page), encoding: .utf8)
            #expect(html.contains(#"<meta name="robots" content="noindex">"#), "\(page)")
            #expect(html.contains(#"<meta name="referrer" content="no-referrer">"#), "\(page)")
        }
        // A deck stands alone: it links to no page of the run, the overview least of all.
        let deck = try String(contentsOf: out.appendingPathComponent(try sampleDeck(of: "ana")), encoding: .utf8)
        #expect(!deck.contains("index.html") && !deck.contains("href=\"../"))
    }

    @Test func aNewKeyLeavesNoDeckUnderAnOldName() throws {
        let input = try cli.file(readers)
        let out = scratchFolder()
        #expect(
            try cli.yir(["report", input, "--out", out.path, "--format", "html", "--link-key", try keyFile()] + asOf)
                .status == 0)
        let before = Set(
            try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("readers").path))
        let other = scratchFolder().appendingPathComponent("new-key").path
        #expect(
            try cli.yir(["report", input, "--out", out.path, "--format", "html", "--link-key", other] + asOf).status
                == 0)
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("readers").path))
        #expect(after.count == 4 && before.intersection(after) == ["index.html"])
    }

    /// SPEC §4.5 (v4): a deck's name is keyed on the report year as well as the user, so each
    /// year's decks have new names under the same key: last year's link leads to last year's
    /// folder and says nothing of this year's deck. `render` names them for the year too.
    @Test func eachYearsDecksHaveNewNamesUnderTheSameKey() throws {
        let key = try keyFile()
        let lastYear = [view("2024-03-01T10:00:00Z", user: "ana"), view("2024-03-02T10:00:00Z", user: "bo")]
        let thisYear = [view("2025-03-01T10:00:00Z", user: "ana"), view("2025-03-02T10:00:00Z", user: "bo")]
        func decks(_ lines: [String], year: String?) throws -> Set<String> {
            let out = scratchFolder()
            let r = try cli.yir(
                ["report", try cli.file(lines), "--out", out.path, "--format", "html", "--link-key", key]
                    + (year.map { ["--year", $0] } ?? []) + asOf)
            #expect(r.status == 0, "\(r.stderr)")
            return Set(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("readers").path))
                .subtracting(["index.html"])
        }
        let old = try decks(lastYear, year: "2024")
        let new = try decks(thisYear, year: "2025")
        #expect(old.count == 2 && new.count == 2)
        #expect(old.isDisjoint(with: new))
        let linkKey = try LinkKey.read(key)
        #expect(new == Set(try DeckNames(users: ["ana", "bo"], year: 2025, key: linkKey).files))
        #expect(old == Set(try DeckNames(users: ["ana", "bo"], year: 2024, key: linkKey).files))
        // Without --year the year is the as-of instant's in the readers' zone (UTC), as the folder records it.
        #expect(try decks(thisYear, year: nil) == new)

        let lines = try cli.yir(["stats", try cli.file(thisYear), "--format", "jsonl", "--partition"] + asOf)
        let out = scratchFolder()
        let rendered = try cli.yir(
            ["render", "-", "--out", out.path, "--format", "html", "--link-key", key], stdin: lines.stdout)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let renderedDecks = Set(
            try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("readers").path))
        #expect(renderedDecks.subtracting(["index.html"]) == new)
    }
}
