import Foundation
import YirIngest
import YirReport

/// `--rejects FILE`: one JSON line per rejected line (SPEC §1.3), written as the lines are
/// met and moved into place at the end, together with the run's other outputs.
public final class RejectsFile {
    private let file: OutputFile
    private var pending: [UInt8] = []

    /// Creates the file's folder when missing, as `--out` does: the rejects file often goes
    /// beside the outputs of a run that has not created its folder yet.
    public init(path: String) throws(OutputError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try OutputFile.makeFolder(folder) }
        // What a run killed beside it (SIGKILL) left: this is the next run.
        OutputFile.removeStaleTemporaryFiles(in: folder.isEmpty ? "." : folder)
        file = try OutputFile(path: path)
    }

    public func add(_ rejection: Rejection) throws(OutputError) {
        var w = JSONWriter(pretty: false)
        w.object { w in
            w.field("file", rejection.file)
            w.field("line", rejection.line)
            w.field("offset", rejection.offset)
            w.field("reason", rejection.reason.rawValue)
            // The text as read, cut at 1 KiB; bytes that are not UTF-8 become U+FFFD.
            w.field("text", String(decoding: rejection.text, as: UTF8.self))
        }
        pending += w.bytes
        pending.append(0x0A)
        if pending.count >= 1 << 16 { try flush() }
    }

    private func flush() throws(OutputError) {
        try file.write(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// The complete file, to be renamed into place together with the run's other outputs.
    public func finish() throws(OutputError) -> OutputFile {
        try flush()
        return file
    }
}
