import Foundation
import Testing
@testable import SpecrunCLI

/// A locale variable that is no locale name (`LANG=Europe/Berlin`, a zone where a locale belongs, or a 12-letter word)
/// made ICU crash at its first calendar: every lifecycle scenario and Foundation-engine test ended the run in a
/// segmentation fault, with no results file (the forty-fifth session's argument fuzzing). Such a value is replaced.
@Suite struct LocaleEnvironmentTests {
    @Test(arguments: [
        ("", true), ("C", true), ("POSIX", true), ("C.UTF-8", true), ("en_US.UTF-8", true), ("de_DE@euro", true),
        ("sr_RS.UTF-8@latin", true), ("zh-Hant-TW", true), ("fr", true),
        ("Europe/Berlin", false), ("abcdefghijkl", false), ("en_US.", false), ("en_US@", false), ("en US", false),
        ("_US", false), ("en__US", false), ("1en", false),
    ])
    func aLocaleNameIsToldFromOtherText(_ value: String, _ isName: Bool) {
        #expect(LocaleEnvironment.isLocaleName(value) == isName)
    }

    /// Only `LANG` and the POSIX categories are locale variables: a terminal's `LC_TERMINAL=iTerm2` is left alone.
    @Test func onlyTheLocaleCategoriesAreRead() {
        let environment = ["LANG": "x", "LC_ALL": "x", "LC_MESSAGES": "x", "LC_TIME": "x", "LC_TERMINAL": "iTerm2",
                           "LC_TERMINAL_VERSION": "3.4.19", "LANGUAGE": "de:en", "PATH": "/bin"]
        #expect(LocaleEnvironment.localeVariables(in: environment) == ["LANG", "LC_ALL", "LC_MESSAGES", "LC_TIME"])
    }

    /// The binary under such values runs the lifecycle scenarios of `cancel.yaml` (one has a schedule, whose failures
    /// and details read instants) and a Berlin spec on both engines, and writes its results.
    @Test(arguments: [["LANG": "Europe/Berlin"], ["LC_ALL": "abcdefghijkl"], ["LC_MESSAGES": "Europe/Berlin", "LANG": "en_US.UTF-8"]])
    func aRunUnderALocaleThatIsNoNameRunsWhole(_ environment: [String: String]) throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        let scenarios = FileManager.default.currentDirectoryPath + "/specs/lifecycle/rules/cancel.yaml"
        let ended = try SpecrunChild.runToEnd(try SpecrunChild.binary(), [spec, scenarios, "--engine", "all", "--json", folder.path("r.json")],
                                              environment: environment, in: folder)
        #expect(ended.reason == .exit, "\(ended.stderr)")
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("r.json")))
    }
}
