import SpecDiagnostics
import SpecModel

/// Warns about two expected occurrences of one window with the same dedup key: each occurrence has a key of its
/// own (under `repeated: both` the later of a pair ends in `~2`), so one of the two keys is wrong.
///
/// Two occurrences at the same instant are `DuplicateInstantLint`'s.
public struct DuplicateExpectedKeyLint: SpecLintRule {
    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .recurrence(let body) = spec.body, case .occurrences(let occurrences, _) = body.expect else { return [] }
        var first: [String: ExpectedOccurrence] = [:]
        var found: [Diagnostic] = []
        for occurrence in occurrences {
            guard let key = occurrence.key else { continue }
            guard let earlier = first[key] else {
                first[key] = occurrence
                continue
            }
            found.append(Diagnostic(
                code: LintCode.duplicateExpectedKey.rawValue,
                severity: .warning,
                location: occurrence.instant.location,
                message: "the key '\(key)' is already expected for \(earlier.instant.text); every occurrence has a key of its own "
                    + "(the later of a repeated pair ends in ~2), so correct one of the two keys",
                sourceLine: occurrence.instant.sourceLine,
                length: occurrence.instant.text.count,
                notes: [Diagnostic.Note(location: earlier.instant.location, message: "'\(key)' is first expected here")]))
        }
        return found
    }
}
