import Foundation

/// What a wall time is in a zone: one instant, a time a forward change skips, or a time a backward change repeats.
public enum WallTimeResolution: Sendable, Hashable {
    /// The wall time exists once.
    case unique(Date)
    /// A forward change skips the wall time. `transition` is the first instant after the gap; the zone's offset
    /// (seconds east of UTC) is `offsetBefore` before it and `offsetAfter` from it on.
    case gap(transition: Date, offsetBefore: Int, offsetAfter: Int)
    /// A backward change at `transition` repeats the wall time: it happens at `first` and again at `last`.
    case overlap(first: Date, last: Date, transition: Date)

    init(_ resolved: ResolvedWallTime) {
        switch resolved {
        case .unique(let instant):
            self = .unique(Date(timeIntervalSince1970: Double(instant)))
        case .gap(let transition, let before, let after):
            self = .gap(transition: Date(timeIntervalSince1970: Double(transition)), offsetBefore: before, offsetAfter: after)
        case .overlap(let first, let last, let transition):
            self = .overlap(
                first: Date(timeIntervalSince1970: Double(first)),
                last: Date(timeIntervalSince1970: Double(last)),
                transition: Date(timeIntervalSince1970: Double(transition)))
        }
    }
}
