import SpecResults

/// The settings of a run that change its results without changing which tests it selects — the limits
/// (docs/limits.md) and `--timeout` — read back from a results document's command line as `ShardSelection` reads
/// the selection. `specrun compare` names those that differ beside the environment: `--max-occurrences 2` on one
/// side turns passing specs into errors with no toolchain change, and the comparison said nothing of why.
struct RecordedRunSettings: Equatable {
    /// The options read, in the order `compare` lists them.
    static let optionNames = RunLimits.options.map(\.name) + ["timeout"]

    /// Each setting given, as written (`yes` for a flag); absent when the run took the default.
    var values: [String: String]

    /// Nil when the command line is not a run's (as `ShardSelection`).
    init?(commandLine: [String]) {
        guard let parsed = ShardSelection.parsed(commandLine) else { return nil }
        var values: [String: String] = [:]
        for option in RunCommand.options where Self.optionNames.contains(option.name) {
            if option.valueName == nil {
                if parsed.flag(option.name) { values[option.name] = "yes" }
            } else if let value = parsed.value(option.name) {
                values[option.name] = value
            }
        }
        self.values = values
    }

    /// `--max-occurrences: default → 2`, one per setting that differs, in `optionNames` order.
    func changes(to other: RecordedRunSettings) -> [RunComparison.EnvironmentChange] {
        Self.optionNames.compactMap { name in
            let old = values[name], new = other.values[name]
            guard old != new else { return nil }
            return RunComparison.EnvironmentChange(field: "--" + name, old: old ?? "default", new: new ?? "default")
        }
    }
}
