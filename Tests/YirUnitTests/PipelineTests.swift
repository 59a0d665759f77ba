import ArgumentParser
import Foundation
import Synchronization
import Testing
import YirTestSupport
import YirCore
import YirPipeline

/// The run's parameters, built once: each stage's settings come from them.
@Suite struct PipelineTests {
    func parameters(_ outputs: [Output]) throws -> RunParameters {
        try RunParameters(
            RunOptions.parse(["--as-of", "2025-12-31T12:00:00Z"]), outputs: outputs, zones: ZoneCatalog())
    }

    /// The HTML's charts and the partition lines read each reader's activity, the partition
    /// lines their totals per article too; other outputs do not pay for either.
    @Test func whatTheOutputsReadDecidesWhatTheStatisticsKeep() throws {
        let json = try parameters([.json, .csv]).statsParameters
        #expect(!json.keepActivity && !json.keepArticleTotals)
        let html = try parameters([.html, .xml]).statsParameters
        #expect(html.keepActivity && !html.keepArticleTotals)
        let partition = try parameters([.partition]).statsParameters
        #expect(partition.keepActivity && partition.keepArticleTotals)
    }

    /// `--as-of`, `--top` and the locale reach ingest, the statistics and the report's echo alike.
    @Test func everyStageGetsTheSameAsOfTopAndLocale() throws {
        let options = try RunOptions.parse(["--as-of", "2025-06-30T00:00:00+02:00", "--top", "3", "--locale", "de-AT"])
        let p = try RunParameters(options, outputs: [], zones: ZoneCatalog())
        #expect(p.ingestOptions.asOf == instant("2025-06-29T22:00:00Z"))
        #expect(p.statsParameters.asOf == p.ingestOptions.asOf && p.reportParameters.asOf == p.ingestOptions.asOf)
        #expect(p.statsParameters.top == 3 && p.reportParameters.top == 3)
        let deAT = LocaleChoice.fixed(LanguageTag("de-AT")!)
        #expect(p.statsParameters.locale == deAT && p.reportParameters.locale == deAT)
    }

    /// A bad value names its option, before anything is read.
    @Test(arguments: [("--as-of", "yesterday"), ("--tz", "Mars/Olympus"), ("--locale", "de_DE")])
    func aBadValueNamesItsOption(option: String, value: String) throws {
        let options = try RunOptions.parse([option, value])
        #expect { try RunParameters(options, outputs: [], zones: ZoneCatalog()) } throws: { error in
            (error as? ParameterError)?.description.hasPrefix(option) == true
        }
    }
}

/// The parallel helper: every task runs once, whatever the number of workers.
@Suite struct ParallelTests {
    @Test(arguments: [1, 2, 3, 8])
    func everyTaskRunsExactlyOnce(workers: Int) {
        var runs = [Int](repeating: 0, count: 1000)
        runs.withSharedSlots { runs in
            Parallel.tasks(runs.count, workers: workers) { task, _ in runs[task] += 1 }
        }
        #expect(runs.allSatisfy { $0 == 1 })
    }

    /// `workers` runs exactly that many threads' bodies, even with fewer tasks, so that each
    /// leaves its partial result.
    @Test func everyWorkerRunsEvenWithoutATask() {
        let bodies = Atomic<Int>(0)
        let taken = Atomic<Int>(0)
        Parallel.workers(4, sharing: 2) { _, nextTask in
            bodies.add(1, ordering: .relaxed)
            while nextTask() != nil { taken.add(1, ordering: .relaxed) }
        }
        #expect(bodies.load(ordering: .relaxed) == 4 && taken.load(ordering: .relaxed) == 2)
    }
}
