import Foundation
import SpecDiagnostics
import SpecModel

/// Warns about a lifecycle scenario whose `info-plist:` names a file the task harness will refuse when the scenario
/// runs: no regular file, no property list, no dictionary at its top, or `BGTaskSchedulerPermittedIdentifiers` /
/// `UIBackgroundModes` that are not arrays of strings. `specrun check` then tells what a run would fail on.
///
/// The harness's own reader (`TaskHarness.StaticGate`) may not be imported here (a lint judges specs, and depends on
/// the model only), so its rules are restated; SpecLintTests cross-checks both on the same files. A file larger than
/// `byteLimit` (the run's `--max-file-size`) is refused unread, as the harness refuses it.
public struct InfoPlistFixtureLint: SpecLintRule {
    /// The most bytes a fixture may hold: the run's `--max-file-size`, which the harness holds fixtures to.
    var byteLimit = 10 << 20

    /// The two keys the static gate reads.
    static let permittedIdentifiersKey = "BGTaskSchedulerPermittedIdentifiers"
    static let backgroundModesKey = "UIBackgroundModes"

    /// `access(path, R_OK)`: nil when the file may be read, else the `errno`. Injected by tests (root reads anything).
    var mayRead: @Sendable (String) -> Int32? = { path in access(path, R_OK) == 0 ? nil : errno }

    public init(byteLimit: Int = 10 << 20) {
        self.byteLimit = byteLimit
    }

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .lifecycle(let body) = spec.body, case .infoPlist(let path, found: true, let written, let location, let sourceLine) = body.gate
        else { return [] }
        return problems(at: path, written: written, tasks: body.tasks).map { problem in
            Diagnostic(
                code: LintCode.invalidFixture.rawValue,
                severity: .warning,
                location: location,
                message: problem,
                sourceLine: sourceLine,
                length: written.count)
        }
    }

    /// What the harness would refuse in the file at `path`, each as a whole sentence naming it as `written`.
    func problems(at path: String, written: String, tasks: [LifecycleSpec.TaskDeclaration]) -> [String] {
        let cannotRun = "so the scenario cannot run"
        // Read as the harness reads it: `./` keeps a leading `~` a name, and `stat` follows a symbolic link to its file.
        let local = path.hasPrefix("/") ? path : "./" + path
        var info = stat()
        guard stat(local, &info) == 0 else { return [] }
        // A device or a pipe is never read: it has no end to read to, or none yet. (A folder is a missing fixture.)
        guard info.st_mode & S_IFMT == S_IFREG else {
            return ["'\(written)' is not a regular file (a device or a pipe), \(cannotRun); name the Info.plist itself"]
        }
        // A CI job running as another user than the checkout's owner: the run would error on every such scenario.
        if let code = mayRead(local) {
            return ["'\(written)' cannot be read (\(String(cString: strerror(code)))), \(cannotRun); give the user who runs "
                + "specrun read permission on it (chmod a+r)"]
        }
        // `specrun check` passed a 200 MB fixture that every run then refused (the docs review).
        if Int(info.st_size) > byteLimit {
            return ["'\(written)' holds \(info.st_size) bytes, more than the \(byteLimit) a fixture may hold (--max-file-size), "
                + "\(cannotRun); name the app's Info.plist itself"]
        }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: local)) else { return [] }
        guard let root = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) else {
            return ["'\(written)' is not a property list (XML or binary), \(cannotRun); name the app's Info.plist, "
                + "or convert the file with 'plutil -convert xml1'"]
        }
        guard let dictionary = root as? [String: Any] else {
            return ["'\(written)' holds \(Self.kind(of: root)) at its top level, where an Info.plist holds a dictionary of keys, "
                + "\(cannotRun); name the app's Info.plist itself"]
        }
        var modes: [String] = []
        for mode in tasks.map({ Self.backgroundMode(of: $0.kind) }) where !modes.contains(mode) { modes.append(mode) }
        return [(Self.permittedIdentifiersKey, tasks.map(\.identifier)), (Self.backgroundModesKey, modes)].compactMap { key, example in
            // A key left out reads as an empty list, which the scenario may mean (the gate then refuses its tasks).
            guard let value = dictionary[key], !Self.isArrayOfStrings(value) else { return nil }
            let strings = example.map { "<string>\($0)</string>" }.joined()
            return "\(key) in '\(written)' is \(Self.kind(of: value)), and it must be an array of strings, \(cannotRun); "
                + "write it as <array>\(strings)</array>"
        }
    }

    /// The harness's test of a key's value, with its casts.
    private static func isArrayOfStrings(_ value: Any) -> Bool {
        guard let list = value as? [Any] else { return false }
        return list as? [String] != nil
    }

    /// How a message names the kind of a property list value: "a string", "an array holding other values than strings".
    static func kind(of value: Any) -> String {
        // A number 1 also casts to Bool, and a boolean to NSNumber: the type itself tells them apart.
        if type(of: value) == Bool.self { return "a boolean" }
        switch value {
        case is [Any]: return isArrayOfStrings(value) ? "an array of strings" : "an array holding other values than strings"
        case is [String: Any]: return "a dictionary"
        case is String: return "a string"
        case is Date: return "a date"
        case is Data: return "data"
        case is NSNumber: return "a number"
        default: return "a value of another kind"
        }
    }

    /// The `UIBackgroundModes` entry a task of `kind` needs.
    static func backgroundMode(of kind: LifecycleSpec.TaskKind) -> String {
        switch kind {
        case .refresh: "fetch"
        case .processing: "processing"
        }
    }
}
