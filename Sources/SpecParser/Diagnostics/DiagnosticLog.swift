import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecYAML

/// Collects the diagnostics of one file as it is parsed, each with its location and source line.
final class DiagnosticLog {
    let source: SourceText
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var errorCount = 0
    /// Texts refused where they are defined (a malformed task identifier), each with its diagnostic's index: a later
    /// use of the same text is told on that diagnostic, as a note, so one rename is one round of corrections.
    private var refusedDefinitions: [String: Int] = [:]
    /// Instants refused for want of an offset, each with its diagnostic's index, until the spec's zone is known and
    /// `adviseOffsets` tells the offset to write (`OffsetlessInstantAdvice`).
    private var offsetlessInstants: [(index: Int, text: String, occurrence: Bool, keyable: Bool, cursor: Date?, field: String, listed: Set<Date>,
                                      keyLine: Int?)] = []
    /// The two instants of each order error (`instant-order`), with its diagnostic's index, until the zone is known and
    /// `adviseOffsets` notes an offset slip that may have put them out of order (`OrderSlipAdvice`).
    private var outOfOrder: [(index: Int, instants: [InstantLiteral])] = []
    /// Keys written beside a section key and told to move inside it (`timezone:` beside `schedule:`), by the mark of
    /// that section key: the section itself does not report them missing, as moving them is the one fix.
    var keysToMoveInside: [Mark: Set<String>] = [:]
    /// The diagnostics about a key or value as it lands in one mapping (an unknown key, a step's `at` out of order),
    /// by index → that mapping's mark: when it was merged there, the notes name only the merges into that mapping, not
    /// those that copy it where it is right (`MergeSites.noting`).
    private(set) var keyMappings: [Int: Mark] = [:]

    /// Notes that the last diagnostic is about a key or value as it lands in the mapping at `mark`.
    func lastIsAbout(mapping mark: Mark) {
        keyMappings[diagnostics.count - 1] = mark
    }

    /// The anchors on mappings of the document being read, which a merge key's advice may name.
    var mappingAnchors: [String] = []
    /// The keys merge keys copied (`MergeRecord.keys`): a key written in a template, corrected there.
    var copiedKeys: Set<Mark> = []
    /// What plain aliases copied (`MergeRecord.aliasCopies`): each copied node's mark → the aliases' marks.
    var aliasCopies: [Mark: [Mark]] = [:]
    /// Where each of them is (`YAMLDocument.mappingAnchorMarks`).
    var mappingAnchorMarks: [String: Mark] = [:]
    /// The empty values of section keys whose keys, written unindented beside them, were told to move under them
    /// (`schedule:` with nothing under it): that message already says the section is empty, so it is not told again.
    var emptySectionsToFill: Set<Mark> = []

    init(source: SourceText) {
        self.source = source
    }

    func report(
        _ code: DiagnosticCode,
        severity: Severity = .error,
        at mark: Mark,
        length: Int = 1,
        _ message: String,
        notes: [Diagnostic.Note] = [],
        showingSource: Bool = true
    ) {
        if severity == .error { errorCount += 1 }
        let sourceLine = showingSource ? source.line(mark.line, column: mark.column) : nil
        var notes = notes
        if showingSource, sourceLine == nil, mark.column > SourceText.shownLineLength, let excerpt = excerpt(around: mark) {
            // Past what a long line shows, the caret had nothing to stand under: a one-line list of 80 instants with
            // its 61st wrong (column 1337) was told with no text at all.
            notes.insert(excerpt, at: 0)
        }
        diagnostics.append(Diagnostic(
            code: code.rawValue,
            severity: severity,
            location: source.location(mark),
            message: Self.shortened(message),
            // A line of a file in another encoding would only be noise.
            sourceLine: sourceLine,
            length: length,
            notes: notes))
    }

    /// The longest message kept whole, in code points; a longer one (a 5 MB value quoted in it) keeps its start and end.
    static let messageLength = 2_000

    static func shortened(_ message: String) -> String {
        let scalars = message.unicodeScalars
        guard message.utf8.count > messageLength, scalars.count > messageLength else { return message }
        let head = String(String.UnicodeScalarView(scalars.prefix(messageLength * 3 / 5)))
        let tail = String(String.UnicodeScalarView(scalars.suffix(messageLength / 5)))
        return head + " … (\(scalars.count - messageLength * 4 / 5) characters left out) … " + tail
    }

    /// `around column 1337 of this 1774-character line: …, 2027-03-01T02:30:00+01:00, ▶2027-03-02T02:30:00, …`
    private func excerpt(around mark: Mark) -> Diagnostic.Note? {
        guard let line = source.wholeLine(mark.line) else { return nil }
        let scalars = Array(line.unicodeScalars)
        let at = mark.column - 1
        guard at <= scalars.count else { return nil }
        let before = String(String.UnicodeScalarView(scalars[max(0, at - 60)..<at]))
        let after = String(String.UnicodeScalarView(scalars[at..<min(scalars.count, at + 60)]))
        return Diagnostic.Note(message: "around column \(mark.column) of this \(scalars.count)-character line, too long to show: "
            + "…\(before)▶\(after)" + (at + 60 < scalars.count ? "…" : ""))
    }

    /// Adds a diagnostic made by another log of the same file (`SpecParser`'s re-read after a retyped line).
    func append(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errorCount += 1 }
        diagnostics.append(diagnostic)
    }

    /// Reports at a node, underlining as much of it as fits on its first line.
    func report(_ code: DiagnosticCode, severity: Severity = .error, at node: Node, _ message: String, notes: [Diagnostic.Note] = []) {
        report(code, severity: severity, at: node.mark, length: node.underlineLength, message, notes: notes)
    }

    /// A note pointing at another place in the same file.
    func note(at mark: Mark, _ message: String) -> Diagnostic.Note {
        Diagnostic.Note(location: source.location(mark), message: message)
    }

    /// Adds `note` to the diagnostic at `index` (in the order reported), for a place that is part of the same mistake.
    func addNote(_ note: Diagnostic.Note, toDiagnostic index: Int) {
        diagnostics[index].notes.append(note)
    }

    /// Remembers the two instants the last diagnostic found out of order (the earlier written first).
    func reportedOutOfOrder(_ instants: [InstantLiteral]) {
        guard !diagnostics.isEmpty else { return }
        outOfOrder.append((diagnostics.count - 1, instants))
    }

    /// Remembers that the last diagnostic refused the instant `text` for want of an offset; `occurrence`: written as
    /// an expected occurrence, which the spec's `nonexistent` policy places.
    /// `keyable`: written where a key can go beside it (a window's occurrence, not a case's `next`).
    /// `field`: the key it is written under (a window's `after` and `through` are told together when both are skipped).
    func refusedOffsetless(_ text: String, occurrence: Bool, keyable: Bool = false, field: String = "") {
        guard !diagnostics.isEmpty else { return }
        offsetlessInstants.append((diagnostics.count - 1, text, occurrence, keyable, nil, field, [], nil))
    }

    /// Remembers that the instant the last diagnostic refused for want of an offset is a block item's `at:`, whose
    /// `key:` stands on line `line`: the long form offered is then the item's two lines, not `{at: …, key: …}` in place
    /// of the `at:` line (a review wrote that as told and its item's own `key:` line broke the YAML).
    func refusedOffsetlessKeyedOnLine(_ line: Int) {
        guard let last = offsetlessInstants.indices.last, offsetlessInstants[last].index == diagnostics.count - 1 else { return }
        offsetlessInstants[last].keyLine = line
    }

    /// Remembers the instants an `expect` list's other lines list, for its lines refused for want of an offset since
    /// diagnostic `start`: a reading another line lists is not offered to be listed again (a review was told to "list
    /// the second after it", which the next line listed).
    func listedBeside(_ dates: [Date], since start: Int) {
        guard !dates.isEmpty else { return }
        for index in offsetlessInstants.indices where offsetlessInstants[index].index >= start && offsetlessInstants[index].occurrence {
            offsetlessInstants[index].listed = Set(dates)
        }
    }

    /// Remembers the cursor of a case's search whose result the last diagnostic refused for want of an offset (the
    /// case's `after`, or the result before it): the advice names what the search finds from there.
    func refusedOffsetlessSearched(after cursor: Date) {
        guard let last = offsetlessInstants.indices.last, offsetlessInstants[last].index == diagnostics.count - 1 else { return }
        offsetlessInstants[last].cursor = cursor
    }

    /// Rewrites the messages of the instants refused for want of an offset since diagnostic `start` with the offset
    /// `zone` has at each; those instants are then done with (a case's own zone is told before its schedule's, and a
    /// case whose zone could not be read leaves its instants' messages as they are). An expected occurrence is told
    /// what the `nonexistent` or `repeated` policy in effect makes of its wall time, checked with `schedule` (the
    /// case's own, with its overrides; nil where it could not be read), which is built only when asked.
    func adviseOffsets(since start: Int, in zone: TimeZone?, nonexistent: NonexistentTimePolicy? = nil, policyOwner: String = "this spec's",
                       repeated: RepeatedTimePolicy? = nil, repeatedOwner: String = "this spec's", schedule: () -> Schedule? = { nil }) {
        outOfOrder.removeAll { pair in
            guard pair.index >= start else { return false }
            if let zone {
                for instant in pair.instants {
                    let others = pair.instants.filter { $0.location != instant.location }
                    if let note = OrderSlipAdvice.note(for: instant, in: zone, others: others, pair: pair.instants) { addNote(note, toDiagnostic: pair.index) }
                }
            }
            return true
        }
        guard !offsetlessInstants.isEmpty else { return }
        if let zone { noteEmptyWindow(since: start, in: zone) }
        offsetlessInstants.removeAll { refused in
            guard refused.index >= start else { return false }
            if let zone, let message = OffsetlessInstantAdvice.message(for: refused.text, in: zone, occurrence: refused.occurrence, keyable: refused.keyable,
                                                                        keyLine: refused.keyLine, cursor: refused.cursor, listed: refused.listed,
                                                                        nonexistent: nonexistent, owner: policyOwner,
                                                                        repeated: repeated, repeatedOwner: repeatedOwner, schedule: schedule) {
                diagnostics[refused.index].message = message
            }
            return true
        }
    }

    /// A window's `through` refused for want of an offset, in the same change's skipped span as the `after` before it:
    /// a note that the two, written as told, leave the window empty.
    private func noteEmptyWindow(since start: Int, in zone: TimeZone) {
        let batch = offsetlessInstants.filter { $0.index >= start }
        for (position, through) in batch.enumerated() where through.field == "through" {
            guard let after = batch[..<position].last(where: { $0.field == "after" }),
                  let text = OffsetlessInstantAdvice.emptyWindowNote(after: after.text, through: through.text, in: zone) else { continue }
            addNote(Diagnostic.Note(message: text), toDiagnostic: through.index)
        }
    }

    /// Rewrites the messages of the instants refused for want of an offset since diagnostic `start`, in a document
    /// without a zone whose other instants share `offset`, offering it; those instants are then done with.
    func adviseOffsets(since start: Int, writtenOffset offset: Int) {
        offsetlessInstants.removeAll { refused in
            guard refused.index >= start else { return false }
            if let message = OffsetlessInstantAdvice.message(for: refused.text, writtenOffset: offset) {
                diagnostics[refused.index].message = message
            }
            return true
        }
    }

    /// Remembers that the last diagnostic refused `text` where it is defined.
    func refusedDefinition(_ text: String) {
        guard !diagnostics.isEmpty else { return }
        refusedDefinitions[text] = diagnostics.count - 1
    }

    /// Adds a note at `mark` to the diagnostic that refused `text` where it is defined; false when none did.
    func noteUse(of text: String, at mark: Mark, _ message: String) -> Bool {
        guard let index = refusedDefinitions[text] else { return false }
        addNote(note(at: mark, message), toDiagnostic: index)
        return true
    }

    /// Diagnostics in source order (stable for equal places), the way compilers list them.
    var sorted: [Diagnostic] { diagnostics.sortedBySource() }
}

extension Node {
    /// How many characters of the first line the node's caret should cover.
    var underlineLength: Int {
        guard case .scalar(let scalar) = self else { return 1 }
        // Printable ASCII (most scalars) is one Character per byte and holds no line end: count bytes, not Characters.
        let utf8 = scalar.value.utf8
        let firstLine = utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? utf8.count : scalar.value.prefix { $0 != "\n" }.count
        switch scalar.style {
        case .plain: return max(1, firstLine)
        case .singleQuoted, .doubleQuoted: return firstLine + 2
        case .literal, .folded: return 1
        }
    }
}
