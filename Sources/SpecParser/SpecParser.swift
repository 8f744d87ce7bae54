import SpecDiagnostics
import SpecModel
import SpecYAML

/// Turns a spec file's text into specs and diagnostics. Filled by the spec-parser work (issue 2).
public struct SpecParser: Sendable {
    public init() {}

    public func parse(path: String, bytes: [UInt8]) -> SpecFile {
        SpecFile(path: path, specs: [], diagnostics: [])
    }
}
