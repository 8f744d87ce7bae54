import Foundation
import SpecParser
import Testing

/// A value left blank never makes a spec vanish: each `key: value` of the spec corpus blanked (`""`, `" "`) either
/// leaves the file's specs all read or is told as an error. `rule: ""` dropped its spec from the run, with exit 0 and
/// no word (the schema review: the reader of a shorthand returned nothing for no words, and reported nothing).
@Suite struct BlankValueTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `key: value` in block or flow style (`{name: c, rule: ""}`): the value's range in the line.
    static let field = try! NSRegularExpression(pattern: #"(?:^|[{,]|^\s*-)\s*[A-Za-z-]+: ("[^"]*"|'[^']*'|[^\s,{}\[\]#"'][^,{}\[\]#\n]*?)\s*(?=[,}]|\s#|$)"#)

    static let files: [String] = {
        let specs = root.appendingPathComponent("specs").path
        let all = (FileManager.default.enumerator(atPath: specs)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted()
        // Every fourth file, so a debug build reads about a thousand variants; which files is fixed by their names.
        return all.enumerated().filter { $0.offset % 4 == 0 }.map { specs + "/" + $0.element }
    }()

    @Test func blankingAValueNeverDropsASpecSilently() throws {
        #expect(Self.files.count > 20)
        var variants = 0
        var silent: [String] = []
        for path in Self.files {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let original = SpecParser().parse(path: path, bytes: Array(text.utf8))
            guard !original.diagnostics.contains(where: { $0.severity == .error }) else { continue }
            var lines = text.components(separatedBy: "\n")
            for index in lines.indices where !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("#") {
                let line = lines[index]
                let matches = Self.field.matches(in: line, range: NSRange(line.startIndex..., in: line))
                for match in matches {
                    guard let range = Range(match.range(at: 1), in: line) else { continue }
                    for blank in ["\"\"", "\" \""] {
                        lines[index] = line.replacingCharacters(in: range, with: blank)
                        let mutated = lines.joined(separator: "\n")
                        let file = SpecParser().parse(path: path, bytes: Array(mutated.utf8))
                        variants += 1
                        if file.specs.count < original.specs.count && !file.diagnostics.contains(where: { $0.severity == .error }) {
                            silent.append("\(path):\(index + 1): \(lines[index])")
                        }
                    }
                    lines[index] = line
                }
            }
        }
        #expect(variants > 500)
        #expect(silent.isEmpty, "blanked values that dropped a spec without an error:\n\(silent.joined(separator: "\n"))")
    }
}
