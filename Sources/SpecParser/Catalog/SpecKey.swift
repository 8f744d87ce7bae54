/// One key of a spec mapping: its name, what it means, how its value is written, whether it is required,
/// and its default.
public struct SpecKey: Sendable {
    /// Whether a key must be written.
    public enum Requirement: Sendable, Hashable {
        case required
        case optional
        /// Required when the schedule's rule is a calendar rule (every day, week, month, year, hour).
        case calendarRules
        /// Required as part of a choice the mapping's constraints state; the text says which (for the reference).
        case alternative(String)
    }

    /// A default the parser applies when the key is not written.
    public enum Default: Sendable, Hashable {
        /// A number (also given to editors as the schema's `default`).
        case number(Int)
        /// A default described in words (`the file's name without its extension`).
        case described(String)
    }

    public var name: String
    /// One sentence: what the key means (the schema's `description`, the reference's "meaning").
    public var summary: String
    public var value: SpecValueForm
    public var requirement: Requirement
    public var defaultValue: Default?
    /// A short example value as YAML writes it (`"02:30"`, `[monday, thursday]`), for editors and the reference.
    public var example: String?

    public init(
        _ name: String, _ value: SpecValueForm, _ requirement: Requirement = .optional, default defaultValue: Default? = nil,
        example: String? = nil, summary: String
    ) {
        self.name = name
        self.summary = summary
        self.value = value
        self.requirement = requirement
        self.defaultValue = defaultValue
        self.example = example
    }
}
