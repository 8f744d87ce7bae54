import Foundation
import Testing
@testable import SpecrunCLI

/// Spec folders and results files come from many hands: a file name, a key or a results field holding an escape
/// sequence must reach the reader's terminal as visible text (`\u{1B}`), never as a raw control character that
/// could clear the screen, retitle the window or hide a failure. Every run here has NO_COLOR, so specrun's own
/// output holds no escape at all.
@Suite struct ControlCharacterOutputTests {
    private static let escape = "\u{1B}"
    private static let folderName = "team\u{1B}[2J\u{1B}]0;owned\u{7}"

    private static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
    }

    @Test func aFolderNameWithEscapesIsShownEscapedInTheListAndTheReport() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write(Self.folderName + "/noon.yaml", ScratchSpecFolder.quickSpec("noon"))

        let list = await CommandRun.run("--list", folder.path)
        #expect(list.status == ExitStatus.success, "\(list.err)")
        #expect(list.out.contains("team\\u{1B}[2J\\u{1B}]0;owned\\u{7}/noon.yaml"))
        #expect(!Self.hasRawControl(list.out + list.err))

        let run = await CommandRun.run(folder.path)
        #expect(run.status == ExitStatus.success, "\(run.err)")
        #expect(!Self.hasRawControl(run.out + run.err))
    }

    @Test func aSpecErrorQuotingAnEscapedValueIsShownEscaped() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("zone.yaml", ScratchSpecFolder.quickSpec("noon").replacingOccurrences(
            of: "timezone: UTC", with: "timezone: \"Europe/Berln\\e[2J\""))

        for command in [[folder.path], ["check", folder.path]] {
            let run = await CommandRun.run(command)
            #expect(run.status == ExitStatus.invalidInput)
            #expect(run.out.contains("unknown time zone 'Europe/Berln\\u{1B}[2J'"), "\(run.out)")
            #expect(!Self.hasRawControl(run.out + run.err))
        }
    }

    @Test func aPathThatIsNotThereIsQuotedEscapedOnStandardError() async {
        let run = await CommandRun.run("/nowhere/" + Self.folderName)
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.contains("\\u{1B}[2J"), "\(run.err)")
        #expect(!Self.hasRawControl(run.err))
    }

    @Test func compareShowsIdsFromAResultsFileEscaped() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write(Self.folderName + "/noon.yaml", ScratchSpecFolder.quickSpec("noon"))
        let old = folder.path("old.json"), new = folder.path("new.json")
        #expect(await CommandRun.run(folder.path, "--json", old, "--quiet").status == ExitStatus.success)
        // The same test, now failing: its id (with the folder's escapes) is listed as newly failing.
        try ScratchSpecFolder.quickSpec("noon").replacingOccurrences(of: "next: 2027-01-01T12:00:00Z", with: "next: 2027-01-01T13:00:00Z")
            .write(toFile: spec, atomically: true, encoding: .utf8)
        #expect(await CommandRun.run(folder.path, "--json", new, "--quiet").status == ExitStatus.testFailure)

        let compare = await CommandRun.run("compare", old, new)
        #expect(compare.status == ExitStatus.testFailure, "\(compare.err)")
        #expect(compare.out.contains("team\\u{1B}[2J"), "\(compare.out)")
        #expect(!Self.hasRawControl(compare.out + compare.err))
    }
}
