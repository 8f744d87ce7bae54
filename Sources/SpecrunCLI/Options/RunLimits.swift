import Recurrence
import SpecParser
import SpecRunner
import SpecYAML

/// The bounds a run puts on what hostile or runaway input may cost, each with its flag (docs/limits.md).
struct RunLimits: Equatable {
    /// File size, nesting depth and nodes after alias expansion, for the YAML reader.
    var yaml: YAMLLimits = .default
    /// The longest window a spec may declare.
    var window: WindowLength = .defaultLimit
    /// The search bound of a schedule without `limit:`.
    var candidates: Int = Schedule.defaultSearchLimit
    /// The most occurrences one window may hold.
    var occurrences: Int = CoreEngine.defaultOccurrenceLimit
    /// Which files `task.info-plist` may name: inside the spec tree (the named folders, once known), or anywhere.
    var fixtures: FixtureScope = .specFolder

    /// Deeper nesting overflows the stack when a node tree is released (a release per level), so the flag stops here.
    static let deepestAllowed = 1_000
    /// The same bound a spec's own `limit:` has.
    static let mostCandidates = 10_000_000

    static let options: [OptionSpec] = [
        OptionSpec(name: "max-file-size", valueName: "SIZE",
                   help: "Refuse spec files larger than SIZE bytes; K, M, G multiply by 1024 (default: 10M)."),
        OptionSpec(name: "max-depth", valueName: "N", help: "Refuse YAML nested deeper than N levels, 1–1000 (default: 64)."),
        OptionSpec(name: "max-nodes", valueName: "N", help: "Refuse a YAML document of more than N nodes, aliases expanded (default: 100000)."),
        OptionSpec(name: "max-window", valueName: "LENGTH",
                   help: "Refuse windows longer than LENGTH: years (100y) or days (36500d) (default: 100y)."),
        OptionSpec(name: "max-candidates", valueName: "N",
                   help: "Search bound of a schedule without 'limit:', 1–10000000 (default: 10000)."),
        OptionSpec(name: "max-occurrences", valueName: "N",
                   help: "Report a window or a catch-up holding more than N occurrences as an error (default: 100000)."),
        OptionSpec(name: "allow-outside-fixtures",
                   help: "Allow fixtures (info-plist) outside the spec tree (absolute paths, ../ escapes, links out), and spec files reached through links out of a named folder."),
    ]

    init() {}

    init(_ parsed: ParsedArguments) throws(UsageError) {
        if let text = parsed.value("max-file-size") {
            guard let bytes = Self.byteCount(text) else {
                throw UsageError("the value '\(text)' is not allowed for '--max-file-size'; give a number of bytes of at least 1, optionally followed by K, M or G, e.g. --max-file-size 20M.")
            }
            yaml.maxBytes = bytes
        }
        if let depth = try Self.integer(parsed, "max-depth", in: 1...Self.deepestAllowed) { yaml.maxDepth = depth }
        if let nodes = try Self.integer(parsed, "max-nodes", in: 1...Int.max) { yaml.maxNodes = nodes }
        if let text = parsed.value("max-window") {
            guard let length = WindowLength(parsing: text) else {
                throw UsageError("the value '\(text)' is not allowed for '--max-window'; give whole years or days, e.g. --max-window 200y or --max-window 30d.")
            }
            window = length
        }
        if let count = try Self.integer(parsed, "max-candidates", in: 1...Self.mostCandidates) { candidates = count }
        if let count = try Self.integer(parsed, "max-occurrences", in: 1...Int.max) { occurrences = count }
        if parsed.flag("allow-outside-fixtures") { fixtures = .anywhere }
    }

    /// Whether spec files and fixtures may be read through links out of the named folders (`--allow-outside-fixtures`).
    var allowsLinksOut: Bool {
        if case .anywhere = fixtures { true } else { false }
    }

    /// Confines fixtures to `folders`, the spec folders named on the command line (unless any path is allowed).
    mutating func confineFixtures(to folders: [String]) {
        if case .specTree = fixtures { fixtures = .specTree(roots: folders) }
    }

    /// The parser that reads spec files under these limits.
    var parser: SpecParser {
        SpecParser(limits: yaml, windowLimit: window, defaultSearchLimit: candidates, fixtureScope: fixtures)
    }

    private static func integer(_ parsed: ParsedArguments, _ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = parsed.value(option) else { return nil }
        guard text.allSatisfy(\.isASCII), let value = Int(text), range.contains(value) else {
            let bounds = range.upperBound == Int.max ? "a whole number of at least \(range.lowerBound)"
                : "a whole number from \(range.lowerBound) to \(range.upperBound)"
            throw UsageError("the value '\(text)' is not allowed for '--\(option)'; give \(bounds).")
        }
        return value
    }

    /// `10485760`, `512K`, `10M`, `1G` (binary multiples, any case, an optional trailing `B` or `iB`).
    static func byteCount(_ text: String) -> Int? {
        var digits = Substring(text)
        for suffix in ["iB", "ib", "B", "b"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits = digits.dropLast(suffix.count)
            break
        }
        var multiplier = 1
        switch digits.last {
        case "k", "K": multiplier = 1 << 10
        case "m", "M": multiplier = 1 << 20
        case "g", "G": multiplier = 1 << 30
        default: break
        }
        if multiplier > 1 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits), count >= 1 else {
            return nil
        }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }
}
