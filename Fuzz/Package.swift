// swift-tools-version: 6.1
import PackageDescription

// The libFuzzer target for the line scanner and record decoding, kept apart from the main
// package: it only links with `-sanitize=fuzzer` (libFuzzer brings its own `main`).
// Run it with `make fuzz`.
let package = Package(
    name: "YirFuzz",
    dependencies: [.package(name: "yir", path: "..")],
    targets: [
        .executableTarget(
            name: "YirFuzz",
            dependencies: [.product(name: "YearInReview", package: "yir")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ]
)
