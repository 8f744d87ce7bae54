import Foundation
import Recurrence
import SpecModel
import SpecResults

/// Why the Foundation engine failed a spec the core engine passes: the difference is Foundation's own answer
/// (`Calendar.nextDate`), which the core's policy sentences do not name (they would read it as another policy's).
/// An incident review saw `occurrences differ: 1 missing` for Lord Howe and nothing leading to `explain --engine all`
/// or to `known-deviations`. Asked on the Foundation engine's failure path only, with the core's verdict at hand.
enum FoundationHint {
    /// The sentence, with the `explain` command for the wall time that differs: the slot (its date and time in the
    /// rule) of the first expected occurrence Foundation missed or keyed otherwise — the core gives every expected one.
    /// Its instant's local date and time were not it (a second review: Nuuk's 23:30 of 03-27, moved past midnight,
    /// was sent to 03-28 at the rule's first time, where explain showed both engines agreeing).
    static func hint(zone: TimeZone, schedule: Schedule?, diff: [DiffLine]) -> String {
        let differing = diff.filter { $0.kind != .same }
        let expected = differing.first { $0.kind == .missing || $0.kind == .keyMismatch }?.expected
        let slot = expected.flatMap { instant in schedule?.occurrence(at: Date(timeIntervalSince1970: instant.epochSeconds))?.slot }
        let command: String
        if let slot, let time = TimeOfDay(hour: slot.hour, minute: slot.minute, second: slot.second) {
            command = "specrun explain \(zone.identifier) \(CivilDate(year: slot.year, month: slot.month, day: slot.day).isoText) --at \(time) --engine all"
        } else {
            let first = differing.first
            let date = (first?.expected ?? first?.actual).map { " " + String($0.local.prefix { $0 != " " }) } ?? ""
            command = "specrun explain \(zone.identifier)\(date) --engine all"
        }
        // Short: where both engines ran, the report's note under the engines' table says to declare a known difference.
        return "the core engine gives the instants expected, so the difference is Foundation's own (`\(command)` shows "
            + "both engines' answers)"
    }
}
