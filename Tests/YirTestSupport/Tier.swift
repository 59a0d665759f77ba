// The tiers of the tests, one make target each (docs/HACKING.md, "Testing"). A test a tier
// leaves to a higher one carries `.tier(...)` and is skipped there, saying which target runs it.
import Foundation
import Testing

/// How much of the tests a run takes on: `YIR_TIER`, which each make target sets.
public enum Tier: Int, Comparable, Sendable {
    /// `make check`, the inner loop: the unit tests and the quick end-to-end suites.
    case check
    /// `make test`: every suite, the browser sweeps over three decks at two sizes, no packaging.
    case test
    /// `make test-full`, CI's: every deck at every size, axe, printing, the Debian package and
    /// the install, LibreOffice, the country reference check.
    case full

    /// `YIR_TIER=check`, `test` or `full`; without it (a plain `swift test`), the full tier.
    public static var current: Tier {
        switch ProcessInfo.processInfo.environment["YIR_TIER"] {
        case "check": .check
        case "test": .test
        default: .full
        }
    }

    /// Its value of `YIR_TIER`.
    public var name: String { ["check", "test", "full"][rawValue] }

    /// The make target that runs it.
    public var target: String { ["make check", "make test", "make test-full"][rawValue] }

    public static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test in `tier` and the tiers above it; in a lower one it is skipped, naming the
    /// targets that run it.
    public static func tier(_ tier: Tier) -> Self {
        let runs = tier == .full ? "make test-full runs it" : "make test and make test-full run it"
        let here = "\(Tier.current.target) (YIR_TIER=\(Tier.current.name))"
        return .enabled(if: Tier.current >= tier, Comment(rawValue: "\(runs), not \(here)"))
    }
}
