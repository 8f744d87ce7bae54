import Foundation
import SpecResults
@testable import SpecrunCLI
import Testing

/// `--last-failed` reads results that their run masked (the default): a test id holding a secret is archived masked,
/// and compared as written it matched no id of the rerun, which then blamed the paths (a black-box review).
struct LastFailedRedactionTests {
    /// Results masked by their run (the default) hold masked ids: `--last-failed` compares this run's ids masked
    /// the same way, so it reruns the failures instead of saying they are not in the run.
    @Test func lastFailedMatchesItsOwnMaskedIds() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("spec/sub/a.yaml", """
            spec: "Refresh token: rotates nightly"
            schedule: {timezone: UTC, rule: {every: day, at: "12:00"}, nonexistent: skip, repeated: first}
            cases:
              - {name: "Bearer 2a tokens", after: 2027-01-01T00:00:00Z, next: 2027-01-01T13:00:00Z}
              - {name: "Bearer 2b tokens", after: 2027-01-02T00:00:00Z, next: 2027-01-02T13:00:00Z}
              - {name: "passes", after: 2027-01-03T00:00:00Z, next: 2027-01-03T12:00:00Z}

            """)
        // The first run left one of the two alike cases out (a filter, a case added since): its failure's id, masked,
        // is the masked id of both.
        let first = await CommandRun.run(folder.path("spec"), "--filter", "2a|passes", "--json", folder.path("r.json"))
        #expect(first.status == ExitStatus.testFailure, "\(first.err)")
        let archived = try ResultsFile.read(folder.path("r.json"))
        #expect(archived.tests.filter { $0.status == .failed }.map(\.id) == [folder.path("spec/sub/a.yaml") + " › Refresh token: [redacted] nightly › Bearer [redacted] tokens › core"])

        let rerun = await CommandRun.run(folder.path("spec"), "--last-failed", folder.path("r.json"))
        #expect(rerun.status == ExitStatus.testFailure, "\(rerun.err)")
        #expect(rerun.err.isEmpty, "\(rerun.err)")
        // Both alike cases ran (their results hold one masked id twice, so the terminal report is what tells them).
        #expect(rerun.out.hasSuffix("0 passed, 2 failed\n"), "\(rerun.out)")
        #expect(!rerun.out.contains("passes"), "\(rerun.out)")

        // Read with other patterns, the masked ids match nothing: the refusal says the ids are masked.
        let other = await CommandRun.run(folder.path("spec"), "--last-failed", folder.path("r.json"), "--no-default-redaction")
        #expect(other.status == ExitStatus.invalidInput, "\(other.err)")
        #expect(other.err.contains("the ids in it are masked"), "\(other.err)")
    }
}
