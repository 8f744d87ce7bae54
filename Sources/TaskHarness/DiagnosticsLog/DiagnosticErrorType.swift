/// An error that can name its type for the diagnostics log: a short kebab-case word, never a message.
///
/// The log records identifier, stage and this type only, so payloads and tokens carried by an error's
/// message cannot reach it. Errors that do not adopt this protocol are logged as `unexpected-error`.
public protocol DiagnosticErrorType: Error {
    /// A kebab-case error type such as `disk-full`, `network` or `cancelled`.
    var diagnosticType: String { get }
}
