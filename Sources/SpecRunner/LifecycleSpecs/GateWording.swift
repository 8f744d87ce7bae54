import SpecModel
import TaskHarness

/// A lifecycle error's message in the words of the scenario's own static gate.
///
/// The harness tells an app team to add a refused identifier or mode "to the Info.plist", which is right for a
/// scenario that reads one (`info-plist:`). A scenario that lists the gate inline (`permitted:`,
/// `background-modes:`) has no Info.plist to edit: its author is told the key to write in the spec, and what that key
/// stands for in the app.
enum GateWording {
    /// - Parameter steps: the steps up to the one that raised `error` (nil: the app's first start): the last
    ///   `update-app` among them that wrote the refused key is where the gate in effect was written.
    static func message(of error: SchedulerError, gate: LifecycleSpec.Gate, steps: ArraySlice<LifecycleStep> = []) -> String {
        guard let refusal = error.gateRefusal else { return error.message }
        // The update that wrote the key last, with its line: its key is what to change (a review was told "the Info.plist").
        let updated: (LifecycleStep.AppUpdate) -> Bool = switch refusal {
        case .identifierNotPermitted: { $0.permitted != nil }
        case .backgroundModeMissing: { $0.backgroundModes != nil }
        }
        let update = steps.last { step in
            if case .updateApp(let update) = step.action { updated(update) } else { false }
        }
        let place = update.map { " of the update-app step at line \($0.location.line)" } ?? ""
        guard update != nil || { if case .inline = gate { true } else { false } }() else { return error.message }
        // A launch with no handler because the gate refused the registration: the same sentence, after what happened.
        let launched = error.code == .noLaunchHandler
            ? "the system launched \(error.identifier) but this process registered no launch handler for it; its registration was refused: "
            : ""
        return launched + sentence(refusal, error: error, place: place, that: update != nil)
    }

    private static func sentence(_ refusal: StaticGate.GateRefusal, error: SchedulerError, place: String, that: Bool) -> String {
        switch refusal {
        case .identifierNotPermitted:
            return "\(error.identifier) is not in 'permitted:'\(place) (the app's \(StaticGate.permittedIdentifiersKey) in Info.plist); "
                + "add it to \(that ? "that " : "")'permitted:'"
        case .backgroundModeMissing(let mode):
            let kind = TaskKind.allCases.first { $0.backgroundMode == mode }.map { " a \($0.rawValue) task" } ?? " the task"
            return "'background-modes:'\(place) (the app's \(StaticGate.backgroundModesKey) in Info.plist) lacks '\(mode)', which\(kind) "
                + "needs; add it to \(that ? "that " : "")'background-modes:'"
        }
    }
}
