import Foundation
import Testing
import YirTestSupport

/// Issue #4's checks in a real browser: headless Chromium from Debian, driven by selenium from
/// the test venv (`make test` installs both), through Tests/browser_check.py.
@Suite(.serialized) struct BrowserTests {
    let cli = CommandLineTests()

    func browserCheck(_ arguments: [String]) throws -> ProgramResult {
        try runProgram(URL(fileURLWithPath: SchemaTests.python),
                       [packageRoot.appendingPathComponent("Tests/browser_check.py").path] + arguments)
    }

    /// SampleData's HTML without remote images, so the pages must load nothing from elsewhere.
    func sampleReport() throws -> URL {
        let out = scratchFolder()
        let r = try cli.yir(["report", "SampleData/wikipedia", "--out", out.path, "--as-of", "2025-12-31T12:00:00Z",
                             "--format", "html", "--no-remote-images"], in: packageRoot)
        #expect(r.status == 0, "\(r.stderr)")
        return out
    }

    @Test func slidesNavigateByKeyboardMoveFocusAndLoadNothingFromOtherHosts() throws {
        let out = try sampleReport()
        let readers = out.appendingPathComponent("readers")
        let r = try browserCheck(["slides", out.appendingPathComponent(try sampleDeck(of: "ana")).path])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        #expect(r.stdoutText.contains("ok: focus is on slide 2 after ArrowRight"))
    }

    @Test func overviewTableSortsByClickingAHeader() throws {
        let out = try sampleReport()
        let r = try browserCheck(["index", out.appendingPathComponent("index.html").path])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
    }

    @Test func hostileTitlesShowAsTextAndRunNothing() throws {
        let user = #"\"><svg onload=window.pwned=1>"#
        let input = try cli.file([
            #"{"type":"page_view","user":"\#(user)","timestamp":"2025-05-01T10:00:00Z","wiki":"en.wikipedia.org","title":"<script>window.pwned=1</script>","seconds":600}"#,
            #"{"type":"page_view","user":"\#(user)","timestamp":"2025-05-02T10:00:00Z","wiki":"en.wikipedia.org","title":"\"><img src=x onerror=window.pwned=1>","seconds":300}"#,
        ])
        let out = scratchFolder()
        let r = try cli.yir(["report", input, "--out", out.path, "--as-of", "2025-12-31T12:00:00Z", "--format", "html"])
        #expect(r.status == 0, "\(r.stderr)")
        // The id as the JSON line gives it, without the escaping backslash.
        let deck = try sampleDeck(of: #""><svg onload=window.pwned=1>"#)
        let check = try browserCheck(["escaping", out.appendingPathComponent(deck).path,
                                      "<script>window.pwned=1</script>", #""><img src=x onerror=window.pwned=1>"#,
                                      #""><svg onload=window.pwned=1>"#])
        #expect(check.status == 0, "\(check.stdoutText)\(check.stderr)")
        let index = try browserCheck(["escaping", out.appendingPathComponent("index.html").path, #""><svg onload=window.pwned=1>"#])
        #expect(index.status == 0, "\(index.stdoutText)\(index.stderr)")
    }

    /// SPEC §4.4: a deck sends no referrer. Served over http, as a published deck is; the check
    /// also shows the same page without its policy sending one, so it cannot pass vacuously.
    @Test func followingAnArticleLinkFromADeckSendsNoReferer() throws {
        let out = try sampleReport()
        let r = try browserCheck(["referrer", out.appendingPathComponent(try sampleDeck(of: "ana")).path])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        #expect(r.stdoutText.contains("ok: the deck sends no Referer"))
    }

    /// docs/OPERATIONS.md's nginx snippet and link list, run as written (Tests/publish_check.py).
    @Test func thePublishingRecipeServesTheDecksAloneAndListsEachReadersLink() throws {
        let out = scratchFolder()
        let r = try cli.yir(["report", "SampleData/wikipedia", "--out", out.path, "--as-of", "2025-12-31T12:00:00Z",
                             "--format", "html,csv"], in: packageRoot)
        #expect(r.status == 0, "\(r.stderr)")
        let check = try runProgram(URL(fileURLWithPath: SchemaTests.python),
                                   [packageRoot.appendingPathComponent("Tests/publish_check.py").path,
                                    packageRoot.appendingPathComponent("docs/OPERATIONS.md").path, out.path])
        #expect(check.status == 0, "\(check.stdoutText)\(check.stderr)")
    }
}
