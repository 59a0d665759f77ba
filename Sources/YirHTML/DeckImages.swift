import Foundation
import Synchronization
import YirCore
import YirPictures
import YirReport

/// Where the decks' pictures come from (`--images`): for each reader, the `src` of each picture
/// their deck shows (`DeckPictures.uses`). Embedded pictures are made once per run, whichever
/// thread's deck asks first, and kept for every deck that shows them.
public final class DeckImages: Sendable {
    public let mode: ImageMode
    public let hosts: ImageHosts
    /// `--image-cache`: read by `embed`.
    let cache: String?
    /// A cache file larger than this is no thumbnail (`yir images` fetches no more).
    static let largestFile = 2 * 1024 * 1024
    /// WebP quality: a picture the size of a thumbnail hardly shows the difference, and each
    /// point costs bytes of every deck.
    static let quality = 50

    /// Each picture a deck asked for, once per run: its `src`, or why the thumbnail gave none.
    private let pictures = Mutex<[PictureUse: Result<String, Unavailable>]>([:])
    /// The pictures the decks carry, each thumbnail at each size once.
    private let carried = Mutex<Set<PictureUse>>([])
    public var embeddedCount: Int { carried.withLock { $0.count } }
    /// The last run's figures, for its metrics (`images_embedded`, `images_missing`).
    public static let lastRun = Mutex<(embedded: Int, missing: Int)?>(nil)
    /// The reason of a thumbnail `yir images` has not fetched.
    public static let notInCache = "not in the image cache"

    /// Whether libvips is on this machine to make pictures from thumbnails.
    public static var canMakePictures: Bool { SquarePicture.available }

    public static let none = DeckImages(mode: .none, hosts: ImageHosts(ImageHosts.defaultHosts)!, cache: nil)

    public init(mode: ImageMode, hosts: ImageHosts, cache: String?) {
        self.mode = mode
        self.hosts = hosts
        self.cache = cache
    }

    /// The `src` of each picture `reader`'s deck shows: the URL itself (`remote`), an inlined
    /// file (`embed`), none (`none`). A picture with no source leaves its slide's illustration.
    func sources(for uses: [PictureUse]) -> [PictureUse: String] {
        switch mode {
        case .none: return [:]
        case .remote: return Dictionary(uniqueKeysWithValues: uses.map { ($0, $0.url) })
        case .embed:
            var sources: [PictureUse: String] = [:]
            for use in uses {
                if let source = embedded(use) { sources[use] = source }
            }
            return sources
        }
    }

    /// Makes and keeps the square of each of `uses` not yet in the cache, on `jobs` threads, so
    /// that the next report embeds them from squares already made (`yir images` does this after
    /// fetching): how many were made or already kept, and how many could not be.
    public func prepare(_ uses: [PictureUse], jobs: Int) -> (ready: Int, refused: Int) {
        let refusedCount = Atomic<Int>(0)
        Parallel.tasks(uses.count, workers: jobs) { i, _ in
            if case .failure = square(uses[i]) { refusedCount.add(1, ordering: .relaxed) }
        }
        let refused = refusedCount.load(ordering: .relaxed)
        return (uses.count - refused, refused)
    }

    /// A deck was written with these pictures.
    func carry(_ pictures: Dictionary<PictureUse, String>.Keys) {
        guard mode == .embed, !pictures.isEmpty else { return }
        carried.withLock { $0.formUnion(pictures) }
    }

    /// The thumbnails that stayed illustrations, each once, by URL: missing from the cache,
    /// unreadable, or no image (`images_missing` in the metrics).
    public var missing: [(url: String, reason: String)] {
        pictures.withLock { pictures in
            var reasons: [String: String] = [:]
            for case (let use, .failure(let unavailable)) in pictures {
                // One reason per thumbnail, whichever order its sizes were asked in.
                reasons[use.url] = min(reasons[use.url] ?? unavailable.reason, unavailable.reason)
            }
            return reasons.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }

    private func embedded(_ use: PictureUse) -> String? {
        if let known = pictures.withLock({ $0[use] }) { return try? known.get() }
        let outcome = square(use).map { "data:image/webp;base64," + Data($0).base64EncodedString() }
        pictures.withLock { $0[use] = outcome }
        return try? outcome.get()
    }

    /// The square picture of `use`: the one an earlier run made and kept in the cache beside its
    /// thumbnail, else made now from the thumbnail and kept there for the next run (a cache
    /// yir cannot write to only means it is made again). Making one takes libvips tens of
    /// milliseconds; reading it back, microseconds — what lets a night embed thousands.
    func square(_ use: PictureUse) -> Result<[UInt8], Unavailable> {
        guard let cache else { return .failure(Unavailable(reason: "no image cache")) }
        let kept = (cache as NSString).appendingPathComponent(Self.squareFileName(use))
        if case .success(let picture) = Self.read(kept, atMost: Self.largestSquare), Self.isWebP(picture) {
            return .success(picture)
        }
        let thumbnail = (cache as NSString).appendingPathComponent(PictureUse.cacheFileName(for: use.url))
        let made = Self.read(thumbnail, atMost: Self.largestFile).flatMap { file in
            SquarePicture.make(from: file, pixels: use.pixels, quality: Self.quality).mapError {
                Unavailable(reason: $0.description)
            }
        }
        // Kept whole or not at all, as every output is (a temporary file that a killed run's
        // successor clears away); a cache yir cannot write to only means it is made again.
        if case .success(let picture) = made { try? OutputFile.writeAlone(picture, to: kept) }
        return made
    }

    /// The file a square picture is kept in: its thumbnail's name, the size and the quality, so
    /// that a picture made otherwise is never taken for it.
    static func squareFileName(_ use: PictureUse) -> String {
        "\(PictureUse.cacheFileName(for: use.url)).\(use.pixels)px-q\(quality).webp"
    }

    /// A kept square is yir's own WebP file; anything else in its place is made again.
    static let largestSquare = 256 * 1024

    static func isWebP(_ file: [UInt8]) -> Bool {
        file.count > 12 && file[0..<4].elementsEqual("RIFF".utf8) && file[8..<12].elementsEqual("WEBP".utf8)
    }

    /// A file of the cache: a regular file of at most `limit` bytes (`RegularFile`: a FIFO put
    /// in its place cannot hold the run).
    static func read(_ path: String, atMost limit: Int) -> Result<[UInt8], Unavailable> {
        do {
            return .success(try RegularFile(opening: path).bytes(atMost: limit))
        } catch {
            return .failure(Unavailable(reason: error == .system(ENOENT) ? notInCache : error.reason))
        }
    }
}

/// Why a thumbnail stayed an illustration.
struct Unavailable: Error {
    let reason: String
}
