/// The zero, one or two candidates of one slot, in time order, without allocating.
struct SlotCandidates: Sendable {
    private(set) var count: Int
    private var first: SlotCandidate
    private var second: SlotCandidate

    private static let none = SlotCandidate(instant: 0, resolution: .exact, isRepeat: false)

    init() {
        count = 0
        first = Self.none
        second = Self.none
    }

    init(_ only: SlotCandidate) {
        count = 1
        first = only
        second = Self.none
    }

    init(_ first: SlotCandidate, _ second: SlotCandidate) {
        count = 2
        self.first = first
        self.second = second
    }

    subscript(index: Int) -> SlotCandidate {
        precondition(index < count, "slot candidate \(index) of \(count)")
        return index == 0 ? first : second
    }
}
