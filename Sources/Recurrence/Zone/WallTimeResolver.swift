import Foundation

/// Resolves local wall times in one zone over the zone's offsets and transitions, without Foundation's Calendar.
///
/// A wall time `W`, read as seconds `L` (the local date-time taken as if it were UTC), happens at every instant `t`
/// with `t + offset(t) == L`. The resolver checks each offset segment within reach of `L`: none is a gap, one is a
/// unique instant, two are an overlap. This holds for gaps and overlaps of any length (30 minutes in
/// Australia/Lord_Howe, 2 hours in Antarctica/Troll, the whole of 2011-12-30 in Pacific/Apia), at or across
/// midnight, and for changes of the base offset (Asia/Almaty 2024-03-01).
///
/// ```swift
/// var resolver = WallTimeResolver(timeZone: TimeZone(identifier: "Europe/Berlin")!)
/// resolver.resolve(LocalDateTime(year: 2027, month: 3, day: 28, hour: 2, minute: 30))
/// // .gap(transition: 2027-03-28T01:00:00Z, offsetBefore: 3600, offsetAfter: 7200)
/// ```
///
/// The resolver caches the zone's transitions as it goes: keep one for a run of nearby wall times.
public struct WallTimeResolver: Sendable {
    /// The zone whose wall times this resolver reads.
    public let timeZone: TimeZone
    var table: ZoneOffsetTable

    /// A resolver for `timeZone`; it reads the zone's transitions lazily, as wall times need them.
    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        self.table = ZoneOffsetTable(zone: timeZone, start: 0)
    }

    /// What the wall time is in the zone: one instant, in a gap, or in an overlap.
    public mutating func resolve(_ local: LocalDateTime) -> WallTimeResolution {
        WallTimeResolution(table.resolve(wall: Self.wall(local)))
    }

    /// The instants the wall time reads as in the zone, in order: one, both of an overlap, or none in a gap.
    public mutating func readings(_ local: LocalDateTime) -> [Date] {
        switch resolve(local) {
        case .unique(let date): [date]
        case .overlap(let first, let last, _): [first, last]
        case .gap: []
        }
    }

    /// The wall time's seconds, read as the nearest of ±10^13 s (about 317,000 years) past them: the zone's data
    /// is asked nothing further out (its transition walk does not advance there).
    private static func wall(_ local: LocalDateTime) -> Int {
        min(max(local.wallSeconds, InstantSeconds.range.lowerBound), InstantSeconds.range.upperBound)
    }

    /// The instants a schedule with these policies gets for the wall time (none, one, or two under `both`).
    public mutating func instants(
        for local: LocalDateTime, nonexistent: NonexistentTimePolicy, repeated: RepeatedTimePolicy
    ) -> [(date: Date, resolution: Occurrence.Resolution)] {
        let wall = Self.wall(local)
        let candidates = table.resolve(wall: wall).candidates(wall: wall, nonexistent: nonexistent, repeated: repeated)
        return (0..<candidates.count).map { index in
            (Date(timeIntervalSince1970: Double(candidates[index].instant)), candidates[index].resolution)
        }
    }

    /// What each of the seven policies makes of the wall time, in the spec language's order
    /// (skip, next-valid-time, shift-forward, shift-backward, first, last, both).
    public mutating func policyOutcomes(for local: LocalDateTime) -> [PolicyOutcome] {
        let wall = Self.wall(local)
        let resolved = table.resolve(wall: wall)
        return PolicyOutcome.Policy.all.map { policy in
            let applies: Bool
            let candidates: SlotCandidates?
            switch (policy, resolved) {
            case (.nonexistent(let nonexistent), .gap):
                applies = true
                candidates = resolved.candidates(wall: wall, nonexistent: nonexistent, repeated: .first)
            case (.repeated(let repeated), .overlap):
                applies = true
                candidates = resolved.candidates(wall: wall, nonexistent: .skip, repeated: repeated)
            case (_, .unique):
                applies = false
                candidates = resolved.candidates(wall: wall, nonexistent: .skip, repeated: .first)
            case (.nonexistent, .overlap), (.repeated, .gap):
                applies = false
                candidates = nil
            }
            let instants = candidates.map { found in
                (0..<found.count).map { index in
                    (date: Date(timeIntervalSince1970: Double(found[index].instant)), resolution: found[index].resolution)
                }
            }
            return PolicyOutcome(policy: policy, applies: applies, instants: instants)
        }
    }

    /// The zone's offset from UTC, in seconds, at an instant (whole seconds; a fraction is dropped).
    public mutating func offset(at date: Date) -> Int {
        table.offset(at: InstantSeconds.floor(date))
    }
}
