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
        // A numbered id holds the mask, so only the unmasked ids that hold it too can be taken already: hashing every
        // id (each has a ` › `, which sends Swift's string hashing down its slow Unicode path) cost 5 % of a run.
        var taken = Set<String>()
        for id in planIDs {
            if let masked = redaction.masking(id) {
                changed.append((id, masked))
            } else if Self.holdsMask(id) {
                taken.insert(id)
            }
        }
        var ids: [String: String] = [:]
        for (id, masked) in changed where ids[id] == nil {
            ids[id] = Self.numbered(masked, taking: &taken)
        }
        self.ids = ids
    }

    /// `masked`, or with the first number from 2 (`… #2`) that makes it new to `taken`, which then holds it.
    static func numbered(_ masked: String, taking taken: inout Set<String>) -> String {
        var candidate = masked
        var number = 2
        while !taken.insert(candidate).inserted {
            candidate = masked + " #\(number)"
            number += 1
        }
        return candidate
    }

    /// Whether `text` holds `Redaction.mask`, looked for in its bytes (Foundation's `contains` bridged every id).
    static func holdsMask(_ text: String) -> Bool {
        let mask = Array(Redaction.mask.utf8)
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= mask.count else { return false }
            for start in 0...(bytes.count - mask.count) where bytes[start] == mask[0] {
                if (1..<mask.count).allSatisfy({ bytes[start + $0] == mask[$0] }) { return true }
            }
            return false
        }
    }

    /// The id `id` is written under: its numbered masked id, or `id` masked (a test outside the plan).
    public func maskedID(_ id: String, by redaction: Redaction) -> String {
        ids[id] ?? redaction.mask(id)
    }
}
