/// Where and with what a run happened: archived with every result so toolchains can be compared.
public struct Environment: Sendable, Hashable, Codable {
    public var os: String
    public var osVersion: String
    public var architecture: String
    public var swiftVersion: String
    public var foundation: String
    public var tzdataVersion: String
    public var zones: [String]
    public var specrunVersion: String
    /// The GNU build ID of the specrun executable that wrote the results (a hash of its linked contents): the version
    /// is the same in every build, the build ID is not. Nil where none could be read, and in results written before
    /// it was recorded (2026-12-01).
    public var specrunBuild: String?
    public var gitCommit: String?
    /// RFC 3339, UTC.
    public var startTime: String
    public var commandLine: [String]

    /// The command line as one text that a shell reads back into the same arguments: an argument holding a space
    /// (`套件 été`) is quoted, where joining with spaces made it two. For formats that keep one text (JUnit).
    public var commandLineText: String {
        commandLine.map(ShellWord.quoted).joined(separator: " ")
    }

    /// The name a results document written now gives a zone an archived one names `archived`: `UTC` for `Etc/UTC`,
    /// which results written before `timezone: UTC` was named `UTC` list by its identifier; any other name as
    /// archived. It is the writer's rule (`Recurrence.ZoneDisplayName.of`, which this module may not import) applied
    /// to an identifier; `SpecRunnerTests` checks the two agree on every zone. `RunResult.merging` names the zones
    /// of its environment so, and lists UTC once when it merges a shard of each age.
    public static func zoneName(_ archived: String) -> String {
        archived == "Etc/UTC" ? "UTC" : archived
    }

    public init(
        os: String, osVersion: String, architecture: String, swiftVersion: String, foundation: String,
        tzdataVersion: String, zones: [String], specrunVersion: String, gitCommit: String?, startTime: String,
        commandLine: [String], specrunBuild: String? = nil
    ) {
        self.os = os
        self.osVersion = osVersion
        self.architecture = architecture
        self.swiftVersion = swiftVersion
        self.foundation = foundation
        self.tzdataVersion = tzdataVersion
        self.zones = zones
        self.specrunVersion = specrunVersion
        self.specrunBuild = specrunBuild
        self.gitCommit = gitCommit
        self.startTime = startTime
        self.commandLine = commandLine
    }
}
