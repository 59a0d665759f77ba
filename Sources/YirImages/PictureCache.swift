import Foundation
import YirHTML
import YirReport

/// The folder of fetched thumbnails (`--image-cache`): one file per URL, named by
/// `PictureUse.cacheFileName(for:)`, which `report --images embed` reads by the same name.
/// A file is put in place whole (a temporary file in the folder, renamed), so the folder never
/// holds a partial picture, whenever the run stops. The pipeline creates the folder (mode 0755)
/// before the inputs are read, and removes what a killed run left in it.
public struct PictureCache: Sendable {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// Where the picture of `url` is kept.
    public func path(of url: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + PictureUse.cacheFileName(for: url)
    }

    /// Whether the folder holds a file for `url` already: it is never fetched again.
    public func contains(_ url: String) -> Bool {
        var status = stat()
        return lstat(path(of: url), &status) == 0
    }

    /// Puts `bytes` in place as the picture of `url`, on its own: the other pictures of the run
    /// neither wait for it nor go with it.
    public func store(_ bytes: [UInt8], for url: String) throws(OutputError) {
        try OutputFile.writeAlone(bytes, to: path(of: url))
    }
}
