/// A YAML node with the place it starts. Scalars keep their text: no YAML 1.1 type guessing happens
/// here (`02:30` stays the text "02:30"); each spec field decides how to read its own scalar.
///
/// Not `indirect`: the arrays of sequences and mappings already hold their children out of line, and boxing every
/// node cost one allocation per node (half a million for the 10,000-spec benchmark corpus).
public enum Node: Sendable, Hashable {
    case scalar(Scalar)
    case sequence([Node], Mark)
    case mapping([Entry], Mark)

    /// A scalar's text and how it was written.
    public struct Scalar: Sendable, Hashable {
        public var value: String
        public var style: ScalarStyle
        public var mark: Mark
        /// The explicit tag, when the author wrote one (`!!str`); never inferred.
        public var tag: String?

        public init(value: String, style: ScalarStyle = .plain, mark: Mark, tag: String? = nil) {
            self.value = value
            self.style = style
            self.mark = mark
            self.tag = tag
        }

        /// A plain scalar that is empty, `~` or `null`: YAML's way of writing "nothing here".
        public var isNull: Bool {
            // A tag before nothing (`repeated: !!null`, `repeated: &a !!str`) leaves the value empty all the same: it was
            // told "unknown value ''" where the plain empty value is told it is empty.
            style == .plain && (value.isEmpty || (tag == nil || tag == "tag:yaml.org,2002:null")
                && (value == "~" || value == "null" || value == "Null" || value == "NULL"))
        }
    }

    /// One `key: value` pair of a mapping, in source order (duplicates are kept for the reader to report).
    public struct Entry: Sendable, Hashable {
        public var key: Node
        public var value: Node

        public init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    public enum ScalarStyle: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// Where this node starts.
    public var mark: Mark {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .sequence(_, let mark), .mapping(_, let mark): mark
        }
    }

    public var scalar: Scalar? {
        if case .scalar(let scalar) = self { return scalar }
        return nil
    }

    /// A document's root that is nothing at all: no text, tag or anchor (`---` followed by the next `---`).
    var isEmptyDocument: Bool {
        guard case .scalar(let scalar) = self else { return false }
        return scalar.style == .plain && scalar.value.isEmpty && scalar.tag == nil
    }

    public var sequence: [Node]? {
        if case .sequence(let items, _) = self { return items }
        return nil
    }

    public var mapping: [Entry]? {
        if case .mapping(let entries, _) = self { return entries }
        return nil
    }

    /// How a message names this kind of node: "a text value", "a list", "a mapping".
    public var kindDescription: String {
        switch self {
        case .scalar(let scalar): scalar.isNull ? "an empty value" : "a text value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}
