import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Warns about an expected occurrence outside its spec's window (after < t <= through): no engine lists it, so
/// the spec fails with the instant in its diff as missing. Usually the window's edge was misread: it excludes
/// `after` and includes `through`.
public struct OutsideWindowLint: SpecLintRule {
    public var judgesLinesTogether: Bool { true }

    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .recurrence(let body) = spec.body, let window = body.window,
              case .occurrences(let occurrences, _) = body.expect else { return [] }
        // Dates compared in place: copying every instant of every spec to find the rare one outside cost more than the check.
        let after = window.after.date, through = window.through.date
        let outside = occurrences.indices.filter { !(occurrences[$0].instant.date > after && occurrences[$0].instant.date <= through) }
        guard !outside.isEmpty else { return [] }
        // The window's occurrences no line lists: a line outside is most often one of them mistyped (a message review
        // typed 03-31 for 03-30, and "move the window" failed when applied: 03-30 was then unlisted).
        let listed = Set(occurrences.map(\.instant.date))
        // Searched before any run, with no --timeout over it: each search within the default bound at most.
        let schedule = body.schedule.boundedSchedule()
        let unlisted = schedule.map { Self.occurrences(of: $0, after: after, through: through, atMost: occurrences.count + 1) }?
            .filter { !listed.contains($0.date) } ?? []
        // As many lines outside as occurrences unlisted, each replaced by the next in order, giving a list in order: the
        // lines are those occurrences mistyped, one each (the nearest would offer two lines one occurrence: mutation run
        // 19's W1).
        var replaced = occurrences.map(\.instant.date)
        for (position, index) in outside.enumerated() where unlisted.count == outside.count { replaced[index] = unlisted[position].date }
        let paired = unlisted.count == outside.count && !outside.contains { occurrences[$0].instant.date == after }
            && zip(replaced, replaced.dropFirst()).allSatisfy { $0 < $1 }
        return outside.enumerated().map { position, index in
            let instant = occurrences[index].instant
            // The bounds' rule is said where it decides: an instant at 'after' (excluded) or just past 'through'.
            let edge = instant.date == after || (instant.date > through && instant.date.timeIntervalSince(through) < 3600)
                ? "; the window excludes 'after' and includes 'through'" : ""
            // Offered only where it fits the line's place in the list (else the parser refuses the order: a fourth review
            // wrote 06-03 in place of the line at 'after', before 06-02), and not for the line at 'after' itself, an
            // occurrence the window's start was meant to hold.
            let before = index > 0 ? occurrences[index - 1].instant.date : Date.distantPast
            let afterIt = index + 1 < occurrences.count ? occurrences[index + 1].instant.date : Date.distantFuture
            let fitting = instant.date == after ? [] : unlisted.filter { $0.date > before && $0.date < afterIt }
            var meant = paired ? unlisted[position]
                : fitting.min { abs($0.date.timeIntervalSince(instant.date)) < abs($1.date.timeIntervalSince(instant.date)) }
            // The one line outside and the one occurrence unlisted, which does not fit the line's place: offered with
            // where it goes (a review's `04:30:00Z` below 05:30, and a month typed `10` for `11` under a line it
            // belongs above, were told only to remove the line or move the window, which never passes).
            var moved: String?
            if meant == nil, outside.count == 1, unlisted.count == 1, instant.date != after {
                let date = unlisted[0].date
                moved = occurrences.indices.last(where: { $0 != index && occurrences[$0].instant.date < date }).map { "after line \(occurrences[$0].lastLine)" }
                    ?? occurrences.indices.first(where: { $0 != index }).map { "before line \(occurrences[$0].firstLine)" }
                if let place = moved {
                    meant = unlisted[0]
                    moved = "\(place) and remove \(occurrences[index].thisLine)"
                }
            }
            return Diagnostic(
                code: LintCode.outsideWindow.rawValue,
                severity: .warning,
                location: instant.location,
                message: "\(instant.text) is outside the window (after \(window.after.text), through \(window.through.text)], "
                    + "so no engine lists it and the spec will fail" + edge
                    + (schedule.map { Self.advice(for: instant.date, in: $0, meant: meant, moved: moved, keyed: occurrences[index].key != nil,
                                                  bounds: outside.count == 1 && unlisted.isEmpty ? (after, through) : nil) }
                        ?? ": move the instant or the window"),
                sourceLine: instant.sourceLine,
                length: instant.text.count)
        }
    }

    /// The schedule's occurrences in (after, through], at most `atMost` of them (more than the lines: none is needed
    /// past them); none when a search ends in an error (the run tells it).
    private static func occurrences(of schedule: Schedule, after: Date, through: Date, atMost: Int) -> [Occurrence] {
        var found: [Occurrence] = []
        var cursor = after
        while found.count < atMost, let next = try? schedule.next(after: cursor), next.date <= through {
            found.append(next)
            cursor = next.date
        }
        return found
    }

    /// Moving the window helps an instant the rule gives; one it never gives (a Friday under a Monday and Thursday rule,
    /// the failure review's) fails inside any window, and the advice says so, with the instant's local weekday.
    /// `keyed`: the line writes a key, which the occurrence meant has its own of (a third review wrote the instant as
    /// told and kept the other day's key).
    /// `bounds`: the window's, when this is the one line outside and the window holds no occurrence the list lacks: the
    /// bound that holds it and nothing else unlisted is named (a third review's `through` written inside Berlin's gap left out the change's 03:00, and "move the window"
    /// named no instant).
    /// `moved`: where the line meant goes, and what to do of this one, when it is not this line's place.
    private static func advice(for date: Date, in schedule: Schedule, meant: Occurrence?, moved: String? = nil, keyed: Bool,
                               bounds: (after: Date, through: Date)? = nil) -> String {
        let written = meant.map { occurrence in
            let instant = WallTimeText.instant(occurrence.date, offset: schedule.timeZone.secondsFromGMT(for: occurrence.date))
            return "; if it is meant for \(instant), the window's occurrence no line lists, write "
                + (keyed ? "{at: \(instant), key: \(occurrence.key)}" : "that") + (moved.map { " " + $0 } ?? "")
        } ?? ""
        guard schedule.occurrence(at: date) == nil else {
            // An occurrence of the rule: no other instant is meant, so the line goes or the window grows (a review was
            // told to move the instant, where none inside the window was unlisted).
            let zone = schedule.timeZone
            let bound: String? = bounds.flatMap { bounds in
                if date > bounds.through, (try? schedule.next(after: bounds.through))?.date == date {
                    return "write 'through: \(WallTimeText.instant(date, offset: zone.secondsFromGMT(for: date)))' to hold it"
                }
                let earlier = date.addingTimeInterval(-60)
                if date <= bounds.after, (try? schedule.next(after: earlier))?.date == date,
                   ((try? schedule.next(after: date))?.date).map({ $0 > bounds.after }) ?? true {
                    return "write 'after: \(WallTimeText.instant(earlier, offset: zone.secondsFromGMT(for: earlier)))', a minute before it, to hold it"
                }
                return nil
            }
            return written.isEmpty ? ": remove the line, or " + (bound ?? "move the window to hold it") : written + "; else move the window to hold it"
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = schedule.timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        let offset = schedule.timeZone.secondsFromGMT(for: date)
        let local = WallTimeText.local(date, offset: offset)
        let weekday = calendar.weekdaySymbols[calendar.component(.weekday, from: date) - 1]
        return "; the rule gives no occurrence at it either (\(weekday) \(local.date) \(local.time) "
            + "\(WallTimeText.offset(offset))), so no window makes it pass" + (written.isEmpty ? ": check the instant" : written)
    }
}
