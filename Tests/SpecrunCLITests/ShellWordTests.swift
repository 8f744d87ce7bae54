import Foundation
import SpecResults
@testable import SpecrunCLI
import Testing

/// The commands `specrun init` prints under "Next:" are pasted into a shell: a folder named in any language stays
/// as it is, and one the shell would split or expand is single-quoted.
struct ShellWordTests {
    @Test(arguments: [
        ("specs", "specs"),
        ("/tmp/новый-проект", "/tmp/новый-проект"),
        ("测试/每日排程", "测试/每日排程"),
        ("été", "été"),
        ("e\u{301}te\u{301}", "e\u{301}te\u{301}"),
        ("/tmp/новый проект", "'/tmp/новый проект'"),
        ("每日 排程", "'每日 排程'"),
        ("l'été", "'l'\\''été'"),
        ("$HOME/specs", "'$HOME/specs'"),
        ("~/specs", "'~/specs'"),
        ("a*b", "'a*b'"),
        ("", "''"),
    ])
    func aWordIsQuotedOnlyWhenTheShellWouldChangeIt(word: String, pasted: String) {
        #expect(ShellWord.quoted(word) == pasted)
    }

    @Test func initIntoAFolderWithASpaceInItsNamePrintsCommandsThatPaste() async throws {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let target = folder.path + "/новый проект"
        let run = await CommandRun.run("init", target)
        #expect(run.status == ExitStatus.success, "\(run.err)")
        #expect(run.out.contains("specrun check '\(target)'\n"), "\(run.out)")
        #expect(run.out.contains("specrun '\(target)'\n"), "\(run.out)")
    }
}
