import SpecDiagnostics
import SpecModel
import SpecYAML

/// Reads `expect:` of a lifecycle scenario.
struct LifecycleExpectReader {
    let reader: ValueReader
    /// The declared task identifiers; nil when `task` could not be read.
    let identifiers: DeclaredTasks?
    /// Whether `occurrences` here was already reported with the document's `window` (then it is passed over).
    var occurrencesReported = false
    /// The most launches the steps can make (their `launch` steps and the launches those overlap with); nil when the
    /// steps could not be read.
    var launchesAtMost: (count: Int, steps: Int, overlaps: Int)?

    /// Most a count may be: far more than any scenario produces, small enough to catch a pasted timestamp.
    static let countRange = 0...1_000_000

    /// Where a key written in `expect` belongs: a store's keys in `store` (`items` was sent to `job`, where the items
    /// the source returns are, and the store check went with it), the others in their section.
    static let homes = LifecycleSectionParser.keyHomes.merging(["items": "store", "commits": "store", "updated-at": "store"]) { _, store in store }

    /// Where a key written in `log` belongs: a store's keys in `store`, `expect`'s own in `expect` (a second review
    /// round's `log:` written a line early left `commits` under it, told only the keys `log` allows; deleting the line
    /// passed and dropped the check).
    static let logHomes = Dictionary(uniqueKeysWithValues: SpecKeyCatalog.lifecycleExpect.keyNames.filter { $0 != "log" }.map { ($0, "expect") })
        .merging(["items": "store", "commits": "store", "updated-at": "store"]) { _, store in store }

    func read(_ node: Node, owner: Node) -> LifecycleExpectation? {
        guard let fields = reader.mapping(node, place: "'expect'", owner: owner, allowed: SpecKeyCatalog.lifecycleExpect.keyNames,
                                          expected: "a mapping, e.g. {completed: [true], store: {items: [\"42\"], commits: 1}}",
                                          misplaced: occurrencesReported ? [] : [.occurrencesInScenarioExpect],
                                          passedOver: occurrencesReported ? ["occurrences"] : [], homes: Self.homes)
        else { return nil }
        let errorsBefore = reader.log.errorCount
        var expect = LifecycleExpectation(location: reader.location(owner),
                                          sourceLine: reader.log.source.line(owner.mark.line, column: owner.mark.column))
        func located<Value>(_ key: String, _ read: (Node) -> Value?) -> Located<Value>? {
            guard let node = fields[key], let value = read(node) else { return nil }
            return Located(value, at: reader.location(node))
        }
        expect.completed = located("completed") { reader.choices($0, field: "completed", LifecycleExpectation.Completion.self) }
        if let completed = expect.completed?.value, let most = launchesAtMost, completed.count > most.count, let node = fields["completed"] {
            // One entry per launch, and no launch but the steps' (a refused one has none): a longer list can never pass
            // (told only as a failure, after the scenario ran).
            func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
            let source = most.overlaps == 0 ? count(most.steps, "'launch' step")
                : "\(count(most.steps, "'launch' step")) and \(count(most.overlaps, "overlap"))"
            reader.log.report(.conflictingKeys, at: node,
                              "'completed' lists \(completed.count) launches, but the steps make at most \(most.count) (\(source)), "
                                  + "and a launch the system refuses has no entry, so it can never pass; list one entry per launch, "
                                  + "or add the launch steps meant")
        }
        if let node = fields["store"] {
            readStore(node, owner: fields.keyNode("store")!, into: &expect)
        }
        expect.sideEffects = located("side-effects") { count($0, field: "side-effects") }
        expect.temporaryFiles = located("temp-files") { count($0, field: "temp-files") }
        expect.runs = located("runs") { readRuns($0) }
        expect.runCount = located("run-count") { count($0, field: "run-count") }
        if let runCount = expect.runCount, let runs = expect.runs, runCount.value < runs.value.count, let node = fields["run-count"] {
            // Each listed run must be one of the scenario's: fewer in all than listed can never pass (told only when the
            // scenario ran, as a failure, before: a QA newcomer's trial).
            reader.log.report(.conflictingKeys, at: node,
                              "'run-count: \(runCount.value)' is fewer than the \(runs.value.count) run\(runs.value.count == 1 ? "" : "s") listed in 'runs' (line \(runs.location.line)), "
                                  + "and each of those must be one of the scenario's runs, so it can never pass; write 'run-count: \(runs.value.count)' "
                                  + "if those are all, or list only the runs meant")
        }
        if let node = fields["log"],
           let log = reader.mapping(node, place: "'log'", owner: fields.keyNode("log"), allowed: SpecKeyCatalog.log.keyNames,
                                    expected: "a mapping, e.g. {contains: [\"register com.example.app.refresh ok\"], never: [\"token=\"]}",
                                    homes: Self.logHomes) {
            expect.logContains = log["contains"].flatMap { node in readLogTexts(node).map { Located($0, at: reader.location(node)) } }
            expect.logNever = log["never"].flatMap { node in
                reader.texts(node, field: "never", expected: "a list of texts no log line may contain").map { Located($0, at: reader.location(node)) }
            }
        }
        expect.errors = located("errors") { reportList($0, field: "errors", LifecycleExpectation.ErrorCode.self) }
        expect.defects = located("defects") { reportList($0, field: "defects", LifecycleExpectation.DefectKind.self) }
        expect.brokenInvariants = located("broken-invariants") { node in
            reportList(node, field: "broken-invariants", LifecycleExpectation.Invariant.self).map { invariants in
                var seen: [LifecycleExpectation.Invariant] = []
                for invariant in invariants where !seen.contains(invariant) { seen.append(invariant) }
                return seen
            }
        }
        expect.pendingRequests = located("pending-requests") { readPendingRequests($0) }
        return reader.log.errorCount == errorsBefore ? expect : nil
    }

    /// The three lists of what the harness reports, what each holds, and how a message names one of its words.
    private static let reportLists: [(field: String, words: [String], what: String)] = [
        ("errors", LifecycleExpectation.ErrorCode.allCases.map(\.rawValue), "a lifecycle error"),
        ("defects", LifecycleExpectation.DefectKind.allCases.map(\.rawValue), "a defect"),
        ("broken-invariants", LifecycleExpectation.Invariant.allCases.map(\.rawValue), "an invariant"),
    ]

    /// One of the three lists of what the harness reports. A word that belongs in another of them (`errors:
    /// [completed-twice]`, a defect) is told where it belongs, which an unknown-value message would leave the author to
    /// find; the other words are checked as well, so every mistake in the list is told in one round.
    private func reportList<Value: RawRepresentable & CaseIterable>(_ node: Node, field: String, _ type: Value.Type) -> [Value]?
    where Value.RawValue == String {
        let misplaced = wordsOfOtherLists(node, field: field)
        guard !misplaced.isEmpty else { return reader.choices(node, field: field, type) }
        let items: [Node] = if case .sequence(let items, _) = node { items } else { [node] }
        _ = reader.choices(in: items.indices.filter { !misplaced.contains($0) }.map { items[$0] }, field: field, type)
        return nil
    }

    /// Reports each word of the list at `node` that belongs in another of the three lists; their positions in it.
    private func wordsOfOtherLists(_ node: Node, field: String) -> Set<Int> {
        guard let own = Self.reportLists.first(where: { $0.field == field }) else { return [] }
        let items: [Node] = if case .sequence(let items, _) = node { items } else { [node] }
        var misplaced: Set<Int> = []
        for (index, item) in items.enumerated() {
            guard let word = item.scalar?.value, !own.words.contains(word),
                  let home = Self.reportLists.first(where: { $0.words.contains(word) })
            else { continue }
            reader.log.report(.unknownValue, at: item,
                              "'\(word)' is \(home.what), not \(own.what); list it under '\(home.field):' in 'expect'")
            misplaced.insert(index)
        }
        return misplaced
    }

    /// `log.contains`: texts, or `{text: …, lines: N}` for a text exactly N lines contain; one alone, either form.
    private func readLogTexts(_ node: Node) -> [LifecycleExpectation.LogText]? {
        guard let items = reader.listOrLoneMapping(node, field: "contains",
                                                   expected: "a list of texts a log line must contain, or of {text: …, lines: N}")
        else { return nil }
        var texts: [LifecycleExpectation.LogText] = []
        for item in items {
            guard item.mapping != nil else {
                if let text = reader.text(item, field: "contains") { texts.append(.init(text)) }
                continue
            }
            guard let fields = reader.mapping(item, place: "this log text", owner: nil, allowed: SpecKeyCatalog.logText.keyNames,
                                              expected: "a mapping, e.g. {text: \"register com.example.app.refresh ok\", lines: 2}")
            else { continue }
            let text = fields["text"].flatMap { reader.text($0, field: "text") }
            var lines: Int?
            if let node = fields["lines"] {
                if node.scalar?.value == "0" {
                    reader.log.report(.invalidNumber, at: node, "'lines: 0' says no line contains the text; list it under 'never' instead")
                } else {
                    lines = reader.integer(node, field: "lines", range: Self.logLineRange, example: "2")
                }
            } else {
                reader.missing("lines", in: fields, "add how many lines contain the text, e.g. 'lines: 2', or write the text alone for at least one")
            }
            if fields["text"] == nil {
                reader.missing("text", in: fields, "add the text the lines contain, e.g. 'text: \"register com.example.app.refresh ok\"'")
            }
            if let text, let lines { texts.append(.init(text, lines: lines)) }
        }
        return texts.count == items.count ? texts : nil
    }

    /// `lines` of a log text: 0 is `never`'s job.
    static let logLineRange = 1...countRange.upperBound

    private func count(_ node: Node, field: String) -> Int? {
        reader.integer(node, field: field, range: Self.countRange, example: "1")
    }

    private func readStore(_ node: Node, owner: Node, into expect: inout LifecycleExpectation) {
        guard let fields = reader.mapping(node, place: "'store'", owner: owner, allowed: SpecKeyCatalog.store.keyNames,
                                          expected: "a mapping, e.g. {items: [\"42\", \"43\"], commits: 1}")
        else { return }
        if let items = fields["items"],
           let list = reader.texts(items, field: "items", expected: "the list of item identifiers the store holds, in the order first written ([] for none)") {
            expect.storeItems = Located(list, at: reader.location(items))
        }
        if let commits = fields["commits"], let value = count(commits, field: "commits") {
            expect.storeCommits = Located(value, at: reader.location(commits))
        }
        expect.storeUpdatedAt = fields["updated-at"].flatMap { reader.instant($0, field: "updated-at") }
    }

    /// `pending-requests`: identifiers, or `{identifier: …, earliest-begin: …}` to check the request's floor too; one
    /// alone, either form (the reference says "or one alone", and the schema accepted a lone mapping the parser refused).
    private func readPendingRequests(_ node: Node) -> [LifecycleExpectation.PendingRequest]? {
        guard let items = reader.listOrLoneMapping(node, field: "pending-requests",
                                                   expected: "a list of task identifiers, or of {identifier: …, earliest-begin: …}")
        else { return nil }
        var requests: [LifecycleExpectation.PendingRequest] = []
        for item in items {
            guard item.mapping != nil else {
                if let identifier = reader.declaredTask(item, field: "pending-requests", declared: identifiers) {
                    requests.append(.init(identifier: identifier))
                }
                continue
            }
            guard let fields = reader.mapping(item, place: "this pending request", owner: nil, allowed: SpecKeyCatalog.pendingRequest.keyNames,
                                              expected: "a mapping, e.g. {identifier: com.example.app.refresh, earliest-begin: 2027-03-29T03:10:00+02:00}")
            else { continue }
            let identifier = fields["identifier"].flatMap { reader.declaredTask($0, field: "identifier", declared: identifiers) }
            let earliestBegin = fields["earliest-begin"].flatMap { reader.instant($0, field: "earliest-begin") }
            if fields["identifier"] == nil {
                reader.missing("identifier", in: fields, "add the task's identifier, e.g. 'identifier: com.example.app.refresh'")
            }
            if fields["earliest-begin"] == nil {
                reader.missing("earliest-begin", in: fields, "add the request's earliest begin, e.g. 'earliest-begin: 2027-03-29T03:10:00+02:00', or write the identifier alone")
            }
            if let identifier, let earliestBegin {
                requests.append(.init(identifier: identifier, earliestBegin: earliestBegin))
            }
        }
        return requests.count == items.count ? requests : nil
    }

    private func readRuns(_ node: Node) -> [LifecycleExpectation.ExpectedRun]? {
        if let text = node.scalar?.value, !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            reader.log.report(.wrongKind, at: node,
                              "'runs' lists the runs one by one; to say how many there are, write 'run-count: \(text)'")
            return nil
        }
        guard let items = reader.list(node, field: "runs", expected: "a list of runs, e.g. [{planned: …, actual: …, key: …}]") else { return nil }
        var runs: [LifecycleExpectation.ExpectedRun] = []
        var valid = true
        for item in items {
            guard let fields = reader.mapping(item, place: "this run", owner: nil, allowed: SpecKeyCatalog.run.keyNames,
                                              expected: "a mapping, e.g. {planned: 2027-03-29T02:30:00+02:00, actual: 2027-03-29T02:31:00+02:00, key: nightly-sync/v1/2027-03-29}")
            else {
                valid = false
                continue
            }
            let errorsBefore = reader.log.errorCount
            let planned = fields["planned"].flatMap { reader.instant($0, field: "planned") }
            let actual = fields["actual"].flatMap { reader.instant($0, field: "actual") }
            let key = fields["key"].flatMap { reader.text($0, field: "key", expected: "a dedup key, e.g. nightly-sync/v1/2027-03-29") }
            let outcome = fields["outcome"].flatMap { reader.choice($0, field: "outcome", LifecycleExpectation.RunOutcome.self) }
            // A run whose keys are all unknown is already reported, key by key.
            if fields.keysInOrder.isEmpty && item.mapping?.isEmpty != false {
                reader.log.report(.emptyValue, at: item, "this run compares nothing; write at least one of planned, actual, key, outcome")
            }
            guard reader.log.errorCount == errorsBefore else {
                valid = false
                continue
            }
            runs.append(LifecycleExpectation.ExpectedRun(planned: planned, actual: actual, key: key, outcome: outcome, location: reader.location(item),
                                                         keyLocation: fields["key"].map { reader.location($0) }))
        }
        return valid ? runs : nil
    }
}
