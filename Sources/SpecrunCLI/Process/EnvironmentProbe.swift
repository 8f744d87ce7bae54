import Foundation
import Recurrence
import SpecResults
import SpecModel
import SpecReporters
import TextRedaction

/// Reads the facts a results archive needs to compare toolchains: OS, compiler, Foundation, tz data, git.
struct EnvironmentProbe {
    let io: CommandIO

    func environment(zones: [String], specPaths: [String], commandLine: [String]) -> Environment {
        let os = Self.operatingSystem()
        return Environment(
            os: os.name,
            osVersion: os.version,
            architecture: Self.architecture,
            swiftVersion: Self.swiftCompilerVersion,
            foundation: Self.foundationImplementation,
            tzdataVersion: TimeZone.timeZoneDataVersion,
            zones: zones,
            specrunVersion: SpecrunCommand.version,
            gitCommit: specPaths.first.flatMap(Self.gitCommit(containing:)),
            startTime: io.now().rfc3339UTC,
            commandLine: commandLine)
    }

    /// The folder `--artifacts DIR` writes in on this machine (`ReportArtifacts.folderName`), known before a run:
    /// it depends only on the toolchain, masked by `redaction` as the run's environment will be.
    static func artifactsFolderName(redaction: Redaction) -> String {
        let os = operatingSystem()
        let toolchain = Environment(
            os: os.name, osVersion: os.version, architecture: architecture, swiftVersion: swiftCompilerVersion,
            foundation: foundationImplementation, tzdataVersion: "", zones: [], specrunVersion: SpecrunCommand.version,
            gitCommit: nil, startTime: "", commandLine: [])
        let masked = RunResult(environment: toolchain, files: [], diagnostics: [], tests: []).redacted(by: redaction)
        return ReportArtifacts.folderName(for: masked.environment)
    }

    /// `Linux` and `Debian GNU/Linux 12 (bookworm)` (from /etc/os-release); the OS version otherwise.
    static func operatingSystem() -> (name: String, version: String) {
        #if os(Linux)
        if let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) {
            var fields: [String: String] = [:]
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                fields[parts[0]] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            if let pretty = fields["PRETTY_NAME"] ?? fields["NAME"] {
                return ("Linux", pretty)
            }
        }
        #endif
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return (osName, "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)")
    }

    static var osName: String {
        #if os(Linux)
        "Linux"
        #elseif os(macOS)
        "macOS"
        #else
        "unknown"
        #endif
    }

    static var architecture: String {
        #if arch(x86_64)
        "x86_64"
        #elseif arch(arm64)
        "arm64"
        #else
        "unknown"
        #endif
    }

    static var foundationImplementation: String {
        #if canImport(FoundationEssentials)
        "swift-corelibs-foundation over swift-foundation (FoundationEssentials)"
        #elseif os(Linux)
        "swift-corelibs-foundation"
        #else
        "Apple Foundation"
        #endif
    }

    /// The compiler that built this binary, to the patch level it can tell.
    static var swiftCompilerVersion: String {
        #if compiler(>=6.5)
        "6.5 or later"
        #elseif compiler(>=6.4.1)
        "6.4.1"
        #elseif compiler(>=6.4)
        "6.4"
        #elseif compiler(>=6.3.2)
        "6.3.2"
        #elseif compiler(>=6.3.1)
        "6.3.1"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }

    /// The commit of the git work tree holding `path`, when there is one (git may be absent: then nil).
    static func gitCommit(containing path: String) -> String? {
        var directory = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            directory = ParentFolder.of(path)
        }
        if directory.isEmpty { directory = "." }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory, "rev-parse", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let commit = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return commit.isEmpty ? nil : commit
    }
}
