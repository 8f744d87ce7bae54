import SpecDiagnostics
import SpecModel

/// Warns about `known-deviations: {core: …}`. Core gives what the spec language defines, so a failure there is most
/// often a spec that expects Foundation's behaviour, or another reading of the contract: declared as a deviation, the
/// wrong spec passes (a message review did so, as the engines' note then advised, and a wrong spec exited 0). A
/// warning, not an error, since a fault of specrun's own core may be worth marking while it is fixed.
public struct KnownDeviationOnCoreLint: SpecLintRule {
    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard spec.knownDeviations[.core] != nil else { return [] }
        return [Diagnostic(
            code: LintCode.deviationOnCore.rawValue,
            severity: .warning,
            location: spec.knownDeviationLocations[.core] ?? spec.location,
            message: "'\(spec.name)' declares a known deviation on core, the engine that gives what the spec language defines: a "
                + "failure there most often means the spec expects something else than the contract (Foundation's behaviour, "
                + "another policy), which the entry would hide; correct the expected instants and remove the entry",
            length: "core".count)]
    }
}
