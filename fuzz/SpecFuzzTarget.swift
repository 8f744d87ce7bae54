import SpecDiagnostics
import SpecLint
import SpecParser

/// libFuzzer's entry: one input is one spec file's bytes, read as `specrun` reads a file.
///
/// Reading (the parser reads the YAML itself), parsing, the cross-file name check, the lint and the rendering of
/// every diagnostic all run, so a crash, an overflow, a sanitizer report or a hang anywhere on that path is found.
/// The limits are the defaults except the file size: libFuzzer's `-max_len` bounds the input instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func specFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let file = SpecParser().parse(path: "fuzz.yaml", bytes: bytes)
    // Two copies of the same file: the duplicate-name check then has names to compare across files.
    let files = SpecLinter().lint(DuplicateSpecNames.rejecting(in: [file, file]))
    let renderer = DiagnosticRenderer()
    var rendered = 0
    for diagnostic in files.flatMap(\.diagnostics) {
        rendered &+= renderer.render(diagnostic).utf8.count
    }
    return rendered < 0 ? 1 : 0
}
