/// What a calendar rule does with a wall time that a forward change (a gap) skips.
public enum NonexistentTimePolicy: String, Sendable, Hashable, CaseIterable, Codable {
    /// No occurrence for that local date.
    case skip
    /// The transition instant: the first instant after the gap.
    case nextValidTime = "next-valid-time"
    /// The wall time read with the offset before the gap: later by the gap's length.
    case shiftForward = "shift-forward"
    /// The wall time read with the offset after the gap: earlier by the gap's length.
    case shiftBackward = "shift-backward"
}

/// What a calendar rule does with a wall time that a backward change (an overlap) repeats.
public enum RepeatedTimePolicy: String, Sendable, Hashable, CaseIterable, Codable {
    /// The earlier instant.
    case first
    /// The later instant.
    case last
    /// Both instants, each an occurrence with its own dedup key (the later one's ends in `~2`).
    case both
}

/// What a month or year rule does on a date the month does not have (day 31 in April, Feb 29 in 2027).
public enum MissingDayPolicy: String, Sendable, Hashable, CaseIterable, Codable {
    /// No occurrence that month or year.
    case skip
    /// The last day of that month instead.
    case lastDay = "last-day"
}
