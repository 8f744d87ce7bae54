import Foundation
import Testing

/// `specrun specs/ --json /dev/stdout >> build.log`: the name is a stream, and the file behind it is a log being
/// appended to. A rename of a temporary file over it wiped the log's earlier lines and the report (the process-
/// environment red team); now the results are appended, after the report.
@Suite struct StreamNameOutputTests {
    @Test func resultsToDevStdoutAppendToTheLogBehindIt() throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        let spec = try folder.write("a.yaml", ScratchSpecFolder.quickSpec("A"))
        let log = folder.path("build.log")
        try Data("EARLIER BUILD LOG LINE\n".utf8).write(to: URL(fileURLWithPath: log))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" >> \"$LOG\" 2>&1", try SpecrunChild.binary(), spec, "--json", "/dev/stdout"]
        process.environment = ["NO_COLOR": "1", "PATH": "/usr/bin:/bin", "LOG": log]
        process.currentDirectoryURL = folder.root
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.hasPrefix("EARLIER BUILD LOG LINE\n"), "\(text.prefix(200))")
        #expect(text.contains("1 passed, 0 failed"), "\(text.prefix(400))")
        let json = try #require(text.firstIndex(of: "{"))
        #expect(try JSONSerialization.jsonObject(with: Data(text[json...].utf8)) is [String: Any])
    }
}
