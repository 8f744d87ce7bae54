import Foundation
import SpecDiagnostics
import SpecModel
@testable import SpecParser
import Testing

/// `task.info-plist` stays inside the spec tree: checked as written, then with real symbolic links on disk.
///
/// Each test builds, under a fresh temporary folder,
///
///     tree/lifecycle/a.yaml                   the spec file (paths below are written from its folder)
///     tree/lifecycle/fixtures/Info.plist
///     tree/shared/Info.plist                  inside the tree, outside the spec file's own folder
///     outside/Info.plist                      beside the tree: never readable unless allowed
///     outside/sub/
///
/// and adds the links a case needs.
@Suite struct FixtureConfinementTests {
    struct Layout {
        let base: String
        var tree: String { base + "/tree" }
        var specFolder: String { tree + "/lifecycle" }
        var spec: String { specFolder + "/a.yaml" }
        var outside: String { base + "/outside" }

        init() throws {
            // The folder's real path, so the paths messages show are the ones the tests build.
            let temporary = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath().path
            base = temporary + "/specrun-fixtures-\(UUID().uuidString)"
            for folder in [specFolder + "/fixtures", tree + "/shared", outside + "/sub"] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            for file in [specFolder + "/fixtures/Info.plist", tree + "/shared/Info.plist", outside + "/Info.plist"] {
                try Data("<plist/>".utf8).write(to: URL(fileURLWithPath: file))
            }
        }

        func link(_ name: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: target)
        }

        func remove() { try? FileManager.default.removeItem(atPath: base) }

        func resolve(_ written: String, roots: [String]? = nil) -> FixturePath.Resolution {
            // The working directory is elsewhere, so no message suggests a folder to run.
            FixturePath.resolve(written, specPath: spec, scope: .specTree(roots: roots ?? [tree]), fileManager: WorkingIn(base + "/elsewhere"))
        }
    }

    // MARK: Inside

    @Test func aFixtureBesideTheSpecOrElsewhereInTheNamedFolderIsRead() throws {
        let layout = try Layout()
        defer { layout.remove() }
        #expect(layout.resolve("fixtures/Info.plist") == .file(path: layout.specFolder + "/fixtures/Info.plist"))
        #expect(layout.resolve("./fixtures/Info.plist") == .file(path: layout.specFolder + "/fixtures/Info.plist"))
        // `..` that stays inside the named folder is fine: specs/lifecycle/bugs/ naming ../fixtures/ is the usual layout.
        #expect(layout.resolve("../shared/Info.plist") == .file(path: layout.specFolder + "/../shared/Info.plist"))
        #expect(layout.resolve("fixtures/Missing.plist") == .missing(path: layout.specFolder + "/fixtures/Missing.plist"))
    }

    @Test func aLinkThatStaysInsideTheTreeIsFollowed() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try layout.link(layout.specFolder + "/fixtures/Alias.plist", to: "../../shared/Info.plist")
        #expect(layout.resolve("fixtures/Alias.plist") == .file(path: layout.specFolder + "/fixtures/Alias.plist"))
    }

    @Test func theWidestNamedFolderHoldingTheSpecIsItsTree() throws {
        let layout = try Layout()
        defer { layout.remove() }
        // Both tree and tree/lifecycle were named: the spec may reach tree/shared.
        #expect(layout.resolve("../shared/Info.plist", roots: [layout.specFolder, layout.tree])
                == .file(path: layout.specFolder + "/../shared/Info.plist"))
        // A named folder that does not hold the spec file widens nothing.
        #expect(layout.resolve("../shared/Info.plist", roots: [layout.tree + "/shared"])
                == .outside(reason: "'../shared/Info.plist' leads outside the spec tree '\(layout.specFolder)' (this spec file's folder); move the fixture into the tree, or allow it with --allow-outside-fixtures"))
    }

    @Test func aSpecReachedThroughALinkedFolderMayUseFixturesBesideIt() throws {
        let layout = try Layout()
        defer { layout.remove() }
        // tree/linked → outside: discovery reads tree/linked/b.yaml; its own fixtures live beside it, physically outside.
        try FileManager.default.createDirectory(atPath: layout.outside + "/sub/fixtures", withIntermediateDirectories: true)
        try Data("<plist/>".utf8).write(to: URL(fileURLWithPath: layout.outside + "/sub/fixtures/Info.plist"))
        try layout.link(layout.tree + "/linked", to: layout.outside + "/sub")
        let spec = layout.tree + "/linked/b.yaml"
        #expect(FixturePath.resolve("fixtures/Info.plist", specPath: spec, scope: .specTree(roots: [layout.tree]))
                == .file(path: layout.tree + "/linked/fixtures/Info.plist"))
        // …but not the rest of the folder the link points into.
        if case .outside = FixturePath.resolve("../Info.plist", specPath: spec, scope: .specTree(roots: [layout.tree])) {
        } else {
            Issue.record("../Info.plist from a linked folder reached outside/Info.plist")
        }
    }

    // MARK: Refused

    @Test func anAbsolutePathIsRefusedEvenWhenItPointsIntoTheTree() throws {
        let layout = try Layout()
        defer { layout.remove() }
        for written in [layout.outside + "/Info.plist", layout.specFolder + "/fixtures/Info.plist", "/etc/passwd"] {
            #expect(layout.resolve(written) == .outside(reason: "'\(written)' is an absolute path, and fixtures are read only inside the spec tree '\(layout.tree)' (the folder named on the command line); write the path relative to this spec file's folder, or allow any path with --allow-outside-fixtures"))
        }
    }

    @Test(arguments: ["../../outside/Info.plist", "../../outside/Missing.plist", "fixtures/../../../outside/Info.plist", "../../../../../../../../etc/passwd"])
    func dotDotOutOfTheTreeIsRefusedWhetherOrNotTheFileExists(written: String) throws {
        let layout = try Layout()
        defer { layout.remove() }
        #expect(layout.resolve(written) == .outside(reason: "'\(written)' leads outside the spec tree '\(layout.tree)' (the folder named on the command line); move the fixture into the tree, or allow it with --allow-outside-fixtures"))
    }

    @Test func aFileLinkInsideTheTreeThatPointsOutIsRefused() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try layout.link(layout.specFolder + "/fixtures/Linked.plist", to: layout.outside + "/Info.plist")
        #expect(layout.resolve("fixtures/Linked.plist") == .outside(reason: "'fixtures/Linked.plist' leads outside the spec tree '\(layout.tree)' (the folder named on the command line) through a symbolic link, to \(layout.outside)/Info.plist; copy the file into the tree, or allow it with --allow-outside-fixtures"))
    }

    @Test func aFolderLinkThatPointsOutIsRefusedEvenForAFileThatIsNotThere() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try layout.link(layout.specFolder + "/vendor", to: layout.outside)
        #expect(layout.resolve("vendor/Info.plist") == .outside(reason: "'vendor/Info.plist' leads outside the spec tree '\(layout.tree)' (the folder named on the command line) through a symbolic link, to \(layout.outside)/Info.plist; copy the file into the tree, or allow it with --allow-outside-fixtures"))
        // A missing file behind the link is refused, not "missing": nothing is said about what exists out there.
        if case .outside = layout.resolve("vendor/Missing.plist") {} else { Issue.record("vendor/Missing.plist was not refused") }
    }

    /// A file link whose target does not exist must be refused as well: answering "missing" for it, and "outside"
    /// for a link to a file that exists, would tell a spec what exists outside the tree.
    @Test func aFileLinkThatPointsOutIsRefusedEvenWhenItsTargetIsNotThere() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try layout.link(layout.specFolder + "/fixtures/Gone.plist", to: layout.outside + "/Missing.plist")
        #expect(layout.resolve("fixtures/Gone.plist") == .outside(reason: "'fixtures/Gone.plist' leads outside the spec tree '\(layout.tree)' (the folder named on the command line) through a symbolic link, to \(layout.outside)/Missing.plist; copy the file into the tree, or allow it with --allow-outside-fixtures"))
        // Relative targets are read from the link's folder, through a chain of links; a dangling one inside the tree
        // stays "missing".
        try layout.link(layout.specFolder + "/fixtures/Hop.plist", to: "Gone.plist")
        #expect(layout.resolve("fixtures/Hop.plist") == .outside(reason: "'fixtures/Hop.plist' leads outside the spec tree '\(layout.tree)' (the folder named on the command line) through a symbolic link, to \(layout.outside)/Missing.plist; copy the file into the tree, or allow it with --allow-outside-fixtures"))
        try layout.link(layout.specFolder + "/fixtures/Soon.plist", to: "../../shared/NotYet.plist")
        #expect(layout.resolve("fixtures/Soon.plist") == .missing(path: layout.specFolder + "/fixtures/Soon.plist"))
        // A loop of links ends (the system's own bound) and is judged where its folder is: inside, so "missing".
        try layout.link(layout.specFolder + "/fixtures/LoopA.plist", to: "LoopB.plist")
        try layout.link(layout.specFolder + "/fixtures/LoopB.plist", to: "LoopA.plist")
        #expect(layout.resolve("fixtures/LoopA.plist") == .missing(path: layout.specFolder + "/fixtures/LoopA.plist"))
    }

    @Test func dotDotAfterALinkIsJudgedWhereTheSystemWouldReadIt() throws {
        let layout = try Layout()
        defer { layout.remove() }
        // As text, vendor/../Info.plist is lifecycle/Info.plist (inside, and it exists); the system resolves the
        // link first, so it would read outside/Info.plist. The check follows the system.
        try Data("<plist/>".utf8).write(to: URL(fileURLWithPath: layout.specFolder + "/Info.plist"))
        try layout.link(layout.specFolder + "/vendor", to: layout.outside + "/sub")
        if case .outside(let reason) = layout.resolve("vendor/../Info.plist") {
            #expect(reason.contains("through a symbolic link, to \(layout.outside)/Info.plist"), "\(reason)")
        } else {
            Issue.record("vendor/../Info.plist was not refused")
        }
    }

    @Test func aFileNamedDirectlyHasItsOwnFolderAsTreeAndTheMessageSuggestsTheFolderHoldingBoth() throws {
        let layout = try Layout()
        defer { layout.remove() }
        #expect(layout.resolve("../shared/Info.plist", roots: []) == .outside(reason: "'../shared/Info.plist' leads outside the spec tree '\(layout.specFolder)' (this spec file's folder); move the fixture into the tree, or allow it with --allow-outside-fixtures"))
        // With the working directory above both, the suggestion is a folder to run, written as the spec path is.
        let relative = FixturePath.resolve("../shared/Info.plist", specPath: "tree/lifecycle/a.yaml", scope: .specFolder,
                                           fileManager: WorkingIn(layout.base))
        #expect(relative == .outside(reason: "'../shared/Info.plist' leads outside the spec tree 'tree/lifecycle' (this spec file's folder); move the fixture into the tree, run the folder that holds both ('specrun tree'), or allow it with --allow-outside-fixtures"))
    }

    // MARK: Allowed

    @Test func anywhereReadsEveryPathAsWritten() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try layout.link(layout.specFolder + "/fixtures/Linked.plist", to: layout.outside + "/Info.plist")
        func resolve(_ written: String) -> FixturePath.Resolution {
            FixturePath.resolve(written, specPath: layout.spec, scope: .anywhere)
        }
        #expect(resolve(layout.outside + "/Info.plist") == .file(path: layout.outside + "/Info.plist"))
        #expect(resolve("../../outside/Info.plist") == .file(path: layout.specFolder + "/../../outside/Info.plist"))
        #expect(resolve("fixtures/Linked.plist") == .file(path: layout.specFolder + "/fixtures/Linked.plist"))
        #expect(resolve("../../outside/Missing.plist") == .missing(path: layout.specFolder + "/../../outside/Missing.plist"))
    }

    // MARK: Through the parser

    static func scenario(infoPlist: String) -> String {
        """
        spec: Gate from a fixture
        task:
          identifier: com.example.app.refresh
          info-plist: \(infoPlist)
        clock: 2027-03-29T00:00:00+02:00
        steps: []
        expect: {errors: []}

        """
    }

    @Test func theParserReportsARefusedPathAtItsValueAndDropsTheSpec() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try layout.link(layout.specFolder + "/fixtures/Linked.plist", to: layout.outside + "/Info.plist")
        let parser = SpecParser(fixtureScope: .specTree(roots: [layout.tree]))
        let refused = parser.parse(path: layout.spec, bytes: Array(Self.scenario(infoPlist: "fixtures/Linked.plist").utf8))
        #expect(refused.specs.isEmpty)
        #expect(refused.diagnostics.map(\.code) == ["fixture-outside-tree"])
        #expect(refused.diagnostics.first?.location == SourceLocation(file: layout.spec, line: 4, column: 15))
        #expect(refused.diagnostics.first?.length == "fixtures/Linked.plist".count)

        let allowed = SpecParser(fixtureScope: .anywhere)
            .parse(path: layout.spec, bytes: Array(Self.scenario(infoPlist: "fixtures/Linked.plist").utf8))
        #expect(allowed.diagnostics.isEmpty, "\(allowed.diagnostics.map(\.message))")
        guard case .lifecycle(let body) = allowed.specs.first?.body, case .infoPlist(let path, _, _, _, _) = body.gate else {
            Issue.record("no info-plist gate: \(allowed.specs)")
            return
        }
        #expect(path == layout.specFolder + "/fixtures/Linked.plist")
    }

    @Test func theParserConfinesToTheSpecFilesFolderByDefault() {
        let file = SpecParser().parse(path: "qa/a.yaml", bytes: Array(Self.scenario(infoPlist: "../Info.plist").utf8))
        #expect(file.diagnostics.map(\.code) == ["fixture-outside-tree"])
    }
}

/// A file manager that reports `directory` as the working directory, so relative spec paths resolve under it.
private final class WorkingIn: FileManager, @unchecked Sendable {
    let directory: String
    init(_ directory: String) {
        self.directory = directory
        super.init()
    }
    override var currentDirectoryPath: String { directory }
}
