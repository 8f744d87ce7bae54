import SpecDiagnostics
import SpecModel
import SpecYAML

/// Reads `task:` — one task mapping, or a list of them — and the static gate written in it.
struct LifecycleTaskReader {
    let reader: ValueReader
    /// The scenario expects `not-permitted`: a slip in `permitted` is then the app's bug under test, read as written.
    var expectsNotPermitted = false

    /// The keys of one task entry.
    static let keys = SpecKeyCatalog.task.keyNames
    /// The keys that describe the app's Info.plist (the static gate), written in at most one entry.
    static let gateKeys = SpecKeyCatalog.gateKeyNames
    /// `kind` when not written.
    static let defaultKind = LifecycleSpec.TaskKind.refresh

    struct Result {
        var tasks: [LifecycleSpec.TaskDeclaration]
        var gate: LifecycleSpec.Gate
    }

    func read(_ node: Node, owner: Node) -> Result? {
        let entries: [Node]
        switch node {
        case .mapping:
            entries = [node]
        case .sequence(let items, _) where !items.isEmpty:
            entries = items
        case .sequence:
            reader.log.report(.emptyValue, at: node, "'task' lists no task; write one, e.g. {identifier: com.example.app.refresh, kind: refresh}")
            return nil
        default:
            let expected = "a mapping (identifier:, kind:) or a list of them"
            if !reader.reportedPlaceholder(node, place: "'task'", expected: expected, advice: ", e.g. {identifier: com.example.app.refresh, kind: refresh}") {
                reader.wrongKind(node, "'task' must be \(expected), not \(node.kindDescription)")
            }
            return nil
        }
        let errorsBefore = reader.log.errorCount
        var tasks: [LifecycleSpec.TaskDeclaration] = []
        // Each identifier's declaration, so a duplicate is found without scanning the tasks before it.
        var declaredAt: [String: Int] = [:]
        var gateFields: MappingFields?
        var gateEntry: Node?
        for entry in entries {
            let place = entries.count == 1 ? "'task'" : "this task"
            guard let fields = reader.mapping(entry, place: place, owner: entries.count == 1 ? owner : nil, allowed: Self.keys,
                                              expected: "a mapping (identifier:, kind:)", homes: LifecycleSectionParser.keyHomes)
            else { continue }
            if let task = readTask(fields, entry: entry) {
                if let first = declaredAt[task.identifier].map({ tasks[$0] }) {
                    reader.log.report(.duplicateTask, at: fields["identifier"]!,
                                      "the task '\(task.identifier)' is declared twice; declare each identifier once",
                                      notes: [reader.log.note(at: Self.mark(first.location), "'\(task.identifier)' is first declared here")])
                } else {
                    declaredAt[task.identifier] = tasks.count
                    tasks.append(task)
                }
            }
            let writtenGateKeys = Self.gateKeys.filter(fields.has)
            guard let firstGateKey = writtenGateKeys.first else { continue }
            if let gateEntry {
                reader.log.report(.conflictingKeys, at: fields.keyNode(firstGateKey)!,
                                  "the Info.plist keys (info-plist, permitted, background-modes) are written in two tasks; the app has one Info.plist, so write them in one task only",
                                  notes: [reader.log.note(at: gateEntry.mark, "they are first written in this task")])
            } else {
                gateFields = fields
                gateEntry = entry
            }
        }
        let gate = gateFields.map { readGate($0, tasks: tasks) } ?? .allDeclared
        guard reader.log.errorCount == errorsBefore, let gate else { return nil }
        return Result(tasks: tasks, gate: gate)
    }

    private func readTask(_ fields: MappingFields, entry: Node) -> LifecycleSpec.TaskDeclaration? {
        // Read first: a misspelled `identifer` hid `kind: refesh` until the next round (a QA newcomer's trial).
        let kind = fields["kind"].map { reader.choice($0, field: "kind", LifecycleSpec.TaskKind.self) } ?? Self.defaultKind
        guard let identifierNode = fields["identifier"] else {
            reader.missing("identifier", in: fields, "add the task's identifier, e.g. 'identifier: com.example.app.refresh'")
            return nil
        }
        let identifier = reader.identifier(identifierNode, field: "identifier")
        if identifier == nil, let written = identifierNode.scalar?.value, !ValueReader.isLogSafeName(written) {
            reader.log.refusedDefinition(written)
        }
        guard let identifier, let kind else { return nil }
        return LifecycleSpec.TaskDeclaration(identifier: identifier, kind: kind, location: reader.log.source.location(identifierNode.mark))
    }

    private func readGate(_ fields: MappingFields, tasks: [LifecycleSpec.TaskDeclaration]) -> LifecycleSpec.Gate? {
        if let plistNode = fields["info-plist"] {
            for key in ["permitted", "background-modes"] where fields.has(key) {
                reader.log.report(.conflictingKeys, at: fields.keyNode(key)!,
                                  "'\(key)' and 'info-plist' both describe the Info.plist; keep 'info-plist', or remove it and write 'permitted' and 'background-modes' inline")
                return nil
            }
            guard let written = reader.text(plistNode, field: "info-plist", expected: "a path relative to this spec file, e.g. fixtures/Info.plist")
            else { return nil }
            let specPath = reader.log.source.path
            let resolution = FixturePath.resolve(written, specPath: specPath, scope: reader.fixtureScope)
            switch resolution {
            case .file(let path), .missing(let path):
                // A path that names no file is a lint (SpecLint's `missing-fixture`, which reads `found`): not an
                // error here, and a scenario that cannot read it ends in an error of its own.
                let found = if case .file = resolution { true } else { false }
                return .infoPlist(path: path, found: found, written: written, location: reader.log.source.location(plistNode.mark),
                                  sourceLine: reader.log.source.line(plistNode.mark.line, column: plistNode.mark.column))
            case .outside(let reason):
                reader.log.report(.fixtureOutsideTree, at: plistNode, reason)
                return nil
            }
        }
        var permitted: [String]?
        var modes: [String]?
        if let node = fields["permitted"] {
            guard let list = reader.texts(node, field: "permitted", expected: "a list of task identifiers, e.g. [com.example.app.refresh]")
            else { return nil }
            guard !misspelledIdentifiers(in: node, permitted: list, tasks: tasks) else { return nil }
            permitted = list
        }
        if let node = fields["background-modes"] {
            guard let list = reader.texts(node, field: "background-modes", expected: "a list of background modes, e.g. [fetch, processing]")
            else { return nil }
            guard !misspelledModes(in: node) else { return nil }
            modes = list
        }
        let anchor = fields.keyNode("permitted") ?? fields.keyNode("background-modes")!
        return .inline(permitted: permitted, backgroundModes: modes, location: reader.log.source.location(anchor.mark))
    }

    /// Most edits between a permitted identifier and a declared one for the first to be a slip for the second: an
    /// identifier further off may be another component's, which an Info.plist may permit.
    static let identifierSlipDistance = 2

    /// Reports each permitted identifier that stands for a declared task it misses — a kind written for the identifier
    /// (`refresh`), or a slip (`com.example.app.refesh`) — when that task is not permitted otherwise: the task would run
    /// unpermitted, which is what a spec about a missing identifier tests, and pass or fail for the wrong reason.
    func misspelledIdentifiers(in node: Node, permitted: [String], tasks: [LifecycleSpec.TaskDeclaration]) -> Bool {
        let items: [Node] = if case .sequence(let items, _) = node { items } else { [node] }
        let declared = Set(tasks.map(\.identifier))
        let permittedSet = Set(permitted)
        let unpermitted = tasks.filter { !permittedSet.contains($0.identifier) }
        // A slip is looked for among the first unpermitted tasks only, as a did-you-mean is (DeclaredTasks).
        let slipCandidates = unpermitted.prefix(DeclaredTasks.suggestedAmong).map { Array($0.identifier.unicodeScalars) }
        var firstOfKind: [LifecycleSpec.TaskKind: String] = [:]
        for task in unpermitted where firstOfKind[task.kind] == nil { firstOfKind[task.kind] = task.identifier }
        // Each slip and the identifier it stands for, with whether it is a kind written for the identifier.
        var slips: [(item: Node, written: String, meant: String, isKind: Bool)] = []
        var meantAt: [Int: String] = [:]
        for (index, item) in items.enumerated() {
            guard let written = item.scalar?.value, !declared.contains(written) else { continue }
            let scalars = Array(written.unicodeScalars)
            if let kind = LifecycleSpec.TaskKind(rawValue: written), let meant = firstOfKind[kind] {
                slips.append((item, written, meant, true))
                meantAt[index] = meant
            } else if !expectsNotPermitted, let meant = slipCandidates.firstIndex(where: {
                Suggestion.distance(scalars, $0, atMost: Self.identifierSlipDistance) != nil
            }) {
                slips.append((item, written, unpermitted[meant].identifier, false))
                meantAt[index] = unpermitted[meant].identifier
            }
        }
        guard let first = slips.first else { return false }
        if slips.count > 1 {
            let corrected = items.indices.map { meantAt[$0] ?? items[$0].scalar?.value ?? "" }
            reader.log.report(.unknownTask, at: first.item,
                              "\(slips.map { "'\($0.written)'" }.joined(separator: ", ")) are not declared tasks, and 'permitted' lists task identifiers (BGTaskSchedulerPermittedIdentifiers); did you mean [\(corrected.joined(separator: ", "))]?")
        } else if first.isKind {
            reader.log.report(.unknownTask, at: first.item,
                              "'\(first.written)' is a task kind, and 'permitted' lists task identifiers (BGTaskSchedulerPermittedIdentifiers); write '\(first.meant)'")
        } else {
            reader.log.report(.unknownTask, at: first.item,
                              "'\(first.written)' is not a declared task; did you mean '\(first.meant)'? (as written, '\(first.meant)' is not permitted and never runs; if that is the app's bug under test, add 'not-permitted' to 'expect: errors:')")
        }
        return true
    }

    /// The `UIBackgroundModes` values Apple documents. Others are read as written (a newer system may add modes), but one
    /// that is a slip for a known mode (`background-fetch`, `fetch-data`) is an error: the scenario would run with the
    /// mode missing, which is what a spec about a missing mode tests, and pass or fail for the wrong reason.
    static let knownBackgroundModes = [
        "audio", "location", "voip", "fetch", "remote-notification", "newsstand-content", "external-accessory",
        "bluetooth-central", "bluetooth-peripheral", "processing", "nearby-interaction", "push-to-talk",
    ]

    /// Reports each mode that is not a known one but stands for one; true when there was such a mode. A scenario that
    /// expects `not-permitted` is about the app's own typo: its modes are read as written, as its identifiers are.
    func misspelledModes(in node: Node) -> Bool {
        guard !expectsNotPermitted else { return false }
        let items: [Node] = if case .sequence(let items, _) = node { items } else { [node] }
        var found = false
        for item in items {
            guard let mode = item.scalar?.value, !Self.knownBackgroundModes.contains(mode),
                  let meant = ValueSynonyms.value(for: mode, in: Self.knownBackgroundModes)
                    ?? Suggestion.closest(to: mode, in: Self.knownBackgroundModes)
            else { continue }
            reader.log.report(.unknownValue, at: item,
                              "'\(mode)' is not a background mode; did you mean '\(meant)'? (UIBackgroundModes: \(Self.knownBackgroundModes.joined(separator: ", "))); "
                                + "if the app's typo is the bug under test, add 'not-permitted' to 'expect: errors:'")
            found = true
        }
        return found
    }

    static func mark(_ location: SourceLocation) -> Mark {
        Mark(line: location.line, column: location.column)
    }
}
