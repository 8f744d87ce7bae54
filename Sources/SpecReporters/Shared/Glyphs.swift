import SpecResults

/// The decorative characters a text report uses: Unicode, or plain ASCII for terminals and logs that lack UTF-8.
public struct Glyphs: Sendable, Hashable {
    /// Joins spec, case and engine in names shown to people (ids themselves always use ` › `).
    public var separator: String
    public var arrow: String
    public var dash: String
    public var ellipsis: String
    public var middleDot: String
    public var rangeDash: String
    /// Marks a row where two engines disagree.
    public var notEqual: String

    /// `✔ ✘ › → —`: for UTF-8 terminals and CI logs (GitHub Actions, GitLab, Jenkins all show UTF-8).
    public static let unicode = Glyphs(separator: " › ", arrow: "→", dash: "—", ellipsis: "…", middleDot: "·", rangeDash: "–", notEqual: "≠")
    /// `[PASS] [FAIL] > -> -`: only ASCII, for a terminal whose locale is not UTF-8.
    public static let ascii = Glyphs(separator: " > ", arrow: "->", dash: "-", ellipsis: "...", middleDot: "|", rangeDash: "-", notEqual: "!")

    public var isASCII: Bool { self == .ascii }

    /// The status mark at the start of a test's line.
    public func mark(for status: TestStatus) -> String {
        if isASCII {
            return switch status {
            case .passed: "[PASS]"
            case .failed: "[FAIL]"
            case .error: "[ERROR]"
            case .skipped: "[SKIP]"
            case .knownDeviation: "[KNOWN]"
            case .fixedDeviation: "[FIXED]"
            case .notRun: "[NOT RUN]"
            }
        }
        return switch status {
        case .passed: "✔"
        case .failed: "✘"
        case .error: "‼"
        case .skipped: "○"
        case .knownDeviation: "≈"
        case .fixedDeviation: "★"
        case .notRun: "·"
        }
    }

    /// The mark for a passed or failed check (invariants, expectations).
    public func checkMark(_ passed: Bool) -> String {
        isASCII ? (passed ? "[ok]" : "[x]") : (passed ? "✔" : "✘")
    }

    /// Unicode glyphs when the locale says UTF-8, ASCII otherwise.
    ///
    /// The first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set and not empty decides, as the C library does.
    /// When none is set (common in containers) output stays Unicode: CI log viewers render UTF-8.
    public static func preferred(environment: [String: String]) -> Glyphs {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let lowered = value.lowercased()
            return lowered.contains("utf-8") || lowered.contains("utf8") ? .unicode : .ascii
        }
        return .unicode
    }
}
