import Foundation
import Testing
import YirTestSupport

/// SPEC §5: one self-contained binary — the templates compiled in, `--version` — and what
/// installs it: `make install`'s files and the Debian package (`make deb`, given to the tests
/// by `make test-full` as YIR_DEB).
@Suite(.needs(.yir), .tier(.test)) struct PackagingEndToEndTests {
    let cli = YirCommand()

    /// SwiftPM lets a target import a module built before it without declaring it, and then
    /// nothing keeps the stages one-way: the import check (every tier runs it) passes on the
    /// tree and fails on a target importing a module its Package.swift entry does not list,
    /// naming the file and the module.
    @Test(.needs(.python3)) func anImportPackageSwiftDoesNotDeclareFailsTheImportCheck() throws {
        let python = Tools.program("python3")
        let script = packageRoot.appendingPathComponent("Tests/check_imports.py").path
        let tree = try runProgram(python, [script, packageRoot.path])
        #expect(tree.status == 0, "\(tree.stderr)")

        let made = scratchFolder()
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Package.swift"),
            to: made.appendingPathComponent("Package.swift"))
        let folder = made.appendingPathComponent("Sources/YirReport")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("import YirCore\nimport YirIngest\n".utf8).write(to: folder.appendingPathComponent("Model.swift"))
        let r = try runProgram(python, [script, made.path])
        #expect(r.status == 1)
        #expect(
            r.stderr.contains(
                "Sources/YirReport/Model.swift: imports YirIngest, which target YirReport does not declare"),
            "\(r.stderr)")
        #expect(!r.stderr.contains("imports YirCore"), "YirCore is declared")
    }

    /// Copies the binary alone into an empty folder: no Templates/ beside or above it.
    func binaryAlone() throws -> URL {
        let binary = scratchFolder().appendingPathComponent("yir")
        try FileManager.default.copyItem(at: YirCommand.binary, to: binary)
        return binary
    }

    /// Runs `binary` in `folder` with an empty environment (`env -i`).
    func run(_ binary: URL, _ arguments: [String], in folder: URL, stdin: Data? = nil) throws -> ProgramResult {
        try runProgram(binary, arguments, stdin: stdin, in: folder, environment: [:])
    }

    @Test func theBinaryCopiedAloneRunsEveryCommand() throws {
        let binary = try binaryAlone()
        let folder = binary.deletingLastPathComponent()
        let asOf = ["--as-of", "2025-12-31T12:00:00Z"]
        func ok(_ arguments: [String], stdin: Data? = nil) throws -> ProgramResult {
            let r = try run(binary, arguments, in: folder, stdin: stdin)
            #expect(r.status == 0, "yir \(arguments.joined(separator: " ")): \(r.stderr)")
            return r
        }
        try ok(["sample", "--readers", "30", "--days", "60"]).stdout.write(
            to: folder.appendingPathComponent("export.jsonl"))
        _ = try ok(["check", "export.jsonl"])
        for format in ["json", "jsonl", "csv", "table"] {
            _ = try ok(["stats", "export.jsonl", "--format", format] + asOf)
        }
        // No HOME under env -i: the link key is named (and made by the first run).
        let key = ["--link-key", "link-key"]
        _ = try ok(["report", "export.jsonl", "--out", "report", "--validate"] + key + asOf)
        _ = try ok(["validate", "report/report.xml"])
        let lines = try ok(["stats", "export.jsonl", "--format", "jsonl", "--partition"] + asOf).stdout
        _ = try ok(["render", "-", "--out", "rendered"] + key, stdin: lines)
        #expect(
            try Data(contentsOf: folder.appendingPathComponent("rendered/report.json"))
                == Data(contentsOf: folder.appendingPathComponent("report/report.json")))
        // The built-in profiles and strings are there too.
        let sensors =
            #"{"distinct_id":"d1","time":1746093600000,"event":"$AppPageLeave","properties":{"$title":"X","event_duration":10}}"#
        let mapped = try ok(["check", "-", "--profile", "sensors"], stdin: Data((sensors + "\n").utf8)).stdoutText
        #expect(mapped.contains(#""page_view": 1"#) || mapped.contains(#""page_view":1"#), "\(mapped)")
        let german = try ok(
            ["report", "export.jsonl", "--out", "de", "--format", "html", "--locale", "de"] + key + asOf)
        #expect(!german.stderr.contains("strings/de.json"))
        #expect(try ok(["version"]).stdoutText == "yir \(try cli.generatorVersion())\n")
    }

    @Test func yirTemplatesAndTemplatesLieOverTheBuiltInFilesFileByFile() throws {
        let binary = try binaryAlone()
        let folder = binary.deletingLastPathComponent()
        try Data(try cli.yir(["sample", "--readers", "10", "--days", "60"]).stdout).write(
            to: folder.appendingPathComponent("export.jsonl"))
        let environmentLayer = scratchFolder()
        let optionLayer = scratchFolder()
        try FileManager.default.createDirectory(
            at: environmentLayer.appendingPathComponent("strings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: optionLayer.appendingPathComponent("strings"), withIntermediateDirectories: true)
        try Data(#"{"index_title": "From YIR_TEMPLATES", "index_generator": "Made by"}"#.utf8)
            .write(to: environmentLayer.appendingPathComponent("strings/en.json"))
        try Data(#"{"index_title": "From --templates"}"#.utf8).write(
            to: optionLayer.appendingPathComponent("strings/en.json"))
        let r = try runProgram(
            binary,
            [
                "report", "export.jsonl", "--out", "o", "--format", "html", "--templates", optionLayer.path,
                "--as-of", "2025-12-31T12:00:00Z", "--link-key", "link-key",
            ],
            in: folder, environment: ["YIR_TEMPLATES": environmentLayer.path])
        #expect(r.status == 0, "\(r.stderr)")
        let index = try String(contentsOf: folder.appendingPathComponent("o/index.html"), encoding: .utf8)
        #expect(index.contains("From --templates"))  // --templates over YIR_TEMPLATES,
        #expect(!index.contains("From YIR_TEMPLATES"))
        #expect(index.contains("Made by"))  // YIR_TEMPLATES over the built-in file,
        #expect(index.contains("prefers-color-scheme"))  // and the built-in style under both.
        let missing = try runProgram(
            binary, ["validate", "x.xml"], in: folder, environment: ["YIR_TEMPLATES": "/nonexistent"])
        #expect(missing.status == 66 && missing.stderr.contains("YIR_TEMPLATES=/nonexistent is not a folder"))
    }

    @Test func versionPrintsTheVersionTheReportsCarry() throws {
        let version = try cli.generatorVersion()
        #expect(try cli.yir(["--version"]).stdoutText == "yir \(version)\n")
        #expect(try cli.yir(["version"]).stdoutText == "yir \(version)\n")
    }

    // MARK: make install, make deb

    @Test(.needs(.debianPackage, .dpkg), .tier(.full))
    func theDebianPackageRunsFromAScratchRootWithNothingElse() throws {
        let deb = try #require(Tools.debianPackage)
        let root = scratchFolder()
        let unpack = try runProgram(Tools.program("dpkg"), ["-x", deb, root.path])
        try #require(unpack.status == 0, "\(unpack.stderr)")
        let binary = root.appendingPathComponent("usr/bin/yir")
        let work = scratchFolder()
        func ok(_ arguments: [String]) throws -> ProgramResult {
            let r = try run(binary, arguments, in: work)
            #expect(r.status == 0, "yir \(arguments.joined(separator: " ")): \(r.stderr)")
            return r
        }
        let version = try ok(["--version"]).stdoutText
        #expect(version == "yir \(try cli.generatorVersion())\n")
        #expect((deb as NSString).lastPathComponent.hasPrefix("yir_\(version.dropFirst(4).dropLast())_"))
        try ok(["sample", "--readers", "20", "--days", "60"]).stdout.write(
            to: work.appendingPathComponent("export.jsonl"))
        _ = try ok([
            "report", "export.jsonl", "--out", "report", "--as-of", "2025-12-31T12:00:00Z", "--link-key", "link-key",
        ])
        _ = try ok(["validate", "report/report.xml"])
        // The man page and completions where Debian's man, bash-completion, zsh and fish look.
        for path in [
            "usr/share/man/man1/yir.1.gz", "usr/share/bash-completion/completions/yir",
            "usr/share/zsh/vendor-completions/_yir", "usr/share/fish/vendor_completions.d/yir.fish",
            "usr/share/doc/yir/README.md", "usr/share/doc/yir/OPERATIONS.md",
        ] {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path)")
        }
        // Depends names the package of every library the binary itself loads; ISA-L and libvips are
        // recommended.
        let field = { (name: String) throws -> String in
            try runProgram(URL(fileURLWithPath: "/usr/bin/dpkg-deb"), ["-f", deb, name]).stdoutText
        }
        let depends = Set(
            try field("Depends").split(separator: ",").compactMap {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").first.map(String.init)
            })
        #expect(try field("Recommends").trimmingCharacters(in: .whitespacesAndNewlines) == "libisal2, libvips42")
        let needed = try runProgram(URL(fileURLWithPath: "/usr/bin/readelf"), ["-d", binary.path]).stdoutText
            .split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.split(separator: "]").first.map(String.init) }
        let ldd = try runProgram(URL(fileURLWithPath: "/usr/bin/ldd"), [binary.path]).stdoutText
        #expect(!needed.isEmpty && !ldd.contains("not found"))
        for library in needed where !library.hasPrefix("ld-linux") {
            let line = try #require(ldd.split(separator: "\n").first { $0.contains("\(library) => ") }, "\(library)")
            let path = String(try #require(line.split(separator: " ").dropFirst(2).first))
            // dpkg knows each file under the one name its package ships: with /usr merged, the
            // link ldd followed, or its target, with or without /usr.
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            let names = [
                path, resolved, resolved.hasPrefix("/usr/") ? String(resolved.dropFirst(4)) : "/usr" + resolved,
            ]
            let owner = try names.lazy.map { try runProgram(Tools.program("dpkg"), ["-S", $0]) }.first {
                $0.status == 0
            }
            let package = try #require(
                owner?.stdoutText.split(separator: ":").first.map(String.init), "\(path): no package has it")
            #expect(depends.contains(package), "\(library) is in \(package), which Depends does not name")
        }
        // Its man page is the command's own help.
        let page = try runProgram(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "gzip -dc \(root.path)/usr/share/man/man1/yir.1.gz"]
        ).stdoutText
        #expect(page.contains(".Nm yir") && page.contains("Fl -metrics"))
    }

    /// `make test-full` builds the static binary and man page the install copies along with the package.
    @Test(.needs(.debianPackage), .tier(.full))
    func makeInstallPutsEachFileInItsPlaceAndUninstallRemovesThem() throws {
        let destination = scratchFolder()
        func make(_ target: String) throws -> ProgramResult {
            try runProgram(
                URL(fileURLWithPath: "/usr/bin/make"),
                [
                    "--no-print-directory", "-C", packageRoot.path, target, "DESTDIR=\(destination.path)",
                    "PREFIX=/usr/local",
                ])
        }
        let install = try make("install-files")
        try #require(install.status == 0, "\(install.stdoutText)\(install.stderr)")
        let installed = Set(
            try FileManager.default.subpathsOfDirectory(atPath: destination.path).filter { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(
                    atPath: destination.appendingPathComponent(path).path, isDirectory: &isFolder)
                    && !isFolder.boolValue
            })
        for path in [
            "usr/local/bin/yir", "usr/local/share/man/man1/yir.1", "usr/local/share/bash-completion/completions/yir",
            "usr/local/share/zsh/site-functions/_yir", "usr/local/share/fish/vendor_completions.d/yir.fish",
            "usr/local/share/doc/yir/README.md",
        ] {
            #expect(installed.contains(path), "\(path)")
        }
        // The completions are the binary's own, and bash reads its script without an error.
        let bash = destination.appendingPathComponent("usr/local/share/bash-completion/completions/yir").path
        let sourced = try runProgram(URL(fileURLWithPath: "/bin/bash"), ["-c", "source \(bash) && complete -p yir"])
        #expect(sourced.status == 0 && sourced.stdoutText.contains("yir"), "\(sourced.stderr)")
        let uninstall = try make("uninstall")
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        let left = try FileManager.default.subpathsOfDirectory(atPath: destination.path).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: destination.appendingPathComponent(path).path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(left.isEmpty, "\(left)")
    }
}
