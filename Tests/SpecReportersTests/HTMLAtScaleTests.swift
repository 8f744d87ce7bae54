import Foundation
import SpecResults
import Testing
@testable import SpecReporters

/// What a reader of a big or partial run's page is told (an HTML review: a shard's page called itself the whole run,
/// 5,666 failures all open made a page minutes to draw, and a four-year window drew two changes far from its
/// failure without a word about the others).
@Suite struct HTMLAtScaleTests {
    @Test func aShardSaysItIsOneOnTheClosingLineAndAboveWhatNeedsAttention() {
        var run = RunResultFixture.run
        run.shard = Shard(index: 1, count: 2)
        let closing = TerminalReporter().renderSummary(run)
        #expect(closing.hasSuffix("; shard 1/2 of a sharded run"), "\(closing)")
        let page = HTMLReporter().render(run)
        #expect(page.contains("<title>specrun: \(closing)</title>"))
        #expect(page.contains("All of shard 1/2, part of a sharded run (merge every shard for the whole run): the filters apply"))
        #expect(!page.contains("The whole run:"))
        run.shard = nil
        run.mergedShards = [Shard(index: 1, count: 4), Shard(index: 3, count: 4)]
        #expect(TerminalReporter().renderSummary(run).hasSuffix("; shards 1/4, 3/4 of a sharded run"))
        run.mergedShards = nil
        #expect(HTMLReporter().render(run).contains("The whole run: the filters apply"))
    }

    @Test func filesWithFailuresOpenUntilTheyHoldTwoHundredThenFold() {
        var run = RunResultFixture.run
        let failure = RunResultFixture.firstValidFailed
        run.tests = (0..<300).map { number in
            var test = failure
            test.file = "specs/f\(1000 + number).yaml"
            test.id = "specs/f\(1000 + number).yaml › \(test.spec) › core"
            return test
        }
        let page = HTMLReporter().render(run)
        #expect(page.components(separatedBy: "<details class=\"file\" open").count - 1 == HTMLReporter.openAttentionLimit)
        #expect(page.contains("<p class=\"hint folded-files\">100 more files with tests that need attention are folded below"))
        // A small run opens every file with a failure, and says nothing.
        #expect(!HTMLReporter().render(RunResultFixture.run).contains("<p class=\"hint folded-files\">"))
    }

    @Test func changesThePicturesLeaveOutAreCountedAndTheNearestAreDrawn() {
        var test = RunResultFixture.firstValidFailed
        let autumn = RunResultFixture.autumnTransition
        var earlier = RunResultFixture.springTransition
        earlier.at = RunResultFixture.berlin("2026-10-25T01:00:00Z", "2026-10-25T02:00:00+01:00", "CET")
        (earlier.offsetBefore, earlier.offsetAfter, earlier.localBefore, earlier.localAfter) = (7200, 3600, "03:00", "02:00")
        var older = earlier
        older.at = RunResultFixture.berlin("2026-03-29T01:00:00Z", "2026-03-29T03:00:00+02:00", "CEST")
        (older.offsetBefore, older.offsetAfter, older.localBefore, older.localAfter) = (3600, 7200, "02:00", "03:00")
        // Four changes; the failure is at the third (2027-03-28): it and the earliest are drawn.
        test.zoneContext = ZoneContext(zone: "Europe/Berlin", transitions: [older, earlier, RunResultFixture.springTransition, autumn])
        let pictures = HTMLTimeline.occurrencePictures(for: test)
        #expect(pictures.count == 2)
        #expect(pictures.contains { $0.svg.contains("2027-03-28") || $0.svg.contains("28 Mar") })
        var run = RunResultFixture.run
        run.tests = [test]
        #expect(HTMLReporter().render(run).contains("<p class=\"hint undrawn\">2 more changes of the offset in this test are not drawn"))
    }
}
