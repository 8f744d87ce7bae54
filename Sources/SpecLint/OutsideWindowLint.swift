import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Warns about an expected occurrence outside its spec's window (after < t <= through): no engine lists it, so
/// the spec fails with the instant in its diff as missing. Usually the window's edge was misread: it excludes
/// `after` and includes `through`.
public struct OutsideWindowLint: SpecLintRule {
    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .recurrence(let body) = spec.body, let window = body.window,
              case .occurrences(let occurrences, _) = body.expect else { return [] }
        // Dates compared in place: copying every instant of every spec to find the rare one outside cost more than the check.
        let after = window.after.date, through = window.through.date
        let outside = occurrences.indices.filter { !(occurrences[$0].instant.date > after && occurrences[$0].instant.date <= through) }
        guard !outside.isEmpty else { return [] }
        let schedule = try? body.schedule.schedule()
        return outside.map { index in
            let instant = occurrences[index].instant
            return Diagnostic(
                code: LintCode.outsideWindow.rawValue,
                severity: .warning,
                location: instant.location,
                message: "\(instant.text) is outside the window (after \(window.after.text), through \(window.through.text)], "
                    + "so no engine lists it and the spec will fail; the window excludes 'after' and includes 'through'"
                    + (schedule.map { Self.advice(for: instant.date, in: $0) } ?? ": move the instant or the window"),
                sourceLine: instant.sourceLine,
                length: instant.text.count)
        }
    }

    /// Moving the window helps an instant the rule gives; one it never gives (a Friday under a Monday and Thursday rule,
    /// the failure review's) fails inside any window, and the advice says so, with the instant's local weekday.
    private static func advice(for date: Date, in schedule: Schedule) -> String {
        guard schedule.occurrence(at: date) == nil else { return ": move the instant or the window" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = schedule.timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        let offset = schedule.timeZone.secondsFromGMT(for: date)
        let local = WallTimeText.local(date, offset: offset)
        let weekday = calendar.weekdaySymbols[calendar.component(.weekday, from: date) - 1]
        return "; the rule gives no occurrence at it either (\(weekday) \(local.date) \(local.time) "
            + "\(WallTimeText.offset(offset))), so no window makes it pass: check the instant"
    }
}
