import Foundation
import SpecDiagnostics
import SpecModel
import SpecLint
import SpecParser

/// Reads and parses spec files, checks names across files, lints, and applies `--strict`.
struct SpecLoader {
    var strict: Bool

    struct Loaded {
        var specs: [Spec]
        var diagnostics: [Diagnostic]
    }

    func load(_ paths: [String]) -> Loaded {
        var files: [SpecFile] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                files.append(SpecFile(path: path, specs: [], diagnostics: [Diagnostic(
                    code: "unreadable-file", location: SourceLocation(file: path, line: 1, column: 1),
                    message: "the file cannot be read; check that it exists and that you may read it")]))
                continue
            }
            files.append(SpecParser().parse(path: path, bytes: [UInt8](data)))
        }
        files = SpecLinter().lint(DuplicateSpecNames.rejecting(in: files))
        var diagnostics = files.flatMap(\.diagnostics)
        if strict {
            diagnostics = diagnostics.map { $0.severity == .warning ? $0.promoted(to: .error) : $0 }
        }
        return Loaded(specs: files.flatMap(\.specs), diagnostics: diagnostics)
    }
}
