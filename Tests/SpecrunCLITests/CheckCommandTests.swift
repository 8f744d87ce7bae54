import Foundation
import Testing
@testable import SpecrunCLI

/// `specrun check`: the diagnostics of a run, without running, exit 0 or 2.
@Suite struct CheckCommandTests {
    /// A folder with one spec that warns (+01:00 written for 2027-03-29, when Berlin is already at +02:00) and one
    /// file with an error (a misspelled zone).
    static func fixture() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("a-warns.yaml", """
            spec: Warns
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases: [{name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+01:00}]

            """)
        try folder.write("b-invalid.yaml", """
            spec: Invalid
            schedule: {timezone: Europe/Berln, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases: [{name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]

            """)
        return folder
    }

    @Test func checkPrintsEveryDiagnosticAndASummaryAndExitsTwoOnAnError() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        let run = await CommandRun.run("check", folder.path)
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.isEmpty)
        GoldenText.check(run.out.replacingOccurrences(of: folder.path, with: "specs"), against: "check.txt")
    }

    /// "1 valid spec: 1 error" under --strict read as a contradiction (the docs review): the summary says which
    /// errors are lint warnings --strict made errors.
    @Test func theSummarySaysWhichErrorsStrictMade() {
        #expect(CheckCommand.summary(files: 1, specs: 1, errors: 2, warnings: 0, promoted: 2)
            == "Checked 1 file, 1 valid spec: 2 errors (lint warnings, errors under --strict), 0 warnings.")
        #expect(CheckCommand.summary(files: 2, specs: 1, errors: 3, warnings: 0, promoted: 1)
            == "Checked 2 files, 1 valid spec: 3 errors (1 of them a lint warning, an error under --strict), 0 warnings.")
        #expect(CheckCommand.summary(files: 2, specs: 1, errors: 3, warnings: 0, promoted: 2)
            == "Checked 2 files, 1 valid spec: 3 errors (2 of them lint warnings, errors under --strict), 0 warnings.")
        #expect(CheckCommand.summary(files: 2, specs: 1, errors: 1, warnings: 2) == "Checked 2 files, 1 valid spec: 1 error, 2 warnings.")
    }

    @Test func warningsAloneExitZeroAndStrictMakesThemErrors() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        let file = folder.path + "/a-warns.yaml"
        let lenient = await CommandRun.run("check", file)
        #expect(lenient.status == ExitStatus.success)
        #expect(lenient.out.hasSuffix("Checked 1 file, 1 valid spec: 0 errors, 1 warning.\n"))
        let strict = await CommandRun.run("check", "--strict", file)
        #expect(strict.status == ExitStatus.invalidInput)
        #expect(strict.out.contains(": error: 2027-03-29T02:30:00+01:00 is written with offset +01:00"))
        #expect(strict.out.hasSuffix("Checked 1 file, 1 valid spec: 1 error (a lint warning, an error under --strict), 0 warnings.\n"), "\(strict.out)")
        let quiet = await CommandRun.run("check", "--quiet", file)
        #expect(quiet.out == "Checked 1 file, 1 valid spec: 0 errors, 1 warning.\n")
    }

    @Test func checkReportsExactlyTheDiagnosticsARunReports() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        let check = await CommandRun.run("check", folder.path)
        let run = await CommandRun.run("run", "--quiet", "--jobs", "1", folder.path)
        let diagnostics = check.out.components(separatedBy: "Checked ").first!
        #expect(diagnostics.contains("warning:") && diagnostics.contains("error:"))
        // The run's report starts with the same diagnostics (quiet keeps only errors, so compare the error).
        let errorBlock = diagnostics.components(separatedBy: "\n\n").first { $0.contains(": error: ") }!
        #expect(run.out.contains(errorBlock))
        let full = await CommandRun.run("run", "--jobs", "1", folder.path)
        #expect(full.out.hasPrefix(diagnostics))
    }

    /// GitHub reads `file=` relative to the repository's root: inside `GITHUB_WORKSPACE` a spec path is written
    /// relative to it, whatever the run was given; outside it, as given.
    @Test func annotationsNameSpecFilesRelativeToTheWorkspace() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        let workspace = URL(fileURLWithPath: folder.path).deletingLastPathComponent().path
        let name = URL(fileURLWithPath: folder.path).lastPathComponent
        func annotations(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.hasPrefix("::") } }
        let inside = ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": workspace]
        let check = annotations(await CommandRun.run(["check", folder.path], environment: inside).out)
        #expect(check.first?.hasPrefix("::error file=\(name)/b-invalid.yaml,line=2,") == true, "\(check)")
        let run = annotations(await CommandRun.run(["run", "--jobs", "1", folder.path], environment: inside).out)
        #expect(!run.isEmpty && run.allSatisfy { $0.contains(" file=\(name)/") }, "\(run)")
        let outside = ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/nonexistent/repository"]
        let elsewhere = annotations(await CommandRun.run(["check", folder.path], environment: outside).out)
        #expect(elsewhere.first?.hasPrefix("::error file=\(folder.path)/b-invalid.yaml,") == true, "\(elsewhere)")
    }

    /// Noon in UTC on one day, which Foundation gets right although the spec declares a deviation for it: the
    /// pull request's annotation is on the entry to remove (line 10, the `foundation` key), not on the spec's first line.
    @Test func aFixedDeviationIsAnnotatedOnItsKnownDeviationsEntry() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("fixed.yaml", """
            spec: noon
            engines: [foundation]
            schedule: {timezone: UTC, rule: {every: day, at: "12:00"}, nonexistent: skip, repeated: first}
            window:
              after: 2027-01-01T00:00:00Z
              through: 2027-01-02T00:00:00Z
            expect:
              occurrences: [2027-01-01T12:00:00Z]
            known-deviations:
              foundation: "a reason"

            """)
        let run = await CommandRun.run(["run", folder.path("fixed.yaml")], environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.status == ExitStatus.success)
        let annotations = run.out.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == 1 && annotations[0].hasPrefix("::warning file=\(folder.path("fixed.yaml")),line=10,col=3,"), "\(annotations)")
        // Under --strict it fails the run: the note is an error and the closing line says why "0 failed" exits 1.
        let strict = await CommandRun.run(["run", "--strict", folder.path("fixed.yaml")])
        #expect(strict.status == ExitStatus.testFailure)
        #expect(strict.out.contains("fixed.yaml:10:3: error: 'foundation' passes now; remove its entry from known-deviations [fixed-deviation]"), "\(strict.out)")
        #expect(strict.out.hasSuffix("0 passed, 0 failed, 1 fixed deviation (a failure under --strict)\n"), "\(strict.out)")
    }

    /// A spec that expects Foundation's deviation (Lord Howe's 30-minute gap: Foundation skips the day, the contract's
    /// next-valid-time gives 02:30 +11:00 on 2027-10-03, at 2027-10-02T15:30Z, zoneinfo): under `--engine all` the core
    /// fails and Foundation "passes". Removing the declaration, as a fixed deviation says, would not help; every
    /// format says to check the expectation instead (the second failure review).
    @Test func aFixedDeviationWhoseCoreFailsSaysToCheckTheExpectation() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("lord-howe.yaml", """
            spec: Lord Howe
            known-deviations:
              foundation: "skips a whole day instead of returning the end of a 30-minute gap"
            schedule: {id: lord-howe, timezone: Australia/Lord_Howe, rule: {every: day, at: "02:15"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-10-02T00:00:00+10:30, through: 2027-10-05T00:00:00+11:00}
            expect:
              occurrences: [2027-10-02T02:15:00+10:30, 2027-10-04T02:15:00+11:00]

            """)
        let run = await CommandRun.run(["run", "--engine", "all", folder.path("lord-howe.yaml"), "--junit", folder.path("r.xml")])
        #expect(run.status == ExitStatus.testFailure)
        #expect(run.out.contains("lord-howe.yaml:3:3: warning: 'foundation' passes, but the core engine fails this test: the expectation "
            + "may be foundation's deviation; check it against the core's difference before removing this entry [deviation-expected]"), "\(run.out)")
        #expect(run.out.contains("fixed deviation: passed although the spec declares one (\"skips a whole day instead of returning the end "
            + "of a 30-minute gap\"); but the core engine fails this test: check the expectation against the core's difference before removing it"))
        #expect(!run.out.contains("remove it from known-deviations"))
        let junit = try String(contentsOfFile: folder.path("r.xml"), encoding: .utf8)
        #expect(junit.contains("but the core engine fails this test") && !junit.contains("remove it from known-deviations"))
    }

    /// A control case added to a spec whose other case still deviates on Foundation passes there: removing the
    /// entry, as a fixed deviation advises, would fail the gap case (a maintenance review did, and the run failed).
    /// Every format says to move the passing case to a spec of its own instead. Lord Howe's 2027-10-03 gap is
    /// 02:00–02:30 (+10:30 → +11:00); 2027-12-01 is an ordinary summer day at +11:00 (zoneinfo).
    @Test func aFixedDeviationBesideCasesThatStillDeviateSaysToSplitTheSpec() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("lord-howe.yaml", """
            spec: Lord Howe
            engines: [core, foundation]
            known-deviations:
              foundation: "skips a whole day instead of returning the end of a 30-minute gap"
            schedule: {timezone: Australia/Lord_Howe, rule: {every: day, at: "02:15"}, nonexistent: next-valid-time, repeated: first}
            cases:
              - name: the gap day
                after: 2027-10-02T12:00:00+10:30
                next: 2027-10-03T02:30:00+11:00
              - name: an ordinary day in summer
                after: 2027-12-01T00:00:00+11:00
                next: 2027-12-01T02:15:00+11:00

            """)
        let run = await CommandRun.run(["run", folder.path("lord-howe.yaml"), "--junit", folder.path("r.xml")])
        #expect(run.status == ExitStatus.success, "\(run.out)")
        #expect(run.out.contains("lord-howe.yaml:4:3: warning: 'foundation' passes 'an ordinary day in summer', but 1 other case of this "
            + "spec still deviates on it ('the gap day'): the entry covers every case of its spec; move the cases that pass to a spec "
            + "of their own and keep this entry [deviation-in-other-cases]"), "\(run.out)")
        #expect(!run.out.contains("remove it from known-deviations") && !run.out.contains("remove its entry"), "\(run.out)")
        let junit = try String(contentsOfFile: folder.path("r.xml"), encoding: .utf8)
        #expect(junit.contains("move the cases that pass to a spec of their own") && !junit.contains("remove it from known-deviations"))
        let strict = await CommandRun.run(["run", "--strict", folder.path("lord-howe.yaml"), "--json", folder.path("strict.json")])
        #expect(strict.status == ExitStatus.testFailure)
        #expect(strict.out.contains("error: 'foundation' passes 'an ordinary day in summer'"), "\(strict.out)")
        // The fixed deviation failed that --strict run: --last-failed reruns it (it said "nothing to run" and went green).
        let rerun = await CommandRun.run(["run", "--strict", folder.path("lord-howe.yaml"), "--last-failed", folder.path("strict.json")])
        #expect(rerun.status == ExitStatus.testFailure, "\(rerun.err)")
        #expect(rerun.out.hasSuffix("0 passed, 0 failed, 1 fixed deviation (a failure under --strict)\n"), "\(rerun.out)")

        // The gap day left out by a filter: whether it deviates is not known, so the advice is conditional.
        let filtered = await CommandRun.run(["run", folder.path("lord-howe.yaml"), "--filter", "summer"])
        #expect(filtered.out.contains("lord-howe.yaml:4:3: warning: 'foundation' passes 'an ordinary day in summer', but 1 other case of "
            + "this spec did not run here ('the gap day': a filter, a tag, a shard or a skip); the entry covers every case of its spec: "
            + "remove it only if they pass on foundation too (run the whole spec, with any skip lifted) [deviation-others-not-run]"),
                "\(filtered.out)")
        #expect(!filtered.out.contains("remove it from known-deviations"), "\(filtered.out)")

        // Two shards, merged (which shard holds which test depends on the folder's path; RunResultMergeTests splits
        // them on purpose): the merge holds both cases and says the entry must stay.
        var shards: [String] = []
        for index in 1...2 {
            let shard = folder.path("shard-\(index).json")
            _ = await CommandRun.run(["run", folder.path("lord-howe.yaml"), "--shard", "\(index)/2", "--json", shard])
            shards.append(shard)
        }
        let merged = await CommandRun.run(["merge"] + shards + ["-o", folder.path("merged.json")])
        #expect(merged.status == ExitStatus.success, "\(merged.err)")
        let report = await CommandRun.run(["report", folder.path("merged.json")])
        #expect(report.out.contains("[deviation-in-other-cases]") && !report.out.contains("[deviation-others-not-run]"), "\(report.out)")
    }

    @Test func workspacePathsApplyDotsAndKeepPathsOutsideAsGiven() {
        let path = WorkspacePath.annotationPath(workspace: "/home/runner/work/app/app/", workingDirectory: "/home/runner/work/app/app/ios")
        #expect(path("specs/a.yaml") == "ios/specs/a.yaml")
        #expect(path("../specs/./a.yaml") == "specs/a.yaml")
        #expect(path("/home/runner/work/app/app/specs/a.yaml") == "specs/a.yaml")
        #expect(path("/tmp/specs/a.yaml") == "/tmp/specs/a.yaml")
        #expect(path("../../app-other/a.yaml") == "../../app-other/a.yaml")
        #expect(WorkspacePath.annotationPath(workspace: nil, workingDirectory: "/w")("a.yaml") == "a.yaml")
        #expect(WorkspacePath.annotationPath(workspace: "relative", workingDirectory: "/w")("a.yaml") == "a.yaml")
        // A workspace at the root holds every path; one that is not absolute is not used, even from a folder whose
        // absolute path it would spell (`/app/ios` under `app`).
        #expect(WorkspacePath.annotationPath(workspace: "/", workingDirectory: "/srv")("specs/a.yaml") == "srv/specs/a.yaml")
        #expect(WorkspacePath.annotationPath(workspace: "app", workingDirectory: "/app/ios")("specs/a.yaml") == "specs/a.yaml")
    }

    @Test func underGitHubActionsCheckPrintsTheRunsDiagnosticAnnotationsErrorsFirst() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        let actions = ["GITHUB_ACTIONS": "true"]
        func annotations(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.hasPrefix("::") } }
        let check = await CommandRun.run(["check", folder.path], environment: actions)
        #expect(check.status == ExitStatus.invalidInput)
        let checked = annotations(check.out)
        // b-invalid.yaml's error comes before a-warns.yaml's warning although the files are read the other way round.
        #expect(checked.count == 2, "\(check.out)")
        #expect(checked.first?.hasPrefix("::error file=\(folder.path)/b-invalid.yaml,line=2,") == true, "\(checked)")
        #expect(checked.last?.hasPrefix("::warning file=\(folder.path)/a-warns.yaml,line=3,") == true, "\(checked)")
        // The very lines a run prints for the same diagnostics (it adds its tests' annotations, titled by test).
        let run = await CommandRun.run(["run", "--jobs", "1", folder.path], environment: actions)
        #expect(annotations(run.out).filter { $0.contains(",title=specrun%3A ") } == checked)
        // --quiet shortens what a person reads, not what the pull request shows; without Actions, no annotations.
        let quiet = await CommandRun.run(["check", "--quiet", folder.path], environment: actions)
        #expect(annotations(quiet.out) == checked)
        let local = await CommandRun.run("check", folder.path)
        #expect(annotations(local.out).isEmpty)
    }

    /// Files are read on `--jobs` threads; what is printed, and in which order, must not depend on it.
    @Test func theOutputDoesNotDependOnJobs() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        for index in 0..<6 {
            try folder.write("c\(index)-warns.yaml", """
                spec: Warns \(index)
                schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
                cases: [{name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+01:00}]

                """)
        }
        let one = await CommandRun.run("check", "--jobs", "1", folder.path)
        #expect(one.out.hasSuffix("Checked 8 files, 7 valid specs: 1 error, 7 warnings.\n"))
        for jobs in ["2", "3", "8"] {
            let many = await CommandRun.run("check", "-j", jobs, folder.path)
            #expect(many.out == one.out)
            #expect(many.status == one.status)
        }
        let zero = await CommandRun.run("check", "--jobs", "0", folder.path)
        #expect(zero.err.hasPrefix("specrun: error: the value '0' is not allowed for '--jobs'; give a whole number of at least 1.\n"))
    }

    @Test func aCleanFolderHasNoProblems() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("ok.yaml", """
            spec: OK
            schedule: {timezone: Europe/Berlin, rule: daily 02:30, nonexistent: skip, repeated: first}
            cases: [{name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]

            """)
        let run = await CommandRun.run("check", folder.path)
        #expect(run.status == ExitStatus.success)
        #expect(run.out == "Checked 1 file, 1 valid spec: no problems.\n")
    }

    @Test(arguments: [
        ([], "no spec path given. Name a spec file or a folder, e.g. 'specrun check specs/'."),
        (["/nonexistent/specrun-check"], "no such file or directory: '/nonexistent/specrun-check'. Give a spec file or a folder of specs."),
        // What the process makes of a name that is not UTF-8 (`bad\xff.yaml`): it can never be found again.
        (["bad\u{FFFD}.yaml"], "no such file or directory: 'bad\u{FFFD}.yaml'. If the name on disk is not valid UTF-8 "
            + "(\u{FFFD} stands for the bytes that are not), rename it: specrun reads only UTF-8 names."),
        // A run's option given to check is named so ("unknown option '--json'" alone sent a review looking for a typo);
        // a typo of check's own options is still offered the option.
        (["--json", "r.json", "specs/"], "unknown option '--json'. It is an option of a run (specrun [OPTIONS] PATH...), not of 'specrun check'."),
        (["--filter", "x", "specs/"], "unknown option '--filter'. It is an option of a run (specrun [OPTIONS] PATH...), not of 'specrun check'."),
        (["--strcit", "specs/"], "unknown option '--strcit'. Did you mean '--strict'?"),
    ])
    func mistakesAreUsageErrors(_ arguments: [String], _ message: String) async {
        let run = await CommandRun.run(["check"] + arguments)
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err == "specrun: error: \(message)\nRun 'specrun check --help' for usage.\n")
    }
}
