import SpecParser

/// `specrun schema [--format json|markdown]`: the spec language from the parser's key catalog, as a JSON Schema for
/// editors or as the reference page (`docs/spec-reference.md`).
struct SchemaCommand {
    let io: CommandIO

    static let options: [OptionSpec] = [
        OptionSpec(name: "help", short: "h", help: "Show this help."),
        OptionSpec(name: "format", valueName: "FORMAT",
                   help: "json (default): the JSON Schema (draft 2020-12) for editors; markdown: the reference of every key.",
                   allowedValues: ["json", "markdown"]),
    ]

    static var help: String {
        """
        OVERVIEW: Print the spec language, generated from the same key catalog the parser reads specs with.

        USAGE: specrun schema [--format json|markdown]

        OPTIONS:
        \(OptionParser(options: options).helpLines().joined(separator: "\n"))

        EDITORS:
          Save the schema beside your specs and name it on each spec's first line; VS Code's YAML extension
          (and any editor using yaml-language-server) then completes keys and values and marks mistakes:

            specrun schema > specs/spec.schema.json
            # yaml-language-server: $schema=spec.schema.json

        REGENERATE THE DOCS:
          swift run specrun schema > docs/spec.schema.json
          swift run specrun schema --format markdown > docs/spec-reference.md

        EXIT STATUS:
          0  printed; 2  the command line is invalid

        """
    }

    func execute(_ arguments: [String]) -> Int32 {
        do throws(UsageError) {
            let parsed = try OptionParser(options: Self.options).parse(arguments)
            if parsed.flag("help") {
                io.writeOut(Self.help)
                return ExitStatus.success
            }
            guard parsed.positionals.isEmpty else {
                throw UsageError("'specrun schema' takes no arguments, not '\(parsed.positionals[0])'; redirect its output to a file instead, e.g. 'specrun schema > spec.schema.json'.")
            }
            switch parsed.value("format") ?? "json" {
            case "markdown": io.writeOut(SpecReferenceWriter().render())
            default: io.writeOut(SpecSchemaWriter().render())
            }
            return ExitStatus.success
        } catch {
            return io.usageFailure(error, command: "schema")
        }
    }
}
