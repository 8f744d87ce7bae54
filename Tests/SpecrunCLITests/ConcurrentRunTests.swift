import Foundation
import Testing
@testable import SpecrunCLI

/// Lifecycle scenarios run their simulation on Swift's cooperative pool. In-process runs started together (as
/// Swift Testing starts these) must not block that pool while they wait for their scenarios: before the run's
/// coordinator moved off the pool, this deadlocked on a two-core machine.
@Suite struct ConcurrentRunTests {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../specs/lifecycle/seeds").standardized.path

    @Test(.timeLimit(.minutes(1)), arguments: 1...6)
    func lifecycleRunsStartedTogetherAllFinish(_ index: Int) async {
        let run = await CommandRun.run(["--jobs", "2", Self.seeds])
        #expect(run.status == 0, "run \(index): \(run.out)\(run.err)")
        #expect(run.out.contains(" passed, 0 failed"))
    }
}
