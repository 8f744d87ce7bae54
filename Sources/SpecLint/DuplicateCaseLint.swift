import SpecDiagnostics
import SpecModel

/// Warns about two cases of one spec that make the same search: the same cursor (as an instant) with the same
/// overrides. Expecting the same, or one the first results of the other's, one is redundant; expecting differently,
/// one of them must fail.
public struct DuplicateCaseLint: SpecLintRule {
    public var judgesLinesTogether: Bool { true }

    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .recurrence(let body) = spec.body else { return [] }
        var found: [Diagnostic] = []
        for (index, testCase) in body.cases.enumerated() {
            guard let earlier = body.cases[..<index].first(where: {
                $0.after.date == testCase.after.date && $0.overrides == testCase.overrides
            }) else { continue }
            let (mine, theirs) = (testCase.next.map(\.date), earlier.next.map(\.date))
            let same = theirs == mine && earlier.error == testCase.error
            // `next: [a]` beside `next: [a, b]`: the successive searches of the longer begin with the shorter's, and
            // both can pass (a differential review was told one of them must fail, and both passed).
            let shorter = earlier.error == nil && testCase.error == nil && !same && !mine.isEmpty && !theirs.isEmpty
                ? (mine.starts(with: theirs) ? earlier : theirs.starts(with: mine) ? testCase : nil) : nil
            let consequence = same ? "and expects the same, so one of them can go"
                : shorter.map { "and case '\($0.name)' expects only the first \($0.next.count == 1 ? "result" : "\($0.next.count) results") "
                    + "of the other's, so it checks nothing the other does not" }
                ?? "but expects something else, so one of them must fail"
            found.append(Diagnostic(
                code: LintCode.duplicateCase.rawValue,
                severity: .warning,
                location: testCase.after.location,
                message: "case '\(testCase.name)' repeats the search of case '\(earlier.name)' (the same cursor and settings) "
                    + consequence + (shorter == nil ? "; remove one, or change its cursor or overrides" : "; remove it"),
                sourceLine: testCase.after.sourceLine,
                length: testCase.after.text.count,
                notes: [Diagnostic.Note(location: earlier.after.location, message: "case '\(earlier.name)' searches from here")]))
        }
        return found
    }
}
