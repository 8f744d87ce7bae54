import Foundation

/// A JSON Schema (draft 2020-12) validator for exactly the keywords `docs/results.schema.json` and the spec
/// schema (`specrun schema`) use.
///
/// A keyword it does not know is reported as a violation, so a schema cannot drift into unchecked territory.
public struct JSONSchemaValidator: Sendable {
    public let root: JSONValue

    public init(root: JSONValue) {
        self.root = root
    }

    /// Keywords that only annotate.
    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs", "default", "examples"]
    static let supported: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "enum", "const", "$ref", "oneOf",
        "anyOf", "allOf", "if", "then", "else", "minimum", "maximum", "pattern", "minItems", "propertyNames",
        "dependentRequired", "patternProperties",
    ]

    /// Every keyword anywhere in the schema that this validator neither checks nor treats as an annotation, as
    /// `path: keyword`. Validation reports such a keyword only where an instance reaches it; this looks everywhere.
    public func unsupportedKeywords() -> [String] {
        var found: [String] = []
        visitSubschemas { path, keywords in
            for keyword in keywords.keys.sorted() where !Self.annotations.contains(keyword) && !Self.supported.contains(keyword) {
                found.append("\(path): \(keyword)")
            }
        }
        return found
    }

    /// How many schema objects the schema holds, its root included (what `unsupportedKeywords()` looks at).
    public func subschemaCount() -> Int {
        var count = 0
        visitSubschemas { _, _ in count += 1 }
        return count
    }

    /// Calls `visit` with every schema object and its path: the root, then, depth first, those under `properties`,
    /// `$defs`, `items`, `additionalProperties`, `if` / `then` / `else`, `propertyNames` and `oneOf` / `anyOf` /
    /// `allOf` (never `enum`, `const` or annotation values, which are data).
    private func visitSubschemas(_ visit: (String, [String: JSONValue]) -> Void) {
        func walk(_ schema: JSONValue, at path: String) {
            guard case let .object(keywords) = schema else { return }
            visit(path, keywords)
            for keyword in ["properties", "$defs", "patternProperties"] {
                if case let .object(children)? = keywords[keyword] {
                    for (name, child) in children.sorted(by: { $0.key < $1.key }) { walk(child, at: "\(path)/\(keyword)/\(name)") }
                }
            }
            for keyword in ["items", "additionalProperties", "if", "then", "else", "propertyNames"] {
                if let child = keywords[keyword] { walk(child, at: "\(path)/\(keyword)") }
            }
            for keyword in ["oneOf", "anyOf", "allOf"] {
                if case let .array(children)? = keywords[keyword] {
                    for (index, child) in children.enumerated() { walk(child, at: "\(path)/\(keyword)/\(index)") }
                }
            }
        }
        walk(root, at: "$")
    }

    /// Every violation, as `path: problem`; empty when `instance` is valid.
    public func validate(_ instance: JSONValue) -> [String] {
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
        if let maximum = keywords["maximum"]?.numberValue, let number = value.numberValue, number > maximum {
            problems.append("\(path): \(number) is above the maximum \(maximum)")
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
            checkObject(members, keywords, at: path, problems: &problems, depth: depth)
        }
        if case let .array(elements) = value {
            if let items = keywords["items"] {
                for (index, element) in elements.enumerated() {
                    check(element, against: items, at: "\(path)[\(index)]", problems: &problems, depth: depth + 1)
                }
            }
            if let minimum = keywords["minItems"]?.numberValue, Double(elements.count) < minimum {
                problems.append("\(path): \(elements.count) items, fewer than the minimum \(Int(minimum))")
            }
        }
        if case let .array(branches)? = keywords["allOf"] {
            for branch in branches {
                check(value, against: branch, at: path, problems: &problems, depth: depth + 1)
            }
        }
        if case let .array(branches)? = keywords["oneOf"] {
            let results = branches.map { findings(of: value, against: $0, at: path, depth: depth) }
            let passing = results.filter(\.isEmpty).count
            if passing != 1 {
                problems.append("\(path): matches \(passing) of the oneOf branches instead of exactly one "
                    + "(closest branch: \(results.min { $0.count < $1.count }?.first ?? "none"))")
            }
        }
        if case let .array(branches)? = keywords["anyOf"] {
            let results = branches.map { findings(of: value, against: $0, at: path, depth: depth) }
            if !results.contains(where: \.isEmpty) {
                problems.append("\(path): matches none of the anyOf branches "
                    + "(closest branch: \(results.min { $0.count < $1.count }?.first ?? "none"))")
            }
        }
        if let condition = keywords["if"] {
            let holds = findings(of: value, against: condition, at: path, depth: depth).isEmpty
            if let branch = holds ? keywords["then"] : keywords["else"] {
                check(value, against: branch, at: path, problems: &problems, depth: depth + 1)
            }
        }
    }

    private func checkObject(_ members: [String: JSONValue], _ keywords: [String: JSONValue], at path: String,
                             problems: inout [String], depth: Int) {
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
        if case let .object(patterns)? = keywords["patternProperties"] {
            for (pattern, propertySchema) in patterns.sorted(by: { $0.key < $1.key }) {
                guard let regex = try? NSRegularExpression(pattern: pattern) else {
                    problems.append("\(path): the schema's property pattern \(pattern) does not compile")
                    continue
                }
                for name in members.keys.sorted() where regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil {
                    known.insert(name)
                    check(members[name]!, against: propertySchema, at: "\(path).\(name)", problems: &problems, depth: depth + 1)
                }
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
        if let names = keywords["propertyNames"] {
            for name in members.keys.sorted() {
                for problem in self.findings(of: .string(name), against: names, at: "\(path).\(name)", depth: depth) {
                    problems.append("property name: " + problem)
                }
            }
        }
        if case let .object(dependencies)? = keywords["dependentRequired"] {
            for (name, needed) in dependencies.sorted(by: { $0.key < $1.key }) where members[name] != nil {
                guard case let .array(list) = needed else { continue }
                for case let .string(other) in list where members[other] == nil {
                    problems.append("\(path): \(name) requires \(other)")
                }
            }
        }
    }

    private func findings(of value: JSONValue, against schema: JSONValue, at path: String, depth: Int) -> [String] {
        var found: [String] = []
        check(value, against: schema, at: path, problems: &found, depth: depth + 1)
        return found
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
