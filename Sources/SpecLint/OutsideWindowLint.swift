import SpecDiagnostics
import SpecModel

/// Warns about an expected occurrence outside its spec's window (after < t <= through): no engine lists it, so
/// the spec fails with the instant in its diff as missing. Usually the window's edge was misread: it excludes
/// `after` and includes `through`.
public struct OutsideWindowLint: SpecLintRule {
    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .recurrence(let body) = spec.body, let window = body.window,
              case .occurrences(let occurrences, _) = body.expect else { return [] }
        // Dates compared in place: copying every instant of every spec to find the rare one outside cost more than the check.
        let after = window.after.date, through = window.through.date
        return occurrences.indices.filter { !(occurrences[$0].instant.date > after && occurrences[$0].instant.date <= through) }.map { index in
            let instant = occurrences[index].instant
            return Diagnostic(
                code: LintCode.outsideWindow.rawValue,
                severity: .warning,
                location: instant.location,
                message: "\(instant.text) is outside the window (after \(window.after.text), through \(window.through.text)], "
                    + "so no engine lists it and the spec will fail; the window excludes 'after' and includes 'through': "
                    + "move the instant or the window",
                sourceLine: instant.sourceLine,
                length: instant.text.count)
        }
    }
}
