import Foundation
import Testing

/// `ICU_TIMEZONE_FILES_DIR` naming a folder without ICU's zone files leaves Foundation with no zone at all: a run
/// trapped (`TimeZone(identifier: "Etc/UTC")!` in the zone reader) with no results. Now the commands that read zones
/// refuse once, before reading anything, naming the variable; those that read archived results still work.
@Suite struct ZoneDatabaseTests {
    /// The real binary: ICU reads the variable once per process, so only a child process shows it.
    func run(_ arguments: [String], zoneFiles: String, in folder: ScratchSpecFolder) throws -> (status: Int32, stderr: String) {
        let ended = try SpecrunChild.runToEnd(try SpecrunChild.binary(), arguments, environment: ["ICU_TIMEZONE_FILES_DIR": zoneFiles], in: folder)
        #expect(ended.reason == .exit, "\(ended.stderr)")
        return (ended.status, ended.stderr)
    }

    @Test func anEmptyZoneFolderIsRefusedOnceNamingTheVariable() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        let empty = folder.path("no-zones")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)

        // With the toolchain's own data (a folder that does not exist is ignored by ICU) the run writes its results.
        let fine = try run([spec, "--json", folder.path("r.json")], zoneFiles: folder.path("missing"), in: folder)
        #expect(fine.status == 0, "\(fine.stderr)")

        let expected = "specrun: error: Foundation knows no time zones on this machine (not even UTC), so no spec's zone "
            + "can be read: ICU_TIMEZONE_FILES_DIR is set to '\(empty)', and ICU finds no time-zone files there "
            + "(zoneinfo64.res); unset it to use the toolchain's own zone data, or point it at a folder that holds ICU's zone files.\n"
        for arguments in [[spec, "--json", folder.path("broken.json")], ["check", spec], ["explain", "Europe/Berlin", "2027"]] {
            let refused = try run(arguments, zoneFiles: empty, in: folder)
            #expect(refused.status == 2, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr == expected, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("broken.json")))

        // Archived results carry their offsets: report and help need no zone data.
        #expect(try run(["report", folder.path("r.json")], zoneFiles: empty, in: folder).status == 0)
        #expect(try run(["--help"], zoneFiles: empty, in: folder).status == 0)
    }
}
