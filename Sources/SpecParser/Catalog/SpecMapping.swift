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
        /// The first key rules out the others (`info-plist` or the inline `permitted` and `background-modes`).
        case excludes(String, [String])
        /// A rule's `month`, `day` and `missing-day` must name a date it can meet, as `Rule.problems` decides
        /// (`month: 2, day: 30` never matches; day 31 needs `missing-day`).
        case calendarDates
    }

    /// How a mapping with variants tells its forms apart.
    public enum VariantSelection: Sendable, Hashable {
        /// The discriminating key's value (or the key alone) selects the form; a key of another form is refused
        /// (`every: day` allows `at`, not `on`).
        case byKey
        /// The mapping must fit exactly one form, each form allowing only its own keys (a step: `at` and one action,
        /// with the keys that action takes).
        case exactlyOne
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
        /// Keys whose value this form writes its own way (a step's `expire` is `during <stage>` beside `launch`,
        /// an identifier alone), replacing the mapping's wider form for that key.
        public var overrides: [String: SpecValueForm]
        /// Keys of which the form needs exactly one (`day` or `on` in a monthly rule); empty when none.
        public var exactlyOne: [String]
        /// A form shown in the reference's table only, as another way to write the form before it with the same
        /// selecting value (a monthly rule with `on`): the parser and the schema use the form before it.
        public var onlyShown: Bool
        /// How the reference writes the selecting value when it is not `value` itself (`2 weeks` for every other week).
        public var shownValue: String?

        public init(
            name: String, key: String, value: String?, keys: [String], required: [String], example: String,
            overrides: [String: SpecValueForm] = [:], exactlyOne: [String] = [], onlyShown: Bool = false,
            shownValue: String? = nil
        ) {
            self.shownValue = shownValue
            self.name = name
            self.key = key
            self.value = value
            self.keys = keys
            self.required = required
            self.example = example
            self.overrides = overrides
            self.exactlyOne = exactlyOne
            self.onlyShown = onlyShown
        }
    }

    /// The name the schema's `$defs` and the reference use: `schedule`, `rule`, `case`.
    public var name: String
    /// What the mapping is, in one sentence.
    public var summary: String
    public var keys: [SpecKey] {
        didSet { keyNames = keys.map(\.name) }
    }
    /// The allowed keys, in order: what the parser accepts and what `unknown-key` lists.
    ///
    /// Kept, not worked out per call: the parser asks for it for every mapping it reads (every long-form
    /// occurrence of a big suite).
    public private(set) var keyNames: [String]
    public var constraints: [Constraint]
    public var variants: [Variant]
    public var variantSelection: VariantSelection

    public init(
        name: String, summary: String, keys: [SpecKey], constraints: [Constraint] = [], variants: [Variant] = [],
        variantSelection: VariantSelection = .byKey
    ) {
        self.name = name
        self.summary = summary
        self.keys = keys
        self.keyNames = keys.map(\.name)
        self.constraints = constraints
        self.variants = variants
        self.variantSelection = variantSelection
    }

    public subscript(name: String) -> SpecKey? { keys.first { $0.name == name } }

    /// The variant whose discriminating key has this value (`every: day` → daily).
    public func variant(key: String, value: String?) -> Variant? {
        variants.first { $0.key == key && $0.value == value && !$0.onlyShown }
    }
}
