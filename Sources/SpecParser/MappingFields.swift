import SpecYAML

/// The keys of one YAML mapping after checking them: duplicates and unknown keys are already reported.
struct MappingFields {
    /// How messages name this mapping: `'schedule'`, `the spec`, `case 'spring gap'`.
    let place: String
    /// Where a missing key is reported: the key that introduced this mapping, or its first key.
    let anchor: Mark
    let anchorLength: Int
    private let entries: [String: Node.Entry]
    let keysInOrder: [String]
    /// Allowed keys that an unknown key was reported as a likely misspelling of (`timezon` → `timezone`).
    let misspelled: Set<String>

    init(place: String, anchor: Mark, anchorLength: Int, entries: [String: Node.Entry], keysInOrder: [String], misspelled: Set<String>) {
        self.place = place
        self.anchor = anchor
        self.anchorLength = anchorLength
        self.entries = entries
        self.keysInOrder = keysInOrder
        self.misspelled = misspelled
    }

    subscript(key: String) -> Node? { entries[key]?.value }

    func keyNode(_ key: String) -> Node? { entries[key]?.key }

    func has(_ key: String) -> Bool { entries[key] != nil }

    /// Whether the author wrote the key, or a misspelling of it that was already reported:
    /// either way, reporting it as missing would only repeat the same problem.
    func mentions(_ key: String) -> Bool { has(key) || misspelled.contains(key) }
}
