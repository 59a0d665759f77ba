// swift-tools-version: 6.1
import PackageDescription

// Micro benchmarks (package-benchmark), kept out of the main package so `make test` never
// builds them. Run with `make bench` or `swift package --package-path Benchmarks benchmark`.
let package = Package(
    name: "YirBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "yir", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Micro",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "YearInReview", package: "yir"),
            ],
            path: "Benchmarks/Micro",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
