import ArgumentParser
import Foundation
import YirHTML

/// The output side of `report` and `render`, as the command line takes it: which files, where,
/// with what. The pipeline writes them (`Pipeline.Command.report`, `.render`), the same for both.
public struct OutputOptions: ParsableArguments, Sendable {
    @Option(help: "The output folder (created when missing).")
    public var out: String

    @Option(
        help:
            "Comma-separated outputs: html (index.html and readers/), xml (report.xml), json (report.json), jsonl (readers.jsonl), csv (readers.csv)."
    )
    public var format = "html,xml,json,jsonl,csv"

    /// nil: `--no-remote-images` or the default, `none`.
    @Option(
        name: .customLong("images"),
        help: ArgumentHelp(
            "Thumbnails on the decks: none (the default: the slides' own illustrations, no request to any host), embed (pictures from --image-cache, cropped square and inlined: no request either), remote (the reader's browser fetches them from the --image-host hosts).",
            valueName: "none|embed|remote"))
    public var images: ImageMode?

    /// The older spelling of `--images none`.
    @Flag(name: .customLong("no-remote-images"), help: "The same as --images none (the older spelling).")
    public var noRemoteImages = false

    @OptionGroup public var imageSource: ImageSourceOptions

    /// How the decks show thumbnails.
    public var imageMode: ImageMode { images ?? .none }

    /// nil: `HTMLReport.defaultShareName`.
    @Option(
        name: .customLong("share-name"),
        help: ArgumentHelp(
            "The service the decks' share cards and last slide name (default: yir).", valueName: "name"))
    public var shareName: String?

    @Option(
        name: .customLong("share-link"),
        help: ArgumentHelp(
            "Its https:// address: printed under the name on every share card, linked from the decks' last slide (default: none).",
            valueName: "url"))
    public var shareLink: String?

    /// report.xml is checked against the XSD before anything is put in place.
    @Flag(
        name: .customLong("validate"),
        help: "Validate report.xml against the XSD before moving it into place (exit 74 when invalid).")
    public var validateXML = false

    /// nil: the default place (`LinkKey.defaultPath()`).
    @Option(
        name: .customLong("link-key"),
        help: ArgumentHelp(
            "The secret the reader decks' file names are made with, at least 32 bytes, mode 0600; created when missing (default: $XDG_STATE_HOME/yir/link-key, else ~/.local/state/yir/link-key). Keep it outside the published folder.",
            valueName: "file"))
    public var linkKey: String?

    public init() {}

    /// The files to write, in the order `--format` names them, each once (`validate()` has
    /// refused a name that is no output).
    public var formats: [Output] {
        var formats: [Output] = []
        for name in formatNames {
            if let f = Output(rawValue: name), Output.reportFiles.contains(f), !formats.contains(f) {
                formats.append(f)
            }
        }
        return formats
    }

    private var formatNames: [String] { format.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }

    public func validate() throws {
        for name in formatNames {
            guard let f = Output(rawValue: name), Output.reportFiles.contains(f) else {
                throw ValidationError(
                    "--format: '\(name)' is not an output of this version (html, xml, json, jsonl, csv)")
            }
        }
        guard !formats.isEmpty else { throw ValidationError("--format names no output") }
        if noRemoteImages, let images, images != .none {
            throw ValidationError("--no-remote-images is --images none: it cannot go with --images \(images.rawValue)")
        }
        if imageMode == .embed, imageSource.imageCache == nil {
            throw ValidationError("--images embed reads the pictures from --image-cache DIR (filled by `yir images`)")
        }
        if validateXML && !formats.contains(.xml) { throw ValidationError("--validate needs the xml format") }
        if let shareName, shareName.trimmingCharacters(in: .whitespaces).isEmpty || shareName.count > 60 {
            throw ValidationError("--share-name: a name of 1 to 60 characters")
        }
        // The address becomes a link on every deck: https only, one printable word, as a thumbnail's.
        if let shareLink,
            !shareLink.lowercased().hasPrefix("https://") || shareLink.utf8.count > 2048
                || !shareLink.utf8.allSatisfy({ $0 > 32 && $0 != 127 })
        {
            throw ValidationError("--share-link: an https:// address without spaces")
        }
    }

    @Flag(
        name: .customLong("allow-empty"),
        help:
            "Write the report of an input without a single line too (an empty export folder, an empty standard input); without it, such a run exits 66 and leaves the previous report as it was."
    )
    public var allowEmpty = false

    /// Where a format's file goes.
    public func path(of format: Output) -> String { (out as NSString).appendingPathComponent(format.fileName!) }

    /// The decks' folder.
    public var readers: String { (out as NSString).appendingPathComponent(HTMLReport.readersFolder) }

    /// The record of what the folder holds (`FolderHistory`).
    public var history: String { (out as NSString).appendingPathComponent(FolderHistory.fileName) }
}
