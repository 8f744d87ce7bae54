import SpecYAML

/// The keys of one YAML mapping after checking them: duplicates and unknown keys are already reported.
struct MappingFields {
    /// How messages name this mapping: `'schedule'`, `the spec`, `case 'spring gap'`.
    let place: String
    /// Where a missing key is reported: the key that introduced this mapping, or its first key.
    let anchor: Mark
    /// How many characters the caret under `anchor` covers; worked out only when a diagnostic needs it.
    var anchorLength: Int { anchorNode.underlineLength }
    private let anchorNode: Node
    /// The allowed keys the author wrote, in the order written, and where each one's entry is in `entries` (the
    /// mapping's own array, shared). Apart, so that a lookup compares keys only and copies out only the node asked
    /// for: finding the whole (key, entry) element and copying it out was 1.3 % of a 10,000-spec run's CPU profile.
    private let keys: [String]
    private let entries: [Node.Entry]
    private let places: [Int]
    /// Positions in `keys` by key, for big mappings only: small ones (nearly all) are searched in order, which
    /// costs less than hashing their keys did (bench/specrun-bench, section yaml).
    private let positions: [String: Int]?
    /// Allowed keys that an unknown key was reported as a likely misspelling of (`timezon` → `timezone`).
    let misspelled: Set<String>
    /// Whether any key was reported as unknown (misspelled or not): what the mapping lacks may be that key.
    var hasUnknownKeys = false

    /// Mappings with more keys than this get a dictionary of positions.
    static let searchLimit = 16

    /// `anchorNode` is the node whose caret length `anchorLength` gives (the owning key, or the mapping).
    /// `keys[i]` is the key of `entries[places[i]]`.
    init(place: String, anchor: Mark, anchorNode: Node, keys: [String], entries: [Node.Entry], places: [Int], misspelled: Set<String>) {
        self.place = place
        self.anchor = anchor
        self.anchorNode = anchorNode
        self.keys = keys
        self.entries = entries
        self.places = places
        self.positions = Self.positions(of: keys)
        self.misspelled = misspelled
    }

    private static func positions(of keys: [String]) -> [String: Int]? {
        guard keys.count > searchLimit else { return nil }
        return Dictionary(keys.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The allowed keys the author wrote, in the order written.
    var keysInOrder: [String] { keys }

    private func position(_ key: String) -> Int? {
        if let positions { return positions[key] }
        return keys.firstIndex(of: key)
    }

    subscript(key: String) -> Node? { position(key).map { entries[places[$0]].value } }

    func keyNode(_ key: String) -> Node? { position(key).map { entries[places[$0]].key } }

    func has(_ key: String) -> Bool { position(key) != nil }

    /// Whether the author wrote the key, or a misspelling of it that was already reported:
    /// either way, reporting it as missing would only repeat the same problem.
    func mentions(_ key: String) -> Bool { has(key) || misspelled.contains(key) }
}
