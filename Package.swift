// swift-tools-version: 6.1
import PackageDescription

// One library target per pipeline stage, so the compiler keeps the flow one-way:
// YirIngest (bytes → records) → YirStats (records → figures) → YirReport and YirHTML
// (figures → files); YirPartitions writes and reads the partition lines of `yir render` and
// merges them into a run's figures, on top of YirReport, whose field table and JSON writer it
// uses; YirPipeline runs them in that order for every command.
// YirCore holds what every stage shares: time arithmetic, zone rules, the record model, JSON.
// Each target lists exactly the modules its files import (Tests/check_imports.py checks it).
// The per-record stages run millions of accesses to class properties; Swift's dynamic
// exclusivity checks on each cost several percent there. The compiler still enforces
// exclusivity statically; only the runtime double-check is dropped, in release builds.
let hotPath: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "yir",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "yir", targets: ["yir"]),
        .library(
            name: "YearInReview",
            targets: [
                "YirCore", "YirIngest", "YirStats", "YirReport", "YirPartitions", "YirHTML", "YirPipeline", "YirSample",
                "YirPlaces", "YirWordBreaks", "YirPictures",
            ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // `yir images` (below): AsyncHTTPClient, and the two packages of its that YirImages names
        // types of (NIO's deadlines and byte buffers, NIOSSL's trust roots).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .target(name: "CYirSupport"),
        // The first code of the yir process (.preinit_array): the yir executable's alone.
        .target(name: "CYirStart"),
        // zlib linked; ISA-L loaded at run time when present (its headers are needed to build).
        .target(name: "CGzip", linkerSettings: [.linkedLibrary("z"), .linkedLibrary("dl")]),
        .target(name: "YirCore", dependencies: ["CYirSupport"], swiftSettings: hotPath),
        .target(name: "YirIngest", dependencies: ["YirCore", "CGzip", "CYirSupport"], swiftSettings: hotPath),
        .target(
            name: "YirStats", dependencies: ["YirCore", "YirIngest", "YirPlaces", "CYirSupport"], swiftSettings: hotPath
        ),
        // Crypto: the keyed names of the reader decks (HMAC-SHA-256).
        // hotPath too: the writers walk a reader's fields through one visitor object per thread,
        // whose buffer each field's write reaches through a class property.
        .target(
            name: "YirReport",
            dependencies: [
                "YirCore", "YirStats", "CLibXML2", "CYirSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ], swiftSettings: hotPath),
        // The partition lines (SPEC §6): their format, written and read back, the trailer, the
        // checks `render` makes on them, and the merge of every partition's readers into the
        // run's figures. Above YirReport: the lines are the JSON Lines writer's reader objects
        // with their detail, read back through the same field table (`ReaderFields`), which
        // YirReport's writers share. hotPath, as the modules it came from: `render` decodes
        // millions of fields.
        .target(
            name: "YirPartitions", dependencies: ["YirCore", "YirStats", "YirReport", "YirPlaces"],
            swiftSettings: hotPath),
        // _FoundationICU: CLDR's plural rules from the ICU that Foundation carries (PluralRules).
        .target(
            name: "YirHTML",
            dependencies: [
                "YirCore", "YirStats", "YirReport", "YirPlaces", "YirWordBreaks", "YirPictures",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
            ], linkerSettings: [.linkedLibrary("_FoundationICU")]),
        // Logging: the run tells what it does and why it stops, as the command line shows it.
        // ArgumentParser: the run's options are declared once, here, as the command line takes
        // them (`RunOptions`), and the run's parameters are built from that declaration.
        .target(
            name: "YirPipeline",
            dependencies: [
                "YirCore", "YirIngest", "YirStats", "YirReport", "YirPartitions", "YirHTML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // `yir images`: the decks' pictures fetched into the image cache over HTTPS (decision 146).
        // A module of its own, so that the network client (AsyncHTTPClient on SwiftNIO, with
        // BoringSSL's TLS) stays out of every stage of the pipeline: the pipeline hands the
        // figures to the command, and this module alone knows HTTP.
        .target(
            name: "YirImages",
            dependencies: [
                "YirHTML", "YirReport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        .target(name: "YirSample", dependencies: ["YirCore", "YirStats"]),
        // Natural Earth's countries compiled in (Tools/natural-earth/convert.py writes both
        // files): countries.bin through C's #embed, which costs the build a fraction of a
        // second where megabytes of Swift array literal would take the type checker minutes.
        .target(name: "CYirPlaces", exclude: ["countries.bin"]),
        .target(name: "YirPlaces", dependencies: ["CYirPlaces"], swiftSettings: hotPath),
        // Where headings and titles may break (decision 137): the hyphenation patterns of Debian's
        // hyphen-* packages and BudouX's phrase models compiled in through #embed, and libhyphen
        // compiled in from its source, so the one yir file needs neither.
        .target(name: "CYirWordBreaks", dependencies: ["CLibHyphen"], exclude: ["budoux"]),
        // libhyphen (hunspell/hyphen, GPL 2.0/LGPL 2.1/MPL 1.1), built with a larger hash table
        // than Debian's, which took seconds to load German's patterns (hyphen.c says so).
        .target(name: "CLibHyphen", exclude: ["COPYING", "COPYING.LGPL", "COPYING.MPL"]),
        .target(name: "YirWordBreaks", dependencies: ["CYirWordBreaks"]),
        // The decks' embedded pictures (SPEC §4.4): Debian's libvips, loaded at run time by
        // CYirPictures, so that yir runs without it and only `--images embed` needs it.
        .target(name: "CYirPictures", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "YirPictures", dependencies: ["CYirPictures"]),
        // Templates/ compiled into the binary, so one file copied anywhere runs. Templates/ is the
        // target's folder so that SwiftPM plans the build again when a file is added there or
        // removed; the plugin embeds whatever the folder holds then. Only the Swift source is the
        // target's own: the rest is excluded from it (a new top-level file draws a warning until
        // it is listed here, and is embedded all the same).
        .target(
            name: "YirTemplates", path: "Templates",
            exclude: [
                "html", "strings", "profiles", "report.xsd", "report.schema.json", "profile.schema.json",
                "main-pages.tsv",
            ],
            plugins: ["EmbedTemplates"]),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["TemplateEmbedder"]),
        .executableTarget(name: "TemplateEmbedder"),
        .executableTarget(
            name: "yir",
            dependencies: [
                "YirCore", "YirIngest", "YirReport", "YirPipeline", "YirHTML", "YirSample", "YirImages",
                "CYirSupport", "CYirStart", "YirTemplates",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The tests: unit tests of the library's parts, end-to-end tests that run the yir binary
        // (YIR_BIN), and the helpers both share — a library, so it uses only public API (and
        // Swift Testing, for its expectations and the `.needs(...)` trait of tests that drive a tool).
        .target(
            name: "YirTestSupport",
            dependencies: [
                "YirCore", "YirIngest", "YirStats", "YirReport", "YirPipeline", "YirSample",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/YirTestSupport"),
        .testTarget(
            name: "YirUnitTests",
            dependencies: [
                "YirTestSupport", "YirCore", "YirIngest", "YirStats", "YirReport", "YirPartitions", "YirHTML",
                "YirPipeline", "YirSample", "CGzip",
                "CLibXML2", "YirTemplates", "YirPlaces", "YirWordBreaks", "YirPictures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "YirEndToEndTests",
            dependencies: [
                "YirTestSupport", "YirCore", "YirIngest", "YirStats", "YirReport", "YirHTML",
            ]),
    ]
)
