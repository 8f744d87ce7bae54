import SpecDiagnostics
import SpecModel

/// Warns about two cases of one spec that make the same search: the same cursor (as an instant) with the same
/// overrides. Expecting the same, one is redundant; expecting differently, one of them must fail.
public struct DuplicateCaseLint: SpecLintRule {
    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .recurrence(let body) = spec.body else { return [] }
        var found: [Diagnostic] = []
        for (index, testCase) in body.cases.enumerated() {
            guard let earlier = body.cases[..<index].first(where: {
                $0.after.date == testCase.after.date && $0.overrides == testCase.overrides
            }) else { continue }
            let same = earlier.next.map(\.date) == testCase.next.map(\.date) && earlier.error == testCase.error
            let consequence = same ? "and expects the same, so one of them can go" : "but expects something else, so one of them must fail"
            found.append(Diagnostic(
                code: LintCode.duplicateCase.rawValue,
                severity: .warning,
                location: testCase.after.location,
                message: "case '\(testCase.name)' repeats the search of case '\(earlier.name)' (the same cursor and settings) "
                    + consequence + "; remove one, or change its cursor or overrides",
                sourceLine: testCase.after.sourceLine,
                length: testCase.after.text.count,
                notes: [Diagnostic.Note(location: earlier.after.location, message: "case '\(earlier.name)' searches from here")]))
        }
        return found
    }
}
