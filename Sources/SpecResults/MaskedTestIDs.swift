import TextRedaction

/// The id each test's results carry once masked, numbered over a whole plan.
///
/// Two tests whose ids differ only in a secret (`Bearer 2a tokens`, `Bearer 2b tokens`) share one id once masked,
/// and a results file holds each id once. The later ones in the plan's order are numbered (`… › core #2`), and the
/// numbers come from the full plan — every spec read, on the run's engines — before `--filter`, `--tag`, `--shard` or
/// `--last-failed` select from it: each shard of a run, and a rerun of its failures, numbers a test as the whole run
/// does, so `merge`, `compare` and `--last-failed` pair the same tests.
public struct MaskedTestIDs: Sendable {
    /// The masked id of each plan id that masking changes.
    public let ids: [String: String]

    public init(planIDs: [String], redaction: Redaction) {
        guard !redaction.isEmpty else { ids = [:]; return }
        var changed: [(id: String, masked: String)] = []
        var taken = Set<String>()
        for id in planIDs {
            if let masked = redaction.masking(id) { changed.append((id, masked)) } else { taken.insert(id) }
        }
        var ids: [String: String] = [:]
        for (id, masked) in changed where ids[id] == nil {
            var candidate = masked
            var number = 2
            while !taken.insert(candidate).inserted {
                candidate = masked + " #\(number)"
                number += 1
            }
            ids[id] = candidate
        }
        self.ids = ids
    }

    /// The id `id` is written under: its numbered masked id, or `id` masked (a test outside the plan).
    public func maskedID(_ id: String, by redaction: Redaction) -> String {
        ids[id] ?? redaction.mask(id)
    }
}
