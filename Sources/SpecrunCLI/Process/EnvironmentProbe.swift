import Foundation
import Recurrence
import SpecResults
import SpecModel
import SpecReporters
import TextRedaction

/// Reads the facts a results archive needs to compare toolchains: OS, compiler, Foundation, tz data, git.
struct EnvironmentProbe {
    let io: CommandIO

    /// `notesGitRefusal`: whether a refused repository is said on stderr (when the run writes results files, where the
    /// environment is recorded; a run that prints only its report would repeat the note for nothing).
    func environment(zones: [String], specPaths: [String], commandLine: [String], notesGitRefusal: Bool = true) -> Environment {
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
            gitCommit: specPaths.first.flatMap { gitCommit(containing: $0, noting: notesGitRefusal) },
            startTime: io.now().rfc3339UTC,
            commandLine: commandLine,
            specrunBuild: BuildIdentity.current)
    }

    /// The commit of `path`'s work tree; when git refuses the repository as another user's, a note on stderr says
    /// so and what to run, since the results then lack `gitCommit` (a CI container running as a user who does not own
    /// the checkout, or as root in a checkout the runner's user made).
    private func gitCommit(containing path: String, noting: Bool) -> String? {
        switch Self.gitCommit(containing: path) {
        case .commit(let commit):
            return commit
        case .none:
            return nil
        case .refused(let repository):
            if noting { io.writeProblem(.note, Self.refusalNote(repository: repository)) }
            return nil
        case .noAnswer(let folder):
            if noting { io.writeProblem(.note, Self.noAnswerNote(folder: folder)) }
            return nil
        }
    }

    /// How long `git rev-parse HEAD` may take before the run goes on without the commit: it answers in milliseconds,
    /// even in a large repository on a loaded CI machine.
    static let gitDeadlineNanoseconds: UInt64 = 10_000_000_000

    static func noAnswerNote(folder: String) -> String {
        "the results record no git commit: 'git rev-parse HEAD' in '\(folder)' did not answer within "
            + "\(gitDeadlineNanoseconds / 1_000_000_000) s and was stopped (a FIFO or device as .git/HEAD or ~/.gitconfig, "
            + "or a stalled file system?); check that 'git -C \(ShellWord.quoted(folder)) rev-parse HEAD' answers"
    }

    static func refusalNote(repository: String) -> String {
        "the results record no git commit: git refuses the repository '\(repository)' because another user owns it "
            + "(\"dubious ownership\"); if you trust it, run 'git config --global --add safe.directory \(ShellWord.quoted(repository))' "
            + "before specrun"
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

    /// What git says of the folder holding a spec path.
    enum GitCommit: Equatable {
        case commit(String)
        /// No git, no repository, no commit yet.
        case none
        /// git's safe.directory check: the repository at this path belongs to another user.
        case refused(repository: String)
        /// git did not answer within the deadline (stopped, with anything it started); the folder it was asked about.
        case noAnswer(folder: String)
    }

    /// The repository git names in its "dubious ownership" refusal, or nil for any other message.
    static func refusedRepository(in message: String) -> String? {
        guard let range = message.range(of: "detected dubious ownership in repository at '") else { return nil }
        // git writes the path as it is between quotes, up to the quote that ends the line: a path may hold a quote
        // itself (`/work/it's`), which the first quote after the path's start cut short.
        let line = message[range.upperBound...].prefix { !$0.isNewline }
        guard line.hasSuffix("'") else { return nil }
        return String(line.dropLast())
    }

    /// The commit of the git work tree holding `path`, when there is one (git may be absent: then `.none`).
    /// `environment` is git's, with its language forced to English (a parameter so that a test can ask in German).
    /// git gets `deadlineNanoseconds` to answer; a SIGINT / SIGTERM meanwhile stops it at once (`.none`: the run's
    /// own message says why it stopped).
    static func gitCommit(containing path: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                          deadlineNanoseconds: UInt64 = gitDeadlineNanoseconds) -> GitCommit {
        var directory = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            directory = ParentFolder.of(path)
        }
        if directory.isEmpty { directory = "." }
        // English, whatever the user's locale, so that the refusal can be recognised.
        var environment = environment
        environment["LC_ALL"] = "C"
        environment["LANGUAGE"] = nil
        switch BoundedChild.run(["git", "-C", directory, "rev-parse", "HEAD"], environment: environment,
                                deadlineNanoseconds: deadlineNanoseconds) {
        case .notStarted, .stopped:
            return .none
        case .timedOut:
            return .noAnswer(folder: directory)
        case .finished(let status, let output, let errors):
            guard status == 0 else {
                return refusedRepository(in: String(decoding: errors, as: UTF8.self)).map { .refused(repository: $0) } ?? .none
            }
            // A commit is 40 (SHA-1) or 64 (SHA-256) hex digits; anything else a `git` on PATH printed is not kept.
            let commit = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let isHash = (commit.utf8.count == 40 || commit.utf8.count == 64) && commit.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            return isHash ? .commit(commit) : .none
        }
    }
}
