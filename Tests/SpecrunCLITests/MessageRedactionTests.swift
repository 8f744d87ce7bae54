import Foundation
import SpecResults
import TextRedaction
@testable import SpecrunCLI
import Testing

/// What a command says on stderr when it refuses (a usage error, a results file it cannot use) or warns quotes text
/// from specs, paths, results files and the command line: it is masked with the command's redaction, as its reports
/// are (docs/reports.md, "Redaction"). A black-box review found tags, ids, paths and archived texts printed whole.
struct MessageRedactionTests {
    /// A spec whose name and tags hold secrets: one case passes, one fails (a wrong expectation, on purpose).
    static let secretSpec = """
        spec: "Nightly password=FILT02pw acct-424293"
        tags: ["token=TAG01abc", "acct-424291", "password=TAG02x"]
        schedule:
          timezone: UTC
          rule: {every: day, at: "12:00"}
          nonexistent: skip
          repeated: first
        cases:
          - name: passes
            after: 2027-01-01T00:00:00Z
            next: 2027-01-01T12:00:00Z
          - name: fails
            after: 2027-01-01T00:00:00Z
            next: 2027-01-01T13:00:00Z

        """

    static let secrets = ["FILT02pw", "424293", "TAG01abc", "424291", "TAG02x"]

    static func expectNoSecret(_ text: String, _ secrets: [String] = secrets, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in secrets {
            #expect(!text.contains(secret), "'\(secret)' leaked: \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func anUnknownTagListsTheTagsMasked() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("spec/a.yaml", Self.secretSpec)
        for tag in ["token=TAG01abd", "nomatch"] {
            let run = await CommandRun.run(folder.path("spec"), "--tag", tag, "--redact", "acct-[0-9]{6}")
            #expect(run.status == ExitStatus.invalidInput)
            #expect(run.err.contains("Tags in these specs: "), "\(run.err)")
            #expect(run.err.contains("token=[redacted]"), "\(run.err)")
            Self.expectNoSecret(run.err)
        }
        // The run's redaction: without the default patterns and with no --redact, the tags are shown as written.
        let raw = await CommandRun.run(folder.path("spec"), "--tag", "nomatch", "--no-default-redaction")
        #expect(raw.err.contains("Tags in these specs: acct-424291, password=TAG02x, token=TAG01abc."), "\(raw.err)")
    }

    @Test func aFilterMatchingNothingShowsAnIdMasked() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("spec/a.yaml", Self.secretSpec)
        let run = await CommandRun.run(folder.path("spec"), "--filter", "zzz", "--redact", "acct-[0-9]{6}")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.contains("Nightly password=[redacted] [redacted] › passes › core"), "\(run.err)")
        Self.expectNoSecret(run.err)
        // A filter holding a secret is masked where it is quoted too.
        let typed = await CommandRun.run(folder.path("spec"), "--filter", "nomatch-token=FILT01")
        #expect(typed.status == ExitStatus.invalidInput)
        Self.expectNoSecret(typed.err, ["FILT01"])
    }

    @Test func lastFailedNamesTheArchivedPathMasked() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("spec2/token=LF01dir/x.yaml", Self.secretSpec)
        let first = await CommandRun.run(folder.path("spec2"), "--no-default-redaction", "--json", folder.path("raw.json"))
        #expect(first.status == ExitStatus.testFailure, "\(first.err)")
        try FileManager.default.moveItem(atPath: folder.path("spec2/token=LF01dir"), toPath: folder.path("spec2/moved"))
        // Found by its spec, case and engine in the moved folder: the note names both paths, masked.
        let rerun = await CommandRun.run(folder.path("spec2"), "--last-failed", folder.path("raw.json"))
        #expect(rerun.status == ExitStatus.testFailure)
        #expect(rerun.err.contains("is in another file now") && rerun.err.contains("/spec2/moved/x.yaml'"), "\(rerun.err)")
        Self.expectNoSecret(rerun.err, ["LF01dir"] + Self.secrets)
    }

    /// A failure archived with its spec name masked (the default patterns) is found after its file was renamed when
    /// its masked names are one test's of the rerun; two specs masking to one name match neither (a review).
    @Test func lastFailedFindsAMaskedFailureInARenamedFileWhenItsMaskedNameIsUnique() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = { (secret: String, next: String) in """
            spec: "Refresh token: \(secret) nightly"
            schedule: {timezone: UTC, rule: {every: day, at: "12:00"}, nonexistent: skip, repeated: first}
            cases:
              - {name: one, after: 2027-01-01T00:00:00Z, next: \(next)}

            """ }
        try folder.write("s/f.yaml", spec("abcdef123456", "2027-01-01T13:00:00Z"))
        #expect(await CommandRun.run(folder.path("s"), "--json", folder.path("r.json")).status == ExitStatus.testFailure)
        try FileManager.default.moveItem(atPath: folder.path("s/f.yaml"), toPath: folder.path("s/g.yaml"))
        let rerun = await CommandRun.run(folder.path("s"), "--last-failed", folder.path("r.json"))
        #expect(rerun.status == ExitStatus.testFailure, "\(rerun.err)")
        #expect(rerun.err.contains("is in another file now") && rerun.out.contains("0 passed, 1 failed"), "\(rerun.err)\(rerun.out)")
        Self.expectNoSecret(rerun.err + rerun.out, ["abcdef123456"])

        try folder.write("s/h.yaml", spec("ghijkl789012", "2027-01-01T12:00:00Z"))
        let two = await CommandRun.run(folder.path("s"), "--last-failed", folder.path("r.json"))
        #expect(two.status == ExitStatus.invalidInput, "\(two.err)")
        #expect(!two.err.contains("is in another file now"), "\(two.err)")
        #expect(two.err.contains("is not found by spec, case and engine either: 2 tests of this run have those names (masked alike, "
            + "or copied); select the one meant with --filter."), "\(two.err)")
    }

    @Test func commandLineValuesAndPathsAreMaskedInRefusals() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("spec/a.yaml", ScratchSpecFolder.quickSpec("Noon"))
        let refusals: [[String]] = [
            [folder.path("spec"), "--timeout", "token=SECRETTO"],
            [folder.path("spec"), "--shard", "token=SECRETSHARD"],
            [folder.path("spec"), "--jobs", "token=SECRETJOBS"],
            [folder.path("spec"), "--color", "token=SECRETCOLOR"],
            [folder.path("spec/password=SECRETPATH1.yaml")],
            [folder.path("spec"), "--last-failed", "token=SECRETLF.json"],
            ["report", "token=SECRETREP.json"],
            ["compare", "token=SECRETCMP1.json", "token=SECRETCMP2.json"],
            ["merge", "token=SECRETMERGE.json", "-o", folder.path("m.json")],
            ["check", folder.path("spec/password=SECRETCHECK.yaml")],
        ]
        for arguments in refusals {
            let run = await CommandRun.run(arguments)
            #expect(run.status == ExitStatus.invalidInput, "\(arguments): \(run.err)")
            #expect(run.err.contains("[redacted]"), "\(arguments): \(run.err)")
            Self.expectNoSecret(run.err, ["SECRET"])
        }
        // With the default patterns turned off, the value is quoted: the message follows the run's redaction.
        let raw = await CommandRun.run(folder.path("spec"), "--timeout", "token=SECRETTO", "--no-default-redaction")
        #expect(raw.err.contains("'token=SECRETTO'"), "\(raw.err)")
        // A --redact pattern masks the messages too, before the options are even understood.
        let custom = await CommandRun.run(folder.path("spec"), "--redact", "PLAIN[0-9]+", "--timeout", "PLAIN42")
        #expect(custom.err.contains("the value '[redacted]' is not allowed for '--timeout'"), "\(custom.err)")
    }

    /// A pattern often holds the secret itself: one that does not compile is refused without being quoted.
    @Test func anInvalidRedactPatternIsNotEchoed() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("spec/a.yaml", ScratchSpecFolder.quickSpec("Noon"))
        let bad = await CommandRun.run(folder.path("spec"), "--redact", "ok[0-9]", "--redact", "password=SECRETBAD(")
        #expect(bad.status == ExitStatus.invalidInput)
        #expect(bad.err.hasPrefix("specrun: error: the 2nd --redact pattern is not a valid regular expression (expected ')')"), "\(bad.err)")
        Self.expectNoSecret(bad.err, ["SECRETBAD"])
        let nested = await CommandRun.run("report", "r.json", "--redact=(SECRETNEST+)+x")
        #expect(nested.status == ExitStatus.invalidInput)
        #expect(nested.err.contains("the 1st --redact pattern"), "\(nested.err)")
        Self.expectNoSecret(nested.err, ["SECRETNEST"])
    }

    /// Results written without redaction, then edited by hand: the refusal quotes a test id or a value of the file.
    @Test func refusalsOfAResultsFileAreMasked() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("spec/a.yaml", Self.secretSpec)
        let first = await CommandRun.run(folder.path("spec"), "--no-default-redaction", "--json", folder.path("raw.json"))
        #expect(first.status == ExitStatus.testFailure, "\(first.err)")
        let raw = try String(contentsOfFile: folder.path("raw.json"), encoding: .utf8)
        #expect(raw.contains("FILT02pw"))
        // An instant whose text and epoch seconds disagree: the refusal names the test.
        let epoch = try #require(raw.firstMatch(of: /"epochSeconds": (\d+)/))
        try folder.write("instant.json", raw.replacingOccurrences(of: "\"epochSeconds\": \(epoch.1)", with: "\"epochSeconds\": 1"))
        // A status no specrun writes: the refusal quotes it.
        try folder.write("status.json", raw.replacingOccurrences(of: "\"status\": \"failed\"", with: "\"status\": \"token=EDIT03status\""))
        for file in ["instant.json", "status.json"] {
            let path = folder.path(file)
            let runs = [
                await CommandRun.run("report", path, "--redact", "acct-[0-9]{6}"),
                await CommandRun.run("compare", folder.path("raw.json"), path, "--redact", "acct-[0-9]{6}"),
                await CommandRun.run("merge", path, "-o", folder.path("m.json"), "--redact", "acct-[0-9]{6}"),
                await CommandRun.run(folder.path("spec"), "--last-failed", path, "--redact", "acct-[0-9]{6}"),
            ]
            for run in runs {
                #expect(run.status == ExitStatus.invalidInput, "\(file): \(run.err)")
                #expect(run.err.contains("the results file"), "\(file): \(run.err)")
                Self.expectNoSecret(run.err, ["EDIT03status"] + Self.secrets)
            }
        }
        let shown = await CommandRun.run("report", folder.path("status.json"), "--no-default-redaction")
        #expect(shown.err.contains("token=EDIT03status"), "\(shown.err)")
    }

    /// What compare and merge print on stdout names their files: masked as the results they print are.
    @Test func compareAndMergeNameTheirFilesMasked() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("spec/a.yaml", ScratchSpecFolder.quickSpec("Noon"))
        let results = folder.path("token=SECRETDIR/r.json")
        let first = await CommandRun.run(folder.path("spec"), "--json", results)
        #expect(first.status == ExitStatus.success, "\(first.err)")
        let compare = await CommandRun.run("compare", results, results)
        #expect(compare.out.contains("token=[redacted]"), "\(compare.out)")
        let merge = await CommandRun.run("merge", results, "-o", folder.path("token=SECRETDIR/m.json"))
        #expect(merge.status == ExitStatus.success, "\(merge.err)")
        #expect(merge.out.contains("token=[redacted]"), "\(merge.out)")
        Self.expectNoSecret(compare.out + compare.err + merge.out + merge.err, ["SECRETDIR"])
    }

    /// The words are read as the parser reads them: `--redact X`, `--redact=X`, `--no-default-redaction`, nothing
    /// after `--`; a pattern that is refused (it does not compile, or could backtrack for ever) is left out.
    @Test func theMessageRedactionIsReadFromTheCommandLineWords() {
        let words = RedactionOptions.forMessages(["--redact", "AB[0-9]", "--redact=CD", "--no-default-redaction", "--", "--redact", "EF"])
        #expect(words.mask("AB1 CD EF token=x") == "[redacted] [redacted] EF token=x")
        #expect(RedactionOptions.forMessages(["--redact", "bad(", "--redact=(a+)+", "--redact"]) == .standard)
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(RedactionOptions.ordinal)
            == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"])
    }

    /// Beside a masked failure, an unmasked one whose file was renamed is found by its own names: a test is listed once
    /// under a place, so names no pattern masks do not make it look like two tests of the rerun (mutation B16 listed
    /// it under its masked place too, and said "2 tests of this run have those names").
    @Test func lastFailedFindsAnUnmaskedFailureBesideAMaskedOneAfterTheirFilesWereRenamed() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = { (name: String) in """
            spec: "\(name)"
            schedule: {timezone: UTC, rule: {every: day, at: "12:00"}, nonexistent: skip, repeated: first}
            cases:
              - {name: one, after: 2027-01-01T00:00:00Z, next: 2027-01-01T13:00:00Z}

            """ }
        try folder.write("s/f.yaml", spec("Refresh token: abcdef123456 nightly"))
        try folder.write("s/p.yaml", spec("Plain nightly"))
        #expect(await CommandRun.run(folder.path("s"), "--json", folder.path("r.json")).status == ExitStatus.testFailure)
        try FileManager.default.moveItem(atPath: folder.path("s/f.yaml"), toPath: folder.path("s/g.yaml"))
        try FileManager.default.moveItem(atPath: folder.path("s/p.yaml"), toPath: folder.path("s/q.yaml"))
        let rerun = await CommandRun.run(folder.path("s"), "--last-failed", folder.path("r.json"))
        #expect(rerun.status == ExitStatus.testFailure, "\(rerun.err)")
        #expect(rerun.err.contains("2 tests that failed in '\(folder.path("r.json"))' are in other files now"), "\(rerun.err)")
        #expect(!rerun.err.contains("not found by spec, case and engine either"), "\(rerun.err)")
        #expect(rerun.out.hasSuffix("0 passed, 2 failed\n"), "\(rerun.out)")
        Self.expectNoSecret(rerun.err + rerun.out, ["abcdef123456"])
    }
}
