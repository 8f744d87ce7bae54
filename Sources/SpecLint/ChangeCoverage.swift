import Foundation
import Recurrence

/// What `dst-without-transition` and `control-with-transition` both call a window or a case's search holding an offset
/// change of its zone: one definition, so that what one of them accepts as a change the other takes as one too.
///
/// A span `(after, through]` holds a change at instant t when `after < t <= through`: the instant before t is in it
/// too, so it sees both offsets (a window from the change itself sees only the new one: a black-box review's window
/// from Antarctica/Troll's spring change was taken to hold it, one a second later was told).
enum ChangeCoverage {
    /// The first change `(after, through]` holds in `zone`, or nil.
    static func change(in zone: TimeZone, after: Date, through: Date) throws(ZoneTransition.TooMany) -> ZoneTransition? {
        guard after < through else { return nil }
        return try ZoneTransition.transitions(of: zone, from: after, through: through).first { $0.date > after }
    }
}
