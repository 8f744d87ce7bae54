import Foundation

/// Why a regular expression written on the command line (`--redact`, `--filter`) does not compile, in words.
///
/// Foundation on Linux says only "The value is invalid", so the reason comes from Swift's own regular-expression
/// parser, whose syntax matches ICU's for what it reports (`expected ')'`).
public enum RegularExpressionSyntax {
    /// Nil when `NSRegularExpression` accepts `source`; otherwise what is wrong with it.
    public static func problem(in source: String) -> String? {
        guard (try? NSRegularExpression(pattern: source)) == nil else { return nil }
        do {
            _ = try Regex(source)
            return "the ICU regular-expression syntax does not allow it"
        } catch {
            return "\(error)"
        }
    }

    /// How to match the first bracket or brace of `source` literally (`\(`), when it has one: the usual mistake
    /// when a spec or case name is pasted as a pattern.
    /// Brackets of an escape (`\p{Cyrillic}`, `\x{41}`) or escaped already (`\(`) are the pattern's own: a
    /// misspelled property name was told to escape its brace.
    public static func escapeHint(for source: String) -> String? {
        let unescaped = source.replacing(/\\[pPxNu]\{[^}]*\}?|\\./, with: "")
        guard let bracket = unescaped.first(where: { "()[]{}".contains($0) }) else { return nil }
        return "to match a literal '\(bracket)', write \\\(bracket)"
    }
}
