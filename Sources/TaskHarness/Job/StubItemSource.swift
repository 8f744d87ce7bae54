import Synchronization

/// A source returning the items a scenario gives it (`job.items`), changeable between launches.
///
/// The cursor is derived from the items (an FNV-1a digest), so the same items always give the same cursor.
public final class StubItemSource: ItemSource {
    private struct State {
        var items: [String]
        var fetches = 0
    }

    private let state: Mutex<State>

    public init(items: [String]) {
        state = Mutex(State(items: items))
    }

    /// Replaces what later fetches return.
    public func setItems(_ items: [String]) {
        state.withLock { $0.items = items }
    }

    /// What the next fetch returns.
    public var currentBatch: ItemBatch {
        let items = state.withLock { $0.items }
        return ItemBatch(items: items, cursor: Self.cursor(for: items))
    }

    /// How many fetches were made.
    public var fetchCount: Int { state.withLock { $0.fetches } }

    public func fetch() async throws -> ItemBatch {
        let items = state.withLock { state in
            state.fetches += 1
            return state.items
        }
        return ItemBatch(items: items, cursor: Self.cursor(for: items))
    }

    /// `c-` and the 64-bit FNV-1a digest of the items, in hex: stable across processes and runs.
    public static func cursor(for items: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for item in items {
            for byte in item.utf8 + [0x1F] {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
        }
        let hex = String(hash, radix: 16)
        return "c-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
