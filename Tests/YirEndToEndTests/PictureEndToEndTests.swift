import Foundation
import Testing
import YirHTML
import YirTestSupport

/// SPEC §4.4, "Private by default, with real pictures", as a reader's browser meets each mode:
/// `none` and `embed` ask no host for anything, `remote` only the named host; an embedded
/// picture is square, cropped to its subject, and drawn on the share card.
@Suite(.serialized, .needs(.yir), .tier(.test)) struct PictureEndToEndTests {
    let cli = YirCommand()

    /// An image cache holding `Tests/Pictures/subject-right.jpg` for every thumbnail SampleData's
    /// export names.
    static func sampleCache() throws -> String {
        let cache = scratchFolder()
        let picture = try Data(contentsOf: packageRoot.appendingPathComponent("Tests/Pictures/subject-right.jpg"))
        let export = packageRoot.appendingPathComponent("SampleData/wikipedia")
        var urls: Set<String> = []
        for case let file as URL in FileManager.default.enumerator(at: export, includingPropertiesForKeys: nil)! {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for part in text.components(separatedBy: #""thumbnail":""#).dropFirst() {
                urls.insert(String(part.prefix { $0 != "\"" }))
            }
        }
        for url in urls { try picture.write(to: cache.appendingPathComponent(PictureUse.cacheFileName(for: url))) }
        return cache.path
    }

    /// SampleData's report with `options`, and jordan's deck in it (his top article and saves
    /// carry thumbnails).
    func jordansDeck(_ options: [String]) throws -> String {
        let out = scratchFolder()
        let r = try cli.yir(
            [
                "report", "SampleData/wikipedia", "--out", out.path, "--as-of", "2025-12-31T12:00:00Z", "--format",
                "html",
            ] + options, in: packageRoot)
        #expect(r.status == 0, "\(r.stderr)")
        return out.appendingPathComponent(try sampleDeck(of: "jordan")).path
    }

    func browserCheck(_ arguments: [String]) throws -> ProgramResult {
        try runProgram(
            URL(fileURLWithPath: Tools.python),
            [packageRoot.appendingPathComponent("Tests/browser_check.py").path] + arguments)
    }

    @Test(.needs([.selenium, .chromium, .chromedriver, .libvips]))
    func eachImageModeAsksOnlyTheHostsItAllows() throws {
        let cache = try Self.sampleCache()
        for (mode, options) in [
            ("none", []), ("none", ["--no-remote-images"]), ("embed", ["--images", "embed", "--image-cache", cache]),
            ("remote", ["--images", "remote"]),
        ] {
            let r = try browserCheck(["pictures", try jordansDeck(options), mode])
            #expect(r.status == 0, "\(mode) \(options): \(r.stdoutText)\(r.stderr)")
        }
    }

    /// A square is kept in the cache the way every output is written: under a hidden temporary
    /// name, renamed whole into place. What a killed run was keeping is cleared by the next one.
    @Test(.needs(.libvips)) func theSquaresAreKeptWholeAndAKilledRunsLeftoversAreClearedAway() throws {
        let cache = try Self.sampleCache()
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let leftover =
            ".\(PictureUse.cacheFileName(for: "https://upload.wikimedia.org/x.jpg")).192px-q50.webp.tmp-\(gone.processIdentifier)-7"
        try Data("half a picture".utf8).write(to: URL(fileURLWithPath: cache).appendingPathComponent(leftover))
        _ = try jordansDeck(["--images", "embed", "--image-cache", cache])
        let names = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(!names.contains(leftover))
        #expect(names.filter { $0.contains(".tmp-") }.isEmpty, "\(names)")
        #expect(names.contains { $0.hasSuffix(".192px-q50.webp") }, "\(names)")
    }

    /// The subject of subject-right.jpg lies in its right fifth, where a centred square would cut
    /// it off: libvips' attention crop centres it. Looked at with Pillow.
    @Test(.needs([.pillow, .libvips])) func anEmbeddedPictureIsASquareCroppedToItsSubject() throws {
        let deck = try String(
            contentsOfFile: try jordansDeck(["--images", "embed", "--image-cache", try Self.sampleCache()]),
            encoding: .utf8)
        let top = try #require(deck.components(separatedBy: #"<img class="art photo" src=""#).dropFirst().first)
        let picture = String(top.prefix { $0 != "\"" })
        let r = try runProgram(
            URL(fileURLWithPath: Tools.python),
            [
                "-c",
                """
                import base64, io, sys
                from PIL import Image
                image = Image.open(io.BytesIO(base64.b64decode(sys.argv[1].split(",", 1)[1]))).convert("RGB")
                r, g, b = image.getpixel((image.width // 2, image.height // 2))
                print(image.format if hasattr(image, "format") else "", image.width, image.height, r - b)
                """, picture,
            ])
        #expect(r.status == 0, "\(r.stderr)")
        let figures = r.stdoutText.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(figures.count == 3 && figures[0] == 192 && figures[1] == 192, "\(r.stdoutText)")
        #expect((figures.last ?? 0) > 40, "the middle is the warm subject, not the grey ground: \(r.stdoutText)")
    }

    @Test(.needs([.selenium, .chromium, .chromedriver, .libvips]))
    func theTopArticlesEmbeddedPictureIsDrawnOnItsShareCard() throws {
        let deck = try jordansDeck(["--images", "embed", "--image-cache", try Self.sampleCache()])
        let r = try browserCheck(["cards", deck])
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        #expect(r.stdoutText.contains("slide-top") && r.stdoutText.contains("its visual is drawn on the card"))
    }
}
