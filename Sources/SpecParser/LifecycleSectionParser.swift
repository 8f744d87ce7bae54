import SpecModel
import SpecYAML

/// Reads a task lifecycle scenario (a document with `task:`).
///
/// Lifecycle scenarios arrive with the task harness; until then each one is reported as not supported,
/// so it is never silently skipped. This file is the place their section parser goes.
struct LifecycleSectionParser {
    let reader: ValueReader

    /// The top-level keys of a lifecycle scenario, as the spec language names them.
    static let keys = ["task", "job", "schedule", "clock", "steps", "expect"]

    func parse(_ root: Node, taskKey: Node, specName: String?) -> LifecycleSpec? {
        let subject = specName.map { "'\($0)' is a lifecycle scenario (task:)" } ?? "this document is a lifecycle scenario (task:)"
        reader.log.report(.lifecycleNotSupported, at: taskKey,
                          "\(subject), and lifecycle scenarios are not supported yet; this spec is not run")
        return nil
    }
}
