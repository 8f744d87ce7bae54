import Foundation
import SpecReporters
import Testing
@testable import SpecrunCLI

/// The results name the build of specrun that wrote them (`environment.specrunBuild`): the GNU build ID of the running
/// executable, as binutils' `readelf -n` prints it. Here the executable is this test binary, which links SpecrunCLI.
@Suite struct BuildIdentityTests {
    /// A note segment as a linker writes one: the ABI tag first (type 1, name "GNU"), then the build ID (type 3).
    static func notes(buildIDName: [UInt8] = Array("GNU\0".utf8), id: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF, 0x01]) -> [UInt8] {
        func word(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
        func padded(_ bytes: [UInt8]) -> [UInt8] { bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4) }
        let abiTag = word(4) + word(16) + word(1) + padded(Array("GNU\0".utf8)) + [UInt8](repeating: 7, count: 16)
        let build = word(buildIDName.count) + word(id.count) + word(3) + padded(buildIDName) + padded(id)
        return abiTag + build
    }

    @Test func theBuildIDIsTheGNUNoteOfTypeThreeAfterOtherNotes() {
        let id = Self.notes().withUnsafeBytes { BuildIdentity.gnuBuildID(in: $0) }
        #expect(id == "deadbeef01")
    }

    @Test func aNoteOfTypeThreeFromAnotherVendorOrACutSegmentGivesNone() {
        #expect(Self.notes(buildIDName: Array("Go\0\0".utf8)).withUnsafeBytes { BuildIdentity.gnuBuildID(in: $0) } == nil)
        let cut = Array(Self.notes().dropLast(4))
        #expect(cut.withUnsafeBytes { BuildIdentity.gnuBuildID(in: $0) } == nil)
    }

    @Test func theResultsNameTheBuildReadelfPrintsForTheRunningExecutable() async throws {
        let readelf = try #require(["/usr/bin/readelf", "/bin/readelf"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                   "binutils' readelf is needed to check the build ID independently")
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: readelf)
        process.arguments = ["-n", executable]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = try #require(output.split(separator: "\n").first { $0.contains("Build ID:") }, "readelf printed no build ID")
        let expected = String(line.split(separator: " ").last!)

        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("noon.yaml", """
            spec: Noon
            schedule: {timezone: Europe/Berlin, rule: daily 12:00, nonexistent: skip, repeated: first}
            cases:
              - {name: one, after: 2027-01-01T00:00:00+01:00, next: 2027-01-01T12:00:00+01:00}

            """)
        let run = await CommandRun.run([spec, "--json", folder.path("r.json")])
        #expect(run.status == 0, "\(run.err)")
        let results = try JSONResultsReader.read(try #require(folder.read("r.json")), source: "r.json")
        #expect(results.environment.specrunBuild == expected)
    }
}

extension BuildIdentityTests {
    @Test func versionPrintsTheBuildTheResultsName() async throws {
        let run = await CommandRun.run("--version")
        let build = try #require(BuildIdentity.current)
        #expect(run.out == "specrun \(SpecrunCommand.version) (build \(build))\n")
    }
}
