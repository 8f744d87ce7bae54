import Foundation

/// The static configuration iOS checks before any background task: the permitted identifiers and background modes.
///
/// Read from an `Info.plist` (XML or binary, via `PropertyListSerialization`) or given inline, as a spec's
/// `task.info-plist` or `permitted:` / `background-modes:` does.
public struct StaticGate: Sendable, Hashable {
    /// `BGTaskSchedulerPermittedIdentifiers`.
    public var permittedIdentifiers: [String] {
        didSet { permitted = Set(permittedIdentifiers) }
    }
    /// `UIBackgroundModes` (`fetch` for refresh tasks, `processing` for processing tasks).
    public var backgroundModes: [String] {
        didSet { modes = Set(backgroundModes) }
    }
    /// The two lists as sets, asked at every register and submit: searching the list made a scenario of 8,000
    /// permitted tasks cost seconds (each of its 16,000 calls compared thousands of identifiers).
    private var permitted: Set<String>
    private var modes: Set<String>

    public init(permittedIdentifiers: [String], backgroundModes: [String]) {
        self.permittedIdentifiers = permittedIdentifiers
        self.backgroundModes = backgroundModes
        permitted = Set(permittedIdentifiers)
        modes = Set(backgroundModes)
    }

    /// Two gates are equal when their lists are (in order, as read); the sets follow from the lists.
    public static func == (lhs: StaticGate, rhs: StaticGate) -> Bool {
        lhs.permittedIdentifiers == rhs.permittedIdentifiers && lhs.backgroundModes == rhs.backgroundModes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(permittedIdentifiers)
        hasher.combine(backgroundModes)
    }

    public static let permittedIdentifiersKey = "BGTaskSchedulerPermittedIdentifiers"
    public static let backgroundModesKey = "UIBackgroundModes"

    /// Reads the two keys from an `Info.plist` file in XML or binary format; a missing key reads as an empty list.
    /// A file of more than `byteLimit` bytes is refused unread (an Info.plist is a few kilobytes; a fixture path
    /// naming a disk image must not take gigabytes of memory), and so is anything but a regular file.
    public init(infoPlistAt url: URL, byteLimit: Int = 10 << 20) throws(StaticGateError) {
        var info = stat()
        // A device or a pipe has no end to read to (`/dev/zero` would take every byte of memory) or none yet.
        if stat(url.path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw StaticGateError(path: url.path, reason: "not a regular file (a device, a pipe or a folder); name the Info.plist itself")
            }
            if Int(info.st_size) > byteLimit {
                throw StaticGateError(path: url.path, reason: "the file holds \(info.st_size) bytes, more than the \(byteLimit) a fixture may hold; "
                    + "name the Info.plist itself", tooLarge: true)
            }
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            // Foundation's sentence says only "The file couldn’t be opened"; the errno under it says why.
            throw StaticGateError(path: url.path, reason: Self.readProblem(errno: SystemErrorText.code(of: error) ?? 0))
        }
        try self.init(infoPlistData: data, path: url.path)
    }

    /// Why the file could not be read, and what to do, for the `errno` of opening it (0: opened, then not read).
    static func readProblem(errno code: Int32) -> String {
        switch code {
        case EACCES, EPERM:
            "cannot read the file (\(String(cString: strerror(code)))); give the user who runs specrun read permission on it "
                + "(chmod a+r) and search permission on its folders"
        case ENOENT, ENOTDIR:
            "there is no such file; check the path given in 'info-plist'"
        case 0:
            "cannot read the file; check the path given in 'info-plist'"
        default:
            "cannot read the file (\(String(cString: strerror(code)))); check the path given in 'info-plist'"
        }
    }

    /// Reads the two keys from the bytes of an `Info.plist` (XML or binary); `path` names it in errors.
    public init(infoPlistData data: Data, path: String) throws(StaticGateError) {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw StaticGateError(path: path, reason: "not a property list (XML or binary); export it with plutil")
        }
        guard let dictionary = root as? [String: Any] else {
            throw StaticGateError(path: path, reason: "the top level is not a dictionary; an Info.plist is one")
        }
        self.init(
            permittedIdentifiers: try Self.strings(dictionary, Self.permittedIdentifiersKey, path),
            backgroundModes: try Self.strings(dictionary, Self.backgroundModesKey, path))
    }

    private static func strings(_ dictionary: [String: Any], _ key: String, _ path: String) throws(StaticGateError) -> [String] {
        guard let value = dictionary[key] else { return [] }
        guard let list = value as? [Any], let strings = list as? [String] else {
            throw StaticGateError(path: path, reason: "\(key) must be an array of strings")
        }
        return strings
    }

    /// A refusal in the Info.plist's words, with the fix: `com.example.app.refresh is not in
    /// BGTaskSchedulerPermittedIdentifiers; add it to the Info.plist`.
    public static func refusalSentence(_ refusal: GateRefusal, identifier: String) -> String {
        switch refusal {
        case .identifierNotPermitted:
            return "\(identifier) is not in \(permittedIdentifiersKey); add it to the Info.plist"
        case .backgroundModeMissing(let mode):
            let kind = TaskKind.allCases.first { $0.backgroundMode == mode }.map { "a \($0.rawValue) task" } ?? "the task"
            return "\(backgroundModesKey) lacks '\(mode)', which \(kind) needs; add it to the Info.plist"
        }
    }

    /// Why `identifier` of `kind` may not register or submit, or nil when it may.
    public func refusal(for identifier: String, kind: TaskKind) -> GateRefusal? {
        guard permitted.contains(identifier) else { return .identifierNotPermitted }
        guard modes.contains(kind.backgroundMode) else { return .backgroundModeMissing(kind.backgroundMode) }
        return nil
    }

    /// What the gate found missing.
    public enum GateRefusal: Sendable, Hashable {
        /// The identifier is not in `BGTaskSchedulerPermittedIdentifiers`.
        case identifierNotPermitted
        /// `UIBackgroundModes` lacks the mode the kind needs.
        case backgroundModeMissing(String)

        /// The diagnostics-log error type: `not-permitted` or `background-mode-missing`.
        public var diagnosticType: String {
            switch self {
            case .identifierNotPermitted: "not-permitted"
            case .backgroundModeMissing: "background-mode-missing"
            }
        }
    }
}
