import Foundation
import SpecDiagnostics
import SpecModel

/// Warns about a lifecycle scenario whose `info-plist:` names no file: the scenario cannot run without its static
/// gate, so it will end in an error (the other specs still run). The file may be written before the run, so this
/// is a lint rather than a parse error; `--strict` makes it an error.
///
/// The parser has already resolved the path against the spec file's folder, kept it inside the spec tree and
/// looked for the file (`found`); the lint only reports.
public struct MissingFixtureLint: SpecLintRule {
    public init() {}

    public func diagnostics(for spec: Spec, in file: SpecFile) -> [Diagnostic] {
        guard case .lifecycle(let body) = spec.body, case .infoPlist(let path, found: false, let written, let location, let sourceLine) = body.gate
        else { return [] }
        let folder = ParentFolder.of(file.path)
        return [Diagnostic(
            code: LintCode.missingFixture.rawValue,
            severity: .warning,
            location: location,
            message: "there is no file '\(written)' for this spec (looked for \(path)), so the scenario cannot run; add it, or "
                + "write the path relative to the spec file's folder (\(folder.isEmpty ? "." : folder))",
            sourceLine: sourceLine,
            length: written.count)]
    }
}
