import SpecDiagnostics
import SpecModel

/// Warns about `known-deviations: {core: …}`. Core gives what the spec language defines, so a failure there is most
/// often a spec that expects Foundation's behaviour, or another reading of the contract: declared as a deviation, the
/// wrong spec passed (a message review did so, as the engines' note then advised, and a wrong spec exited 0). The run
/// reports a core failure as failed whatever the entry says (`SpecRunner.deviationOnCoreNote`), so the entry excuses
/// nothing; a warning, since it breaks no run, and `skip:` is the way to set a spec aside while a core fault is fixed.
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
                + "another policy), and the entry does not excuse it: a core failure is reported failed; correct the expected "
                + "instants and remove the entry (to set the spec aside while a fault of the core is fixed, write 'skip:' with why)",
            length: "core".count)]
    }
}
