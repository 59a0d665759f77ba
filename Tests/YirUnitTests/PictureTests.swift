import Foundation
import Testing
import YirTestSupport
@testable import YirHTML
@testable import YirPictures

/// SPEC §4.4, "Private by default, with real pictures": thumbnails made into square pictures by
/// libvips, kept in the image cache, inlined in the decks, and untrusted files refused.
@Suite(.needs(.libvips)) struct PictureTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Pictures")

    func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    }

    /// The width and height a WebP file says it has (RFC 9649): the canvas of an extended file
    /// ("VP8X"), else the frame of a simple lossy one ("VP8 ").
    func webPSize(_ file: [UInt8]) -> [Int]? {
        guard file.count > 30, file[0..<4].elementsEqual("RIFF".utf8), file[8..<12].elementsEqual("WEBP".utf8) else {
            return nil
        }
        let le24 = { (at: Int) in Int(file[at]) | Int(file[at + 1]) << 8 | Int(file[at + 2]) << 16 }
        if file[12..<16].elementsEqual("VP8X".utf8) { return [le24(24) + 1, le24(27) + 1] }
        guard file[12..<16].elementsEqual("VP8 ".utf8), file[23] == 0x9D, file[24] == 0x01, file[25] == 0x2A else {
            return nil
        }
        return [Int(file[26]) | Int(file[27] & 0x3F) << 8, Int(file[28]) | Int(file[29] & 0x3F) << 8]
    }

    func square(_ name: String, pixels: Int) throws -> Result<[UInt8], SquarePicture.Refusal> {
        SquarePicture.make(from: try fixture(name), pixels: pixels, quality: 50)
    }

    @Test func aThumbnailBecomesASquareWebPOfTheSizeItIsShownAt() throws {
        for (name, pixels) in [("subject-right.jpg", 192), ("photo.png", 96), ("photo.gif", 96), ("photo.webp", 96)] {
            let picture = try square(name, pixels: pixels).get()
            #expect(webPSize(picture) == [pixels, pixels], "\(name)")
        }
    }

    @Test func aThumbnailSmallerThanItsSquareIsNotScaledUp() throws {
        // 240 × 160: the square is its height.
        #expect(webPSize(try square("photo.png", pixels: 192).get()) == [160, 160])
    }

    @Test func aFileThatIsNoPictureOfAThumbnailsFormatsIsRefused() throws {
        for name in ["page.html", "malformed.jpg", "drawing.svg", "photo.tiff"] {
            guard case .failure(.notAnImage) = try square(name, pixels: 96) else {
                Issue.record("\(name) was taken for a picture")
                continue
            }
        }
        guard case .failure(.notAnImage) = SquarePicture.make(from: [], pixels: 96, quality: 50) else {
            Issue.record("an empty file was taken for a picture")
            return
        }
    }

    @Test func aFileCutShortIsRefused() throws {
        guard case .failure(.notAnImage) = try square("truncated.jpg", pixels: 96) else {
            Issue.record("a truncated JPEG was taken for a picture")
            return
        }
    }

    @Test func aFileClaimingMorePixelsThanAPhotographIsRefusedBeforeItIsDecoded() throws {
        let clock = ContinuousClock()
        let start = clock.now
        guard case .failure(.tooLarge) = try square("huge-claim.png", pixels: 96) else {
            Issue.record("a PNG of 100,000 × 100,000 pixels was decoded")
            return
        }
        #expect(clock.now - start < .seconds(2))
    }

    /// A cache with `file` under the name of `url`.
    func cache(_ files: [String: [UInt8]]) throws -> String {
        let folder = scratchFolder()
        for (url, file) in files {
            try Data(file).write(to: folder.appendingPathComponent(PictureUse.cacheFileName(for: url)))
        }
        return folder.path
    }

    static let url = "https://upload.wikimedia.org/a.jpg"

    @Test func theCacheNamesAThumbnailByTheSHA256OfItsURL() {
        #expect(
            PictureUse.cacheFileName(for: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aSquareMadeOnceIsKeptInTheCacheAndReadBackOnTheNextRun() throws {
        let folder = try cache([Self.url: try fixture("subject-right.jpg")])
        let use = PictureUse(url: Self.url, pixels: 96)
        let made = try DeckImages(mode: .embed, hosts: ImageHosts(ImageHosts.defaultHosts)!, cache: folder)
            .square(use).get()
        let kept = (folder as NSString).appendingPathComponent(DeckImages.squareFileName(use))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: kept))) == made)
        // The thumbnail gone, the next run embeds the kept square.
        try FileManager.default.removeItem(
            atPath: (folder as NSString).appendingPathComponent(PictureUse.cacheFileName(for: Self.url)))
        let next = DeckImages(mode: .embed, hosts: ImageHosts(ImageHosts.defaultHosts)!, cache: folder)
        #expect(try next.square(use).get() == made)
        // Something else in the square's place is made again.
        try Data("not a WebP".utf8).write(to: URL(fileURLWithPath: kept))
        #expect((try? next.square(use).get()) == nil, "no thumbnail to make it from")
    }

    @Test func aCacheEntryThatIsNoRegularFileOrTooLargeIsNotRead() throws {
        let folder = try cache([
            "https://upload.wikimedia.org/big.jpg": [UInt8](repeating: 0xFF, count: 2 * 1024 * 1024 + 1)
        ])
        let fifo = (folder as NSString).appendingPathComponent(
            PictureUse.cacheFileName(for: "https://upload.wikimedia.org/fifo.jpg"))
        #expect(mkfifo(fifo, 0o600) == 0)
        let directory = (folder as NSString).appendingPathComponent(
            PictureUse.cacheFileName(for: "https://upload.wikimedia.org/dir.jpg"))
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let images = DeckImages(mode: .embed, hosts: ImageHosts(ImageHosts.defaultHosts)!, cache: folder)
        let uses = ["big", "fifo", "dir"].map { PictureUse(url: "https://upload.wikimedia.org/\($0).jpg", pixels: 96) }
        #expect(images.sources(for: uses).isEmpty)
        #expect(
            images.missing.map(\.reason).sorted() == [
                "larger than 2048 KB", "not a regular file", "not a regular file",
            ])
    }
}

/// Which pictures a deck shows, from where, and the page's image policy.
extension HTMLTests {
    static func embedding(_ cache: String) -> DeckImages {
        DeckImages(mode: .embed, hosts: ImageHosts(ImageHosts.defaultHosts)!, cache: cache)
    }

    @Test func anImageHostIsMatchedWholeOverHttps() throws {
        let hosts = try #require(ImageHosts(["upload.wikimedia.org", "127.0.0.1:8443"]))
        for url in [
            "https://upload.wikimedia.org/a.jpg", "HTTPS://Upload.Wikimedia.org/a.jpg",
            "https://upload.wikimedia.org:443/a.jpg", "https://127.0.0.1:8443/a.png",
        ] {
            #expect(hosts.allows(url), "\(url)")
        }
        for url in [
            "http://upload.wikimedia.org/a.jpg", "https://evil.upload.wikimedia.org/a.jpg",
            "https://upload.wikimedia.org.evil.org/a.jpg", "https://upload.wikimedia.org:444/a.jpg",
            "https://user@upload.wikimedia.org/a.jpg", "https://127.0.0.1/a.png",
            "https://upload.wikimedia.org/a b.jpg",
            "javascript:alert(1)", "https://",
        ] {
            #expect(!hosts.allows(url), "\(url)")
        }
        for name in ["", "a/b", "host:0", "host:70000", "host:08", "-a.org", "a..b", "ex ample.org", "[::1]"] {
            #expect(ImageHosts.refusal(name) != nil, "\(name)")
        }
    }

    @Test func aPageMayLoadPicturesOnlyFromTheNamedHostsAndOnlyWithRemoteImages() throws {
        let lines = [view("2025-03-01T10:00:00Z")]
        let remote = DeckImages(
            mode: .remote, hosts: ImageHosts(["upload.wikimedia.org", "img.example.org"])!, cache: nil)
        #expect(
            try page(Run(lines), images: remote).contains(
                "img-src data: https://upload.wikimedia.org https://img.example.org;"))
        for images in [DeckImages.none, Self.embedding(scratchFolder().path)] {
            #expect(try page(Run(lines), images: images).contains("img-src data:;"))
        }
    }

    @Test func aThumbnailOnAHostNotNamedIsNotShown() throws {
        let lines = [
            save("2025-12-01T10:00:00Z", title: "A", extra: #","thumbnail":"https://upload.wikimedia.org/a.jpg""#),
            save("2025-12-02T10:00:00Z", title: "B", extra: #","thumbnail":"https://tracker.example.org/b.jpg""#),
        ]
        let page = try page(Run(lines))
        #expect(page.contains("https://upload.wikimedia.org/a.jpg") && !page.contains("tracker.example.org"))
    }

    @Test(.needs(.libvips)) func anEmbeddedPictureIsInlinedAndAMissingOneLeavesTheIllustrationAndIsCounted() throws {
        let lines = [
            save("2025-12-01T10:00:00Z", title: "A", extra: #","thumbnail":"https://upload.wikimedia.org/a.jpg""#),
            save("2025-12-02T10:00:00Z", title: "B", extra: #","thumbnail":"https://upload.wikimedia.org/b.jpg""#),
        ]
        let cache = scratchFolder()
        try Data(contentsOf: PictureTests.folder.appendingPathComponent("photo.png")).write(
            to: cache.appendingPathComponent(PictureUse.cacheFileName(for: "https://upload.wikimedia.org/a.jpg")))
        let images = Self.embedding(cache.path)
        let saved = slide(try page(Run(lines), images: images), "saved")
        #expect(saved.components(separatedBy: #"<img class="thumb" src="data:image/webp;base64,"#).count == 2)
        #expect(saved.components(separatedBy: #"<span class="thumb" aria-hidden="true">"#).count == 2, "B's place")
        #expect(images.missing.map(\.url) == ["https://upload.wikimedia.org/b.jpg"])
        #expect(images.missing.map(\.reason) == [DeckImages.notInCache])
    }

    @Test(.needs(.libvips)) func aDeckOverItsBudgetLeavesOutItsPicturesFromTheLastTheTopArticlesLast() throws {
        let urls = (0..<3).map { "https://upload.wikimedia.org/\($0).jpg" }
        let lines =
            fullYear(days: 6) + [view("2025-03-10T10:00:00Z", title: "Article_0", seconds: "3000")]
            + urls.enumerated().map { i, url in
                save("2025-12-0\(i + 1)T10:00:00Z", title: "Article_\(i)", extra: #","thumbnail":"\#(url)""#)
            }
        let cache = scratchFolder()
        for url in urls {
            try Data(contentsOf: PictureTests.folder.appendingPathComponent("subject-right.jpg")).write(
                to: cache.appendingPathComponent(PictureUse.cacheFileName(for: url)))
        }
        let model = try Run(lines).model()
        let reader = try #require(model.statistics.readers.first)
        var html = try renderer(images: Self.embedding(cache.path))
        let whole = html.readerPage(reader, model: model)
        let pictures = { (page: String) in page.components(separatedBy: "src=\"data:image/webp").count - 1 }
        #expect(pictures(whole) == 7, "the top article's, and the three saves' on the saved and waiting slides")
        html.pictureBudget = whole.utf8.count - 1
        let lighter = html.readerPage(reader, model: model)
        #expect(pictures(lighter) == 5 && lighter.utf8.count <= html.pictureBudget, "the last save's on both")
        #expect(lighter.contains(#"<img class="art photo" src="data:image/webp"#), "the top article's stays")
        html.pictureBudget = 1
        let bare = html.readerPage(reader, model: model)
        #expect(pictures(bare) == 0 && bare.contains(#"<svg class="art""#), "none fits: the illustrations")
    }
}
