import Foundation
import SpecDiagnostics
@testable import SpecLint
import SpecModel
import SpecParser
import TaskHarness
import Testing

/// The Info.plist fixtures the task harness would refuse when a scenario runs, told by `specrun check` instead.
@Suite struct InfoPlistFixtureLintTests {
    /// A spec folder in the temporary directory with `fixtures/` beside the spec file, removed when the test ends.
    struct FixtureFolder: ~Copyable {
        let specFolder: String

        init() throws {
            specFolder = FileManager.default.temporaryDirectory.appendingPathComponent("info-plist-lint-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: specFolder + "/fixtures", withIntermediateDirectories: true)
        }

        func write(_ name: String, _ bytes: Data) throws {
            try bytes.write(to: URL(fileURLWithPath: specFolder + "/fixtures/" + name))
        }

        func path(_ name: String) -> String { specFolder + "/fixtures/" + name }

        deinit { try? FileManager.default.removeItem(atPath: specFolder) }
    }

    static func xml(_ body: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">\(body)</plist>

            """.utf8)
    }

    static let goodDictionary = "<dict><key>BGTaskSchedulerPermittedIdentifiers</key><array><string>com.example.app.refresh</string></array>"
        + "<key>UIBackgroundModes</key><array><string>fetch</string></array></dict>"

    @Test func fixturesTheHarnessWouldRefuseAreToldWithWhatToDo() throws {
        let folder = try FixtureFolder()
        try folder.write("Garbage.plist", Data("not a property list {".utf8))
        try folder.write("Array.plist", Self.xml("<array><string>com.example.app.refresh</string></array>"))
        try folder.write("Keys.plist", Self.xml("<dict><key>BGTaskSchedulerPermittedIdentifiers</key><string>com.example.app.refresh</string>"
            + "<key>UIBackgroundModes</key><array><string>fetch</string><integer>1</integer></array></dict>"))
        #expect(mkfifo(folder.path("Pipe.plist"), 0o600) == 0)
        try folder.write("Info.plist", Self.xml(Self.goodDictionary))
        let dictionary = try PropertyListSerialization.propertyList(from: Self.xml(Self.goodDictionary), format: nil)
        try folder.write("Binary.plist", PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0))
        try folder.write("Empty.plist", Self.xml("<dict/>"))
        let file = SpecParser().parse(path: folder.specFolder + "/lint.yaml", bytes: Array("""
            spec: not a property list
            task: {identifier: com.example.app.refresh, kind: refresh, info-plist: fixtures/Garbage.plist}
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect: {errors: []}
            ---
            spec: a list at the top
            task: {identifier: com.example.app.refresh, kind: refresh, info-plist: fixtures/Array.plist}
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect: {errors: []}
            ---
            spec: keys of the wrong kind
            task: [{identifier: com.example.app.refresh, kind: refresh, info-plist: fixtures/Keys.plist}, {identifier: com.example.app.processing, kind: processing}]
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect: {errors: []}
            ---
            spec: a pipe
            task: {identifier: com.example.app.refresh, kind: refresh, info-plist: fixtures/Pipe.plist}
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect: {errors: []}
            ---
            spec: a good one
            task: {identifier: com.example.app.refresh, kind: refresh, info-plist: fixtures/Info.plist}
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect: {errors: []}
            ---
            spec: a good binary one
            task: {identifier: com.example.app.refresh, kind: refresh, info-plist: fixtures/Binary.plist}
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect: {errors: []}
            ---
            spec: keys left out
            task: {identifier: com.example.app.refresh, kind: refresh, info-plist: fixtures/Empty.plist}
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect: {errors: []}

            """.utf8))
        #expect(!file.hasErrors)
        let rendered = SpecLinter().diagnostics(for: file).map { DiagnosticRenderer().render($0) + "\n" }.joined()
        #expect(rendered.replacingOccurrences(of: folder.specFolder + "/", with: "") == """
            lint.yaml:2:72: warning: 'fixtures/Garbage.plist' is not a property list (XML or binary), so the scenario cannot run; name the app's Info.plist, or convert the file with 'plutil -convert xml1' [invalid-fixture]
            task: {identifier: com.example.app.refresh, kind: refresh, info-plist: fixtures/Garbage.plist}
                                                                                   ^~~~~~~~~~~~~~~~~~~~~~
            lint.yaml:8:72: warning: 'fixtures/Array.plist' holds an array of strings at its top level, where an Info.plist holds a dictionary of keys, so the scenario cannot run; name the app's Info.plist itself [invalid-fixture]
            task: {identifier: com.example.app.refresh, kind: refresh, info-plist: fixtures/Array.plist}
                                                                                   ^~~~~~~~~~~~~~~~~~~~
            lint.yaml:14:73: warning: BGTaskSchedulerPermittedIdentifiers in 'fixtures/Keys.plist' is a string, and it must be an array of strings, so the scenario cannot run; write it as <array><string>com.example.app.refresh</string><string>com.example.app.processing</string></array> [invalid-fixture]
            task: [{identifier: com.example.app.refresh, kind: refresh, info-plist: fixtures/Keys.plist}, {identifier: com.example.app.processing, kind: processing}]
                                                                                    ^~~~~~~~~~~~~~~~~~~
            lint.yaml:14:73: warning: UIBackgroundModes in 'fixtures/Keys.plist' is an array holding other values than strings, and it must be an array of strings, so the scenario cannot run; write it as <array><string>fetch</string><string>processing</string></array> [invalid-fixture]
            task: [{identifier: com.example.app.refresh, kind: refresh, info-plist: fixtures/Keys.plist}, {identifier: com.example.app.processing, kind: processing}]
                                                                                    ^~~~~~~~~~~~~~~~~~~
            lint.yaml:20:72: warning: 'fixtures/Pipe.plist' is not a regular file (a device or a pipe), so the scenario cannot run; name the Info.plist itself [invalid-fixture]
            task: {identifier: com.example.app.refresh, kind: refresh, info-plist: fixtures/Pipe.plist}
                                                                                   ^~~~~~~~~~~~~~~~~~~

            """)
    }

    /// The contents the cross-check below reads, each once through the lint and once through the harness.
    static let contents: [(name: String, bytes: Data)] = {
        let good = try! PropertyListSerialization.propertyList(from: xml(goodDictionary), format: nil)
        return [
            ("xml", xml(goodDictionary)),
            ("binary", try! PropertyListSerialization.data(fromPropertyList: good, format: .binary, options: 0)),
            ("keys left out", xml("<dict><key>CFBundleName</key><string>App</string></dict>")),
            ("empty dictionary", xml("<dict/>")),
            ("old-style text", Data("{ BGTaskSchedulerPermittedIdentifiers = (com.example.app.refresh); UIBackgroundModes = (fetch); }".utf8)),
            ("empty file", Data()),
            ("garbage", Data("not a property list {".utf8)),
            ("JSON", Data(#"{"BGTaskSchedulerPermittedIdentifiers": ["com.example.app.refresh"]}"#.utf8)),
            ("array", xml("<array><string>com.example.app.refresh</string></array>")),
            ("string", xml("<string>com.example.app.refresh</string>")),
            ("permitted a string", xml("<dict><key>BGTaskSchedulerPermittedIdentifiers</key><string>com.example.app.refresh</string></dict>")),
            ("permitted a dictionary", xml("<dict><key>BGTaskSchedulerPermittedIdentifiers</key><dict/></dict>")),
            ("modes holding a number", xml("<dict><key>UIBackgroundModes</key><array><string>fetch</string><integer>1</integer></array></dict>")),
            ("modes a boolean", xml("<dict><key>UIBackgroundModes</key><true/></dict>")),
            ("modes an empty array", xml("<dict><key>UIBackgroundModes</key><array/></dict>")),
        ]
    }()

    /// The lint restates the harness's reader (it may not import it): on every file, it warns exactly when the harness
    /// refuses the file, so the two cannot drift apart unnoticed.
    @Test(arguments: contents.indices)
    func theLintWarnsExactlyWhenTheHarnessRefusesTheFile(index: Int) throws {
        let (name, bytes) = Self.contents[index]
        let folder = try FixtureFolder()
        try folder.write("Info.plist", bytes)
        let task = LifecycleSpec.TaskDeclaration(
            identifier: "com.example.app.refresh", kind: .refresh, location: SourceLocation(file: "lint.yaml", line: 2, column: 7))
        let problems = InfoPlistFixtureLint().problems(at: folder.path("Info.plist"), written: "fixtures/Info.plist", tasks: [task])
        let refused: Bool
        do {
            _ = try StaticGate(infoPlistAt: URL(fileURLWithPath: folder.path("Info.plist")))
            refused = false
        } catch {
            refused = true
        }
        #expect(problems.isEmpty == !refused, "\(name): the lint says \(problems), the harness \(refused ? "refuses" : "accepts") it")
    }

    /// A fixture the user running specrun may not read (a CI job that does not own the checkout) is told by `check`,
    /// before a run errors on it. Tests run as root, who reads anything, so the refusal is injected.
    @Test func anUnreadableFixtureIsAWarningThatSaysWhatToDo() throws {
        let folder = try FixtureFolder()
        try folder.write("Info.plist", Self.contents[0].1)
        let task = LifecycleSpec.TaskDeclaration(
            identifier: "com.example.app.refresh", kind: .refresh, location: SourceLocation(file: "lint.yaml", line: 2, column: 7))
        var lint = InfoPlistFixtureLint()
        lint.mayRead = { _ in EACCES }
        #expect(lint.problems(at: folder.path("Info.plist"), written: "fixtures/Info.plist", tasks: [task]) == [
            "'fixtures/Info.plist' cannot be read (Permission denied), so the scenario cannot run; give the user who runs specrun "
                + "read permission on it (chmod a+r)",
        ])
    }

    /// A fixture larger than the run's limit passed `specrun check` and was refused by every run (the docs review):
    /// the lint holds it to the same limit, given as the run gives it (`--max-file-size`).
    @Test func aFixtureOverTheRunsLimitIsAWarning() throws {
        let folder = try FixtureFolder()
        try folder.write("Info.plist", Self.contents[0].1)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: folder.path("Info.plist"))[.size] as? Int)
        let task = LifecycleSpec.TaskDeclaration(
            identifier: "com.example.app.refresh", kind: .refresh, location: SourceLocation(file: "lint.yaml", line: 2, column: 7))
        #expect(InfoPlistFixtureLint(byteLimit: size - 1).problems(at: folder.path("Info.plist"), written: "fixtures/Info.plist", tasks: [task]) == [
            "'fixtures/Info.plist' holds \(size) bytes, more than the \(size - 1) a fixture may hold (--max-file-size), so the scenario "
                + "cannot run; name the app's Info.plist itself",
        ])
        #expect(InfoPlistFixtureLint(byteLimit: size).problems(at: folder.path("Info.plist"), written: "fixtures/Info.plist", tasks: [task]).isEmpty)
    }

    /// The diagnostics page's example is the whole output of this spec and fixture.
    @Test func theDiagnosticsPageQuotesTheLintExactly() throws {
        let folder = try FixtureFolder()
        try folder.write("Info.plist", Self.xml("<dict><key>BGTaskSchedulerPermittedIdentifiers</key><string>com.example.app.refresh</string></dict>"))
        let file = SpecParser().parse(path: folder.specFolder + "/lint.yaml", bytes: Array("""
            spec: Gate from a file that is not an Info.plist
            task:
              identifier: com.example.app.refresh
              info-plist: fixtures/Info.plist
            clock: 2027-03-29T00:00:00+02:00
            steps: []
            expect:
              errors: []

            """.utf8))
        let rendered = SpecLinter().diagnostics(for: file).map { DiagnosticRenderer().render($0) + "\n" }.joined()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "### `invalid-fixture`").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```text\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(rendered.replacingOccurrences(of: folder.specFolder + "/", with: "") == block)
    }
}
