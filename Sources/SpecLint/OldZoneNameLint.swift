import Recurrence
import SpecDiagnostics
import SpecModel

/// Warns about a `timezone:` written with one of tzdata's old names (`Europe/Kiev`, `US/Eastern`, `Asia/Calcutta`),
/// naming the current one (`OldZoneNames`, tzdata's links as of the release the table was made from).
///
/// The toolchain still resolves the old name, to the same instants, so the spec runs as written; the warning is for
/// the author who copied the name from an old ticket, and for the next reader, who searches for the current name.
/// Every zone a spec writes is checked: the schedule's (recurrence and lifecycle) and each case's own. `UTC` is not
/// old (`OldZoneNames.currentName(of:)`); `GMT` and the `Etc/` names the parser already refuses.
public struct OldZoneNameLint: SpecLintRule {
    public static let code = LintCode.oldZoneName.rawValue

    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        let names: [ZoneNameLiteral?] = switch spec.body {
        case .recurrence(let body): [body.schedule.timeZoneName] + body.cases.map(\.timeZoneName)
        case .lifecycle(let body): [body.schedule?.timeZoneName] + body.steps.map { step in
            if case .changeSchedule(let change) = step.action { change.timeZoneName } else { nil }
        }
        }
        return names.compactMap { $0.flatMap(diagnostic(for:)) }
    }

    /// The warning for one written zone name, or nil when it is a current name.
    public func diagnostic(for name: ZoneNameLiteral) -> Diagnostic? {
        guard let message = Self.message(for: name.text) else { return nil }
        return Diagnostic(
            code: Self.code, severity: .warning, location: name.location, message: message, sourceLine: name.sourceLine,
            length: name.length)
    }

    /// What the lint says about a zone name, or nil when it is a current name: also the note of `specrun explain`
    /// for an old name, so both say it in the same words.
    public static func message(for name: String) -> String? {
        guard let current = OldZoneNames.currentName(of: name), let target = OldZoneNames.linkTarget(of: name) else { return nil }
        return target != current
            ? "'\(name)' is an old name of \(current) (a link in tzdata, to \(target)); write \(current): the instants are the same since 1970"
            : "'\(name)' is an old name of \(current) (a link in tzdata); write \(current): the instants are the same"
    }
}
