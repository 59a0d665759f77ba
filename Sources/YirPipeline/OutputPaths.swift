import Foundation
import YirIngest
import YirReport

/// SPEC §4.5: no output meets an input or another output. Every path a run will write — its
/// files and `readers/` in `--out`, the rejects file, the metrics file, the link key when the
/// run creates it — is checked before anything is read, so that a mistyped option can never
/// replace an export (`--metrics export.jsonl`), the link key (`--rejects KEYFILE`), another
/// output (`--rejects OUT/readers.jsonl`), be read back the next night (a file inside an
/// input folder) or be published with the decks (a file inside `readers/`).
public enum OutputPaths {
    /// A path the run writes and what it is, for the message.
    public struct Written: Sendable {
        public var path: String
        public var role: String
        /// The link key this run creates: it may be the link key.
        public var isLinkKey = false
        /// A folder the run fills (`--out`, `readers/`), not a file it replaces.
        public var isFolder = false

        public init(_ path: String, _ role: String, isLinkKey: Bool = false, isFolder: Bool = false) {
            self.path = path
            self.role = role
            self.isLinkKey = isLinkKey
            self.isFolder = isFolder
        }
    }

    /// Throws `.usage` naming the first collision; nothing has been read or written then.
    /// - Parameters:
    ///   - inputs: the inputs as given (`-` is standard input, which nothing can meet).
    ///   - linkKey: the key the decks are named with, when the run names decks.
    ///   - readers: the decks' folder, when the run writes one: nothing else may go inside.
    public static func check(_ written: [Written], inputs: [String], linkKey: String?, readers: String?)
        throws(RunError)
    {
        let places = written.map { (resolved($0.path), $0) }
        for (index, (place, output)) in places.enumerated() {
            // SPEC §4.5 (v4): yir replaces only what it could have written — never a device
            // such as /dev/null, a FIFO or a socket, as root or not.
            if output.isFolder {
                let kind =
                    OutputFile.notARegularFile(output.path)
                    ?? (FileManager.default.fileExists(atPath: output.path) ? "a file" : nil)
                if let kind, kind != "a folder" {
                    throw .usage("\(output.role) \(output.path) is \(kind), not a folder: give a folder of its own")
                }
            } else if let kind = OutputFile.notARegularFile(output.path) {
                throw .usage(
                    "\(output.role) \(output.path) is \(kind), which yir never replaces: give the path of a file")
            }
            for input in inputs where input != "-" {
                let inputPlace = resolved(input)
                if place == inputPlace || sameFile(output.path, input) {
                    throw .usage(
                        "\(output.role) \(output.path) is the input \(input): writing it would replace the input")
                }
                if place.hasPrefix(inside(inputPlace)) {
                    throw .usage(
                        "\(output.role) \(output.path) lies inside the input folder \(input), and the next run would read it back as input: write it elsewhere"
                    )
                }
            }
            if let linkKey, !output.isLinkKey, place == resolved(linkKey) || sameFile(output.path, linkKey) {
                throw .usage(
                    "\(output.role) \(output.path) is the link key: writing it would change every reader's deck name")
            }
            for (otherPlace, other) in places[..<index] where otherPlace == place || sameFile(output.path, other.path) {
                throw .usage(
                    "\(output.role) \(output.path) is also the \(other.role): each output needs a place of its own")
            }
            if let readers, place.hasPrefix(inside(resolved(readers))) {
                throw .usage(
                    "\(output.role) \(output.path) lies inside \(readers), which holds the decks alone and is replaced whole: write it elsewhere"
                )
            }
        }
    }

    private static func inside(_ folder: String) -> String { folder == "/" ? "/" : folder + "/" }

    /// Two names of one existing file (a hard link, a link the path resolution missed).
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        guard let x = InputFiles.FileIdentity(path: a), let y = InputFiles.FileIdentity(path: b) else { return false }
        return x == y
    }

    /// The absolute path as the kernel reads it (as realpath(3) does): symbolic links resolved
    /// before `..`, so that `link/../x` is beside the link's target, not beside the link. The
    /// longest part of the path that exists is resolved; the rest is added as written.
    public static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let components = absolute.split(separator: "/").map(String.init)
        var existing = components.count
        var base = "/"
        while existing > 0 {
            if let real = realpath("/" + components[..<existing].joined(separator: "/"), nil) {
                base = String(cString: real)
                free(real)
                break
            }
            existing -= 1
        }
        for component in components[existing...] where component != "." {
            base =
                component == ".."
                ? (base as NSString).deletingLastPathComponent : (base as NSString).appendingPathComponent(component)
        }
        return base
    }
}
