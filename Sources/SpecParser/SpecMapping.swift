/// A mapping of the spec language (`schedule:`, `window:`, a case, …): its keys in the order messages list
/// them, and the rules that tie keys together.
public struct SpecMapping: Sendable {
    /// A rule over several keys of one mapping; the parser enforces each with its own message.
    public enum Constraint: Sendable, Hashable {
        /// Both or neither (`window` and `expect`).
        case together(String, String)
        /// At least one of them (`window`, `cases`: a spec must check something).
        case atLeastOne([String])
        /// Exactly one of them (`next` or `error`).
        case exactlyOne([String])
    }

    /// One form of a mapping whose keys depend on a discriminating key (`every: day` allows `at`; `interval` allows `from`).
    public struct Variant: Sendable {
        /// How the reference names the form: `daily`, `interval`.
        public var name: String
        /// The key that selects the form.
        public var key: String
        /// The value of `key` that selects the form; nil when writing `key` at all selects it.
        public var value: String?
        /// Every key the form allows, in the order messages list them.
        public var keys: [String]
        public var required: [String]
        public var example: String

        public init(name: String, key: String, value: String?, keys: [String], required: [String], example: String) {
            self.name = name
            self.key = key
            self.value = value
            self.keys = keys
            self.required = required
            self.example = example
        }
    }

    /// The name the schema's `$defs` and the reference use: `schedule`, `rule`, `case`.
    public var name: String
    /// What the mapping is, in one sentence.
    public var summary: String
    public var keys: [SpecKey]
    public var constraints: [Constraint]
    public var variants: [Variant]

    public init(name: String, summary: String, keys: [SpecKey], constraints: [Constraint] = [], variants: [Variant] = []) {
        self.name = name
        self.summary = summary
        self.keys = keys
        self.constraints = constraints
        self.variants = variants
    }

    /// The allowed keys, in order: what the parser accepts and what `unknown-key` lists.
    public var keyNames: [String] { keys.map(\.name) }

    public subscript(name: String) -> SpecKey? { keys.first { $0.name == name } }

    /// The variant whose discriminating key has this value (`every: day` → daily).
    public func variant(key: String, value: String?) -> Variant? {
        variants.first { $0.key == key && $0.value == value }
    }
}
