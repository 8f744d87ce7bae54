import SpecModel
import SpecResults

/// Executes specs against the engines and the task harness.
public struct SpecRunner: Sendable {
    public init() {}
}
