/// A fault the scenario injects into a stage, named by its error type (`disk-full`, `network`, …).
public struct InjectedFault: Error, Sendable, Hashable, DiagnosticErrorType, CustomStringConvertible {
    public let stage: JobStage
    public let errorType: String

    public init(stage: JobStage, errorType: String) {
        self.stage = stage
        self.errorType = errorType
    }

    public var diagnosticType: String { errorType }

    public var description: String { "injected \(errorType) during \(stage.rawValue)" }
}
