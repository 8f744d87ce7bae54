import TextRedaction

/// `--redact REGEX` (repeatable) and `--no-default-redaction`: which secrets are masked in everything a command
/// prints or writes (docs/reports.md, "Redaction").
enum RedactionOptions {
    static let options: [OptionSpec] = [
        OptionSpec(name: "redact", valueName: "REGEX",
                   help: "Also mask what REGEX matches (its groups, if any) in all that is printed and written (repeatable).",
                   repeatable: true),
        OptionSpec(name: "no-default-redaction", help: "Do not mask the default secret patterns (tokens, Authorization headers)."),
    ]

    /// The redaction the options ask for: the standard patterns unless `--no-default-redaction`, then each `--redact`.
    static func redaction(_ parsed: ParsedArguments) throws(UsageError) -> Redaction {
        var patterns = parsed.flag("no-default-redaction") ? [] : RedactionPattern.standard
        for source in parsed.all("redact") {
            do {
                patterns.append(try RedactionPattern(source))
            } catch {
                throw UsageError("The value '\(source)' is not allowed for '--redact': it is not a valid regular expression (\(error.reason)); fix it, e.g. --redact 'X-Session: (\\S+)'.")
            }
        }
        return Redaction(patterns: patterns)
    }
}
