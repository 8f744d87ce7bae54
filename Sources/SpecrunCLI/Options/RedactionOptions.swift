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
            if let group = NestedRepetition.find(in: source) {
                throw UsageError(NestedRepetition.refusal(of: source, group: group, option: "--redact"))
            }
            do {
                patterns.append(try RedactionPattern(source))
            } catch {
                throw UsageError("The value '\(source)' is not allowed for '--redact': it is not a valid regular expression (\(error.reason)); fix it, e.g. --redact 'X-Session: (\\S+)'.")
            }
        }
        return Redaction(patterns: patterns)
    }

    /// The command line as results record it, each `--redact` pattern replaced by the mask: a pattern is often the
    /// secret itself with a group around it (`PLAIN(SECRET)99`), which its own matching cannot find in the pattern.
    static func maskingPatterns(in commandLine: [String]) -> [String] {
        var masked = commandLine
        var index = 0
        while index < masked.count, masked[index] != "--" {
            if masked[index] == "--redact", index + 1 < masked.count {
                masked[index + 1] = Redaction.mask
                index += 1
            } else if masked[index].hasPrefix("--redact=") {
                masked[index] = "--redact=" + Redaction.mask
            }
            index += 1
        }
        return masked
    }
}
