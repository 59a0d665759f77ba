import YirIngest
import YirReport

/// Why a run stopped, each with its exit code (SPEC §5): the one error `Pipeline.run` throws.
/// The command line prints the message and exits with the code; nothing else decides either.
public enum RunError: Error, CustomStringConvertible, Equatable {
    /// 64: an option, a path or a file the operator named cannot be used as it is.
    case usage(String)
    /// 65: more lines were rejected than `--max-reject-rate` allows (or any under `--strict`),
    /// or partition lines are not what `yir stats --partition` writes.
    case rejected(String)
    /// 66: an input or a template cannot be opened.
    case cannotOpen(String)
    /// 66: `report` or `render` read no input line (and `--allow-empty` was not given).
    case noInput(String)
    /// 73: an output cannot be created.
    case cannotCreate(String)
    /// 74: reading or writing failed part-way.
    case io(String)
    /// 75: the output folder already holds the report of a later as-of instant.
    case newerReport(String)

    public var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .rejected: 65
        case .cannotOpen, .noInput: 66
        case .cannotCreate: 73
        case .io: 74
        case .newerReport: 75
        }
    }

    public var description: String {
        switch self {
        case .usage(let m), .rejected(let m), .cannotOpen(let m), .noInput(let m), .cannotCreate(let m), .io(let m),
            .newerReport(let m):
            m
        }
    }

    /// The kind of stop, as the metrics file names it for an operator's alert.
    public var reason: String {
        switch self {
        case .usage: "usage"
        case .rejected: "rejected"
        case .cannotOpen: "cannot_open"
        case .noInput: "no_input"
        case .cannotCreate: "cannot_create"
        case .io: "io_error"
        case .newerReport: "newer_report_in_place"
        }
    }

    init(_ error: OutputError) {
        switch error {
        case .cannotCreate: self = .cannotCreate(error.description)
        case .writeFailed: self = .io(error.description)
        }
    }

    init(_ error: InputError) {
        switch error {
        case .cannotOpen: self = .cannotOpen(error.description)
        case .readFailed, .changedWhileRead: self = .io(error.description)
        }
    }
}
