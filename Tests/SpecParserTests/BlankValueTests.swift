import Foundation
import SpecParser
import Testing

/// A value left blank never makes a spec vanish: each `key: value` of the spec corpus blanked (`""`, `" "`) either
/// leaves the file's specs all read or is told as an error. `rule: ""` dropped its spec from the run, with exit 0 and
/// no word (the schema review: the reader of a shorthand returned nothing for no words, and reported nothing).
@Suite struct BlankValueTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `key: value` in block or flow style (`{name: c, rule: ""}`): the key and the value's range in the line.
    static let field = try! NSRegularExpression(pattern: #"(?:^|[{,]|^\s*-)\s*([A-Za-z-]+): ("[^"]*"|'[^']*'|[^\s,{}\[\]#"'][^,{}\[\]#\n]*?)\s*(?=[,}]|\s#|$)"#)

    /// `key:` at the start of a block line (after any `- `): the key and its indentation, for the path of parents.
    static let blockKey = try! NSRegularExpression(pattern: #"^(\s*(?:-\s+)?)([A-Za-z-]+):"#)

    /// Every spec file, in name order; which of their values are blanked is fixed by the files' text.
    static let files: [String] = {
        let specs = root.appendingPathComponent("specs").path
        let all = (FileManager.default.enumerator(atPath: specs)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted()
        return all.map { specs + "/" + $0 }
    }()

    /// How many values of one place (the same key under the same parent keys) are blanked: the first three in file
    /// order. The corpus holds about a hundred places in thousands of fields; blanking each field of a quarter of the
    /// files took over three minutes of a debug build, and every place is now covered, not a quarter's.
    static let valuesPerPlace = 3

    @Test func blankingAValueNeverDropsASpecSilently() throws {
        #expect(Self.files.count > 20)
        var variants = 0
        var blankedAt: [String: Int] = [:]
        var silent: [String] = []
        for path in Self.files {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let original = SpecParser().parse(path: path, bytes: Array(text.utf8))
            guard !original.diagnostics.contains(where: { $0.severity == .error }) else { continue }
            var lines = text.components(separatedBy: "\n")
            var parents: [(indent: Int, key: String)] = []
            for index in lines.indices {
                let line = lines[index]
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
                let whole = NSRange(line.startIndex..., in: line)
                if let key = Self.blockKey.firstMatch(in: line, range: whole),
                   let indent = Range(key.range(at: 1), in: line), let name = Range(key.range(at: 2), in: line) {
                    let width = line.distance(from: indent.lowerBound, to: indent.upperBound)
                    while let last = parents.last, last.indent >= width { parents.removeLast() }
                    parents.append((width, String(line[name])))
                }
                let parentPath = parents.dropLast().map(\.key).joined(separator: "/")
                for match in Self.field.matches(in: line, range: whole) {
                    guard let key = Range(match.range(at: 1), in: line), let range = Range(match.range(at: 2), in: line)
                    else { continue }
                    let place = parentPath + "/" + line[key]
                    guard blankedAt[place, default: 0] < Self.valuesPerPlace else { continue }
                    blankedAt[place, default: 0] += 1
                    for blank in ["\"\"", "\" \""] {
                        lines[index] = line.replacingCharacters(in: range, with: blank)
                        let mutated = lines.joined(separator: "\n")
                        let file = SpecParser().parse(path: path, bytes: Array(mutated.utf8))
                        variants += 1
                        if file.specs.count < original.specs.count && !file.diagnostics.contains(where: { $0.severity == .error }) {
                            silent.append("\(path):\(index + 1) (\(place)): \(lines[index])")
                        }
                    }
                    lines[index] = line
                }
            }
        }
        #expect(blankedAt.count > 80, "places blanked: \(blankedAt.keys.sorted())")
        #expect(variants > 400)
        #expect(silent.isEmpty, "blanked values that dropped a spec without an error:\n\(silent.joined(separator: "\n"))")
    }
}
