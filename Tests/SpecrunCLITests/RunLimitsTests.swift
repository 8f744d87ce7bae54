import Foundation
import SpecParser
import SpecYAML
import Testing
@testable import SpecrunCLI

/// Each limit's flag: what it accepts, the sentence it refuses with, and that it reaches the part of the run it bounds.
@Suite struct RunLimitsTests {
    static func limits(_ arguments: [String]) throws -> RunLimits {
        try RunLimits(OptionParser(options: RunCommand.options).parse(arguments + ["specs"]))
    }

    @Test func withoutFlagsTheLimitsAreTheDocumentedDefaults() throws {
        let limits = try Self.limits([])
        #expect(limits.yaml == YAMLLimits(maxBytes: 10 * 1024 * 1024, maxDepth: 64, maxNodes: 100_000))
        #expect(limits.window == WindowLength(count: 100, unit: .years))
        #expect(limits.candidates == 10_000)
        #expect(limits.occurrences == 100_000)
    }

    @Test func everyFlagSetsItsLimit() throws {
        let limits = try Self.limits([
            "--max-file-size", "2M", "--max-depth", "10", "--max-nodes", "500", "--max-window", "30d",
            "--max-candidates", "77", "--max-occurrences", "9",
        ])
        #expect(limits.yaml == YAMLLimits(maxBytes: 2 * 1024 * 1024, maxDepth: 10, maxNodes: 500))
        #expect(limits.window == WindowLength(count: 30, unit: .days))
        #expect(limits.candidates == 77)
        #expect(limits.occurrences == 9)
        let parser = limits.parser
        #expect(parser.limits == limits.yaml && parser.windowLimit == limits.window && parser.defaultSearchLimit == 77)
    }

    @Test(arguments: [
        ("1", 1), ("10485760", 10_485_760), ("512K", 524_288), ("512k", 524_288), ("512KiB", 524_288),
        ("10M", 10_485_760), ("10MB", 10_485_760), ("1G", 1_073_741_824), ("3b", 3),
    ])
    func sizesReadAsBytesWithBinaryMultiples(text: String, bytes: Int) {
        #expect(RunLimits.byteCount(text) == bytes)
    }

    @Test(arguments: ["", "0", "-1", "M", "1.5M", "10T", "ten", "9223372036854775807K", "１０M", "10 M"])
    func malformedSizesAreRefused(text: String) {
        #expect(RunLimits.byteCount(text) == nil)
    }

    @Test(arguments: [
        (["--max-file-size", "lots"],
         "the value 'lots' is not allowed for '--max-file-size'; give a number of bytes of at least 1, optionally followed by K, M or G, e.g. --max-file-size 20M."),
        (["--max-depth", "0"], "the value '0' is not allowed for '--max-depth'; give a whole number from 1 to 1000."),
        (["--max-depth", "1001"], "the value '1001' is not allowed for '--max-depth'; give a whole number from 1 to 1000."),
        (["--max-nodes", "many"], "the value 'many' is not allowed for '--max-nodes'; give a whole number of at least 1."),
        (["--max-window", "100"],
         "the value '100' is not allowed for '--max-window'; give whole years or days, e.g. --max-window 200y or --max-window 30d."),
        (["--max-candidates", "10000001"],
         "the value '10000001' is not allowed for '--max-candidates'; give a whole number from 1 to 10000000."),
        (["--max-occurrences", "-5"], "the value '-5' is not allowed for '--max-occurrences'; give a whole number of at least 1."),
    ])
    func badValuesAreRefusedWithOneSentence(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try Self.limits(arguments) }
    }

    @Test func aBadValueOnTheCommandLineExitsTwoBeforeAnythingRuns() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        let run = await CommandRun.run(["--max-nodes", "0", folder.path])
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err == "specrun: error: the value '0' is not allowed for '--max-nodes'; give a whole number of at least 1.\nRun 'specrun --help' for usage.\n")
    }

    @Test func helpListsEveryLimitFlag() async {
        let help = await CommandRun.run(["--help"]).out
        for flag in ["--max-file-size SIZE", "--max-depth N", "--max-nodes N", "--max-window LENGTH",
                     "--max-candidates N", "--max-occurrences N", "--timeout SECONDS"] {
            #expect(help.contains(flag), "help lacks \(flag)")
        }
    }

    // MARK: Each flag reaches what it bounds (a whole run, in this process)

    @Test func maxFileSizeRefusesALargerFileWithoutStoppingTheOthers() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let big = ScratchSpecFolder.quickSpec("Big") + "description: \"" + String(repeating: "x", count: 2_000) + "\"\n"
        try folder.write("big.yaml", big)
        try folder.write("small.yaml", ScratchSpecFolder.quickSpec("Small"))
        let limited = await CommandRun.run(["--max-file-size", "1K", folder.path])
        #expect(limited.status == 2)
        #expect(limited.out.contains(
            "\(folder.path("big.yaml")):1:1: error: the file is \(big.utf8.count) bytes, more than the limit of 1024; split it or raise the limit with --max-file-size [file-too-large]\n"))
        #expect(limited.out.contains("1 passed, 0 failed; 1 invalid spec file"))
        #expect(await CommandRun.run(["--max-file-size", "4K", folder.path]).status == 0)
    }

    @Test func maxDepthRefusesDeeperNestingAtItsPlace() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        // Depth 1 is the document's mapping, 2 'schedule' (and 'cases'), 3 'rule' (and a case's mapping).
        let limited = await CommandRun.run(["--max-depth", "2", folder.path])
        #expect(limited.status == 2)
        #expect(limited.out.contains(
            "\(folder.path("a.yaml")):4:9: error: nesting is deeper than 2 levels, the limit --max-depth sets (specrun's own specs need at most 5; the default is 64): raise it [too-deep]\n"))
        #expect(await CommandRun.run(["--max-depth", "3", folder.path]).status == 0)
    }

    @Test func maxNodesRefusesABiggerDocument() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        let limited = await CommandRun.run(["--max-nodes", "10", folder.path])
        #expect(limited.status == 2)
        #expect(limited.out.contains("error: the document has more than 10 nodes, more than a spec needs; check that it is the spec meant (a generated file?), or raise the limit with --max-nodes"),
                "\(limited.out)")
        #expect(await CommandRun.run(["--max-nodes", "100", folder.path]).status == 0)
    }

    static func dailyWindow(days: Int) -> String {
        // Daily noon in UTC from 2027-01-01: one occurrence per day, 2027-01-01T12:00Z, 2027-01-02T12:00Z, …
        let occurrences = (1...days).map { String(format: "    - 2027-01-%02dT12:00:00Z", $0) }.joined(separator: "\n")
        return """
            spec: Daily noon
            schedule:
              timezone: UTC
              rule: {every: day, at: "12:00"}
              nonexistent: skip
              repeated: first
            window:
              after: 2027-01-01T00:00:00Z
              through: \(String(format: "2027-01-%02d", days))T23:00:00Z
            expect:
              occurrences:
            \(occurrences)

            """
    }

    @Test func maxWindowRefusesALongerWindowAtThrough() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("w.yaml", Self.dailyWindow(days: 4))   // 3 days 23 hours
        let limited = await CommandRun.run(["--max-window", "3d", folder.path])
        #expect(limited.status == 2)
        #expect(limited.out.contains(
            "\(folder.path("w.yaml")):9:12: error: the window from 2027-01-01T00:00:00Z through 2027-01-04T23:00:00Z is longer than 3 days (the limit); narrow it, or raise the limit with --max-window 4d [window-too-long]\n"))
        #expect(await CommandRun.run(["--max-window", "4d", folder.path]).status == 0)
    }

    @Test func maxOccurrencesMakesAFullerWindowAnErrorNamingTheWindow() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("w.yaml", Self.dailyWindow(days: 4))
        let limited = await CommandRun.run(["--max-occurrences", "3", "--json", folder.path("results.json"), folder.path])
        #expect(limited.status == 1)
        #expect(limited.out.contains("the window holds more than 3 occurrences (--max-occurrences)"))
        #expect(limited.out.contains(
            "\(folder.path("w.yaml")):7:1: error: the window holds more than 3 occurrences (the limit); narrow the window, or raise the limit with --max-occurrences"))
        let json = try #require(folder.read("results.json"))
        let results = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let test = try #require((results["tests"] as? [[String: Any]])?.first)
        #expect(test["status"] as? String == "error", "a bound of the run, not a mismatch")
        let diagnostic = try #require((test["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["code"] as? String == "too-many-occurrences")
        #expect(await CommandRun.run(["--max-occurrences", "4", folder.path]).status == 0)
    }

    /// A lifecycle launch's catch-up window is bounded by the same flag (it had a fixed 100,000 a black-box review
    /// could not raise): six hourly occurrences after the clock's start, 01:00Z to 06:00Z, caught up at 06:30Z.
    @Test func maxOccurrencesBoundsACatchUpToo() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("catch-up.yaml", """
            spec: Six hours caught up at once
            task: {identifier: com.example.app.refresh, kind: refresh}
            schedule: {id: hourly, timezone: UTC, rule: {every: hour, minute: 0}, nonexistent: skip, repeated: first}
            clock: 2027-01-01T00:00:00Z
            steps:
              - {at: 2027-01-01T06:30:00Z, launch: com.example.app.refresh}
            expect:
              completed: [true]
              run-count: 6

            """)
        let limited = await CommandRun.run(["--max-occurrences", "5", "--color", "never", folder.path])
        #expect(limited.status == 1)
        #expect(limited.out.contains("too-many-occurrences"), "\(limited.out)")
        #expect(await CommandRun.run(["--max-occurrences", "6", folder.path]).status == 0)
    }

    @Test func maxCandidatesIsTheSearchBoundOfSchedulesWithoutLimit() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        // Berlin, 02:30, skip: 2027-03-28 has no 02:30 (the clocks jump 02:00 → 03:00), so the search from
        // 2027-03-28T00:00+01:00 considers that day without result and finds 2027-03-29T02:30+02:00 on the second.
        try folder.write("gap.yaml", """
            spec: Spring gap
            schedule:
              timezone: Europe/Berlin
              rule: {every: day, at: "02:30"}
              nonexistent: skip
              repeated: first
            cases:
              - name: skipped
                after: 2027-03-28T00:00:00+01:00
                next: 2027-03-29T02:30:00+02:00

            """)
        let bounded = await CommandRun.run(["--max-candidates", "1", folder.path])
        #expect(bounded.status == 1)
        #expect(bounded.out.contains(
            "no occurrence of every day at 02:30 within 1 candidate slot after 2027-03-28 00:00 CET (+01:00) (the search bound, counted from the start of the cursor's local date, so a slot of that date at or before the cursor counts too); if that is expected, write 'error: no-occurrence' in the case instead of 'next', else raise 'limit:' in the schedule (default: --max-candidates), or give the case its own 'limit:'; 'limit: 2' finds the next occurrence, 2027-03-29T02:30:00+02:00"))
        #expect(await CommandRun.run(["--max-candidates", "2", folder.path]).status == 0)
    }

    // MARK: Files that are not files

    @Test func aNamedPipeAmongTheSpecsIsRefusedWithoutBlockingTheRun() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        #expect(mkfifo(folder.path("pipe.yaml"), 0o644) == 0)
        let run = await CommandRun.run([folder.path])
        #expect(run.status == 2)
        #expect(run.out.contains(
            "\(folder.path("pipe.yaml")):1:1: error: this is not a regular file (a named pipe); name spec files, or folders that hold them [unreadable-file]\n"))
        #expect(run.out.contains("1 passed, 0 failed; 1 invalid spec file"))
    }

    /// A spec file whose link is broken would otherwise vanish from the run without a word: a silent pass.
    @Test func aBrokenLinkOrALinkLoopAmongTheSpecsIsReportedNotSkipped() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        #expect(symlink(folder.path("gone.yaml"), folder.path("broken.yaml")) == 0)
        #expect(symlink(folder.path("loop-b.yml"), folder.path("loop-a.yml")) == 0)
        #expect(symlink(folder.path("loop-a.yml"), folder.path("loop-b.yml")) == 0)
        #expect(symlink(folder.path("gone"), folder.path("notes.txt")) == 0)  // not a spec name: not a spec
        let run = await CommandRun.run([folder.path])
        #expect(run.status == 2)
        #expect(run.out.contains(
            "\(folder.path("broken.yaml")):1:1: error: this is a symbolic link to '\(folder.path("gone.yaml"))', which does not exist; fix the link or remove it [unreadable-file]\n"))
        #expect(run.out.contains(
            "\(folder.path("loop-a.yml")):1:1: error: the file cannot be read (Too many levels of symbolic links); check that it exists and that you may read it [unreadable-file]\n"))
        #expect(!run.out.contains("notes.txt"))
        #expect(run.out.contains("1 passed, 0 failed; 3 invalid spec files"))
    }

    @Test func aFileLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("big.yaml", String(repeating: "#", count: 5_000))
        #expect(SpecFileReader(maxBytes: 4_999).read(folder.path("big.yaml")) == .tooLarge(5_000))
        #expect(SpecFileReader(maxBytes: 5_000).read(folder.path("big.yaml")) == .bytes(Array(repeating: UInt8(ascii: "#"), count: 5_000)))
    }
}
