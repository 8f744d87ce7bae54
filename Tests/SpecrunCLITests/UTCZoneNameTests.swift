import Foundation
import SpecReporters
import SpecResults
import Testing
@testable import SpecrunCLI

/// A spec written with `timezone: UTC` (or `Etc/UTC`, the same zone) is shown in UTC everywhere a person reads the
/// zone's name: Foundation turns the identifier `UTC` into `GMT`, so specrun resolves both spellings to `Etc/UTC`,
/// and that identifier reached every output (`Timeline in Etc/UTC`, `zone: "Etc/UTC"`, `zones: ["Etc/UTC"]`).
/// Python's zoneinfo: daily 12:00 in UTC after 2027-01-01T00:00:00Z is 2027-01-01T12:00:00Z, abbreviation UTC.
@Suite struct UTCZoneNameTests {
    static let failing = """
        spec: Noon in UTC
        schedule: {timezone: UTC, rule: daily 12:00, nonexistent: skip, repeated: first}
        cases:
          - {name: as written, after: 2027-01-01T00:00:00Z, next: 2027-01-01T13:00:00Z}
          - {name: Etc, timezone: Etc/UTC, after: 2027-01-01T00:00:00Z, next: 2027-01-01T13:00:00Z}

        """

    @Test func everyReportNamesTheZoneUTCAndItsAbbreviationStaysUTC() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("utc.yaml", Self.failing)
        let run = await CommandRun.run([spec, "--engine", "all", "--json", folder.path("r.json"), "--junit", folder.path("j.xml"),
                                        "--html", folder.path("r.html"), "--tap", folder.path("r.tap")])
        #expect(run.status == ExitStatus.testFailure, "\(run.err)")

        let results = try JSONResultsReader.read(try #require(folder.read("r.json")), source: "r.json")
        #expect(results.environment.zones == ["UTC"])
        #expect(results.tests.count == 4)
        for test in results.tests {
            #expect(test.timeZone == "UTC", "\(test.id)")
            #expect(test.zoneContext?.zone == "UTC", "\(test.id)")
            #expect(test.actual.map(\.local) == ["2027-01-01 12:00 UTC (+00:00)"], "\(test.id)")
        }
        let html = String(decoding: folder.read("r.html") ?? Data(), as: UTF8.self)
        #expect(html.contains("Timeline in UTC"))
        let tap = String(decoding: folder.read("r.tap") ?? Data(), as: UTF8.self)
        #expect(tap.contains("  zone: \"UTC\"\n"))
        let junit = String(decoding: folder.read("j.xml") ?? Data(), as: UTF8.self)
        #expect(junit.contains("<property name=\"zones\" value=\"UTC\"/>"))
        for (name, text) in [("stdout", run.out), ("stderr", run.err), ("html", html), ("tap", tap), ("junit", junit),
                             ("json", String(decoding: folder.read("r.json") ?? Data(), as: UTF8.self))] {
            #expect(!text.contains("Etc/UTC"), "\(name) names Etc/UTC")
            #expect(!text.contains("GMT"), "\(name) names GMT")
        }
    }

    /// A results file written before names the zone `Etc/UTC`: `report` renders it as archived, and `compare` with a
    /// new run of the same specs finds no change (it matches tests by id and compares statuses and instants, not
    /// zone names).
    @Test func aResultsFileThatSaysEtcUTCStillRendersAndComparesUnchanged() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("utc.yaml", Self.failing)
        let new = folder.path("new.json")
        #expect(await CommandRun.run([spec, "--json", new]).status == ExitStatus.testFailure)
        let text = String(decoding: folder.read("new.json") ?? Data(), as: UTF8.self)
        let oldText = text.replacingOccurrences(of: "\"UTC\"", with: "\"Etc/UTC\"")
        #expect(oldText.contains("\"timeZone\": \"Etc/UTC\"") && oldText.contains("\"zone\": \"Etc/UTC\""))
        let old = try folder.write("old.json", oldText)

        let compare = await CommandRun.run("compare", old, new)
        #expect(compare.status == ExitStatus.success, "\(compare.out)\(compare.err)")
        #expect(compare.out.contains("no changes — no regressions"), "\(compare.out)")
        let report = await CommandRun.run("report", old, "--tap", folder.path("old.tap"))
        #expect(report.status == ExitStatus.success, "\(report.err)")
        #expect(String(decoding: folder.read("old.tap") ?? Data(), as: UTF8.self).contains("  zone: \"Etc/UTC\"\n"))
    }

    /// `specrun merge` of a shard written before the name change (zones `Etc/UTC`) with a newer one names the zone
    /// once, `UTC`, in the merged `environment.zones` (it listed both).
    @Test func mergingAnOldShardWithANewOneNamesUTCOnce() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("utc.yaml", Self.failing)
        let berlin = try folder.write("berlin.yaml", """
            spec: Noon in Berlin
            schedule: {timezone: Europe/Berlin, rule: daily 12:00, nonexistent: skip, repeated: first}
            cases:
              - {name: winter, after: 2027-01-01T00:00:00+01:00, next: 2027-01-01T12:00:00+01:00}

            """)
        #expect(await CommandRun.run([spec, "--json", folder.path("new.json")]).status == ExitStatus.testFailure)
        #expect(await CommandRun.run([berlin, "--json", folder.path("other.json")]).status == ExitStatus.success)
        let text = String(decoding: folder.read("new.json") ?? Data(), as: UTF8.self)
        let old = try folder.write("old.json", text.replacingOccurrences(of: "\"UTC\"", with: "\"Etc/UTC\""))
        let merge = await CommandRun.run("merge", old, folder.path("other.json"), "-o", folder.path("merged.json"))
        #expect(merge.status == ExitStatus.success, "\(merge.err)")
        let merged = try JSONResultsReader.read(try #require(folder.read("merged.json")), source: "merged.json")
        #expect(merged.environment.zones == ["Europe/Berlin", "UTC"])
    }
}
