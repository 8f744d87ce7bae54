import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecYAML

/// Turns a spec file's bytes into specs and diagnostics.
///
/// Each YAML document is one spec; a document with an error is dropped (with its diagnostics) and the
/// file's other specs are kept. Names are checked across files by `DuplicateSpecNames`, and the offset
/// lint lives in `SpecLint`: both need more than one document to decide.
public struct SpecParser: Sendable {
    /// Bounds that keep hostile input (deep nesting, alias bombs, huge files) from hanging the reader.
    public var limits: YAMLLimits
    /// The longest window a spec may declare; a longer one is an error at its `through` (`--max-window`).
    public var windowLimit: WindowLength
    /// The search bound of a schedule that writes no `limit:` (`--max-candidates`).
    public var defaultSearchLimit: Int
    /// Which files a spec may name as fixtures: inside its spec tree (the default: each file's own folder), or anywhere.
    public var fixtureScope: FixtureScope

    public init(
        limits: YAMLLimits = .default,
        windowLimit: WindowLength = .defaultLimit,
        defaultSearchLimit: Int = Schedule.defaultSearchLimit,
        fixtureScope: FixtureScope = .specFolder
    ) {
        self.limits = limits
        self.windowLimit = windowLimit
        self.defaultSearchLimit = defaultSearchLimit
        self.fixtureScope = fixtureScope
    }

    public func parse(path: String, bytes: [UInt8]) -> SpecFile {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        guard bytes.starts(with: bom + bom) else {
            return parse(SourceText(path: path, bytes: bytes), from: 0, resumed: 0, errorsAbove: 0)
        }
        var marks = 1
        while bytes.dropFirst(3 * marks).starts(with: bom) { marks += 1 }
        // Two byte order marks (two tools each adding one): the second counted as a column, indenting the first line,
        // and the lines below it read as another document, with two errors about neither. Told once; the file is
        // read without it (its first line's columns as an editor that hides the mark shows them).
        let kept = bom + bytes.dropFirst(3 * marks)
        var file = parse(SourceText(path: path, bytes: kept), from: 0, resumed: 0, errorsAbove: 0)
        let log = DiagnosticLog(source: SourceText(path: path, bytes: kept))
        let count = marks == 2 ? "two" : marks == 3 ? "three" : "\(marks)"
        log.report(.yamlSyntax, at: Mark(line: 1, column: 1),
                   "the file starts with \(count) byte order marks (U+FEFF), which YAML reads as one and the rest as characters of the "
                       + "first line; remove all but the first (save the file as UTF-8 once)", showingSource: false)
        file.diagnostics = (log.diagnostics + file.diagnostics).sortedBySource()
        return file
    }

    /// How many errors one file is told before its later documents are left unread: a generated 10 MB file with one
    /// slip in each of its million documents held 3 GB of diagnostics and took 90 s to tell them.
    public static let errorLimitPerFile = 1_000

    /// How many times reading goes on after a syntax error in one file (each error told), before the rest is left unread.
    public static let resumedErrorLimit = 20

    /// The file's documents from line `start` on (the lines above are empty), after `resumed` syntax errors above it.
    private func parse(_ source: SourceText, from start: Int, resumed: Int, errorsAbove: Int) -> SpecFile {
        let path = source.path
        let log = DiagnosticLog(source: source)
        let stream = YAMLReader.read(source.bytes, limits: limits)
        log.copiedKeys = stream.merges.keys
        log.aliasCopies = stream.merges.aliasCopies
        let parser = documentParser(log: log, path: path)

        var specs: [Spec] = [], specsWithErrors: [Spec] = []
        var nonEmptyDocuments = 0
        var errors = errorsAbove
        // The first line left unread for the error limit, if it was reached.
        var unreadFrom: Int?
        for (index, document) in stream.documents.enumerated() {
            if let unreadFrom, document.start.line >= unreadFrom { break }
            if case .scalar(let scalar) = document.root, scalar.isNull { continue }
            nonEmptyDocuments += 1
            let before = log.diagnostics.count
            switch parser.parseDocument(document) {
            case .spec(let spec): specs.append(spec)
            case .withErrors(let spec): specsWithErrors.append(spec)
            case .nothing: break
            }
            let added = log.diagnostics[before...].lazy.filter { $0.severity == .error }.count
            errors += added
            // On the document whose errors reach the limit (the note goes on its last diagnostic).
            if added > 0, errors >= Self.errorLimitPerFile, unreadFrom == nil, index + 1 < stream.documents.count {
                let next = stream.documents[index + 1].start
                unreadFrom = next.line
                log.addNote(log.note(at: next, Diagnostic.Note.unreadRest + " after \(errors) errors; "
                                         + "correct the errors above and run again"),
                            toDiagnostic: log.diagnostics.count - 1)
            }
        }
        // A document dropped while reading went on (an unknown alias, the node bound): its error, and the file's other
        // specs, which used to vanish with it.
        for error in stream.documentErrors where unreadFrom.map({ error.mark.line < $0 }) ?? true { _ = report(error, in: log) }
        var rest: SpecFile?
        if unreadFrom != nil {
            // Left unread: no syntax error past the limit is read on.
        } else if let error = stream.error {
            if let retyped = report(error, in: log)?.retyped {
                reportRest(of: log.source, retyping: retyped, documentsRead: stream.documents.count, into: log)
            } else if Self.resumesAfter(error), let next = source.documentStart(afterError: error.mark, after: start) {
                // libyaml stops at the error; the documents after it are read on their own, as a document with any other
                // error leaves its neighbours be (a missing `}` in the second of three specs hid the third's typo).
                // The syntax error itself counts.
                let told = errors + 1
                if resumed < Self.resumedErrorLimit, told < Self.errorLimitPerFile {
                    rest = parse(SourceText(path: path, bytes: source.emptyingLines(before: next)), from: next, resumed: resumed + 1,
                                 errorsAbove: told)
                } else if source.hasContent(from: next) {
                    let why = told >= Self.errorLimitPerFile ? "\(told) errors" : "\(resumed + 1) syntax errors"
                    log.addNote(log.note(at: Mark(line: next, column: 1),
                                         Diagnostic.Note.unreadRest + " after \(why); correct the errors above and run again"),
                                toDiagnostic: log.diagnostics.count - 1)
                }
            }
        } else if nonEmptyDocuments == 0 && stream.documentErrors.isEmpty && start == 0 {
            log.report(.emptyFile, at: Mark(line: 1, column: 1),
                       "the file holds no spec; write one (spec:, schedule:, …) or remove the file")
        }
        for reused in stream.reusedAnchors { report(reused, in: log) }
        for tag in stream.unreadTags {
            // `!!float 02:30` is 150.0 to PyYAML and the wall time 02:30 here: said, since the two readings differ.
            let what = tag.value.map { "each key reads its own value as it is written (\($0.isEmpty ? "an empty value" : "'\($0)'") here)" }
                ?? "a \(tag.kind ?? "node") is read as one whatever its tag"
            log.report(.unreadTag, severity: .warning, at: tag.mark, length: tag.value.map { max(1, $0.count) } ?? tag.tag.count,
                       "the tag '\(tag.tag)' is not read: \(what), where PyYAML and other YAML readers apply the tag; remove it")
        }
        let sites = MergeSites(stream.merges)
        let noted = sites.noting(log.diagnostics) { index in log.keyMappings[index].map(MergeSites.Position.init) }
        guard let rest else {
            return SpecFile(path: path, specs: specs, diagnostics: noted.sortedBySource(), mergeSites: sites, specsWithErrors: specsWithErrors)
        }
        return SpecFile(path: path, specs: specs + rest.specs, diagnostics: (noted + rest.diagnostics).sortedBySource(),
                        mergeSites: sites.adding(rest.mergeSites), specsWithErrors: specsWithErrors + rest.specsWithErrors)
    }

    /// Whether reading goes on after `error` from the next document: a syntax error or a character YAML refuses is a
    /// mistake of its document. Bytes that are not UTF-8 are the whole file's encoding, and a file too large is not read.
    private static func resumesAfter(_ error: YAMLError) -> Bool {
        switch error.kind {
        // Too deep ends libyaml's reading of the file (see `YAMLReader`): the documents after it are read on their own.
        case .syntax, .forbiddenCharacter, .misreadCharacter, .tooDeep: true
        case .notUTF8, .wideEncoding, .aliasExpansion, .unknownAlias, .tooLarge: false
        }
    }

    /// A second node named with one anchor: a warning at the second, with a note at the first (and at each later
    /// one). The aliases after it copy the latest node of the name (YAML 1.2); PyYAML refuses the file.
    private func report(_ reused: ReusedAnchor, in log: DiagnosticLog) {
        let name = reused.name
        // At most three later nodes noted and five lines named: a file reusing a name thousands of times made megabytes.
        let shown = reused.later.prefix(3)
        let notes = [log.note(at: reused.first, "the first '&\(name)' is here")]
            + shown.enumerated().map { index, mark in
                let more = index == shown.count - 1 && reused.later.count > shown.count ? " (and \(reused.later.count - shown.count) more)" : ""
                return log.note(at: mark, "'&\(name)' is given to another node again here\(more)")
            }
        guard reused.later.isEmpty else {
            // A third node: "each alias below copies this one" was false from the next one on.
            let all = [reused.first, reused.again] + reused.later
            let lines = all.count <= 5 ? ListWording.joined(all.map { String($0.line) })
                : all.prefix(4).map { String($0.line) }.joined(separator: ", ") + " … \(all.last!.line)"
            log.report(.reusedAnchor, severity: .warning, at: reused.again, length: name.count + 1,
                       "'&\(name)' is given to \(all.count) nodes (lines \(lines)); each '*\(name)' copies the latest "
                           + "of them above it, and PyYAML refuses the file: give each a name of its own",
                       notes: notes)
            return
        }
        let between = switch reused.aliasesBetween {
        case 0: ""
        case 1: " (the one above copies line \(reused.first.line)'s)"
        default: " (the \(reused.aliasesBetween) above copy line \(reused.first.line)'s)"
        }
        // Renamed, the node leaves its aliases below naming the other one: they are named too (a review renamed it, and a
        // case that was to copy it copied the first, silently).
        let below = reused.aliasesAfter == 0
            ? "no alias below names it\(between), but PyYAML refuses the file: give one of them a name of its own"
            : "each '*\(name)' below copies this one\(between), and PyYAML refuses the file: give one of them a name of its own, "
                + "and the aliases meant for it that name"
        log.report(.reusedAnchor, severity: .warning, at: reused.again, length: name.count + 1,
                   "'&\(name)' is given to a second node here (the first is at line \(reused.first.line)); " + below,
                   notes: notes)
    }

    private func documentParser(log: DiagnosticLog, path: String) -> DocumentParser {
        var reader = ValueReader(log: log)
        reader.windowLimit = windowLimit
        reader.defaultSearchLimit = defaultSearchLimit
        reader.fixtureScope = fixtureScope
        return DocumentParser(reader: reader, defaultScheduleID: Self.scheduleID(forPath: path))
    }

    /// How many lines a file's re-read retypes at most (each one a syntax error told).
    static let retypedLineLimit = 20

    /// After a syntax error that is an input method's full-width punctuation (`rule: ｛every: day｝`), the rest of the
    /// file is read again with that line typed as the error says, so that the file's other mistakes (`tags: ［dst］`)
    /// are told in the same round, as they are beside any other error. What the re-read finds on a retyped line is
    /// left out (that line's error is told, and its columns moved), and none of its specs runs: the file has an error.
    /// A further full-width line is told and retyped in turn. Only a file with such an error pays for this.
    private func reportRest(of source: SourceText, retyping first: (number: Int, text: String), documentsRead: Int, into log: DiagnosticLog) {
        var source = source
        var retyped: Set<Int> = []
        var line = first
        while retyped.count < Self.retypedLineLimit {
            retyped.insert(line.number)
            source = SourceText(path: source.path, bytes: source.replacingLine(line.number, with: line.text))
            let scratch = DiagnosticLog(source: source)
            let stream = YAMLReader.read(source.bytes, limits: limits)
            if let error = stream.error, let next = report(error, in: scratch)?.retyped, !retyped.contains(next.number) {
                // Another full-width line: its error is told (its line is still as written), and it is retyped too.
                scratch.diagnostics.last.map(log.append)
                line = next
                continue
            }
            let parser = documentParser(log: scratch, path: source.path)
            for document in stream.documents.dropFirst(documentsRead) { _ = parser.parse(document) }
            for diagnostic in scratch.diagnostics where !retyped.contains(diagnostic.location?.line ?? 0) {
                log.append(diagnostic)
            }
            return
        }
    }

    /// Why each spec file of a run is not read, when a symbolic link takes it out of the folder the command line
    /// named (unless fixtures, and so links out, are allowed anywhere): the named folders resolved once, in the
    /// working directory of now (see `SpecTreeLinks`).
    public func specTreeLinks() -> SpecTreeLinks {
        SpecTreeLinks(check: FixturePath.LinkCheck(scope: fixtureScope, workingDirectory: FileManager.default.currentDirectoryPath))
    }

    /// The result for a file refused before reading because it holds more than `limits.maxBytes` bytes.
    public func fileTooLarge(path: String, byteCount: Int) -> SpecFile {
        let log = DiagnosticLog(source: SourceText(path: path, bytes: []))
        report(YAMLError.tooLarge(byteCount: byteCount, limit: limits.maxBytes), in: log)
        return SpecFile(path: path, specs: [], diagnostics: log.sorted)
    }

    /// The file's name without its extension: `specs/nightly-sync.yaml` → `nightly-sync`.
    static func scheduleID(forPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Reports the error that stopped reading; the hint it was told with, when it has one.
    @discardableResult
    private func report(_ error: YAMLError, in log: DiagnosticLog) -> SyntaxErrorHint? {
        switch error.kind {
        case .syntax:
            if let hint = SyntaxErrorHint.find(problem: error.message, mark: error.mark, contextMark: error.contextMark, source: log.source) {
                log.report(.yamlSyntax, at: hint.mark, length: hint.length, "the YAML cannot be read: \(hint.message)")
                return hint
            }
            var message = "the YAML cannot be read: \(error.message)"
            if let line = log.source.line(error.mark.line), Self.hasTabIndentation(line, column: error.mark.column) {
                message += "; indent with spaces, because YAML does not allow tabs for indentation"
            } else {
                message += "; check the indentation and the quotes and brackets around this place"
            }
            var notes: [Diagnostic.Note] = []
            // libyaml's context says what it was reading; at the error's own place it adds nothing.
            if let context = error.context, let contextMark = error.contextMark, contextMark != error.mark {
                notes.append(log.note(at: contextMark, "\(context), which starts here"))
            }
            log.report(.yamlSyntax, at: error.mark, message, notes: notes)
        case .notUTF8:
            log.report(.notUTF8, at: error.mark, error.message)
        case .wideEncoding:
            log.report(.notUTF8, at: error.mark, error.message, showingSource: false)
        case .forbiddenCharacter, .misreadCharacter:
            log.report(.yamlSyntax, at: error.mark, "the YAML cannot be read: \(error.message)")
        case .tooDeep:
            log.report(.tooDeep, at: error.mark, error.message)
        case .aliasExpansion:
            log.report(.aliasExpansion, at: error.mark, error.message)
        case .unknownAlias:
            log.report(.unknownAlias, at: error.mark, error.message)
        case .tooLarge:
            log.report(.fileTooLarge, at: error.mark, error.message)
        }
        return nil
    }

    /// Whether a tab sits in the line's leading whitespace at or before the error's column.
    private static func hasTabIndentation(_ line: String, column: Int) -> Bool {
        line.prefix { $0 == " " || $0 == "\t" }.contains("\t")
    }
}

/// Why a spec file may not be read because a symbolic link takes it out of the folder the command line named
/// (`SpecParser.specTreeLinks()`), for the many files of one run: the named folders are resolved once, when it is
/// made (in the working directory of then).
public struct SpecTreeLinks: Sendable {
    fileprivate let check: FixturePath.LinkCheck

    /// The whole sentence a diagnostic says, or nil when the file may be read.
    public func reason(path: String) -> String? {
        check.reason(specPath: path)
    }
}

extension MergeSites {
    /// The YAML reader's record, in the positions diagnostics are told at.
    init(_ record: MergeRecord) {
        self.init(
            copies: Dictionary(uniqueKeysWithValues: record.copies.map { (Position($0.key), $0.value.map(Position.init)) }),
            keys: Set(record.keys.map(Position.init)),
            targets: Dictionary(uniqueKeysWithValues: record.targets.map { (Position($0.key), Position($0.value)) }),
            aliasCopies: Dictionary(uniqueKeysWithValues: record.aliasCopies.map { (Position($0.key), $0.value.map(Position.init)) }))
    }
}

extension MergeSites.Position {
    init(_ mark: Mark) {
        self.init(line: mark.line, column: mark.column)
    }
}
