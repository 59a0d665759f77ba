import ArgumentParser
import CYirStart
import CYirSupport
import Foundation
import YirCore
import YirPipeline
import YirReport

@main
struct Yir: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "yir",
        abstract: "Year-in-review reports from exported reading-activity records.",
        discussion: """
            Exit codes: 0 success, 64 usage error, 65 input rejected beyond the allowed rate \
            (or any rejection with --strict), 66 an input cannot be opened or no input line was \
            read, 73 output cannot be created, 74 I/O error while reading or writing, 75 the \
            output folder holds a later report, 129/130/143 stopped by SIGHUP/SIGINT/SIGTERM.
            """,
        version: versionLine,
        subcommands: [
            Report.self, Stats.self, Check.self, Render.self, Images.self, Validate.self, Sample.self, Version.self,
        ])

    /// `yir VERSION`: what `--version` and `yir version` print; the version is the one the
    /// reports carry as `generator.version`.
    static let versionLine = "\(ReportModel.generatorName) \(ReportModel.generatorVersion)"

    /// ArgumentParser's own `main`, with `--metrics` written after the run whatever its end:
    /// success, a failure, or a usage error found while parsing (a scheduled job whose options
    /// no longer parse is a failed run its monitoring must see). Help and --version are no run.
    ///
    /// SIGINT, SIGTERM and SIGHUP are held back from the process's first instruction
    /// (`CYirStart`) until the metrics file is known and the handlers are installed, so a signal
    /// in the first milliseconds is handled like any other: nothing touched, the metrics written.
    static func main() {
        precondition(yir_started() == 1)
        SignalTestHook.moment("start")
        RunMetrics.shared.begin()
        keepFreedMemoryForReuse()
        let arguments = Array(CommandLine.arguments.dropFirst())
        var command: ParsableCommand
        do {
            try refuseRepeatedOptions(arguments)
            command = try parseAsRoot(arguments)
        } catch {
            if !(error is CleanExit) {
                RunMetrics.shared.target(rawArguments: arguments)
                RunMetrics.shared.finish(exitCode: exitCode(for: error).rawValue)
            }
            exit(withError: error)
        }
        if let process = (command as? WorkingCommand)?.process {
            RunMetrics.shared.target(path: process.metrics, command: type(of: command)._commandName)
            limitHeaps(threads: process.jobs)
        }
        Interruption.install()
        do {
            try command.run()
            RunMetrics.shared.finish(exitCode: 0)
        } catch {
            Interruption.waitIfStopping()
            RunMetrics.shared.finish(exitCode: exitCode(for: error).rawValue)
            exit(withError: error)
        }
    }

    /// The options that take one value. ArgumentParser keeps the last of several; an option
    /// given twice (`--out a … --out b`, a wrapper adding its own) is a usage error instead,
    /// so that a run never writes somewhere its operator did not mean. Read from the commands'
    /// own declarations (ArgumentParser's description of the tool), so that an option is
    /// declared once: every option of every command not declared as an array.
    static let singleValueOptions: Set<String> = {
        struct Tool: Decodable { var command: Command }
        struct Command: Decodable {
            var arguments: [Argument]?
            var subcommands: [Command]?
        }
        struct Argument: Decodable {
            var kind: String
            var isRepeating: Bool
            var names: [Name]?
        }
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        guard let tool = try? JSONDecoder().decode(Tool.self, from: Data(Yir._dumpHelp().utf8)) else {
            preconditionFailure("ArgumentParser's description of the tool cannot be read")
        }
        func options(of command: Command) -> [String] {
            (command.arguments ?? []).filter { $0.kind == "option" && !$0.isRepeating }
                .flatMap { ($0.names ?? []).filter { $0.kind == "long" }.map { "--" + $0.name } }
                + (command.subcommands ?? []).flatMap(options)
        }
        return Set(options(of: tool.command))
    }()

    /// ArgumentParser's description of the tool (`singleValueOptions`) takes ~50 M instructions
    /// to read, 2.5 % of `yir check` on 150,000 lines: it is read only when a word of the command
    /// line comes again, and in most command lines none does.
    static func refuseRepeatedOptions(_ arguments: [String]) throws {
        var seen: Set<String> = []
        for argument in arguments {
            if argument == "--" { break }
            let name = String(argument.prefix { $0 != "=" })
            guard !seen.insert(name).inserted, singleValueOptions.contains(name) else { continue }
            throw ValidationError("\(name) is given more than once: give it once")
        }
    }

    /// Ingest allocates and frees a few MB per chunk. By default glibc hands blocks that large
    /// straight back to the kernel, which must zero fresh pages for the next chunk — measured
    /// at 17 % of a run's CPU. Keeping them in the heap lets the next chunk reuse them.
    static func keepFreedMemoryForReuse() {
        yir_keep_freed_memory_for_reuse()
    }

    /// One heap per thread that works at a time: the `jobs` threads of the pool and the main
    /// thread, which takes a share of every parallel step (and merges while ingest's workers
    /// parse). glibc gives each new thread a heap of its own up to eight per core, and each
    /// keeps what its thread freed (see above): on an export of a million categories, a fifth
    /// of the peak was blocks freed in heaps no thread used again. One heap fewer than the
    /// threads made two of them share one, and every allocation of theirs wait on its lock:
    /// the statistics of `gen_v3.py`'s export took longer on two threads than on one (decision
    /// 141).
    static func limitHeaps(threads jobs: Int) {
        yir_limit_heaps(Int32(clamping: jobs + 1))
    }
}

/// A command that does a run: it has the options every run shares, `--metrics` among them.
protocol WorkingCommand {
    var process: ProcessOptions { get }
}

extension Yir {
    /// `yir version`: the same line as `yir --version`.
    struct Version: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print yir's version.")

        func run() {
            print(Yir.versionLine)
        }
    }
}

extension Yir.Report: WorkingCommand { var process: ProcessOptions { options.process } }
extension Yir.Stats: WorkingCommand { var process: ProcessOptions { options.process } }
extension Yir.Check: WorkingCommand { var process: ProcessOptions { options.process } }
extension Yir.Images: WorkingCommand { var process: ProcessOptions { options.process } }
extension Yir.Render: WorkingCommand {}
