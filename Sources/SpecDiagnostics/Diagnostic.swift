/// How serious a diagnostic is. Warnings become errors under `--strict`.
public enum Severity: String, Sendable, Hashable, Codable, Comparable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One message about a spec file: where, what is wrong, and what to do about it.
///
/// A diagnostic is a plain value that carries the source line it points at, so it can be rendered
/// (and archived in results) without the file at hand.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// A stable identifier for the kind of problem (`unknown-key`, `offset-mismatch`, …), for tools and filters.
    public var code: String
    public var severity: Severity
    public var location: SourceLocation?
    /// One sentence saying what is wrong and, where it can, what to do.
    public var message: String
    /// The text of the line `location` points into, when there is one.
    public var sourceLine: String?
    /// How many characters the caret underlines (at least one).
    public var length: Int
    /// Further places or facts that help, each rendered on its own line after the caret.
    public var notes: [Note]

    public struct Note: Sendable, Hashable, Codable {
        public var location: SourceLocation?
        public var message: String

        /// How the note starts that says where a spec file was left unread (after too many errors): a terminal that
        /// shortens its list of diagnostics still shows the one that carries it.
        public static let unreadRest = "the file's documents from here on are not read"

        public init(location: SourceLocation? = nil, message: String) {
            self.location = location
            self.message = message
        }
    }

    public init(
        code: String,
        severity: Severity = .error,
        location: SourceLocation?,
        message: String,
        sourceLine: String? = nil,
        length: Int = 1,
        notes: [Note] = []
    ) {
        self.code = code
        self.severity = severity
        self.location = location
        self.message = message
        self.sourceLine = sourceLine
        self.length = max(1, length)
        self.notes = notes
    }

    /// The same diagnostic as an error (what `--strict` does to warnings).
    public func promoted(to severity: Severity) -> Diagnostic {
        var copy = self
        copy.severity = max(self.severity, severity)
        return copy
    }
}

extension [Diagnostic] {
    /// In source order, stable for equal places.
    public func sortedBySource() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            let left = lhs.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let right = rhs.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }
}
