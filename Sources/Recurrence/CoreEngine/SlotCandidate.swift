/// One instant a slot's wall time resolves to under the schedule's policies.
struct SlotCandidate: Sendable, Hashable {
    /// Whole seconds since 1970.
    var instant: Int
    var resolution: Occurrence.Resolution
    /// The later of a repeated pair under `both`: its dedup key ends in `~2`.
    var isRepeat: Bool
}
