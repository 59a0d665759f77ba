import Foundation
import Testing

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
        let ana = try #require(try FileManager.default.contentsOfDirectory(atPath: readers.path).first { $0.hasPrefix("ana-") })
        let r = try browserCheck(["slides", readers.appendingPathComponent(ana).path])
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
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("readers").path).first)
        let check = try browserCheck(["escaping", out.appendingPathComponent("readers/\(page)").path,
                                      "<script>window.pwned=1</script>", #""><img src=x onerror=window.pwned=1>"#,
                                      #""><svg onload=window.pwned=1>"#])
        #expect(check.status == 0, "\(check.stdoutText)\(check.stderr)")
        let index = try browserCheck(["escaping", out.appendingPathComponent("index.html").path, #""><svg onload=window.pwned=1>"#])
        #expect(index.status == 0, "\(index.stdoutText)\(index.stderr)")
    }
}
