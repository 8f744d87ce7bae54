import Foundation
import SpecYAML

/// Types YAML scalars the way YAML 1.2's core schema does, as editors do (VS Code's YAML extension reads YAML 1.2):
/// `02:30` and `2027-03-28T03:00:00+02:00` are strings, `1` an integer, `1.5` a number, `true` a boolean, `~` null.
///
/// Tests use it to check specs against the spec schema as an editor would see them.
public enum YAMLCoreSchema {
    /// The JSON value an editor's validator sees for a YAML node.
    public static func json(_ node: Node) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            return value(of: scalar)
        case .sequence(let items, _):
            return .array(items.map(json))
        case .mapping(let entries, _):
            var members: [String: JSONValue] = [:]
            for entry in entries {
                let name: String = switch entry.key {
                case .scalar(let scalar): scalar.value
                default: "\(entry.key)"
                }
                members[name] = json(entry.value)
            }
            return .object(members)
        }
    }

    /// A scalar typed by the core schema's regular expressions (YAML 1.2.2, 10.3.2); quoted or tagged `!!str`
    /// scalars are strings.
    public static func value(of scalar: Node.Scalar) -> JSONValue {
        let text = scalar.value
        guard scalar.style == .plain else { return .string(text) }
        switch scalar.tag {
        case nil, "!": break
        case "tag:yaml.org,2002:str", "!!str": return .string(text)
        default: break
        }
        if ["", "~", "null", "Null", "NULL"].contains(text) { return .null }
        if ["true", "True", "TRUE"].contains(text) { return .bool(true) }
        if ["false", "False", "FALSE"].contains(text) { return .bool(false) }
        if matches(text, "^[-+]?[0-9]+$"), let number = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) {
            return .integer(number)
        }
        if matches(text, "^0o[0-7]+$"), let number = Int(text.dropFirst(2), radix: 8) { return .integer(number) }
        if matches(text, "^0x[0-9a-fA-F]+$"), let number = Int(text.dropFirst(2), radix: 16) { return .integer(number) }
        if matches(text, "^[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?$"), let number = Double(text) {
            return .number(number)
        }
        if matches(text, "^[-+]?(\\.inf|\\.Inf|\\.INF)$") { return .number(text.hasPrefix("-") ? -.infinity : .infinity) }
        if matches(text, "^(\\.nan|\\.NaN|\\.NAN)$") { return .number(.nan) }
        return .string(text)
    }

    private static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }
}
