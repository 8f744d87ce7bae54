import Foundation
import SpecDiagnostics
import SpecResults

/// The Markdown a GitHub Actions job shows on its run's summary page (appended to `$GITHUB_STEP_SUMMARY`): the
/// closing line, what ran it, the notes, and what needs attention — the first error of each invalid spec file, then
/// each failure, error and fixed deviation, in the HTML report's order — as a table whose places link to the spec's
/// line in the repository at the run's commit. A CI maintainer sees why a shard or a merge is red on the run's page,
/// without downloading an artifact; the first `rowLimit` are listed and the rest counted.
///
/// Everything quoted from a spec (names, messages, paths) is escaped, so a spec named `*Nightly* | [x](y)` shows as
/// written and cannot make a table column, a link or an image; the results are the run's, redaction applied.
public struct GitHubStepSummaryReporter: Sendable {
    /// `https://github.com/owner/repo/blob/<commit>/`: a place links there; nil writes places as text.
    private let blobBase: String?
    /// A spec path relative to the repository's root (`GITHUB_WORKSPACE`), as annotations name it.
    private let filePath: @Sendable (String) -> String

    /// The most rows of the attention table, as the HTML report's "Needs attention" list.
    public static let rowLimit = 50

    public init(blobBase: String? = nil, filePath: @escaping @Sendable (String) -> String = { $0 }) {
        self.blobBase = blobBase
        self.filePath = filePath
    }

    /// The blob address of a commit from the variables GitHub Actions sets (`GITHUB_SERVER_URL`, `GITHUB_REPOSITORY`,
    /// `GITHUB_SHA`); nil unless all three are there and plain (a space or a quote in them is no address to link).
    public static func blobBase(environment: [String: String]) -> String? {
        guard let server = environment["GITHUB_SERVER_URL"], server.hasPrefix("https://") || server.hasPrefix("http://"),
              let repository = environment["GITHUB_REPOSITORY"], let commit = environment["GITHUB_SHA"] else { return nil }
        let plain = { (text: String) in !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 && !"\"'<>()[]\\`".unicodeScalars.contains($0) } }
        guard plain(server), plain(repository), plain(commit) else { return nil }
        return "\(server.hasSuffix("/") ? String(server.dropLast()) : server)/\(repository)/blob/\(commit)/"
    }

    /// The summary of one run (or merge), ending in a blank line so that a second one appended starts a block.
    public func render(_ run: RunResult) -> String {
        let summary = run.summary
        let failing = summary.exitStatus(strict: run.strict) != 0
        // A merge that lacks a shard exits 1 with every test it holds passing: not green (a reviewer read ✅ above a
        // merge of one shard in four), not a failure either; its notes below name the missing shards.
        // So is one whose notes say part of the suite is missing (shards that read other spec files, a merge of it).
        let incomplete = run.isIncomplete
        let mark = failing ? "❌" : incomplete ? "⚠️" : "✅"
        let environment = run.environment
        let missing = run.shard == nil && run.mergedShards != nil ? ", shards missing" : incomplete ? ", part of the suite missing" : ""
        var out = "### \(mark) specrun: \(Self.escaped(TerminalReporter().renderSummary(run)))\(missing)\n\n"
        out += Self.escaped(["Swift \(environment.swiftVersion)", "tzdata \(environment.tzdataVersion)",
                             "\(environment.os) \(environment.architecture)", "specrun \(environment.specrunVersion)"]
            .joined(separator: " · ") + (run.strict ? " · strict" : "")) + "\n\n"
        // GitHub drops a step's whole summary past 1 MiB: notes (a merge of many shards has many) and cells are cut.
        for note in run.notes.prefix(Self.noteLimit) {
            out += "> " + Self.escaped(Self.firstLine(note, limit: 1_000)) + "\n\n"
        }
        if run.notes.count > Self.noteLimit {
            out += "> \(run.notes.count - Self.noteLimit) more notes are in the results\n\n"
        }
        let rows = attentionRows(run)
        guard !rows.isEmpty else { return out }
        out += "| status | test | what happened | spec |\n| --- | --- | --- | --- |\n"
        for row in rows.prefix(Self.rowLimit) {
            out += "| \(row.status) | \(Self.escaped(row.test)) | \(Self.escaped(row.why)) | \(place(row.file, row.line)) |\n"
        }
        if rows.count > Self.rowLimit {
            out += "\n\(rows.count - Self.rowLimit) more need attention: the HTML report and the JUnit XML of this run list every one.\n"
        }
        return out + "\n"
    }

    private struct Row {
        var status: String
        var test: String
        var why: String
        var file: String
        var line: Int?
    }

    private func attentionRows(_ run: RunResult) -> [Row] {
        let diagnostics = run.diagnostics
        let invalid = diagnostics.firstErrorOfEachFile.map { diagnostics[$0] }.map { diagnostic in
            Row(status: "invalid spec file", test: "", why: Self.firstLine(diagnostic.message) + diagnostics.moreErrors(inFileOf: diagnostic),
                file: diagnostic.location?.file ?? "", line: diagnostic.location?.line)
        }
        let tests = HTMLReporter.groupedByFile(run.tests).flatMap(\.1).filter { $0.status.needsAttention }.map { test in
            // Linked where the annotation points: the first differing line, or the failed check's (the spec's first
            // line told a CI review nothing the annotation beside it did not say better).
            let place = GitHubAnnotationsReporter.place(of: test)
            return Row(status: HTMLReporter.statusTitle(test.status),
                // Each name cut at 200 on its own: cut as a whole, a long spec name left no case or engine, and rows that
                // differ only there read alike.
                test: Self.firstLine(test.spec, limit: 200) + (test.caseName.map { " › " + Self.firstLine($0, limit: 200) } ?? "")
                    + (test.engine.map { " · " + $0 } ?? ""),
                why: Self.firstLine(HTMLReporter.attentionWhy(test)), file: place.file, line: place.line)
        }
        return invalid + tests
    }

    /// `specs/a.yaml:6`, linked to that line at the run's commit where the address is known and the file is in the
    /// repository (a relative path that does not climb out of it).
    private func place(_ file: String, _ line: Int?) -> String {
        guard !file.isEmpty else { return "" }
        let path = filePath(file)
        let text = Self.escaped(path + (line.map { ":\($0)" } ?? ""))
        guard let blobBase, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { return text }
        let address = blobBase + path.split(separator: "/", omittingEmptySubsequences: false).map { Self.percentEncoded(String($0)) }
            .joined(separator: "/") + (line.map { "#L\($0)" } ?? "")
        return "[\(text)](\(address))"
    }

    /// The most notes written; the rest are counted.
    static let noteLimit = 10

    /// A text's first line, at most `limit` characters: a table cell holds one line.
    static func firstLine(_ text: String, limit: Int = 300) -> String {
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return line.count > limit ? String(line.prefix(limit - 1)) + "…" : line
    }

    /// Text as Markdown shows it as written: the marks that make markup anywhere in a line backslashed (emphasis,
    /// code, links and images, table columns, strikethrough), `&` `<` `>` as entities (GitHub reads HTML in
    /// Markdown), `://`, `www.` and `@` broken up so that no address in a spec becomes a link, a mark that would
    /// start a list, a heading or a quote at the start escaped, control characters made visible, line breaks a space.
    static func escaped(_ text: String) -> String {
        var out = ""
        let characters = Array(ControlCharacters.visible(text, keepingNewlines: false))
        for (index, character) in characters.enumerated() {
            // `#123` links the repository's issue 123 on github.com: a word joiner keeps a name's number a number.
            if character == "#", index + 1 < characters.count, characters[index + 1].isASCII, characters[index + 1].isNumber {
                out += "#&#8288;"
                continue
            }
            switch character {
            case "&": out += "&amp;"
            // GitHub links any `name@domain` (and `mailto:`, `xmpp:`) in a text, whatever escapes it: an invisible
            // word joiner before the `@` keeps the text as it reads (a review's `ops@example.com` became a link).
            case "@": out += "&#8288;@"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "|", "~":
                out += "\\" + String(character)
            default: out.append(character)
            }
        }
        out = out.replacingOccurrences(of: "www.", with: "www\\.").replacingOccurrences(of: "://", with: "\\://")
        if let first = out.first, "-+#=".contains(first) { out = "\\" + out }
        // `1. …` or `1) …` would start an ordered list: the mark after the digits is escaped (a backslash before a
        // digit is no escape, and would show).
        let digits = out.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count < out.count, ".)".contains(out[digits.endIndex]) {
            out.insert("\\", at: digits.endIndex)
        }
        return out
    }

    /// A path segment in a link: unreserved bytes as they are, every other byte as `%XX` (UTF-8).
    static func percentEncoded(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (byte < 128 && (Character(scalar).isLetter || Character(scalar).isNumber)) || "-._~".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
