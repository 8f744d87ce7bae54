import Foundation
import Testing

/// A disk with space but no inode left under TMPDIR: the scenario folder, a database or its log cannot be created.
/// SQLite reports that as "unable to open database file" with `ENOENT`, and the harness told each scenario to "check
/// the temporary folder is writable". Now the disk is looked at, and every such scenario is an error naming the used-up
/// disk, never a failure of the app. Needs a tmpfs of its own (`mount`, so root); skipped where one cannot be mounted.
@Suite(.enabled(if: TmpfsMount.available(), "mounting a tmpfs needs root")) struct InodeLimitTests {
    @Test(arguments: [1, 3, 7, 12])
    func aDiskWithNoInodeLeftIsAnErrorNamingItNeverAFailure(freeInodes: Int) throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let disk = folder.root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try #require(TmpfsMount.shell("mount -t tmpfs -o size=8m,nr_inodes=64 tmpfs '\(disk.path)'") == 0)
        defer { _ = TmpfsMount.shell("umount '\(disk.path)'") }
        // Fill the inodes, then free `freeInodes` of them: a few scenarios' files fit, the next one's do not.
        var made = 0
        while FileManager.default.createFile(atPath: disk.appendingPathComponent("f\(made)").path, contents: nil) { made += 1 }
        try #require(made > freeInodes)
        for index in (made - freeInodes)..<made { try FileManager.default.removeItem(at: disk.appendingPathComponent("f\(index)")) }

        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let (reason, status, report) = try SpecrunChild.report(
            try SpecrunChild.binary(), [packageRoot.appendingPathComponent("specs/lifecycle/seeds").path, "--quiet", "--jobs", "1", "--color", "never"],
            environment: ["TMPDIR": disk.path], in: folder)
        #expect(reason == .exit)
        #expect(status == 1, "\(report.suffix(2000))")
        let summary = try #require(report.split(separator: "\n").last.map(String.init))
        #expect(summary.hasPrefix("0 passed, 0 failed, ") && summary.hasSuffix(" errors"), "\(summary)")
        #expect(report.contains("the disk holding the temporary folder is full (no space or no inode left: see 'df -h' and 'df -i')"),
                "\(report.suffix(3000))")
        #expect(!report.contains("check the temporary folder is writable"), "\(report.suffix(3000))")
        #expect(!report.contains("set TMPDIR to a folder you may write to"), "\(report.suffix(3000))")
    }
}

/// A tmpfs of a test's own, mounted and unmounted with `mount`.
enum TmpfsMount {
    static func available() -> Bool {
        guard geteuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-tmpfs-probe-\(getpid())")
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard shell("mount -t tmpfs -o size=1m tmpfs '\(probe.path)' 2>/dev/null") == 0 else { return false }
        return shell("umount '\(probe.path)'") == 0
    }

    static func shell(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
