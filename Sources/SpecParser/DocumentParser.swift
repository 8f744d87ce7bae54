import SpecDiagnostics
import SpecModel
import SpecYAML

/// Reads one YAML document into one spec: the common keys here, the body by its section parser.
struct DocumentParser {
    let reader: ValueReader
    let defaultScheduleID: String

    /// A document's keys that begin so are the author's own, never read: a place for templates that merge keys copy
    /// (`x-berlin: &berlin {…}`, then `<<: *berlin`), as docker-compose's `x-` keys are.
    static let templateKeyPrefix = "x-"
    /// The same, as the schema's `patternProperties` writes it.
    static let templateKeyPattern = "^x-."
    /// The keys of a spec's body, either kind's: a document without one has no spec but perhaps in a template.
    static let bodyKeys = Set(recurrenceDocumentKeys + lifecycleDocumentKeys).subtracting(commonKeys)

    static let commonKeys = SpecKeyCatalog.commonKeyNames
    /// The schedule's keys that no group of `MisplacedKeys.sectionKeysInDocument` moves (a schedule is whole without
    /// them), written at the document's top: told where they go, and so are their slips (`versoin: 2`).
    static let scheduleKeyHomes = ["id": "schedule", "version": "schedule", "limit": "schedule"]
    /// The keys a document may hold, by its kind.
    static let recurrenceDocumentKeys = commonKeys + RecurrenceSectionParser.keys
    static let lifecycleDocumentKeys = commonKeys + LifecycleSectionParser.keys

    /// A template is never read, but a merge in it that cannot be made is a mistake wherever the template goes (and
    /// PyYAML refuses the whole document for it): told in the template, as in any mapping.
    private func reportUnmergedKeys(inTemplatesOf entries: [Node.Entry]) {
        for entry in entries {
            guard let name = entry.key.scalar?.value, name.hasPrefix(Self.templateKeyPrefix) else { continue }
            var pending = [entry.value]
            while let node = pending.popLast() {
                switch node {
                case .scalar: break
                case .sequence(let items, _): pending += items
                case .mapping(let children, _):
                    for child in children {
                        if child.key.scalar?.isMergeKey == true {
                            reader.reportUnmergedKey(child, place: "'\(name)'", among: children)
                        }
                        pending.append(child.value)
                    }
                }
            }
        }
    }

    /// A document whose spec is all in an `x-` template that nothing merges (`x-scenario: &sc {task: …, steps: …}`
    /// beside `spec:` alone): told once, at the template, with the merge to write. It was told the keys it lacked, and
    /// adding them, as advised, gave more errors.
    private func reportedTemplateNeverMerged(_ entries: [Node.Entry]) -> Bool {
        // Nearly every document has no template: nothing else is looked at then.
        guard entries.contains(where: { $0.key.scalar?.value.hasPrefix(Self.templateKeyPrefix) == true }),
              !entries.contains(where: { $0.key.scalar.map { Self.bodyKeys.contains($0.value) } ?? false })
        else { return false }
        let bodyKeys = Self.bodyKeys
        for entry in entries {
            guard let name = entry.key.scalar?.value, name.hasPrefix(Self.templateKeyPrefix),
                  let held = entry.value.mapping?.compactMap({ $0.key.scalar?.value }).filter(bodyKeys.contains), !held.isEmpty
            else { continue }
            let anchors = reader.log.mappingAnchors
            let merge = anchors.count == 1 ? "'<<: *\(anchors[0])'" : "'<<: *' and its anchor"
            reader.log.report(.missingKey, at: entry.key,
                              "'\(name)' holds a spec's keys (\(held.prefix(4).joined(separator: ", "))), but a document's '\(Self.templateKeyPrefix)' keys "
                                  + "are never read and nothing merges it: write \(merge) at the document's top level, beside 'spec:'")
            return true
        }
        return false
    }

    /// What a document gives: a spec to run, a spec read whole beside an error of its own (to lint only:
    /// `SpecFile.specsWithErrors`), or nothing (an empty document, or an error that leaves no spec to read).
    enum Parsed {
        case spec(Spec)
        case withErrors(Spec)
        case nothing

        var spec: Spec? { if case .spec(let spec) = self { spec } else { nil } }
    }

    /// The spec, or nil when the document has an error (reported) or is empty.
    func parse(_ document: YAMLDocument) -> Spec? { parseDocument(document).spec }

    /// The document's spec, or what of it is read beside its errors (reported).
    func parseDocument(_ document: YAMLDocument) -> Parsed {
        let root = document.root
        reader.log.mappingAnchors = document.mappingAnchors
        reader.log.mappingAnchorMarks = document.mappingAnchorMarks
        if case .scalar(let scalar) = root, scalar.isNull { return .nothing }
        guard let entries = root.mapping else {
            reader.wrongKind(root, "a spec must be a mapping of keys (spec:, schedule:, window:, …), not \(root.kindDescription)")
            return .nothing
        }
        let errorsBefore = reader.log.errorCount, documentStart = reader.log.diagnostics.count
        // The document's keys (about six) in an array, searched in order: hashing them into a set for these few
        // questions was 0.5 % of a 10,000-spec run's CPU profile.
        let writtenKeys = entries.compactMap { $0.key.scalar?.value }
        // A recurrence spec with one scenario key (`clock:` beside its window) is still a recurrence spec: read as a
        // scenario it would be told of a missing task, clock and steps and of its window, all for one stray key.
        let checksRecurrence = (writtenKeys.contains("window") || writtenKeys.contains("cases")) && !writtenKeys.contains("task")
        let isLifecycle = !checksRecurrence && writtenKeys.contains(where: LifecycleSectionParser.markers.contains)
        let misplaced: [MisplacedKeys] = if isLifecycle {
            [MisplacedKeys.sectionKeysInDocument[0], .recurrenceKeysInScenario] + MisplacedKeys.lifecycleSectionKeysInDocument
        } else if checksRecurrence {
            MisplacedKeys.sectionKeysInDocument + [.scenarioKeysInRecurrenceSpec]
        } else {
            MisplacedKeys.sectionKeysInDocument
        }
        guard let fields = reader.mapping(
            root, place: "this document", owner: nil,
            allowed: isLifecycle ? Self.lifecycleDocumentKeys : Self.recurrenceDocumentKeys, expected: "a mapping",
            misplaced: misplaced, homes: Self.scheduleKeyHomes, ownKeyPrefix: Self.templateKeyPrefix)
        else { return .nothing }
        reportUnmergedKeys(inTemplatesOf: entries)
        if reportedTemplateNeverMerged(entries) { return .nothing }
        let common = readCommon(fields)
        let body: Spec.Body?
        if isLifecycle {
            // The window's expectation is told with the window, at the document's top.
            body = LifecycleSectionParser(reader: reader, defaultScheduleID: defaultScheduleID,
                                          recurrenceChecksReported: writtenKeys.contains(where: MisplacedKeys.recurrenceKeysInScenario.keys.contains))
                .parse(fields, specName: common.name).map(Spec.Body.lifecycle)
            warnEngineKeysUnused(fields)
        } else {
            let firstDiagnostic = reader.log.diagnostics.count
            body = RecurrenceSectionParser(reader: reader, defaultScheduleID: defaultScheduleID)
                .parse(fields, specName: common.name).map(Spec.Body.recurrence)
            if reader.log.errorCount != errorsBefore,
               let told = CasesNotRunNote.note(cases: fields["cases"], hasWindow: fields.has("window"), diagnostics: reader.log.diagnostics, from: firstDiagnostic) {
                reader.log.addNote(told.note, toDiagnostic: told.index)
            }
        }
        guard let name = common.name, let body else { return .nothing }
        let specKey = fields.keyNode("spec")!.mark
        var spec = Spec(name: name, location: reader.log.source.location(specKey), body: body,
                        sourceLine: reader.log.source.line(specKey.line))
        common.apply(to: &spec)
        guard reader.log.errorCount == errorsBefore else {
            return Self.leavesChecksAsWritten(reader.log.diagnostics[documentStart...], isLifecycle: isLifecycle, entries: entries)
                ? .withErrors(spec) : .nothing
        }
        return .spec(spec)
    }

    /// Whether the errors told of a spec leave what it checks as written, so that its lints are true of the spec its
    /// author will run once the errors are fixed: a top-level key no section has nor nearly has, with a plain value
    /// (`descripton: …`), expected occurrences out of order (a recurrence spec's list is read as written; a scenario's
    /// steps out of order leave no scenario), and an expected occurrence that does not read (the others are read). Any
    /// other error may have dropped or defaulted what a lint reads (a misspelled `version` in `schedule` leaves version
    /// 1, which a key's `/v2/` would then be told it does not match): such a spec is not linted until its errors are
    /// fixed.
    private static func leavesChecksAsWritten(_ told: ArraySlice<Diagnostic>, isLifecycle: Bool, entries: [Node.Entry]) -> Bool {
        told.allSatisfy { diagnostic in
            guard diagnostic.severity == .error else { return true }
            if diagnostic.code == DiagnosticCode.instantOrder.rawValue { return true }
            // An expected occurrence that does not read (`2027-03-2702:30`, no offset): a recurrence spec with a body has
            // it only in its `expect` list (a window's bound, a case's instant or a rule's `from` leaves no body), whose
            // other lines are read.
            if !isLifecycle, [DiagnosticCode.invalidInstant.rawValue, DiagnosticCode.instantWithoutOffset.rawValue].contains(diagnostic.code) {
                return true
            }
            guard diagnostic.code == DiagnosticCode.unknownKey.rawValue, let location = diagnostic.location else { return false }
            return entries.contains { entry in
                guard case .scalar(let key) = entry.key, key.mark.line == location.line, key.mark.column == location.column,
                      case .scalar = entry.value else { return false }
                return !knownKeyNames.contains(key.value)
                    && Suggestion.near(key.value, in: knownKeyCandidates).allSatisfy { commonKeys.contains($0.name) }
            }
        }
    }

    /// Every key a spec's mapping may hold, of either kind: an unknown top-level key named so, or near one that is not
    /// a common key, belongs elsewhere (`version:` or `versoin:` written a level too high), and the spec read without
    /// it may differ from the one its author meant (a review's `versoin: 2` left version 1, and the keys' `/v2/` were
    /// told to become `/v1/`). One near a common key only (`descripton`, `skp`) changes no check.
    private static let knownKeyNames = Set(SpecKeyCatalog.recurrenceMappings.flatMap(\.keyNames) + SpecKeyCatalog.lifecycleKeyNames)
    private static let knownKeyCandidates = Suggestion.Candidates(knownKeyNames.sorted())

    /// A lifecycle scenario runs on the task harness, never on an engine.
    private func warnEngineKeysUnused(_ fields: MappingFields) {
        for key in ["engines", "known-deviations"] where fields.has(key) {
            reader.log.report(.unusedKey, severity: .warning, at: fields.keyNode(key)!,
                              "'\(key)' has no effect on a lifecycle scenario, which runs on the task harness and not on an engine; remove it")
        }
    }

    /// `spec`, `description`, `tags`, `skip`, `engines`, `known-deviations`.
    private struct Common {
        var name: String?
        var description: String?
        var tags: [String] = []
        var skip: String?
        var engines: [EngineName]?
        var knownDeviations: [EngineName: String] = [:]
        var knownDeviationLocations: [EngineName: SourceLocation] = [:]

        func apply(to spec: inout Spec) {
            spec.description = description
            spec.tags = tags
            spec.skip = skip
            spec.engines = engines
            spec.knownDeviations = knownDeviations
            spec.knownDeviationLocations = knownDeviationLocations
        }
    }

    private func readCommon(_ fields: MappingFields) -> Common {
        var common = Common()
        if let node = fields["spec"] {
            common.name = reader.text(node, field: "spec", expected: "the spec's name, unique in the run")
        } else {
            reader.missing("spec", in: fields, "add 'spec:' with a name that is unique in the run, e.g. 'spec: Nightly sync across the spring change'")
        }
        common.description = fields["description"].flatMap { reader.text($0, field: "description", expected: "a text") }
        if let node = fields["tags"], let tags = reader.tags(node) {
            common.tags = tags
        }
        if let node = fields["skip"] {
            common.skip = reader.skipReason(node)
        }
        if let node = fields["engines"] {
            common.engines = readEngines(node)
        }
        if let node = fields["known-deviations"],
           let deviations = reader.mapping(node, place: "'known-deviations'", owner: fields.keyNode("known-deviations"),
                                           allowed: EngineName.allCases.map(\.rawValue),
                                           expected: "a mapping from engine to the reason, e.g. {foundation: \"why\"}") {
            for key in deviations.keysInOrder {
                if let engine = EngineName(rawValue: key),
                   let reason = reader.text(deviations[key]!, field: key, expected: "the reason the engine deviates") {
                    common.knownDeviations[engine] = reason
                    common.knownDeviationLocations[engine] = reader.log.source.location(deviations.keyNode(key)!.mark)
                }
            }
        }
        return common
    }

    private func readEngines(_ node: Node) -> [EngineName]? {
        guard let items = reader.list(node, field: "engines", singleAllowed: true, expected: "a list of engines, e.g. [core, foundation]") else {
            return nil
        }
        guard !items.isEmpty else {
            reader.log.report(.emptyValue, at: node, "'engines' lists no engine; name at least one (core, foundation) or remove the key")
            return nil
        }
        var engines: [EngineName] = []
        for item in items {
            if let engine = reader.choice(item, field: "engines", EngineName.self), !engines.contains(engine) {
                engines.append(engine)
            }
        }
        return engines
    }
}
