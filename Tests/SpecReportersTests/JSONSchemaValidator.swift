import Foundation

/// A JSON Schema (draft 2020-12) validator for exactly the keywords `docs/results.schema.json` uses.
///
/// A keyword it does not know is reported as a violation, so the schema cannot drift into unchecked territory.
struct JSONSchemaValidator {
    let root: JSONValue

    /// Keywords that only annotate.
    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]
    static let supported: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "enum", "const", "$ref", "oneOf",
        "anyOf", "minimum", "pattern",
    ]

    /// Every violation, as `path: problem`; empty when `instance` is valid.
    func validate(_ instance: JSONValue) -> [String] {
        var problems: [String] = []
        check(instance, against: root, at: "$", problems: &problems, depth: 0)
        return problems
    }

    private func check(_ value: JSONValue, against schema: JSONValue, at path: String, problems: inout [String], depth: Int) {
        guard depth < 64 else {
            problems.append("\(path): schema nests deeper than 64 references")
            return
        }
        if case let .bool(allowed) = schema {
            if !allowed { problems.append("\(path): no value is allowed here") }
            return
        }
        guard case let .object(keywords) = schema else {
            problems.append("\(path): the schema here is not an object")
            return
        }
        for keyword in keywords.keys.sorted() where !Self.annotations.contains(keyword) && !Self.supported.contains(keyword) {
            problems.append("\(path): unsupported schema keyword \(keyword)")
        }
        if case let .string(reference)? = keywords["$ref"] {
            if let target = resolve(reference) {
                check(value, against: target, at: path, problems: &problems, depth: depth + 1)
            } else {
                problems.append("\(path): unresolved $ref \(reference)")
            }
        }
        if let type = keywords["type"] {
            let names: [String] = switch type {
            case let .string(name): [name]
            case let .array(list): list.compactMap { if case let .string(name) = $0 { name } else { nil } }
            default: []
            }
            if !names.contains(where: { matches(value, type: $0) }) {
                problems.append("\(path): expected \(names.joined(separator: " or ")), found \(describe(value))")
                return
            }
        }
        if let constant = keywords["const"], !equal(value, constant) {
            problems.append("\(path): expected the constant \(describe(constant)), found \(describe(value))")
        }
        if case let .array(options)? = keywords["enum"], !options.contains(where: { equal(value, $0) }) {
            problems.append("\(path): \(describe(value)) is not one of \(options.map(describe).joined(separator: ", "))")
        }
        if let minimum = keywords["minimum"]?.numberValue, let number = value.numberValue, number < minimum {
            problems.append("\(path): \(number) is below the minimum \(minimum)")
        }
        if case let .string(pattern)? = keywords["pattern"], case let .string(text) = value {
            if let regex = try? NSRegularExpression(pattern: pattern) {
                let range = NSRange(text.startIndex..., in: text)
                if regex.firstMatch(in: text, range: range) == nil {
                    problems.append("\(path): \(text.debugDescription) does not match \(pattern)")
                }
            } else {
                problems.append("\(path): the schema's pattern \(pattern) does not compile")
            }
        }
        if case let .object(members) = value {
            var known = Set<String>()
            if case let .object(properties)? = keywords["properties"] {
                known = Set(properties.keys)
                for (name, propertySchema) in properties.sorted(by: { $0.key < $1.key }) {
                    if let member = members[name] {
                        check(member, against: propertySchema, at: "\(path).\(name)", problems: &problems, depth: depth + 1)
                    }
                }
            }
            if case let .array(required)? = keywords["required"] {
                for case let .string(name) in required where members[name] == nil {
                    problems.append("\(path): missing required \(name)")
                }
            }
            if let additional = keywords["additionalProperties"] {
                for name in members.keys.sorted() where !known.contains(name) {
                    if case .bool(false) = additional {
                        problems.append("\(path): unexpected property \(name)")
                    } else if let member = members[name] {
                        check(member, against: additional, at: "\(path).\(name)", problems: &problems, depth: depth + 1)
                    }
                }
            }
        }
        if case let .array(elements) = value, let items = keywords["items"] {
            for (index, element) in elements.enumerated() {
                check(element, against: items, at: "\(path)[\(index)]", problems: &problems, depth: depth + 1)
            }
        }
        if case let .array(branches)? = keywords["oneOf"] {
            let results = branches.map { branch -> [String] in
                var branchProblems: [String] = []
                check(value, against: branch, at: path, problems: &branchProblems, depth: depth + 1)
                return branchProblems
            }
            let passing = results.filter(\.isEmpty).count
            if passing != 1 {
                problems.append("\(path): matches \(passing) of the oneOf branches instead of exactly one "
                    + "(closest branch: \(results.min { $0.count < $1.count }?.first ?? "none"))")
            }
        }
        if case let .array(branches)? = keywords["anyOf"] {
            let anyPasses = branches.contains { branch in
                var branchProblems: [String] = []
                check(value, against: branch, at: path, problems: &branchProblems, depth: depth + 1)
                return branchProblems.isEmpty
            }
            if !anyPasses { problems.append("\(path): matches none of the anyOf branches") }
        }
    }

    /// Only local references: `#/$defs/name` (and, generally, `#/a/b`).
    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        var node: JSONValue? = root
        for part in reference.dropFirst().split(separator: "/") {
            let name = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            node = node?[name]
        }
        return node
    }

    private func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
             ("string", .string), ("array", .array), ("object", .object):
            true
        case ("integer", let .number(number)):
            number.rounded() == number
        default:
            false
        }
    }

    /// JSON equality: 1 and 1.0 are the same number.
    private func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        if let left = lhs.numberValue, let right = rhs.numberValue { return left == right }
        return lhs == rhs
    }

    private func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case let .bool(flag): "\(flag)"
        case let .integer(number): "\(number)"
        case let .number(number): "\(number)"
        case let .string(text): text.debugDescription
        case .array: "an array"
        case .object: "an object"
        }
    }
}
