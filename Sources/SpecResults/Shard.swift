/// Shard `index` of `count` (1-based) of a run's plan (`--shard I/N`), chosen by a stable hash of the test id so
/// adding a spec moves no other. A sharded run's results record it, so a merge can tell a missing shard.
public struct Shard: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Reads `I/N` with 1 ≤ I ≤ N.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              Self.isValid(index: index, count: count) else { return nil }
        self.init(index: index, count: count)
    }

    /// 1 ≤ I ≤ N: what `--shard` takes and a results file may record.
    static func isValid(index: Int, count: Int) -> Bool {
        count >= 1 && (1...count).contains(index)
    }

    /// `shard 1/2`, `shards 1/4, 3/4`: the shards a run's results hold, as the closing line and the HTML name them.
    public static func named(_ shards: [Shard]) -> String {
        (shards.count == 1 ? "shard " : "shards ") + listed(shards)
    }

    /// `1/4, 3/4`: the first `limit` of `shards`, then `…` when there are more.
    public static func listed(_ shards: [Shard], limit: Int = 10) -> String {
        shards.prefix(limit).map(\.description).joined(separator: ", ") + (shards.count > limit ? ", …" : "")
    }

    /// By count, then index: 1/2, 2/2, 1/3…
    public static func < (lhs: Shard, rhs: Shard) -> Bool { (lhs.count, lhs.index) < (rhs.count, rhs.index) }

    /// `I/N`, as `--shard` takes it.
    public var description: String { "\(index)/\(count)" }

    public func contains(id: String) -> Bool {
        Int(Shard.stableHash(id) % UInt64(count)) == index - 1
    }

    /// FNV-1a over the UTF-8 bytes of the NFC spelling: the same on every machine and every run (unlike `Hasher`),
    /// also where one machine spells an accented name decomposed (a macOS file name) and another composed.
    public static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ComposedSpelling.composed(text).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The shards of 1…N that are not in `recorded`, for each N the recorded ones were cut into, at most `limit`
    /// of them (the first, in order). `specrun merge` exits 1 when some are missing: the merged results hold only
    /// part of the suite.
    ///
    /// The work is bounded by `limit` and the recorded shards, never by N: `--shard 1/1000000000` is a valid shard
    /// whose merge once listed a billion missing ones.
    ///
    /// Shards of two cuts of one run (1/3, 2/3, 3/3 with 1/2, a shard rerun with another count) hold every test when
    /// together they cover every hash, so none is missing then (`coverEveryTest`).
    public static func missing(from recorded: [Shard], limit: Int = .max) -> [Shard] {
        if coverEveryTest(recorded) { return [] }
        var found: [Shard] = []
        for count in Set(recorded.map(\.count)).sorted() where count >= 1 {
            let present = Set(recorded.filter { $0.count == count }.map(\.index))
            for index in 1...count where !present.contains(index) {
                guard found.count < limit else { return found }
                found.append(Shard(index: index, count: count))
            }
        }
        return found
    }

    /// Whether `recorded` hold every test: some count's shards are all there, or, for counts whose least common
    /// multiple L is at most `residueLimit`, every remainder of a hash by L falls in some recorded shard (a test's
    /// hash modulo N is its remainder by L modulo N when N divides L: so 1/2 with 2/4 and 4/4 cover everything).
    static func coverEveryTest(_ recorded: [Shard], residueLimit: Int = 100_000) -> Bool {
        let byCount = Dictionary(grouping: recorded, by: \.count).mapValues { Set($0.map(\.index)) }
        if byCount.contains(where: { count, indexes in indexes.count == count }) { return true }
        var multiple = 1
        for count in byCount.keys {
            let (next, overflow) = (multiple / greatestCommonDivisor(multiple, count)).multipliedReportingOverflow(by: count)
            if overflow || next > residueLimit { return false }
            multiple = next
        }
        return (0..<multiple).allSatisfy { residue in
            byCount.contains { count, indexes in indexes.contains(residue % count + 1) }
        }
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : greatestCommonDivisor(b, a % b)
    }

    private enum CodingKeys: String, CodingKey { case index, count }

    /// Refuses what `--shard` refuses (I outside 1…N): results files are edited, and merging a shard `1/0` trapped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let index = try container.decode(Int.self, forKey: .index)
        let count = try container.decode(Int.self, forKey: .count)
        guard Self.isValid(index: index, count: count) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: container.codingPath,
                debugDescription: "the shard \(index)/\(count) is not one --shard writes (I/N with 1 ≤ I ≤ N)"))
        }
        self.init(index: index, count: count)
    }
}
