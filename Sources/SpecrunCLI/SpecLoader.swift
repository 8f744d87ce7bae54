import Foundation
import SpecDiagnostics
import SpecModel
import SpecLint
import SpecParser

/// Reads and parses spec files, checks names across files, lints, and applies `--strict`.
struct SpecLoader {
    var strict: Bool
    /// The parser with the run's limits (file size, depth, nodes, window, default search bound).
    var parser = SpecParser()

    struct Loaded {
        var specs: [Spec]
        var diagnostics: [Diagnostic]
    }

    func load(_ paths: [String]) -> Loaded {
        var files: [SpecFile] = []
        for path in paths {
            switch SpecFileReader(maxBytes: parser.limits.maxBytes).read(path) {
            case .bytes(let bytes):
                files.append(parser.parse(path: path, bytes: bytes))
            case .tooLarge(let size):
                files.append(parser.fileTooLarge(path: path, byteCount: size))
            case .unreadable(let reason):
                files.append(SpecFile(path: path, specs: [], diagnostics: [Diagnostic(
                    code: "unreadable-file", location: SourceLocation(file: path, line: 1, column: 1),
                    message: reason)]))
            }
        }
        files = SpecLinter().lint(DuplicateSpecNames.rejecting(in: files))
        var diagnostics = files.flatMap(\.diagnostics)
        if strict {
            diagnostics = diagnostics.map { $0.severity == .warning ? $0.promoted(to: .error) : $0 }
        }
        return Loaded(specs: files.flatMap(\.specs), diagnostics: diagnostics)
    }
}
