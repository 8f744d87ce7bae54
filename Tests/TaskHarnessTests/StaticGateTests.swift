import Foundation
import Testing
@testable import TaskHarness

@Suite struct StaticGateTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>BGTaskSchedulerPermittedIdentifiers</key>
            <array>
                <string>com.example.app.refresh</string>
                <string>com.example.app.processing</string>
            </array>
            <key>UIBackgroundModes</key>
            <array>
                <string>fetch</string>
            </array>
            <key>CFBundleIdentifier</key>
            <string>com.example.app</string>
        </dict>
        </plist>
        """

    private func write(_ data: Data, name: String) throws -> (ScenarioFolder, URL) {
        let folder = try ScenarioFolder()
        let url = folder.root.appendingPathComponent(name)
        try data.write(to: url)
        return (folder, url)
    }

    @Test func readsAnXMLInfoPlistFile() throws {
        let (folder, url) = try write(Data(Self.xml.utf8), name: "Info.plist")
        defer { folder.remove() }
        let gate = try StaticGate(infoPlistAt: url)
        #expect(gate.permittedIdentifiers == ["com.example.app.refresh", "com.example.app.processing"])
        #expect(gate.backgroundModes == ["fetch"])
    }

    @Test func readsABinaryInfoPlistGeneratedByPropertyListSerialization() throws {
        let plist: [String: Any] = [
            "BGTaskSchedulerPermittedIdentifiers": ["com.example.app.refresh"],
            "UIBackgroundModes": ["fetch", "processing"],
        ]
        let binary = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        #expect(binary.starts(with: Array("bplist00".utf8)))
        let (folder, url) = try write(binary, name: "Binary-Info.plist")
        defer { folder.remove() }
        let gate = try StaticGate(infoPlistAt: url)
        #expect(gate.permittedIdentifiers == ["com.example.app.refresh"])
        #expect(gate.backgroundModes == ["fetch", "processing"])
    }

    @Test func missingKeysReadAsEmptyLists() throws {
        let binary = try PropertyListSerialization.data(fromPropertyList: ["CFBundleIdentifier": "x"], format: .binary, options: 0)
        let gate = try StaticGate(infoPlistData: binary, path: "Info.plist")
        #expect(gate.permittedIdentifiers.isEmpty && gate.backgroundModes.isEmpty)
        #expect(gate.refusal(for: Fixture.refresh, kind: .refresh) == .identifierNotPermitted)
    }

    @Test(arguments: [
        ("not a plist at all", "not a property list (XML or binary); export it with plutil"),
        ("<plist version=\"1.0\"><array><string>x</string></array></plist>", "the top level is not a dictionary; an Info.plist is one"),
        ("<plist version=\"1.0\"><dict><key>UIBackgroundModes</key><string>fetch</string></dict></plist>", "UIBackgroundModes must be an array of strings"),
    ])
    func unreadablePlistsSayWhatIsWrong(text: String, reason: String) {
        #expect(throws: StaticGateError(path: "fixtures/Info.plist", reason: reason)) {
            try StaticGate(infoPlistData: Data(text.utf8), path: "fixtures/Info.plist")
        }
    }

    @Test func aMissingFileNamesItsPath() {
        #expect(throws: StaticGateError(path: "/nonexistent/Info.plist", reason: "there is no such file; check the path given in 'info-plist'")) {
            try StaticGate(infoPlistAt: URL(fileURLWithPath: "/nonexistent/Info.plist"))
        }
    }

    /// A CI job running as another user than the checkout's owner met "cannot read the file; check the path given in
    /// 'info-plist'" for a path that was right: the file was not readable. (Tests run as root, who reads anything, so
    /// the reason is checked for each errno of opening the file.)
    @Test func anUnreadableFileSaysWhyAndWhatToDo() {
        #expect(StaticGate.readProblem(errno: EACCES) == "cannot read the file (Permission denied); give the user who runs specrun "
            + "read permission on it (chmod a+r) and search permission on its folders")
        #expect(StaticGate.readProblem(errno: ENOENT) == "there is no such file; check the path given in 'info-plist'")
        #expect(StaticGate.readProblem(errno: EIO) == "cannot read the file (Input/output error); check the path given in 'info-plist'")
    }

    @Test func theGateNeedsTheIdentifierAndTheKindsBackgroundMode() {
        let gate = StaticGate(permittedIdentifiers: [Fixture.refresh, Fixture.processing], backgroundModes: ["fetch"])
        #expect(gate.refusal(for: Fixture.refresh, kind: .refresh) == nil)
        #expect(gate.refusal(for: Fixture.processing, kind: .processing) == .backgroundModeMissing("processing"))
        #expect(gate.refusal(for: "com.example.other", kind: .refresh) == .identifierNotPermitted)
    }
}
