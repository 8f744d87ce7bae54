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
    ///
    /// A pattern that is refused is not quoted: a pattern often holds the secret itself (`--redact 'SECRET'`), so
    /// the refusal says which `--redact` it is and what is wrong, as the results' command line masks it.
    static func redaction(_ parsed: ParsedArguments) throws(UsageError) -> Redaction {
        var patterns = parsed.flag("no-default-redaction") ? [] : RedactionPattern.standard
        for (index, source) in parsed.all("redact").enumerated() {
            let which = "the \(ordinal(index + 1)) --redact pattern"
            if let group = NestedRepetition.find(in: source) {
                let start = source.distance(from: source.startIndex, to: source.range(of: group)?.lowerBound ?? source.startIndex)
                throw UsageError("\(which) has a group (characters \(start + 1)–\(start + group.count) of \(source.count)) that "
                    + "repeats something that repeats itself, which can take ICU exponential time (a run that never ends); repeat "
                    + "only one of them (e.g. '.*' for '(.*)*'), or make the group atomic, '(?>…)'. The pattern is not shown: "
                    + "it often holds the secret.")
            }
            do {
                patterns.append(try RedactionPattern(source))
            } catch {
                throw UsageError("\(which) is not a valid regular expression (\(error.reason)); it is not shown, as a pattern "
                    + "often holds the secret. Fix it, e.g. --redact 'X-Session: (\\S+)'.")
            }
        }
        return Redaction(patterns: patterns)
    }

    /// A warning for each pattern whose search reached ICU's time limit in this run (`RedactionPattern.timedOut`):
    /// named as a refusal names it, by its place among the `--redact` options and not by its text.
    static func timedOutWarnings(_ redaction: Redaction) -> [String] {
        let given = redaction.patterns.filter { !RedactionPattern.standard.contains($0) }
        let which = redaction.patterns.filter(\.timedOut).map { pattern in
            given.firstIndex(of: pattern).map { "the \(ordinal($0 + 1)) --redact pattern" } ?? "the default pattern '\(pattern.name)'"
        }
        return which.map {
            "\($0) reached ICU's time limit on a text, as a pattern does that backtracks without end; that text and every "
                + "later one it was tried on are masked whole ('\(Redaction.mask)'). Repeat only one of a group's repetitions "
                + "(e.g. '.*a' for '(.*a){30}'), or make the group atomic, '(?>…)'."
        }
    }

    /// The redaction for what a command prints on stderr (`CommandIO.writeProblem`), read from the command line's
    /// words as the parser reads them (`--redact X`, `--redact=X`, `--no-default-redaction`, none after `--`; an
    /// option's value that is itself one of these is refused by the parser), so that a mistake found before or while
    /// the options are parsed is masked too. A `--redact` pattern that is
    /// refused (it does not compile, or repeats a repetition) is left out; the others apply. For a command line that
    /// parses, this is `redaction(_:)`.
    static func forMessages(_ arguments: [String]) -> Redaction {
        let words = redactionWords(in: arguments)
        let given = words.patterns.compactMap { place in
            let source = String(arguments[place.index].dropFirst(place.prefix.count))
            return NestedRepetition.find(in: source) == nil ? try? RedactionPattern(source) : nil
        }
        return Redaction(patterns: (words.noDefaults ? [] : RedactionPattern.standard) + given)
    }

    /// Where the command line's words (before `--`) hold a `--redact` pattern — the word after `--redact`
    /// (`prefix` empty) or the word `--redact=…` itself — and whether `--no-default-redaction` is among them.
    private static func redactionWords(in words: [String]) -> (patterns: [(index: Int, prefix: String)], noDefaults: Bool) {
        var patterns: [(index: Int, prefix: String)] = []
        var noDefaults = false
        var index = 0
        while index < words.count, words[index] != "--" {
            if words[index] == "--no-default-redaction" {
                noDefaults = true
            } else if words[index] == "--redact", index + 1 < words.count {
                patterns.append((index + 1, ""))
                index += 1
            } else if words[index].hasPrefix("--redact=") {
                patterns.append((index, "--redact="))
            }
            index += 1
        }
        return (patterns, noDefaults)
    }

    /// `1st`, `2nd`, `3rd`, `4th`, … `11th`, `21st`.
    static func ordinal(_ number: Int) -> String {
        let suffix = switch (number % 10, number % 100) {
        case (_, 11...13): "th"
        case (1, _): "st"
        case (2, _): "nd"
        case (3, _): "rd"
        default: "th"
        }
        return "\(number)\(suffix)"
    }

    /// The command line as results record it, each `--redact` pattern replaced by the mask: a pattern is often the
    /// secret itself with a group around it (`PLAIN(SECRET)99`), which its own matching cannot find in the pattern.
    static func maskingPatterns(in commandLine: [String]) -> [String] {
        var masked = commandLine
        for place in redactionWords(in: commandLine).patterns {
            masked[place.index] = place.prefix + Redaction.mask
        }
        return masked
    }
}
