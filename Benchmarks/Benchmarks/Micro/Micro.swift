import Benchmark
import Foundation
import YirCore
import YirIngest
import YirSample

/// ns per record for the pieces of the ingest hot path, on lines of a synthetic export
/// (`yir sample`, about 170 bytes a line: MB/s ≈ 170 000 / ns per line).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .mega, maxDuration: .seconds(3))

    var lines: [[UInt8]] = []
    var text: [UInt8] = []
    SyntheticExport(readers: 2_000, days: 365, seed: 1).generate { block in
        text += block
        lines += block.split(separator: 0x0A).map(Array.init)
    }
    let bytesPerLine = Double(text.count) / Double(lines.count)

    Benchmark("scanner: validate a line, locate its fields (\(Int(bytesPerLine)) B/line)") { benchmark in
        var scanner = JSONScanner(keys: [
            "type", "user", "timestamp", "tz", "id", "wiki", "title", "namespace",
            "seconds", "duration_ms", "action", "list", "thumbnail", "key", "enabled",
        ])
        for i in benchmark.scaledIterations {
            blackHole(lines[i % lines.count].withUnsafeBytes { scanner.scan($0) })
        }
    }

    let stamps = [
        "2025-03-04T12:34:56Z", "2025-03-04T12:34:56.789+01:00", "2025-03-04 12:34:56", "2025-12-31T23:59:59.999-04:30",
    ]
    .map { Array($0.utf8) }
    Benchmark("timestamp: RFC 3339 parse") { benchmark in
        for i in benchmark.scaledIterations {
            blackHole(stamps[i % stamps.count].withUnsafeBytes { RFC3339.parse($0) })
        }
    }

    let berlin = ZoneCatalog().rules(for: "Europe/Berlin")!
    Benchmark("zone: local time of an instant (Europe/Berlin)") { benchmark in
        var t: Int64 = 1_735_689_600_000
        for _ in benchmark.scaledIterations {
            t &+= 7_919_000
            blackHole(berlin.local(t).hour)
        }
    }

    // The whole ingest stage (scan, decode, intern, merge) per record, one worker.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("yir-micro-\(getpid()).jsonl")
    try? Data(text).write(to: file)
    Benchmark(
        "ingest: parse + merge, --jobs 1 (per record)",
        configuration: .init(scalingFactor: .one, maxDuration: .seconds(5))
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let ingestor = Ingestor(options: IngestOptions(asOf: 1_767_225_600_000), zones: ZoneCatalog(), jobs: 1)
            benchmark.startMeasurement()
            try? ingestor.read([InputFile(path: file.path)])
            benchmark.stopMeasurement()
            blackHole(ingestor.finish().readers.count)
        }
    }
}
