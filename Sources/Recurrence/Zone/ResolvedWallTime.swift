/// A wall time resolved in a zone, in whole seconds since 1970: the engine's fast form of `WallTimeResolution`.
enum ResolvedWallTime: Sendable, Hashable {
    /// The wall time exists once, at this instant.
    case unique(Int)
    /// A forward change skips the wall time: `transition + offsetBefore ≤ wall < transition + offsetAfter`.
    case gap(transition: Int, offsetBefore: Int, offsetAfter: Int)
    /// A backward change repeats the wall time: it happens at `first` and again at `last`.
    case overlap(first: Int, last: Int, transition: Int)

    /// The instants the policies make of this wall time, in order (none, one, or two for `both`).
    func candidates(wall: Int, nonexistent: NonexistentTimePolicy, repeated: RepeatedTimePolicy) -> SlotCandidates {
        switch self {
        case .unique(let instant):
            return SlotCandidates(SlotCandidate(instant: instant, resolution: .exact, isRepeat: false))
        case .gap(let transition, let before, let after):
            switch nonexistent {
            case .skip:
                return SlotCandidates()
            case .nextValidTime:
                return SlotCandidates(SlotCandidate(instant: transition, resolution: .gap(.nextValidTime), isRepeat: false))
            case .shiftForward:
                return SlotCandidates(SlotCandidate(instant: wall - before, resolution: .gap(.shiftForward), isRepeat: false))
            case .shiftBackward:
                return SlotCandidates(SlotCandidate(instant: wall - after, resolution: .gap(.shiftBackward), isRepeat: false))
            }
        case .overlap(let first, let last, _):
            switch repeated {
            case .first:
                return SlotCandidates(SlotCandidate(instant: first, resolution: .overlapFirst, isRepeat: false))
            case .last:
                return SlotCandidates(SlotCandidate(instant: last, resolution: .overlapLast, isRepeat: false))
            case .both:
                return SlotCandidates(
                    SlotCandidate(instant: first, resolution: .overlapFirst, isRepeat: false),
                    SlotCandidate(instant: last, resolution: .overlapLast, isRepeat: true))
            }
        }
    }
}
