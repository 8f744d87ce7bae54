import BoundedRegex
import Foundation
import Synchronization

/// One kind of secret to mask: a regular expression, and which part of a match is the secret.
///
/// With capture groups, only what the groups match is the secret (`bearer\s+(\S+)` keeps the word `Bearer` and
/// masks the token); without any, the whole match is. Expressions use ICU syntax (`NSRegularExpression`):
/// `(?i)` for case-insensitive, lookahead `(?=…)` and lookbehind `(?<!…)` are available.
public struct RedactionPattern: Sendable, Hashable, CustomStringConvertible {
    /// A short name for docs and tests (`bearer-token`), or the expression itself for a pattern from the command line.
    public let name: String
    /// The expression as written.
    public let source: String
    /// Lowercase words of which a text must contain one before the expression is tried (none: always tried).
    ///
    /// Most texts in results (instants, keys, names) contain none of a default pattern's words; checking for the
    /// word first keeps a pass over a large run cheap.
    public let keywords: [String]
    /// Searched within ICU's time limit: a search that reaches it masks the whole text (`secretRanges`).
    let expression: BoundedRegex
    /// The expression with its letters composed and decomposed (NFC and NFD), where that differs: a name written
    /// `Zürich` on one machine is `Zu\u{308}rich` on another (macOS file names), and both are one name to specrun
    /// (docs/reports.md, "Specs in French, Russian and Chinese"), so a pattern typed in either form finds both.
    let otherForms: [BoundedRegex]
    /// Set when a search reached ICU's time limit; from then on every text the pattern is tried on is masked whole
    /// without searching, so a pattern that backtracks costs one time limit per run, not one per text.
    private let stopped = StoppedFlag()

    /// Whether a search of this pattern reached ICU's time limit in this process (the CLI warns once, after a run).
    public var timedOut: Bool { stopped.value.load(ordering: .relaxed) }

    /// Compiles `source`; throws `RedactionPattern.Invalid` with the regular-expression engine's reason.
    public init(name: String? = nil, _ source: String, keywords: [String] = []) throws(Invalid) {
        guard let expression = BoundedRegex(source) else {
            throw Invalid(source: source, reason: RegularExpressionSyntax.problem(in: source) ?? "it does not compile")
        }
        self.expression = expression
        // Compared by code points: Swift's `==` holds the two forms equal.
        var forms: [String] = []
        for form in [source.precomposedStringWithCanonicalMapping, source.decomposedStringWithCanonicalMapping]
        where !([source] + forms).contains(where: { $0.unicodeScalars.elementsEqual(form.unicodeScalars) }) {
            forms.append(form)
        }
        otherForms = forms.compactMap { BoundedRegex($0) }
        self.name = name ?? source
        self.source = source
        self.keywords = keywords.map { $0.lowercased() }
    }

    /// A pattern that does not compile.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let source: String
        public let reason: String
        public var description: String { "'\(source)' is not a valid regular expression (\(reason))" }
    }

    public var description: String { name }

    public static func == (lhs: RedactionPattern, rhs: RedactionPattern) -> Bool {
        lhs.name == rhs.name && lhs.source == rhs.source && lhs.keywords == rhs.keywords
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(source)
        hasher.combine(keywords)
    }

    /// The ranges of `text` (UTF-16 offsets, as `NSRegularExpression` counts) that are secret; empty ranges dropped.
    /// A search stopped at ICU's time limit cannot say where the secret is, so the whole text is: a redaction that
    /// fails keeps the secret out rather than the text in.
    func secretRanges(in text: NSString) -> [NSRange] {
        let whole = [NSRange(location: 0, length: text.length)]
        if timedOut { return whole }
        var ranges: [NSRange] = []
        for expression in [expression] + otherForms {
            let groups = expression.groupCount
            guard let matches = try? expression.matches(in: text as String) else {
                stopped.value.store(true, ordering: .relaxed)
                return whole
            }
            for match in matches {
                if groups == 0 {
                    if match[0].length > 0 { ranges.append(match[0]) }
                    continue
                }
                for range in match.dropFirst() where range.location != NSNotFound && range.length > 0 {
                    ranges.append(range)
                }
            }
        }
        return ranges
    }
}

/// A flag shared by the copies of one pattern (a value type whose copies all search with the same expression).
private final class StoppedFlag: Sendable {
    let value = Atomic<Bool>(false)
}

extension RedactionPattern {
    /// The patterns every run masks unless told not to (`--no-default-redaction`), each written so that ordinary
    /// spec text — instants, dedup keys, spec names such as "Bearer tokens never reach the log", a `log.never`
    /// check for `"Bearer "` or `"token="` — is left alone.
    public static let standard: [RedactionPattern] = [
        // `Bearer abc123…`: the token, when it has a digit or is long (so "Bearer tokens are masked" stays prose). A
        // token ends before a period that ends it (`… was Bearer abc123.` keeps the sentence's period).
        try! RedactionPattern(name: "bearer-token",
            #"(?i)(?<![A-Za-z0-9])bearer\s+((?=[A-Za-z0-9._~+/-]*[0-9])[A-Za-z0-9._~+/-]*[A-Za-z0-9_~+/-]=*|[A-Za-z0-9._~+/-]{19,}[A-Za-z0-9_~+/-]=*)"#,
            keywords: ["bearer"]),
        // `Authorization: Basic dXNlcjpwYXNz`, `Proxy-Authorization=…`: the whole value, to the end of the line or quote,
        // or to a test id's ` › ` (no header value holds `›`: a spec named so kept its id's ` › core` masked too);
        // the name and the value may be quoted, as in JSON (`"Authorization": "Basic …"`).
        try! RedactionPattern(name: "authorization-header",
            #"(?i)(?<![A-Za-z0-9])(?:proxy-)?authorization["']?\s*[:=]\s*["']?([^\s"'\\,;›](?:[^"'\r\n\\,;›]*[^\s"'\\,;›])?)"#,
            keywords: ["authorization"]),
        // `token=…`, `access_token: …`, `api_key=…`, `X-Api-Key: …`, `apikey=…`, `client_secret=…`, `password: …`,
        // and quoted as in JSON or a shell (`"password": "…"`, `password='…'`), where the whole quoted value is the secret
        // (`"correct horse battery"`), unless it starts with a space or a comma (`never: ["token=", "Bearer "]` is a list).
        // An unquoted value ends before the periods that end it: `… with token=abc123.` keeps the sentence's period (a
        // period inside, `x.yaml`, stays part of the value).
        // A prefix (`access_`, `X-`) ends in `_` or `-`, which the look-behind already admits: matching the prefix too,
        // `(?:[a-z0-9]+[_-])*`, masked the same values but scanned a run like `a-a-a-…` again from each of its words,
        // so a 16 KB spec name took 15 s.
        try! RedactionPattern(name: "secret-assignment",
            #"(?i)(?<![A-Za-z0-9])(?:token|api[_-]?key|apikey|secret|password|passwd|pwd)["']?\s*[:=]\s*(?:"(?!\[redacted\])([^"\s,][^"\r\n]*)"|'(?!\[redacted\])([^'\s,][^'\r\n]*)'|["']?(?!\[redacted\])([^\s"'&,;)\]}]*[^\s"'&,;)\]}.]))"#,
            keywords: ["token", "key", "secret", "passw", "pwd"]),
        // `key=9f86d081884c7d659a2feaa0c55ad015`, `signing-key=3q2+7w…`: a long hex or base64 value after `key=`.
        // The prefix (`signing-`) is left to the look-behind, as above.
        try! RedactionPattern(name: "key-assignment",
            #"(?i)(?<![A-Za-z0-9])keys?\s*=\s*"?((?=[A-Za-z0-9+/_-]*[0-9])(?:[A-Fa-f0-9]{16,}|[A-Za-z0-9+/_-]{32,})={0,2})(?![A-Za-z0-9+/=_-])"#,
            keywords: ["key"]),
        // A JSON Web Token (`eyJhbGciOi….eyJzdWIiOi….signature`), wherever it stands: also after `-` or `_`, which
        // join it to a task identifier or a key (`refresh-eyJ…`), though not after a letter or digit.
        try! RedactionPattern(name: "json-web-token",
            #"(?<![A-Za-z0-9])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"#,
            keywords: ["eyj"]),
        // `https://user:password@host`: the password, also with no user name (`redis://:password@cache`). The scheme is
        // a letter not after a letter or digit, then letters, digits, `+`, `.` and `-` up to `://`: tried only from the
        // start of such a run (which must hold that letter), not again from each letter in it, where `a.a.a.…://` cost
        // a scan per letter.
        try! RedactionPattern(name: "url-credentials",
            #"(?i)(?<![a-z0-9+.-])(?=[a-z]|[a-z0-9+.-]*[+.-][a-z])[a-z0-9+.-]*://[^/\s:@]*:([^/\s@]+)@"#,
            keywords: ["://"]),
    ]
}
