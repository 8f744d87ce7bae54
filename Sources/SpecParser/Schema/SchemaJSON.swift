/// A JSON value whose object members keep the order they were written in, so a generated schema reads top-down
/// and is byte-identical from run to run.
public indirect enum SchemaJSON: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    case bool(Bool)
    case integer(Int)
    case string(String)
    case array([SchemaJSON])
    case object([Member])

    /// One `"name": value` member of an object.
    public struct Member: Sendable, Hashable {
        public var name: String
        public var value: SchemaJSON

        public init(_ name: String, _ value: SchemaJSON) {
            self.name = name
            self.value = value
        }
    }

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: SchemaJSON...) { self = .array(elements) }

    /// An object from `(name, value)` pairs, in order.
    public static func fields(_ pairs: KeyValuePairs<String, SchemaJSON>) -> SchemaJSON {
        .object(pairs.map { Member($0.key, $0.value) })
    }

    /// The same object with a member appended (or the value unchanged when it is not an object).
    public func adding(_ name: String, _ value: SchemaJSON) -> SchemaJSON {
        guard case .object(var members) = self else { return self }
        members.append(Member(name, value))
        return .object(members)
    }

    /// Pretty-printed with two-space indentation; arrays of scalars stay on one line.
    public func rendered(indent: String = "") -> String {
        switch self {
        case .bool(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .string(let value): return Self.quoted(value)
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy(\.isScalar) { return "[" + items.map { $0.rendered() }.joined(separator: ", ") + "]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let inner = indent + "  "
            return "{\n" + members.map { inner + Self.quoted($0.name) + ": " + $0.value.rendered(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped; other characters kept as UTF-8.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
