import ArgumentParser
import YirHTML

/// Where thumbnails may come from and where yir keeps them, as the command line takes it: the
/// same for `report`, `render` and `yir images`, so the decks embed what `yir images` fetched.
public struct ImageSourceOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("image-cache"),
        help: ArgumentHelp(
            "The folder of fetched thumbnails: `yir images` fills it, `--images embed` reads it (each file named by the SHA-256 of its URL).",
            valueName: "dir"))
    public var imageCache: String?

    @Option(
        name: .customLong("image-host"),
        help: ArgumentHelp(
            "A host thumbnails may come from, over https (repeatable; default: upload.wikimedia.org). `host:port` for another port.",
            valueName: "host"))
    public var imageHostNames: [String] = []

    public init() {}

    /// The hosts given, or the default one.
    public var imageHosts: ImageHosts {
        ImageHosts(imageHostNames.isEmpty ? ImageHosts.defaultHosts : imageHostNames)!
    }

    public func validate() throws {
        for name in imageHostNames {
            if let refusal = ImageHosts.refusal(name.lowercased()) {
                throw ValidationError("--image-host '\(name)': \(refusal)")
            }
        }
        if let imageCache, imageCache.isEmpty { throw ValidationError("--image-cache: a folder") }
    }
}

extension ImageMode: ExpressibleByArgument {}
