import Foundation
import Testing
import YirTestSupport

/// SPEC §4.4's `yir images` (decisions 145–149): the pictures the decks would show, fetched into
/// the image cache from an HTTPS server the test starts on 127.0.0.1 (Tests/picture_server.py,
/// Python's `ssl` and `http.server`) with a certificate made for the test, which yir trusts
/// through `SSL_CERT_FILE` for that run alone.
@Suite(.needs(.yir, .testPython, .openssl, .prometheusClient), .tier(.test))
struct ImagesEndToEndTests {
    let cli = YirCommand()

    /// The certificate and key of 127.0.0.1 and localhost, made once per test process.
    static let certificate: (cert: String, key: String) = {
        let folder = scratchFolder()
        let cert = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        let r = try! runProgram(
            Tools.program("openssl"),
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                "-subj", "/CN=yir test", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", key,
                "-out", cert,
            ])
        precondition(r.status == 0, r.stderr)
        return (cert, key)
    }()

    /// The JPEG the server gives for /good.jpg.
    static let jpeg = try! Data(contentsOf: packageRoot.appendingPathComponent("Tests/Pictures/picture.jpg"))

    /// Tests/picture_server.py, running until `stop()` (or the test process ends: it serves
    /// until its standard input closes).
    final class PictureServer {
        let process = Process()
        let input = Pipe()
        let log = scratchFolder().appendingPathComponent("requests.jsonl")
        let port: Int

        init() throws {
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: Tools.python)
            process.arguments = [
                packageRoot.appendingPathComponent("Tests/picture_server.py").path, certificate.cert, certificate.key,
                log.path,
            ]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            var line = Data()
            while !line.contains(0x0A) {
                let more = output.fileHandleForReading.availableData
                guard !more.isEmpty else { break }
                line += more
            }
            port = try #require(
                Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        }

        deinit { stop() }

        /// Ends the server by its pid. (Closing its standard input is not enough when it ends a
        /// test: the processes other tests start meanwhile inherit the pipe's writing end.)
        func stop() {
            try? input.fileHandleForWriting.close()
            guard process.isRunning else { return }
            process.terminate()
            _ = waitForExit(process)
        }

        /// `https://127.0.0.1:PORT/path`.
        func url(_ path: String) -> String { "https://127.0.0.1:\(port)/\(path)" }

        /// The paths requested, in order.
        var requests: [String] { entries.compactMap { $0["path"] } }

        var entries: [[String: String]] {
            guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
            return text.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
            }
        }
    }

    /// An export whose readers' top articles show `urls`, one reader each.
    func export(_ urls: [String]) throws -> String {
        try cli.file(
            urls.enumerated().map { index, url in
                view(
                    "2025-05-01T10:00:00Z", title: "Article \(index)", user: "reader\(index)",
                    extra: #","thumbnail":"\#(url)""#)
            })
    }

    /// `yir images` on an export of `urls` into `cache`, trusting the test's certificate.
    func images(
        _ urls: [String], cache: URL, server: PictureServer, _ more: [String] = [], timeout: Int = 5,
        trust: Bool = true
    ) throws -> ProgramResult {
        var environment = ["TZ": "UTC"]
        if trust { environment["SSL_CERT_FILE"] = Self.certificate.cert }
        return try cli.yir(
            [
                "images", try export(urls), "--image-cache", cache.path, "--image-host", "127.0.0.1:\(server.port)",
                "--as-of", "2025-12-31T12:00:00Z", "--image-timeout", "\(timeout)",
            ] + more, environment: environment)
    }

    /// The pictures fetched into the cache and their bytes (not the squares made from them,
    /// `squares`).
    func files(_ cache: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? [] where !isSquare(name) {
            files[name] = try Data(contentsOf: cache.appendingPathComponent(name))
        }
        return files
    }

    /// A square `--images embed` embeds, kept beside its picture (decision 140).
    func isSquare(_ name: String) -> Bool { name.hasSuffix("-q50.webp") }

    func squares(_ cache: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cache.path).filter(isSquare).sorted()
    }

    /// After fetching, the squares the decks embed are made from what was fetched and kept in
    /// the cache, each at the size its deck shows it: a top article's at 192 px (these small
    /// pictures' at their own size, never scaled up); a picture not fetched has none.
    @Test(.needs(.libvips)) func theSquaresOfTheFetchedPicturesAreMadeReadyForEmbed() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let urls = [server.url("good.jpg"), server.url("good.png"), server.url("missing.jpg")]
        let r = try images(urls, cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try squares(cache) == (try urls.prefix(2).map { "\(try cacheName($0)).192px-q50.webp" }).sorted())
        for square in try squares(cache) {
            let bytes = try Data(contentsOf: cache.appendingPathComponent(square))
            #expect(bytes.prefix(4) == Data("RIFF".utf8) && bytes.dropFirst(8).prefix(4) == Data("WEBP".utf8))
        }
        #expect(r.stderr.contains("squares for --images embed: 2 ready, 1 not"), "\(r.stderr)")
    }

    /// The cache file name of `url`: the SHA-256 of its bytes in lowercase hex, as sha256sum says.
    func cacheName(_ url: String) throws -> String {
        let r = try runProgram(URL(fileURLWithPath: "/usr/bin/sha256sum"), [], stdin: Data(url.utf8))
        return String(r.stdoutText.prefix(64))
    }

    @Test func eachPictureLandsInTheCacheNamedByTheSHA256OfItsURL() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let urls = [server.url("good.jpg"), server.url("good.png")]
        let r = try images(urls, cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        let files = try files(cache)
        #expect(files.count == 2)
        #expect(files[try cacheName(urls[0])] == Self.jpeg)
        #expect(files[try cacheName(urls[1])]?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        #expect(r.stderr.contains("pictures: fetched 2, already in the cache 0, failed 0; "))
        // Created when missing, for the user running yir and readable by the web server's.
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: cache.path)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o755)
    }

    @Test func aPictureAlreadyInTheCacheIsNeverFetchedAgain() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let urls = [server.url("good.jpg"), server.url("good.png")]
        #expect(try images(urls, cache: cache, server: server).status == 0)
        let before = try files(cache)
        let second = try images(urls, cache: cache, server: server)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(server.requests == ["/good.jpg", "/good.png"] || server.requests == ["/good.png", "/good.jpg"])
        #expect(try files(cache) == before)
        #expect(second.stderr.contains("pictures: fetched 0, already in the cache 2, failed 0; 0 bytes written"))
    }

    @Test func aPictureTwoDecksShowIsFetchedOnce() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let r = try images([server.url("good.jpg"), server.url("good.jpg")], cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(server.requests == ["/good.jpg"])
        #expect(try files(cache).count == 1)
    }

    @Test func aPictureOnAHostNotListedIsNeverRequested() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        // The same server under another name: only --image-host's spelling counts.
        let r = try images(["https://localhost:\(server.port)/good.jpg"], cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(server.requests.isEmpty)
        #expect(try files(cache).isEmpty)
    }

    @Test func anAnswerSlowerThanTheTimeoutFailsAfterOneRetry() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let url = server.url("slow.jpg")
        let r = try images([url], cache: cache, server: server, timeout: 1)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("yir: warning: \(url): no answer within 1 s"))
        #expect(r.stderr.contains("failed 1 (timeout 1)"))
        #expect(server.requests == ["/slow.jpg", "/slow.jpg"])
        #expect(try files(cache).isEmpty)
    }

    @Test func aPictureOverTwoMegabytesIsRefusedByItsContentLength() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let url = server.url("huge.jpg")
        let r = try images([url], cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("yir: warning: \(url): Content-Length 3000000 bytes, over the limit of 2000000\n"))
        #expect(r.stderr.contains("failed 1 (too_large 1)"))
        #expect(server.requests == ["/huge.jpg"])
        #expect(try files(cache).isEmpty)
    }

    @Test func aStreamedBodyIsCutOffOnceOverTwoMegabytes() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let url = server.url("huge-streamed.jpg")
        let r = try images([url], cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("yir: warning: \(url): over the limit of 2000000 bytes\n"))
        #expect(server.requests == ["/huge-streamed.jpg"])
        #expect(try files(cache).isEmpty)
    }

    @Test func anAnswerThatIsNoImageFailsByItsTypeOrItsBytes() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let page = server.url("page.jpg")
        let disguised = server.url("disguised.jpg")
        let r = try images([page, disguised], cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("yir: warning: \(page): Content-Type 'text/html; charset=utf-8', not image/*\n"))
        #expect(r.stderr.contains("yir: warning: \(disguised): the body is no JPEG, PNG, GIF or WebP file\n"))
        #expect(r.stderr.contains("failed 2 (not_an_image 2)"))
        #expect(server.requests.count == 2)
        #expect(try files(cache).isEmpty)
    }

    @Test func aRedirectToAnotherHostIsThatPicturesFailureAndNotFollowed() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let url = server.url("redirect-away.jpg")
        let r = try images([url], cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "yir: warning: \(url): redirected to https://localhost:\(server.port)/elsewhere.jpg: not https on an allowed host\n"
            ))
        #expect(r.stderr.contains("failed 1 (redirect 1)"))
        #expect(server.requests == ["/redirect-away.jpg"])
        #expect(try files(cache).isEmpty)
    }

    @Test func aRedirectToAnAllowedURLIsFollowedAndKeptUnderTheFirstURL() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let url = server.url("redirect-here.jpg")
        let r = try images([url], cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(server.requests == ["/redirect-here.jpg", "/after-redirect.png"])
        #expect(try files(cache)[try cacheName(url)]?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
    }

    @Test func aServerErrorThatPassesIsFetchedOnTheRetry() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let url = server.url("flaky.jpg")
        let r = try images([url], cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(server.requests == ["/flaky.jpg", "/flaky.jpg"])
        #expect(try files(cache) == [try cacheName(url): Self.jpeg])
        #expect(
            r.stderr.contains("pictures: fetched 1, already in the cache 0, failed 0; \(Self.jpeg.count) bytes written")
        )
    }

    @Test func aServerErrorThatStaysFailsAfterOneRetry() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let url = server.url("broken.jpg")
        let r = try images([url], cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("yir: warning: \(url): HTTP 503 (tried twice)\n"))
        #expect(server.requests == ["/broken.jpg", "/broken.jpg"])
        #expect(try files(cache).isEmpty)
    }

    @Test func aConnectionThatFailsIsTriedOnceMore() throws {
        let server = try PictureServer()
        server.stop()
        let url = server.url("good.jpg")
        let r = try images([url], cache: scratchFolder(), server: server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("yir: warning: \(url): connection failed: Connection refused (tried twice)\n"))
        #expect(r.stderr.contains("failed 1 (network 1)"))
    }

    @Test func aClientErrorIsNotRetried() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let url = server.url("missing.jpg")
        let r = try images([url], cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("yir: warning: \(url): HTTP 404\n"))
        #expect(server.requests == ["/missing.jpg"])
    }

    @Test func failedPicturesLeaveTheRunSuccessfulWithOneLineEachAndASummaryByReason() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let failing = ["missing.jpg", "broken.jpg", "page.jpg", "huge.jpg", "huge-streamed.jpg", "redirect-away.jpg"]
        let r = try images([server.url("good.jpg")] + failing.map(server.url), cache: cache, server: server)
        #expect(r.status == 0, "\(r.stderr)")
        let warnings = r.stderr.split(separator: "\n").filter { $0.hasPrefix("yir: warning: ") }
        #expect(warnings.count == failing.count)
        for path in failing { #expect(warnings.contains { $0.hasPrefix("yir: warning: \(server.url(path)): ") }) }
        #expect(
            r.stderr.contains(
                "pictures: fetched 1, already in the cache 0, failed 6 (http_status 2, not_an_image 1, redirect 1, too_large 2); \(Self.jpeg.count) bytes written\n"
            ))
        // Nothing but the one picture: no temporary file of a refused one.
        #expect(try files(cache).keys.sorted() == [try cacheName(server.url("good.jpg"))])
    }

    @Test func theMetricsCountFetchedCachedAndFailedPicturesAndTheBytesWritten() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let cached = server.url("other.jpg")
        try Data("kept".utf8).write(to: cache.appendingPathComponent(try cacheName(cached)))
        let metrics = scratchFolder().appendingPathComponent("yir.prom").path
        let r = try images(
            [server.url("good.jpg"), cached, server.url("missing.jpg"), server.url("page.jpg")], cache: cache,
            server: server, ["--metrics", metrics])
        #expect(r.status == 0, "\(r.stderr)")
        let m = try parseMetrics(metrics)
        #expect(m["yir_exit_code"]?[[:]] == 0)
        #expect(m["yir_images_fetched"]?[[:]] == 1)
        #expect(m["yir_images_cached"]?[[:]] == 1)
        #expect(m["yir_images_failed"]?[["reason": "http_status"]] == 1)
        #expect(m["yir_images_failed"]?[["reason": "not_an_image"]] == 1)
        #expect(m["yir_images_failed"]?[["reason": "timeout"]] == 0)
        // The picture fetched, and the squares `--images embed` will show, made from it (none
        // without libvips).
        let squareBytes = try squares(cache).map { try Data(contentsOf: cache.appendingPathComponent($0)).count }
        #expect(m["yir_bytes_written"]?[[:]] == Double(Self.jpeg.count + squareBytes.reduce(0, +)))
        #expect(!server.requests.contains("/other.jpg"))
    }

    /// The metrics file as prometheus_client's parser reads it (Tests/check_metrics.py): each
    /// family's samples by their labels other than `command`, which is `images` on every one.
    func parseMetrics(_ path: String) throws -> [String: [[String: String]: Double]] {
        let r = try runProgram(
            URL(fileURLWithPath: Tools.python),
            [packageRoot.appendingPathComponent("Tests/check_metrics.py").path, path])
        try #require(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: [String: Any]])
        var families: [String: [[String: String]: Double]] = [:]
        for (name, family) in object {
            for sample in family["samples"] as? [[Any]] ?? [] {
                var labels = sample[0] as? [String: String] ?? [:]
                #expect(labels.removeValue(forKey: "command") == "images")
                families[name, default: [:]][labels] = (sample[1] as? NSNumber)?.doubleValue
            }
        }
        return families
    }

    @Test func theUserAgentNamesYirItsVersionAndTheContact() throws {
        let server = try PictureServer()
        let version = try cli.generatorVersion()
        let r = try images(
            [server.url("good.jpg")], cache: scratchFolder(), server: server, ["--contact", "ops@example.org"])
        #expect(r.status == 0, "\(r.stderr)")
        let agent = try #require(server.entries.first?["user_agent"])
        #expect(
            agent.hasPrefix("yir/\(version) (year-in-review reports; ops@example.org) AsyncHTTPClient/"), "\(agent)")
        #expect(!r.stderr.contains("Wikimedia"))
        // The client's version is the one the build resolved (Package.resolved, which every
        // build writes), not a stale one.
        let resolved = packageRoot.appendingPathComponent("Package.resolved")
        if let data = try? Data(contentsOf: resolved),
            let pins = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["pins"] as? [[String: Any]],
            let client = pins.first(where: { $0["identity"] as? String == "async-http-client" }),
            let clientVersion = (client["state"] as? [String: Any])?["version"] as? String
        {
            #expect(agent.hasSuffix(" AsyncHTTPClient/\(clientVersion)"), "\(agent)")
        }
    }

    @Test func withoutAContactTheAgentStillNamesYirAndTheLogSaysWhatWikimediaAsksOnce() throws {
        let server = try PictureServer()
        let version = try cli.generatorVersion()
        let r = try images([server.url("good.jpg"), server.url("good.png")], cache: scratchFolder(), server: server)
        #expect(r.status == 0, "\(r.stderr)")
        for entry in server.entries {
            #expect(entry["user_agent"]?.hasPrefix("yir/\(version) (year-in-review reports) AsyncHTTPClient/") == true)
        }
        #expect(r.stderr.components(separatedBy: "Wikimedia asks").count == 2, "\(r.stderr)")
    }

    @Test func certificatesAreCheckedAgainstTheSystemsRootsWithoutSSLCertFile() throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let url = server.url("good.jpg")
        let r = try images([url], cache: cache, server: server, trust: false)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.contains("yir: warning: \(url): TLS error: handshake failed: CERTIFICATE_VERIFY_FAILED\n"),
            "\(r.stderr)")
        #expect(r.stderr.contains("failed 1 (tls 1)"))
        #expect(server.requests.isEmpty)
        #expect(try files(cache).isEmpty)
    }

    @Test func aCacheFolderThatCannotBeCreatedIs73() throws {
        let server = try PictureServer()
        let file = scratchFolder().appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let r = try images([server.url("good.jpg")], cache: file.appendingPathComponent("cache"), server: server)
        #expect(r.status == 73, "\(r.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test func anInputThatCannotBeOpenedIs66() throws {
        let cache = scratchFolder().appendingPathComponent("cache")
        let r = try cli.yir([
            "images", scratchFolder().appendingPathComponent("missing.jsonl").path, "--image-cache", cache.path,
            "--as-of", "2025-12-31T12:00:00Z",
        ])
        #expect(r.status == 66, "\(r.stderr)")
    }

    @Test func imagesNeedsAnImageCache() throws {
        let r = try cli.yir(["images", try export([]), "--as-of", "2025-12-31T12:00:00Z"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--image-cache"))
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aStoppedRunLeavesNoPartialPicture(signal: Int32, code: Int32) throws {
        let server = try PictureServer()
        let cache = scratchFolder().appendingPathComponent("cache")
        let process = Process()
        process.executableURL = YirCommand.binary
        process.arguments = [
            "images", try export([server.url("good.jpg"), server.url("slow.jpg")]), "--image-cache", cache.path,
            "--image-host", "127.0.0.1:\(server.port)", "--as-of", "2025-12-31T12:00:00Z",
        ]
        process.environment = ["TZ": "UTC", "SSL_CERT_FILE": Self.certificate.cert]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Stopped while the slow picture is on its way, the good one in place.
        let good = cache.appendingPathComponent(try cacheName(server.url("good.jpg"))).path
        #expect(waitUntil { server.requests.contains("/slow.jpg") && FileManager.default.fileExists(atPath: good) })
        kill(process.processIdentifier, signal)
        #expect(waitForExit(process))
        #expect(process.terminationStatus == code)
        #expect(try files(cache).keys.sorted() == [try cacheName(server.url("good.jpg"))])
    }
}
