import Foundation
import Testing
@testable import SpecrunCLI

/// `report`, `merge`, `compare` and `--last-failed` given a results file that is not one (docs/reports.md, "Reading
/// results files"): exit 2 with the file and what to do, no output file written; a suspect file is read with a warning.
@Suite struct ResultsFileCommandTests {
    /// A failing spec run with `--json`: the results file every test then damages.
    static func results(in folder: ScratchSpecFolder) async throws -> (spec: String, json: String, text: String) {
        let spec = try folder.write("failing.yaml", """
            spec: Failing
            schedule: {timezone: Etc/UTC, rule: daily 12:00, nonexistent: skip, repeated: first}
            cases: [{name: c, after: 2027-01-01T00:00:00Z, next: 2027-01-01T13:00:00Z}]

            """)
        let json = folder.path("results.json")
        let run = await CommandRun.run([spec, "--json", json])
        #expect(run.status == ExitStatus.testFailure, "\(run.err)")
        let text = String(decoding: folder.read("results.json") ?? Data(), as: UTF8.self)
        return (spec, json, text)
    }

    @Test func aCutShortFileIsRefusedByEveryCommandAndNothingIsWritten() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let (spec, good, text) = try await Self.results(in: folder)
        let cut = try folder.write("cut.json", String(text.prefix(text.count / 2)))
        let runs = [
            ["report", cut, "--junit", folder.path("out/j.xml"), "--html", folder.path("out/h.html"), "--tap", folder.path("out/t.tap")],
            ["merge", good, cut, "-o", folder.path("out/m.json")],
            ["compare", cut, good],
            ["compare", good, cut],
            [spec, "--last-failed", cut, "--json", folder.path("out/r.json")],
        ]
        for arguments in runs {
            let run = await CommandRun.run(arguments)
            #expect(run.status == ExitStatus.invalidInput, "\(arguments): \(run.err)")
            #expect(run.err.hasPrefix("specrun: error: the results file \(cut):"), "\(arguments): \(run.err)")
            #expect(run.err.contains("the file is cut short (an interrupted upload or copy?); download or copy it again"), "\(run.err)")
            #expect(folder.entries("out").isEmpty, "\(arguments) wrote \(folder.entries("out"))")
            // The command was used right: the pointer to --help is for usage mistakes only.
            #expect(!run.err.contains("for usage"), "\(arguments): \(run.err)")
            #expect(run.err.split(separator: "\n").count == 1, "\(arguments): \(run.err)")
        }
    }

    /// `compare` read instants by `epochSeconds` and ignored a `utc` edited by hand to say something else (this
    /// one moves the actual occurrence from 12:00 to 14:00 in the text only): such a file is refused.
    @Test func anInstantEditedInItsTextAloneIsRefusedByCompare() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let (_, good, text) = try await Self.results(in: folder)
        #expect(text.contains("\"utc\": \"2027-01-01T12:00:00Z\""))
        let edited = try folder.write("edited.json", text.replacingOccurrences(of: "\"utc\": \"2027-01-01T12:00:00Z\"",
                                                                             with: "\"utc\": \"2027-01-01T14:00:00Z\""))
        let compare = await CommandRun.run("compare", good, edited)
        #expect(compare.status == ExitStatus.invalidInput)
        #expect(compare.err == "specrun: error: the results file \(edited): tests[0].actual[0].utc is 2027-01-01T14:00:00Z, "
            + "but tests[0].actual[0].epochSeconds 1798804800 is 2027-01-01T12:00:00Z (test \(folder.path("failing.yaml")) › Failing › c › core); make the two agree "
            + "(epochSeconds counts the seconds since 1970-01-01T00:00:00Z; compare reads it, the reports show the texts), or write "
            + "the file anew with `specrun --json`.\n")
        #expect(compare.out.isEmpty)
    }

    @Test func aFileFromANewerSpecrunIsRefusedByLastFailed() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let (spec, _, text) = try await Self.results(in: folder)
        let newer = try folder.write("newer.json", text.replacingOccurrences(of: "\"schemaVersion\": 1", with: "\"schemaVersion\": 2"))
        let run = await CommandRun.run([spec, "--last-failed", newer])
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: the results file \(newer): schemaVersion 2 is newer than this specrun reads (1): "
            + "a newer specrun wrote it; read it with that specrun or a newer one (`specrun --version` says which this is).\n"), "\(run.err)")
    }

    @Test func unknownFieldsAreReadWithAWarningByEveryCommand() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let (spec, good, text) = try await Self.results(in: folder)
        let extra = try folder.write("extra.json", text.replacingOccurrences(of: "\"strict\": false", with: "\"strict\": false,\n  \"retries\": 2"))
        let warning = "specrun: warning: \(extra): a field this specrun does not know was ignored (retries); a newer specrun may have "
            + "written it: read the file with that version to see it\n"
        for arguments in [["report", extra], ["merge", extra, "-o", folder.path("m.json")], ["compare", good, extra], [spec, "--last-failed", extra]] {
            let run = await CommandRun.run(arguments)
            #expect(run.status != ExitStatus.invalidInput, "\(arguments): \(run.err)")
            #expect(run.err.hasPrefix(warning), "\(arguments): \(run.err)")
        }
    }

    @Test func aFolderAMissingFileAndAnEmptyPipeEachSayWhatTheyAre() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let fifo = folder.path("pipe.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases = [
            (folder.path, "specrun: error: cannot read the results file '\(folder.path)': it is a folder, and no results.json is in it "
                + "or in a folder in it; name a results file written by 'specrun --json' or 'specrun --artifacts'.\n"),
            (folder.path("gone.json"), "specrun: error: cannot read the results file '\(folder.path("gone.json"))': there is no such file; "
                + "check the path (a download step that failed?).\n"),
            // Nobody writes into the pipe: read as empty at once, not waited on for ever.
            (fifo, "specrun: error: the results file \(fifo):1:1: the file is empty, not a results document (an upload that failed?); "
                + "download or copy it again, or write it anew with `specrun --json FILE`.\n"),
        ]
        for (path, message) in cases {
            let run = await CommandRun.run(["report", path])
            #expect(run.status == ExitStatus.invalidInput)
            // A file problem, not a usage mistake: no pointer to --help.
            #expect(run.err == message)
        }
    }
    /// An `--artifacts` folder given as results: its one results.json is `DIR/<toolchain>/results.json`, and that is
    /// the path suggested ('shard-1/results.json' was suggested, which does not exist; a CI review).
    @Test func aFolderSuggestsTheResultsFileFoundBelowIt() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/a.yaml", ScratchSpecFolder.quickSpec("A"))
        let run = await CommandRun.run(folder.path("specs"), "--artifacts", folder.path("shard-1"))
        #expect(run.status == ExitStatus.success, "\(run.err)")
        let toolchain = try #require(folder.entries("shard-1").first)
        let compare = await CommandRun.run("compare", folder.path("shard-1"), folder.path("shard-1/\(toolchain)/results.json"))
        #expect(compare.status == ExitStatus.invalidInput)
        #expect(compare.err == "specrun: error: cannot read the results file '\(folder.path("shard-1"))': it is a folder; name the results "
            + "file in it, '\(folder.path("shard-1"))/\(toolchain)/results.json'.\n", "\(compare.err)")
    }

    /// The files given by mistake most often are named by what they are, by every command that reads results: the
    /// check that the file begins with `{` (for devices and endless streams) told them all "a device or another kind
    /// of file?" (the docs review), though the reader can say which they are from their first bytes.
    @Test func aReportASpecAndAGzipFileAreNamedByEveryCommand() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let (_, good, _) = try await Self.results(in: folder)
        let files = [
            ("junit.xml", Data("<?xml version=\"1.0\"?>\n<testsuites/>\n".utf8), "1:1: this is XML or HTML (a JUnit, HTML or other report?), not JSON results"),
            ("spec.json", Data("spec: x\n".utf8), "1:1: this is YAML or plain text (a spec file?), not JSON results"),
            ("r.json.gz", Data([0x1F, 0x8B, 0x08, 0x00]), "1:1: this is a compressed (gzip) file, not JSON results"),
            ("utf16.json", Data([0xFF, 0xFE, 0x7B, 0x00]), "1:1: the file is UTF-16, not UTF-8"),
            ("results.tap", Data("TAP version 13\n1..0\n".utf8), "1:1: this is a TAP report (written by `specrun --tap`), not JSON results"),
        ]
        for (name, bytes, said) in files {
            let path = folder.path(name)
            try bytes.write(to: URL(fileURLWithPath: path))
            for arguments in [["report", path], ["merge", good, path, "-o", folder.path("out/m.json")], ["compare", good, path]] {
                let run = await CommandRun.run(arguments)
                #expect(run.status == ExitStatus.invalidInput, "\(arguments): \(run.err)")
                #expect(run.err.hasPrefix("specrun: error: the results file \(path):\(said)"), "\(arguments): \(run.err)")
            }
        }
    }

    /// `report /dev/zero` read without end until memory ran out, and a results file of any size was read whole: a
    /// file larger than `--max-results-size` is refused before it is read, a stream once it passes the bound, and
    /// anything that does not begin as a JSON object at its first read. Every command that reads results says so.
    @Test func aDeviceAnEndlessStreamAndAFileOverTheBoundAreRefusedByEveryCommand() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let (spec, good, text) = try await Self.results(in: folder)
        let size = text.utf8.count
        for path in ["/dev/zero", "/dev/urandom"] {
            let runs = [["report", path], ["merge", good, path, "-o", folder.path("out/m.json")], ["compare", path, good],
                        [spec, "--last-failed", path, "--json", folder.path("out/r.json")]]
            for arguments in runs {
                let run = await CommandRun.run(arguments)
                #expect(run.status == ExitStatus.invalidInput, "\(arguments): \(run.err)")
                // A control byte comes first (byte 0 of /dev/zero; within the first read of /dev/urandom, which began with
                // '{' or white space once in about 50 reads and was then read to the bound: a flaky test).
                #expect(run.err.hasPrefix("specrun: error: cannot read the results file '\(path)': it holds the control byte 0x"), "\(arguments): \(run.err)")
                #expect(run.err.hasSuffix(", so it is not JSON results (a device or another kind of file?); give the path of a JSON file written by 'specrun --json'.\n"),
                        "\(arguments): \(run.err)")
                if path == "/dev/zero" { #expect(run.err.contains("the control byte 0x0 at byte 0,")) }
                #expect(folder.entries("out").isEmpty)
            }
        }
        // One byte under the file's size refuses it, naming its size and a bound that holds it; its size reads it.
        let bound = String(size - 1)
        for arguments in [["report", good, "--max-results-size", bound], ["merge", good, "-o", folder.path("out/m.json"), "--max-results-size", bound],
                          ["compare", good, good, "--max-results-size", bound], [spec, "--last-failed", good, "--max-results-size", bound]] {
            let run = await CommandRun.run(arguments)
            #expect(run.status == ExitStatus.invalidInput, "\(arguments): \(run.err)")
            #expect(run.err == "specrun: error: cannot read the results file '\(good)': it holds \(size) bytes, more than the \(size - 1) "
                + "that --max-results-size allows; give a results file written by 'specrun --json', or raise the bound, e.g. "
                + "--max-results-size 1M.\n", "\(arguments)")
        }
        #expect(await CommandRun.run(["report", good, "--max-results-size", String(size)]).status == ExitStatus.success)
        // A pipe is read up to the bound and no further.
        let fifo = folder.path("pipe.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        // This test holds the pipe open for writing with 20 KB in it (less than a pipe holds, so no write waits): the
        // command must stop reading at the bound, since the pipe never ends while a writer holds it.
        let writer = open(fifo, O_RDWR | O_NONBLOCK)
        #expect(writer >= 0)
        defer { close(writer) }
        let bytes = Array(("{" + String(repeating: " ", count: 20_000)).utf8)
        #expect(write(writer, bytes, bytes.count) == bytes.count)
        let piped = await CommandRun.run(["report", fifo, "--max-results-size", "10K"])
        #expect(piped.err == "specrun: error: cannot read the results file '\(fifo)': it holds more than the 10240 bytes that "
            + "--max-results-size allows; give a results file written by 'specrun --json', or raise the bound, e.g. --max-results-size 1M.\n")
        // A pipe of text that is no JSON is told so at its first read; one that sends a control byte, at that byte.
        for (name, content, said) in [("yaml.json", "spec: x\n", "it does not begin with '{'"),
                                      ("bell.json", "{\"a\": \u{7}", "it holds the control byte 0x7 at byte 6")] {
            let pipe = folder.path(name)
            #expect(mkfifo(pipe, 0o600) == 0)
            let end = open(pipe, O_RDWR | O_NONBLOCK)
            defer { close(end) }
            let sent = Array(content.utf8)
            #expect(write(end, sent, sent.count) == sent.count)
            let run = await CommandRun.run(["report", pipe])
            #expect(run.err == "specrun: error: cannot read the results file '\(pipe)': \(said), so it is not JSON results (a device "
                + "or another kind of file?); give the path of a JSON file written by 'specrun --json'.\n")
        }
        // White space before the first '{' is skipped, up to a mebibyte (a results file of specrun's begins with '{').
        let padded = try folder.write("padded.json", String(repeating: " ", count: 100_000) + text)
        #expect(await CommandRun.run(["report", padded]).status == ExitStatus.success)
        let blank = try folder.write("blank.json", String(repeating: "\n", count: (1 << 20) + 70_000) + text)
        #expect(await CommandRun.run(["report", blank]).err == "specrun: error: cannot read the results file '\(blank)': it begins with "
            + "more than 1 MiB of white space, so it is not JSON results (a device or another kind of file?); give the path of a JSON "
            + "file written by 'specrun --json'.\n")
        #expect(await CommandRun.run(["report", good, "--max-results-size", "1x"]).err.hasPrefix(
            "specrun: error: the value '1x' is not allowed for '--max-results-size'; give a number of bytes of at least 1"))
    }
}
