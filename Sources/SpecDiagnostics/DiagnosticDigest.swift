/// What a terminal prints of a run's diagnostics: each problem once, and at most `perFile` of one file's.
///
/// A generated file with one slip copied into 300 documents printed 300 identical blocks, and the first other
/// problem scrolled away. The copies of a diagnostic (same file, code, severity, source line, and message and notes
/// but for their numbers, which name each copy's own lines) are told once, with a note naming their lines (a copy
/// with a note of its own is no copy: the last error of a file cut short says so in one); past `perFile` shown diagnostics of a file the rest are counted in a note.
/// Machine results (JSON, JUnit, annotations) keep every diagnostic; only the reading of a person is spared.
public struct DiagnosticDigest: Sendable {
    /// The diagnostics to print, in their order, copies folded into a note of the first.
    public var shown: [Diagnostic]
    /// Per file (in the order of first mention), the diagnostics past the limit: not printed, only counted.
    public var left: [(file: String, errors: Int, warnings: Int)]

    /// The first `perFile` distinct diagnostics of each file are printed (`nil`: all of them).
    public static let defaultPerFile = 50

    /// `keeping` diagnostics are shown whatever the limit (the warnings a failure points at); so is any that says where
    /// its file was left unread.
    public init(_ diagnostics: [Diagnostic], perFile limit: Int? = Self.defaultPerFile, keeping: (Diagnostic) -> Bool = { _ in false }) {
        struct Key: Hashable {
            var file: String, code: String, severity: Severity, message: String, sourceLine: String?, notes: [String]
        }
        var shown: [Diagnostic] = []
        var copies: [Key: (index: Int, lines: [Int])] = [:]
        var shownPerFile: [String: Int] = [:]
        var leftOrder: [String] = []
        var leftCounts: [String: (errors: Int, warnings: Int)] = [:]
        for diagnostic in diagnostics {
            guard let location = diagnostic.location else {
                shown.append(diagnostic)
                continue
            }
            // Line numbers aside: a copy's message names its own lines ("which this mapping has, on line 16"). Other
            // numbers count: two specs' notes on one expected line named each rule's own instant (03:30, 03:15), and
            // the second was folded under the first's (the second hints audit).
            let key = Key(file: location.file, code: diagnostic.code, severity: diagnostic.severity,
                          message: Self.withoutLineNumbers(diagnostic.message), sourceLine: diagnostic.sourceLine,
                          notes: diagnostic.notes.map { Self.withoutLineNumbers($0.message) })
            // A copy on the first's own line is shown apart: "the same at line 5" would lose its column.
            if let first = copies[key], shown[first.index].location?.line != location.line {
                copies[key]!.lines.append(location.line)
                continue
            }
            let kept = keeping(diagnostic) || diagnostic.notes.contains { $0.message.hasPrefix(Diagnostic.Note.unreadRest) }
            if let limit, !kept, shownPerFile[location.file, default: 0] >= limit {
                if leftCounts[location.file] == nil { leftOrder.append(location.file) }
                var counts = leftCounts[location.file] ?? (0, 0)
                if diagnostic.severity == .error { counts.errors += 1 } else { counts.warnings += 1 }
                leftCounts[location.file] = counts
                continue
            }
            shownPerFile[location.file, default: 0] += 1
            if copies[key] == nil { copies[key] = (shown.count, []) }
            shown.append(diagnostic)
        }
        for (index, lines) in copies.values where !lines.isEmpty {
            shown[index].notes.append(Diagnostic.Note(message: Self.copiesNote(lines)))
        }
        self.shown = shown
        self.left = leftOrder.map { ($0, leftCounts[$0]!.errors, leftCounts[$0]!.warnings) }
    }

    /// What a terminal prints: the digest's diagnostics, the last of each file past the limit noting what is left;
    /// every diagnostic as it is when `limit` is `nil`.
    public static func printed(_ diagnostics: [Diagnostic], perFile limit: Int?, verboseFlag: String,
                               keeping: (Diagnostic) -> Bool = { _ in false }) -> [Diagnostic] {
        guard let limit else { return diagnostics }
        let digest = DiagnosticDigest(diagnostics, perFile: limit, keeping: keeping)
        var printed = digest.shown
        for left in digest.left {
            // A file's diagnostics are shown before any is left, so the file has a last one shown, where its reader is.
            guard let last = printed.lastIndex(where: { $0.location?.file == left.file }) else { continue }
            printed[last].notes.append(leftNote(file: left.file, errors: left.errors, warnings: left.warnings,
                                                limit: limit, verboseFlag: verboseFlag))
        }
        return printed
    }

    /// The text with each line number as `#`: a run of digits after `line ` or `lines `, and the further numbers of
    /// such a list (`lines 5, 7 and 9`).
    static func withoutLineNumbers(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return text }
        var out = String.UnicodeScalarView()
        var inNumber = false, inList = false
        // What was written since the last number, to read the word before the next one.
        var before = ""
        for scalar in text.unicodeScalars {
            let digit = scalar.value >= 0x30 && scalar.value <= 0x39
            if digit {
                if !inNumber {
                    inList = before.hasSuffix("line ") || before.hasSuffix("lines ")
                        || (inList && (before == ", " || before == " and "))
                    before = ""
                }
                if inList { if !inNumber { out.append("#") } } else { out.append(scalar) }
            } else {
                out.append(scalar)
                before.unicodeScalars.append(scalar)
                if before.unicodeScalars.count > 8 { before = String(before.unicodeScalars.suffix(8)) }
            }
            inNumber = digit
        }
        return String(out)
    }

    /// `the same at lines 13, 23 and 33 (4 in all)`; a long list names its first five and its last.
    static func copiesNote(_ lines: [Int]) -> String {
        let named = lines.count <= 6 ? ListWording.joined(lines.map(String.init))
            : lines.prefix(5).map(String.init).joined(separator: ", ") + " … \(lines.last!)"
        return "the same at line\(lines.count == 1 ? "" : "s") \(named) (\(lines.count + 1) in all)"
    }

    /// `note: many.yaml: 12 more errors and 1 more warning are not shown (a file's first 50 problems are); …`
    static func leftNote(file: String, errors: Int, warnings: Int, limit: Int, verboseFlag: String) -> Diagnostic.Note {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let parts = [errors > 0 ? count(errors, "more error") : nil, warnings > 0 ? count(warnings, "more warning") : nil]
            .compactMap { $0 }
        return Diagnostic.Note(message: "\(file): \(parts.joined(separator: " and ")) \(errors + warnings == 1 ? "is" : "are") not shown "
            + "(a file's first \(limit) problems are); correct those above and run again, or add \(verboseFlag) to see every one")
    }
}
