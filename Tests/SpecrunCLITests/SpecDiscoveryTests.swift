import Foundation
import Testing
@testable import SpecrunCLI

/// Discovery finds each spec once whatever the links in the tree, and never lets a spec vanish without a word:
/// a folder it cannot read and a name it cannot spell are reported, and the other specs still run.
@Suite struct SpecDiscoveryTests {
    /// `selfdir → .` once made discovery walk `selfdir/selfdir/…/a.yaml` forty deep (until the system's link
    /// limit), so one spec was read forty times and reported as forty duplicate spec names.
    @Test func aLinkBackToAnEnclosingFolderIsWalkedOnce() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        try folder.write("sub/b.yaml", ScratchSpecFolder.quickSpec("B"))
        #expect(symlink(".", folder.path("selfdir")) == 0)
        #expect(symlink("..", folder.path("sub/up")) == 0)
        #expect(try SpecDiscovery.files(in: [folder.path]) == [folder.path("a.yaml"), folder.path("sub/b.yaml")])
        let run = await CommandRun.run([folder.path])
        #expect(run.status == 0, "\(run.out)")
        #expect(run.out.hasSuffix("2 passed, 0 failed\n"), "\(run.out)")
        let check = await CommandRun.run(["check", folder.path])
        #expect(check.status == 0, "\(check.out)")
        #expect(check.out == "Checked 2 files, 2 valid specs: no problems.\n")
    }

    /// Two links back to the same folder made the walk exponential (2^40 paths): the run never ended.
    @Test(.timeLimit(.minutes(1))) func twoLinksBackToTheSameFolderEndAtOnce() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("h3/a.yaml", ScratchSpecFolder.quickSpec("A"))
        #expect(symlink(".", folder.path("h3/l1")) == 0)
        #expect(symlink(".", folder.path("h3/l2")) == 0)
        #expect(try SpecDiscovery.files(in: [folder.path("h3")]) == [folder.path("h3/a.yaml")])
    }

    /// A linked folder reached again through another named path, or through a second link, is read once: under
    /// the first path that reaches it (the named paths in order, each walked breadth first, names sorted).
    @Test func aFolderReachedTwiceIsReadUnderItsFirstPath() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write("specs/team/a.yaml", ScratchSpecFolder.quickSpec("A"))
        #expect(symlink("team", folder.path("specs/z-link")) == 0)
        #expect(symlink("specs", folder.path("again")) == 0)
        #expect(try SpecDiscovery.files(in: [folder.path("specs"), folder.path("again")]) == [folder.path("specs/team/a.yaml")])
    }

    @Test(arguments: [
        ("specs/", "specs"), ("./specs/a.yaml", "specs/a.yaml"), ("././specs", "specs"), (".//specs", "specs"),
        ("./", "."), (".", "."), (".//", "."), ("/", "/"), ("//", "/"), ("/tmp/", "/tmp"), ("", ""),
    ])
    func normalizedNeverTurnsARelativePathIntoTheRoot(path: String, expected: String) {
        #expect(SpecDiscovery.normalized(path) == expected)
    }
}
