import ArgumentParser
import Foundation
import YirPipeline

/// The output side of `report` and `render`: which files, where, with what. The pipeline
/// writes them (`Pipeline.Command.report`, `.render`), the same for both.
struct OutputOptions: ParsableArguments {
    @Option(help: "The output folder (created when missing).")
    var out: String

    @Option(
        help:
            "Comma-separated outputs: html (index.html and readers/), xml (report.xml), json (report.json), jsonl (readers.jsonl), csv (readers.csv)."
    )
    var format = "html,xml,json,jsonl,csv"

    @Flag(
        name: .customLong("no-remote-images"),
        help: "Leave thumbnails out of the HTML, so the pages load nothing from any other host.")
    var noRemoteImages = false

    @Option(
        name: .customLong("share-name"),
        help: ArgumentHelp(
            "The service the decks' share cards and last slide name (default: yir).", valueName: "name"))
    var shareName: String?

    @Option(
        name: .customLong("share-link"),
        help: ArgumentHelp(
            "Its https:// address: printed under the name on every share card, linked from the decks' last slide (default: none).",
            valueName: "url"))
    var shareLink: String?

    @Flag(
        name: .customLong("validate"),
        help: "Validate report.xml against the XSD before moving it into place (exit 74 when invalid).")
    var validateXML = false

    @Option(
        name: .customLong("link-key"),
        help: ArgumentHelp(
            "The secret the reader decks' file names are made with, at least 32 bytes, mode 0600; created when missing (default: $XDG_STATE_HOME/yir/link-key, else ~/.local/state/yir/link-key). Keep it outside the published folder.",
            valueName: "file"))
    var linkKey: String?

    func formats() throws -> [Output] {
        var formats: [Output] = []
        for name in format.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let f = Output(rawValue: name), Output.reportFiles.contains(f) else {
                throw ValidationError(
                    "--format: '\(name)' is not an output of this version (html, xml, json, jsonl, csv)")
            }
            if !formats.contains(f) { formats.append(f) }
        }
        guard !formats.isEmpty else { throw ValidationError("--format names no output") }
        return formats
    }

    func validate() throws {
        let formats = try formats()
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
    var allowEmpty = false

    /// The output side of the run, as the pipeline takes it.
    func arguments() throws -> OutputArguments {
        var arguments = OutputArguments(folder: out, formats: try formats())
        arguments.remoteImages = !noRemoteImages
        arguments.shareName = shareName
        arguments.shareLink = shareLink
        arguments.validateXML = validateXML
        arguments.linkKey = linkKey
        return arguments
    }
}
