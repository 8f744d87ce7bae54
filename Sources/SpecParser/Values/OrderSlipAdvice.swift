import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel

/// Why two instants may be out of order: one of them written with an offset its zone does not have at it (the seeds'
/// slip, `03:00:00+01:00` for Berlin in summer, is 02:00Z and can fall before the 02:30Z written on the next line).
/// The order error is read before any lint, so without this note the slip was told only once the lines were swapped,
/// and the error sometimes named the line that was right (the lint review).
enum OrderSlipAdvice {
    /// A note for `instant` when its written offset is not `zone`'s offset at it; nil otherwise. `others`: the other
    /// lines of the pair out of order; a reading one of them lists already is said to be theirs, not offered (Lord
    /// Howe's `03:15:00+10:30` before `03:15:00+11:00` was told to write the latter, a duplicate).
    /// `pair`: the two lines out of order as written (the earlier line first), when there are two: where the instant
    /// meant would still be on the wrong side of the other, the note says so instead of "which may put the list in
    /// order" (a date typed `03-13` for `03-31`, in March's +02:00, was offered `+01:00` beside the error's right fix).
    static func note(for instant: InstantLiteral, in zone: TimeZone, others: [InstantLiteral] = [], pair: [InstantLiteral] = []) -> Diagnostic.Note? {
        guard let written = instant.writtenOffset, zone.secondsFromGMT(for: instant.date) != written,
              instant.text.count > 6 else { return nil }
        let wallSeconds = instant.date.timeIntervalSince1970 + Double(written)
        let local = WallTimeText.local(instant.date, offset: written)
        let stem = String(instant.text.dropLast(6))
        let name = ZoneDisplayName.of(zone)
        let head = "\(instant.text) is written with offset \(WallTimeText.offset(written)), which \(name) does not have at that "
            + "instant (it is \(WallTimeText.wallTime(instant.date, in: zone)) there)"
        var resolver = WallTimeResolver(timeZone: zone)
        let meant: String
        switch resolver.resolve(LocalDateTime(wallSeconds: Int(wallSeconds.rounded(.down)))) {
        case .unique(let date):
            let offset = zone.secondsFromGMT(for: date)
            guard offset % 60 == 0 else { return Diagnostic.Note(location: instant.location, message: head) }
            if let taken = others.first(where: { $0.date == date }) {
                return Diagnostic.Note(location: instant.location, message: "\(head); \(local.time) local time is "
                    + "\(stem)\(WallTimeText.offset(offset)), which line \(taken.location.line) lists already")
            }
            meant = "if you meant \(local.time) local time, write \(stem)\(WallTimeText.offset(offset))"
            // The other line of the pair, which the instant meant is still on the wrong side of.
            if pair.count == 2, let place = pair.firstIndex(where: { $0.location == instant.location }) {
                let other = pair[1 - place]
                let stillWrong = place == 1 ? date <= other.date : date >= other.date
                if stillWrong {
                    return Diagnostic.Note(location: instant.location, message: "\(head); \(meant), though that alone is still "
                        + "\(place == 1 ? "not later" : "not earlier") than \(other.text) on line \(other.location.line)")
                }
            }
        case .overlap(let first, let last, _):
            let firstOffset = zone.secondsFromGMT(for: first), lastOffset = zone.secondsFromGMT(for: last)
            guard firstOffset % 60 == 0, lastOffset % 60 == 0 else { return Diagnostic.Note(location: instant.location, message: head) }
            meant = "\(local.time) happens twice on \(local.date): write \(stem)\(WallTimeText.offset(firstOffset)) for the first, "
                + "or \(stem)\(WallTimeText.offset(lastOffset)) for the second"
        case .gap(_, let offsetBefore, let offsetAfter):
            // Read with either offset of that night, is it still on the wrong side of the pair's other line? Then the
            // offset is not what puts the list out of order (a review's extra line on New York's skipped 02:30, a day
            // before the line above it, was told it may be).
            if pair.count == 2, let place = pair.firstIndex(where: { $0.location == instant.location }) {
                let other = pair[1 - place]
                let readings = [offsetBefore, offsetAfter].map { Date(timeIntervalSince1970: wallSeconds - Double($0)) }
                if readings.allSatisfy({ place == 1 ? $0 <= other.date : $0 >= other.date }) {
                    return Diagnostic.Note(location: instant.location, message: "\(head); \(local.time) does not exist on \(local.date) "
                        + "(the clocks skip it), and read with either offset of that night it is still \(place == 1 ? "not later" : "not earlier") "
                        + "than \(other.text) on line \(other.location.line)")
                }
            }
            return Diagnostic.Note(location: instant.location, message: "\(head); \(local.time) does not exist on \(local.date) "
                + "(the clocks skip it): its offset may be what puts the list out of order")
        }
        return Diagnostic.Note(location: instant.location, message: "\(head); \(meant), which may put the list in order")
    }
}
