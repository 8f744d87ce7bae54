/// One line of the app's diagnostics log: an identifier, a stage and an error type — nothing else.
///
/// The rendered form is `<stage> <identifier> <error type or ok>`, e.g. `register com.example.app.refresh ok`
/// or `write com.example.app.refresh disk-full`. Each part is reduced to a safe alphabet when the entry is made
/// (identifier: letters, digits, `.`, `-`, `_`; stage and error type: lowercase letters, digits, `-`), so a value
/// that is not an identifier or a type word — a payload, a token, a message — cannot be written through it.
public struct DiagnosticsEntry: Sendable, Hashable, CustomStringConvertible {
    public let identifier: String
    public let stage: String
    /// nil when the stage succeeded (rendered `ok`).
    public let errorType: String?

    public init(identifier: String, stage: String, errorType: String? = nil) {
        self.identifier = Self.reduce(identifier, keeping: { $0.isLetter || $0.isNumber || "._-".contains($0) })
        self.stage = Self.reduce(stage.lowercased(), keeping: Self.isTypeCharacter)
        self.errorType = errorType.map { Self.reduce($0.lowercased(), keeping: Self.isTypeCharacter) }
    }

    /// `<stage> <identifier> <error type or ok>`.
    public var line: String { "\(stage) \(identifier) \(errorType ?? "ok")" }

    public var description: String { line }

    private static func isTypeCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLowercase || character.isNumber || character == "-")
    }

    /// Replaces each character outside the alphabet with `_`, and caps the length so a long value cannot hide in it.
    private static func reduce(_ text: String, keeping allowed: (Character) -> Bool) -> String {
        let kept = String(text.prefix(120).map { $0.isASCII && allowed($0) ? $0 : "_" })
        return kept.isEmpty ? "_" : kept
    }
}

extension DiagnosticsEntry {
    /// The diagnostics type of any error: its `diagnosticType`, `cancelled` for a cancellation, else `unexpected-error`.
    public static func errorType(of error: any Error) -> String {
        switch error {
        case let typed as any DiagnosticErrorType: typed.diagnosticType
        case is CancellationError: "cancelled"
        default: "unexpected-error"
        }
    }
}
