import Foundation
import SpecResults
import Testing
import TextRedaction
@testable import SpecrunCLI

/// Tokens a lifecycle scenario carries (job items, a fault's error, log checks) reach no output of any command:
/// not the terminal, not GitHub annotations, not one results file. Scenarios run in the real binary (running one
/// in process would block a thread of the concurrency pool the parallel tests share); the rest runs in process.
@Suite struct RedactionCommandTests {
    static let secrets = ["abc123def456", "s3cr3tvalue", "dXNlcjpwYXNzd29yZA"]

    /// One failing scenario whose items, expectations and log checks hold the tokens, and one invalid spec whose
    /// fault is named with a token (so a diagnostic quotes it, with the token under the caret).
    static func fixture() throws -> ScratchSpecFolder {
        let folder = try ScratchSpecFolder()
        try folder.write("specs/tokens.yaml", """
            spec: Items that carry tokens
            task: {identifier: com.example.app.refresh, kind: refresh}
            job:
              items: ["Bearer abc123def456", "token=s3cr3tvalue"]
            clock: 2027-03-29T08:00:00+02:00
            steps:
              - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh}
            expect:
              completed: [true]
              store: {items: ["Bearer abc123def456"]}
              log:
                contains: ["Authorization: Basic dXNlcjpwYXNzd29yZA=="]
                never: ["Bearer ", "token="]

            """)
        try folder.write("specs/invalid.yaml", """
            spec: A fault named like a token
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-03-29T08:00:00+02:00
            steps:
              - {at: 2027-03-29T09:00:00+02:00, launch: com.example.app.refresh, fail: {stage: write, error: token=s3cr3tvalue}}
            expect: {completed: [false]}

            """)
        return folder
    }

    /// Every output of a run: stdout, stderr and each file written under `directory`.
    static func outputs(of run: SpecrunChild, in folder: ScratchSpecFolder, under directory: String) throws -> [(name: String, text: String)] {
        [("stdout", try String(contentsOfFile: run.stdoutPath, encoding: .utf8)),
         ("stderr", try String(contentsOfFile: run.stderrPath, encoding: .utf8))] + files(under: folder.path(directory))
    }

    /// Each file below `root`, recursively, with its text.
    static func files(under root: String) -> [(name: String, text: String)] {
        let names = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return names.sorted().compactMap { name in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = FileManager.default.contents(atPath: root + "/" + name) else { return nil }
            return (name, String(decoding: data, as: UTF8.self))
        }
    }

    static func formats(_ directory: String, in folder: ScratchSpecFolder) -> [String] {
        let out = folder.path(directory)
        return ["--json", out + "/results.json", "--junit", out + "/junit.xml", "--html", out + "/report.html",
                "--tap", out + "/results.tap", "--artifacts", out + "/artifacts"]
    }

    @Test func aScenarioCarryingTokensLeaksThemIntoNoFormat() throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        let specs = folder.path("specs")

        // Without redaction every output shows the tokens: the search below would see a leak.
        let raw = try SpecrunChild([specs, "--no-default-redaction"] + Self.formats("raw", in: folder), in: folder,
                                   label: "raw", environment: ["GITHUB_ACTIONS": "true"])
        #expect(raw.waitForEnd() == .exited(ExitStatus.invalidInput), "\(raw.output)")
        let rawOutputs = try Self.outputs(of: raw, in: folder, under: "raw")
        #expect(rawOutputs.count == 2 + 4 + 5, "\(rawOutputs.map(\.name))")
        for (name, text) in rawOutputs where name != "stderr" {
            #expect(Self.secrets.contains { text.contains($0) }, "\(name) shows no token even unredacted")
        }
        #expect(rawOutputs[0].text.contains("::error file="), "the GitHub annotations are part of stdout")

        let masked = try SpecrunChild([specs] + Self.formats("out", in: folder), in: folder,
                                      label: "masked", environment: ["GITHUB_ACTIONS": "true"])
        #expect(masked.waitForEnd() == .exited(ExitStatus.invalidInput), "\(masked.output)")
        let outputs = try Self.outputs(of: masked, in: folder, under: "out")
        #expect(outputs.count == rawOutputs.count)
        for (name, text) in outputs {
            for secret in Self.secrets {
                #expect(!text.contains(secret), "\(name) leaks \(secret)")
            }
        }
        let stdout = outputs[0].text
        #expect(stdout.contains(#"✘ store.items: expected ["Bearer [redacted]"], actual ["Bearer [redacted]", "token=[redacted]"]"#), "\(stdout)")
        #expect(stdout.contains(#"expected a line containing "Authorization: [redacted]""#), "\(stdout)")
        #expect(stdout.contains("invalid.yaml:5:98: error: 'token=[redacted]' is not an error type"), "\(stdout)")
        #expect(stdout.contains("note: the source line is not shown: it holds text that the redaction patterns mask"), "\(stdout)")
        #expect(stdout.contains("::error file="))
    }

    /// A secret whose value YAML reads onto the next line, and one cut by the 1,000 code points a diagnostic shows of a
    /// long line: masked line by line, each source line kept part of its secret; the files are read again for it.
    @Test func sourceLinesAreMaskedWithTheLinesBeforeThemAndTheirWholeLength() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/multi-line.yaml", """
            spec: multi-line
            description: "calls the API with Authorization: Basic
              dXNlcjpwYXNzd29yZA" trailing

            """)
        // The cut falls five characters into the password.
        let padding = String(repeating: "x", count: 945)
        try folder.write("specs/long-line.yaml", "{spec: long, bogus: 1, description: \"\(padding) https://bot:s3cr3tvalue@api.example.com\"}\n")
        for arguments in [[folder.path("specs"), "--json", folder.path("out/results.json"), "--html", folder.path("out/report.html")],
                          ["check", folder.path("specs")]] {
            let run = await CommandRun.run(arguments)
            #expect(run.status == ExitStatus.invalidInput, "\(run.err)")
            let texts = [("stdout", run.out), ("stderr", run.err)] + Self.files(under: folder.path("out"))
            for (name, text) in texts {
                #expect(!text.contains("dXNlcjpwYXNz") && !text.contains("s3cr3t"), "\(arguments[0]): \(name) leaks")
            }
            #expect(run.out.contains("note: the source line is not shown: it holds part of a text that the redaction patterns mask"), "\(run.out)")
        }
    }

    @Test func reportMergeAndCompareMaskArchivedResults() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        let raw = try SpecrunChild([folder.path("specs"), "--no-default-redaction", "--json", folder.path("raw.json")], in: folder)
        #expect(raw.waitForEnd() == .exited(ExitStatus.invalidInput), "\(raw.output)")
        let rawJSON = try #require(folder.read("raw.json"))
        #expect(Self.secrets.allSatisfy { String(decoding: rawJSON, as: UTF8.self).contains($0) })

        let report = await CommandRun.run(["report", folder.path("raw.json")] + Self.formats("report", in: folder))
        #expect(report.status == ExitStatus.success, "\(report.err)")
        let merge = await CommandRun.run("merge", folder.path("raw.json"), "-o", folder.path("merged/all.json"),
                                         "--junit", folder.path("merged/all.xml"))
        #expect(merge.status == ExitStatus.success, "\(merge.err)")
        let compare = await CommandRun.run("compare", folder.path("raw.json"), folder.path("raw.json"))
        let printed: [(name: String, text: String)] = [("report stdout", report.out), ("merge stdout", merge.out), ("compare stdout", compare.out)]
        let written = Self.files(under: folder.path("report")) + Self.files(under: folder.path("merged"))
        let texts = printed + written
        #expect(written.count == 4 + 5 + 2, "\(written.map(\.name))")
        for (name, text) in texts {
            for secret in Self.secrets { #expect(!text.contains(secret), "\(name) leaks \(secret)") }
        }
        #expect(report.out.contains("token=[redacted]"))

        // Asked not to, report shows what the archive holds.
        let plain = await CommandRun.run("report", folder.path("raw.json"), "--no-default-redaction")
        #expect(plain.out.contains("abc123def456"))
    }

    @Test func checkMasksTheDiagnosticsItPrints() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        let check = await CommandRun.run("check", folder.path("specs"))
        #expect(check.status == ExitStatus.invalidInput)
        #expect(!Self.secrets.contains { check.out.contains($0) }, "\(check.out)")
        #expect(check.out.contains("'token=[redacted]' is not an error type"))
        let plain = await CommandRun.run("check", "--no-default-redaction", folder.path("specs"))
        #expect(plain.out.contains("s3cr3tvalue"))
    }

    @Test func patternsFromTheCommandLineMaskTooAndABadOneIsAUsageError() async throws {
        let folder = try Self.fixture()
        defer { folder.remove() }
        let list = await CommandRun.run("--list", "--redact", #"Items that (carry)"#, folder.path("specs"))
        #expect(list.out.contains("Items that [redacted] tokens"), "\(list.out)")

        let bad = await CommandRun.run("--redact", "token=(", folder.path("specs"))
        #expect(bad.status == ExitStatus.invalidInput)
        #expect(bad.err.hasPrefix(#"specrun: error: the 1st --redact pattern is not a valid regular expression (expected ')'); it is not shown, as a pattern often holds the secret. Fix it, e.g. --redact 'X-Session: (\S+)'."# + "\n"), "\(bad.err)")
        #expect(bad.out.isEmpty)
        for command in ["check", "report", "merge", "compare"] {
            let refused = await CommandRun.run(command, "--redact", "[", "x")
            #expect(refused.status == ExitStatus.invalidInput, "\(command)")
            #expect(refused.err.contains("the 1st --redact pattern is not a valid regular expression"), "\(command): \(refused.err)")
        }
    }

    /// A pattern with a group (`PLAIN(SECRET)99`) masks only its group where it matches, and the pattern's own text
    /// does not match it: the recorded command line holds every pattern masked whole.
    @Test func theRecordedCommandLineHoldsNoPattern() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/utc.yaml", """
            spec: UTC noon
            schedule: {timezone: UTC, rule: daily 12:00, nonexistent: skip, repeated: first}
            cases: [{name: c, after: 2027-01-01T00:00:00Z, next: 2027-01-01T12:00:00Z}]

            """)
        let run = await CommandRun.run(
            "--redact", "PLAIN(SECRET)99", "--redact=TOKEN(HIDDEN)", "--json", folder.path("results.json"), folder.path("specs"))
        #expect(run.status == ExitStatus.success, "\(run.err)")
        let results = try String(contentsOfFile: folder.path("results.json"), encoding: .utf8)
        #expect(!results.contains("SECRET") && !results.contains("HIDDEN"))
        let commandLine = try JSONSerialization.jsonObject(with: Data(results.utf8)) as? [String: Any]
        let recorded = (commandLine?["environment"] as? [String: Any])?["commandLine"] as? [String]
        #expect(recorded?.prefix(4) == ["specrun", "--redact", "[redacted]", "--redact=[redacted]"], "\(String(describing: recorded))")

        #expect(RedactionOptions.maskingPatterns(in: ["specrun", "--redact", "A(B)", "--redact=C(D)", "specs", "--", "--redact", "x"])
            == ["specrun", "--redact", "[redacted]", "--redact=[redacted]", "specs", "--", "--redact", "x"])
    }

    @Test func theDefaultPatternsChangeNothingInThisRepositorysResults() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("specs").path
        let run = try SpecrunChild([specs, "--quiet", "--no-default-redaction", "--json", folder.path("all.json")], in: folder)
        #expect(run.waitForEnd() == .exited(ExitStatus.success), "\(run.output)")
        let results = try ResultsFile.read(folder.path("all.json"))
        #expect(results.tests.count >= 700)
        // Specs tagged 'redaction' carry tokens on purpose (specs/lifecycle/tokens-stay-out-of-the-log.yaml): masked.
        var ordinary = results
        ordinary.tests.removeAll { $0.tags.contains("redaction") }
        #expect(ordinary.tests.count == results.tests.count - 1)
        #expect(ordinary.redacted(by: .standard) == ordinary)
        let carrying = try #require(results.redacted(by: .standard).tests.first { $0.tags.contains("redaction") })
        #expect(carrying.status == .passed)
        let items = try #require(carrying.lifecycle?.expectations.first { $0.name == "store.items" })
        #expect(items.actual == #"["Bearer [redacted]", "token=[redacted]"]"#)
    }
}
