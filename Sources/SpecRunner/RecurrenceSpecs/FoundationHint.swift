import Foundation
import Recurrence
import SpecModel
import SpecResults

/// Why the Foundation engine failed a spec the core engine passes: the difference is Foundation's own answer
/// (`Calendar.nextDate`), which the core's policy sentences do not name (they would read it as another policy's).
/// An incident review saw `occurrences differ: 1 missing` for Lord Howe and nothing leading to `explain --engine all`
/// or to `known-deviations`. Asked on the Foundation engine's failure path only, with the core's verdict at hand.
enum FoundationHint {
    /// The sentence, with the `explain` command for the zone, the first differing date and the rule's first wall time.
    static func hint(zone: TimeZone, schedule: Schedule?, diff: [DiffLine]) -> String {
        let first = diff.first { $0.kind != .same }
        let date = (first?.expected ?? first?.actual).map { String($0.local.prefix { $0 != " " }) }
        let time = schedule?.rule.wallTimes.first.map { " --at \(String($0.description.prefix(5)))" } ?? ""
        let command = "specrun explain \(zone.identifier)" + (date.map { " \($0)" + time } ?? "") + " --engine all"
        return "the core engine gives the instants expected: the difference is Foundation's own (`\(command)` shows both engines' "
            + "answers; a difference Foundation is known for is declared under 'known-deviations')"
    }
}
