import SpecDiagnostics

/// A declared option of a command: `--name VALUE` or a flag.
struct OptionSpec: Sendable {
    var name: String
    var short: Character?
    /// The value's placeholder in help (`FILE`); nil for a flag.
    var valueName: String?
    var help: String
    /// Whether the option may be given more than once (`--tag a --tag b`).
    var repeatable: Bool = false
    var allowedValues: [String]? = nil
}

/// The parsed command line of one command: flags, option values and positional arguments.
struct ParsedArguments: Sendable {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var positionals: [String] = []

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
}

/// Hand-written parsing (no outside packages): `--opt value`, `--opt=value`, `-x`, `--` ends options.
struct OptionParser: Sendable {
    var options: [OptionSpec]
    /// The command whose options an unknown one may be (`check --json`: a run's option), named in the error: "unknown
    /// option '--json'" alone sent a review looking for a typo.
    var elsewhere: (command: String, this: String, options: [OptionSpec])? = nil

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var arguments = arguments
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                // Short options together, as POSIX tools take them: `-qv` is `-q -v`, `-j1` is `-j 1`.
                if argument.count > 2, let cluster = shortCluster(argument) {
                    arguments.replaceSubrange((index - 1)..<index, with: cluster)
                    index -= 1
                    continue
                }
                guard argument.count == 2, let spec = options.first(where: { $0.short == argument.last }) else {
                    throw UsageError("unknown option '\(argument)'." + suggestion(for: argument, in: argument))
                }
                name = spec.name
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '--\(name)'." + suggestion(for: name, in: argument))
            }
            guard let valueName = spec.valueName else {
                if inlineValue != nil { throw UsageError("the option '--\(name)' takes no value; write --\(name) alone.") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
                // `--json --junit x.xml` wrote a results file named '--junit': a value that is one of this command's
                // options is a forgotten value. A file really named so is written `--json=--junit`.
                let next = value.hasPrefix("--") ? String(value.dropFirst(2).prefix { $0 != "=" }) : nil
                if let next, options.contains(where: { $0.name == next }) {
                    throw UsageError("the option '--\(name)' needs a value, and '\(value)' is an option: --\(name) \(valueName) \(value) …. "
                        + "For a value that starts with '--', write --\(name)=\(value).")
                }
            } else {
                throw UsageError("the option '--\(name)' needs a value: --\(name) \(valueName).")
            }
            if let allowed = spec.allowedValues, !allowed.contains(value) {
                let hint = Suggestion.closest(to: value, in: allowed).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError("the value '\(value)' is not allowed for '--\(name)'; use one of \(allowed.joined(separator: ", ")).\(hint)")
            }
            if !spec.repeatable, parsed.values[name] != nil {
                throw UsageError("the option '--\(name)' is given twice; give it once.")
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }

    /// A near option's name for `word`, else, when `argument` (the whole command-line word) looks like a path, how
    /// to give such a path.
    /// `-qv` as `["-q", "-v"]`, `-j1` as `["-j", "1"]`, `-qj2` as `["-q", "-j", "2"]`: each letter a short option,
    /// until one that takes a value, which takes the rest. Nil when a letter is no short option (the whole argument
    /// is then reported unknown, as before: `-x.yaml` is more likely a path than options).
    private func shortCluster(_ argument: String) -> [String]? {
        var expanded: [String] = []
        var rest = Substring(argument.dropFirst())
        while let letter = rest.first {
            guard let spec = options.first(where: { $0.short == letter }) else { return nil }
            expanded.append("-\(letter)")
            rest = rest.dropFirst()
            if spec.valueName != nil {
                if !rest.isEmpty { expanded.append(String(rest)) }
                break
            }
        }
        return expanded
    }

    private func suggestion(for word: String, in argument: String) -> String {
        let bare = word.drop(while: { $0 == "-" })
        if let match = Suggestion.closest(to: String(bare), in: options.map(\.name)) { return " Did you mean '--\(match)'?" }
        if let elsewhere, elsewhere.options.contains(where: { $0.name == bare }) {
            return " It is an option of \(elsewhere.command), not of '\(elsewhere.this)'."
        }
        // `specrun init -/.` or `specrun -x.yaml`: a path that starts with '-' reads as an option.
        guard argument.contains("/") || argument.contains(".") else { return "" }
        return " For a path that starts with '-', write './\(argument)', or put '--' before it."
    }

    /// The OPTIONS section of help, aligned.
    func helpLines() -> [String] {
        let rows = options.map { spec -> (String, String) in
            var left = spec.short.map { "-\($0), " } ?? "    "
            left += "--" + spec.name
            if let valueName = spec.valueName { left += " " + valueName }
            return (left, spec.help)
        }
        let width = min(34, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { left, help in
            let padding = left.count < width ? String(repeating: " ", count: width - left.count) : "\n" + String(repeating: " ", count: width + 2)
            return "  " + left + padding + help
        }
    }
}
