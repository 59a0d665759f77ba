import Foundation
import Testing
import YirTestSupport

/// SPEC §1.4–§2.4 as a whole: every figure of every reader, the cohort and the diagnostics of
/// `yir stats --format json` equal those of a second, independent reading of the spec
/// (Tests/Oracle/spec_figures.py: Python's zoneinfo and plain arithmetic, none of yir's
/// offset tables, integer calendar or fingerprints), over small random exports crowded around
/// DST changes, New Year in each zone, leap days and the as-of instant (Tests/Oracle/exports.py).
/// A disagreement prints the seed, the differences and the command that reproduces it.
@Suite(.needs(.yir, .testPython), .tier(.test)) struct OracleEndToEndTests {
    struct Variant: CustomTestStringConvertible, Sendable {
        var name: String
        var firstSeed: Int
        var seeds: Int
        var arguments: [String]
        var testDescription: String { name }
    }

    static let variants = [
        Variant(
            name: "each reader's zone, as-of instants at clock changes and New Year", firstSeed: 1, seeds: 120,
            arguments: []),
        Variant(
            name: "--tz America/St_Johns for every reader", firstSeed: 10_000, seeds: 40,
            arguments: ["--tz", "America/St_Johns"]),
        Variant(
            name: "--year 2024 (a leap year, before the as-of year) and --top 2", firstSeed: 20_000, seeds: 40,
            arguments: ["--year", "2024", "--top", "2"]),
        Variant(
            name: "as-of instants from 1971 to 2099", firstSeed: 30_000, seeds: 40,
            arguments: [
                "--as-of", "2038-06-01T00:00:00Z,2050-03-29T12:00:00Z,2099-12-31T12:00:00Z,1971-06-01T00:00:00Z",
            ]),
        Variant(
            name: "--exclude-title twice (one needing normalisation) and --max-view-seconds 600", firstSeed: 40_000,
            seeds: 30,
            arguments: ["--exclude-title", "Moon", "--exclude-title", " zebra_", "--max-view-seconds", "600"]),
        Variant(
            name: "--exclude-category twice (one needing normalisation)", firstSeed: 50_000, seeds: 30,
            arguments: ["--exclude-category", "Living people", "--exclude-category", "Cities_in_Germany "]),
        Variant(
            name: "--keep-main-pages and --keep-all-categories", firstSeed: 60_000, seeds: 30,
            arguments: ["--keep-main-pages", "--keep-all-categories"]),
        Variant(
            name: "--keep-main-pages with --exclude-title (no title left out but Moon)", firstSeed: 70_000, seeds: 20,
            arguments: ["--keep-main-pages", "--exclude-title", "Moon"]),
    ]

    @Test(arguments: variants)
    func everyFigureAgreesWithAnIndependentReadingOfTheSpec(_ variant: Variant) throws {
        let r = try runProgram(
            URL(fileURLWithPath: Tools.python),
            [
                packageRoot.appendingPathComponent("Tests/Oracle/check.py").path,
                "--yir", YirCommand.binary.path, "--keep", scratchFolder().path,
                "--seeds", "\(variant.firstSeed)", "\(variant.seeds)",
            ] + variant.arguments)
        #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
        #expect(r.stdoutText.contains("\(variant.seeds) of \(variant.seeds) exports agree"), "\(r.stdoutText)")
    }
}
