import SpecModel
import TaskHarness

/// A lifecycle error's message in the words of the scenario's own static gate.
///
/// The harness tells an app team to add a refused identifier or mode "to the Info.plist", which is right for a
/// scenario that reads one (`info-plist:`). A scenario that lists the gate inline (`permitted:`,
/// `background-modes:`) has no Info.plist to edit: its author is told the key to write in the spec, and what that key
/// stands for in the app.
enum GateWording {
    static func message(of error: SchedulerError, gate: LifecycleSpec.Gate) -> String {
        guard case .inline = gate, let refusal = error.gateRefusal else { return error.message }
        switch refusal {
        case .identifierNotPermitted:
            return "\(error.identifier) is not in 'permitted:' (the app's \(StaticGate.permittedIdentifiersKey) in Info.plist); "
                + "add it to 'permitted:'"
        case .backgroundModeMissing(let mode):
            let kind = TaskKind.allCases.first { $0.backgroundMode == mode }.map { " a \($0.rawValue) task" } ?? " the task"
            return "'background-modes:' (the app's \(StaticGate.backgroundModesKey) in Info.plist) lacks '\(mode)', which\(kind) "
                + "needs; add it to 'background-modes:'"
        }
    }
}
