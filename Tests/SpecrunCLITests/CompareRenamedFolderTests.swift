import Foundation
@testable import SpecrunCLI
import Testing

/// `specrun compare` of real runs whose spec folder was renamed between them (docs/toolchains.md): a rename explains
/// where the folder went, not why NEW selected fewer tests, and a file invalid in both runs is not newly invalid.
struct CompareRenamedFolderTests {
    /// Two folders of a suite with one tagged spec in each, and a file invalid in `withInvalid`.
    private func suite(in folder: ScratchSpecFolder, named name: String, withInvalid: Bool = false) throws {
        try folder.write("\(name)/europe/berlin.yaml", tagged("Noon in Berlin", "europe"))
        try folder.write("\(name)/asia/tokyo.yaml", tagged("Noon in Tokyo", "asia"))
        if withInvalid {
            // A calendar rule without `nonexistent:` and `repeated:`: two errors, no test.
            try folder.write("\(name)/bad.yaml", """
                spec: Noon without policies
                schedule:
                  timezone: UTC
                  rule: {every: day, at: "12:00"}
                cases:
                  - name: noon
                    after: 2027-01-01T00:00:00Z
                    next: 2027-01-01T12:00:00Z

                """)
        }
    }

    private func tagged(_ name: String, _ tag: String) -> String {
        "tags: [\(tag)]\n" + ScratchSpecFolder.quickSpec(name)
    }

    /// The review's reproduction: `specrun moved/ --tag europe` against `specrun specs/` said "1 removed, 1 moved —
    /// no regressions" and exited 0, as did `specrun moved/europe` and `--filter`; without the rename the same
    /// selection holds only part of the suite. A file deleted from the renamed folder is still only removed.
    @Test func aNarrowerNewOfARenamedFolderHoldsOnlyPartOfTheSuite() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try suite(in: folder, named: "specs")
        try suite(in: folder, named: "moved")
        let old = folder.path("old.json")
        #expect(await CommandRun.run(folder.path("specs"), "--json", old).status == ExitStatus.success)
        for (index, selection) in [["--tag", "europe"], ["--filter", "Berlin"], ["--exclude-tag", "asia"], []].enumerated() {
            let new = folder.path("new\(index).json")
            let paths = selection.isEmpty ? [folder.path("moved/europe")] : [folder.path("moved")]
            #expect(await CommandRun.run(paths + selection + ["--json", new]).status == ExitStatus.success)
            let compare = await CommandRun.run("compare", old, new)
            #expect(compare.status == ExitStatus.testFailure, "\(selection): \(compare.out)")
            #expect(compare.err.contains("holds only part of the suite (NEW selected other tests than OLD ("), "\(selection): \(compare.err)")
            #expect(compare.out.hasSuffix("1 removed, 1 moved — NEW holds only part of the suite, so it cannot show that nothing regressed\n"),
                    "\(selection): \(compare.out)")
        }
        // The whole renamed folder, one file of it deleted: removed, nothing left out.
        try FileManager.default.removeItem(atPath: folder.path("moved/asia/tokyo.yaml"))
        let whole = folder.path("whole.json")
        #expect(await CommandRun.run(folder.path("moved"), "--json", whole).status == ExitStatus.success)
        let compare = await CommandRun.run("compare", old, whole)
        #expect(compare.status == ExitStatus.success, "\(compare.out)\(compare.err)")
        #expect(compare.out.hasSuffix("1 removed, 1 moved — no regressions\n"), "\(compare.out)")
    }

    /// The review's reproduction: a file invalid in both runs, its folder renamed between them, read "newly invalid"
    /// and "regressed (1 spec file newly invalid)"; under another spelling of the path it read "now", as it does now.
    @Test func aFileInvalidInBothRunsOfARenamedFolderIsNotNewlyInvalid() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try suite(in: folder, named: "specs", withInvalid: true)
        try suite(in: folder, named: "suite", withInvalid: true)
        let old = folder.path("old.json"), new = folder.path("new.json")
        #expect(await CommandRun.run(folder.path("specs"), "--json", old).status == ExitStatus.invalidInput)
        #expect(await CommandRun.run(folder.path("suite"), "--json", new).status == ExitStatus.invalidInput)
        let compare = await CommandRun.run("compare", old, new)
        #expect(compare.status == ExitStatus.success, "\(compare.out)")
        #expect(compare.out.contains("\nInvalid spec files: 1 file in NEW, 1 in OLD\n  now     \(folder.path("suite/bad.yaml")):2:1: "),
                "\(compare.out)")
        #expect(compare.out.hasSuffix("\n2 tests moved, no other changes — no regressions\n"), "\(compare.out)")
    }

    /// A second review: a renamed folder learnt only from moved tests missed two renames — one whose tests' names are
    /// masked alike (`Sync token=t1` and `t2` both `Sync token=[redacted]`: added and removed, the failing one "newly
    /// failing") and one that holds invalid files only ("regressed (1 spec file newly invalid)"). The command lines
    /// say the folder was renamed; a masked test is the same test when its id is the same under the new folder.
    @Test func aRenameTheCommandLinesSayIsSeenWithoutATestNamedOnce() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        for name in ["specs", "suite"] {
            try folder.write("\(name)/a.yaml", ScratchSpecFolder.quickSpec("Sync token=t1"))
            // A wrong expectation on purpose (13:00 for a noon rule): it fails in both runs.
            try folder.write("\(name)/b.yaml", ScratchSpecFolder.quickSpec("Sync token=t2")
                .replacingOccurrences(of: "next: 2027-01-01T12:00:00Z", with: "next: 2027-01-01T13:00:00Z"))
        }
        let old = folder.path("old.json"), new = folder.path("new.json")
        #expect(await CommandRun.run(folder.path("specs"), "--json", old).status == ExitStatus.testFailure)
        #expect(await CommandRun.run(folder.path("suite"), "--json", new).status == ExitStatus.testFailure)
        let compare = await CommandRun.run("compare", old, new)
        #expect(compare.status == ExitStatus.success, "\(compare.out)\(compare.err)")
        #expect(compare.out.hasSuffix("\n2 tests moved, no other changes — no regressions\n"), "\(compare.out)")

        let invalid = try ScratchSpecFolder()
        defer { invalid.remove() }
        for name in ["specs", "suite"] {
            try invalid.write("\(name)/bad.yaml", "spec: Noon without policies\nschedule:\n  timezone: UTC\n  rule: {every: day, at: \"12:00\"}\n"
                + "cases:\n  - name: noon\n    after: 2027-01-01T00:00:00Z\n    next: 2027-01-01T12:00:00Z\n")
        }
        let before = invalid.path("old.json"), after = invalid.path("new.json")
        #expect(await CommandRun.run(invalid.path("specs"), "--json", before).status == ExitStatus.invalidInput)
        #expect(await CommandRun.run(invalid.path("suite"), "--json", after).status == ExitStatus.invalidInput)
        let invalidCompare = await CommandRun.run("compare", before, after)
        #expect(invalidCompare.status == ExitStatus.success, "\(invalidCompare.out)")
        #expect(invalidCompare.out.contains("\n  now     \(invalid.path("suite/bad.yaml")):2:1: "), "\(invalidCompare.out)")
        #expect(invalidCompare.out.hasSuffix("no changes — no regressions\n"), "\(invalidCompare.out)")

        // A third review: a subfolder that holds a file named as one above it (`q/sub/a.yaml`, `q/a.yaml`), and another
        // suite that shares one file name, were taken for renames, and their runs "no regressions".
        let nested = try ScratchSpecFolder()
        defer { nested.remove() }
        try nested.write("q/a.yaml", ScratchSpecFolder.quickSpec("Alpha"))
        try nested.write("q/b.yaml", ScratchSpecFolder.quickSpec("Beta"))
        try nested.write("q/sub/a.yaml", ScratchSpecFolder.quickSpec("Gamma"))
        try nested.write("other/a.yaml", ScratchSpecFolder.quickSpec("Delta"))
        let whole = nested.path("whole.json")
        #expect(await CommandRun.run(nested.path("q"), "--json", whole).status == ExitStatus.success)
        for path in ["q/sub", "other"] {
            let part = nested.path("part.json")
            #expect(await CommandRun.run(nested.path(path), "--json", part).status == ExitStatus.success)
            let compare = await CommandRun.run("compare", whole, part)
            #expect(compare.status == ExitStatus.testFailure, "\(path): \(compare.out)")
            #expect(compare.out.contains("NEW holds only part of the suite"), "\(path): \(compare.out)")
        }

        // A path that names a file is a narrower selection, not a rename.
        let one = folder.path("one.json")
        #expect(await CommandRun.run(folder.path("suite/a.yaml"), "--json", one).status == ExitStatus.success)
        let narrower = await CommandRun.run("compare", old, one)
        #expect(narrower.status == ExitStatus.testFailure, "\(narrower.out)")
        #expect(narrower.out.contains("NEW holds only part of the suite"), "\(narrower.out)")
    }
}
