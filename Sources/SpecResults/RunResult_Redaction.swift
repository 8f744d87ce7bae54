import Dispatch
import SpecDiagnostics
import Synchronization
import TextRedaction

extension RunResult {
    /// The same results with every text masked by `redaction`: what every reporter renders and every results file holds.
    ///
    /// One pass over every string the results carry — names, ids, paths, messages, diagnostics and their source
    /// lines, instants and keys, lifecycle expectations and invariants, the environment and the command line — so no
    /// format can show what another masks. Numbers, statuses and the order of everything stay as they are.
    ///
    /// `jobs` threads share the tests (a 10,000-spec run holds half a million texts); the result does not depend on it.
    /// `sources` gives the text around a diagnostic's source line, when the spec files are at hand (`SourceContext`);
    /// `ids` the run's plan-wide masked ids (`MaskedTestIDs`), without which ids are masked one by one.
    public func redacted(by redaction: Redaction, jobs: Int = 1, sources: SourceContextLookup? = nil,
                         ids: MaskedTestIDs? = nil) -> RunResult {
        guard !redaction.isEmpty else { return self }
        var copy = self
        copy.environment = environment.redacted(by: redaction)
        copy.files = files.map { redaction.mask($0) }
        copy.diagnostics = diagnostics.map { $0.redacted(by: redaction, sources: sources) }
        copy.tests = Self.distinctIDs(Self.redacted(tests, by: redaction, jobs: jobs, sources: sources, ids: ids))
        copy.notes = notes.map { redaction.mask($0) }
        return copy
    }

    /// `tests` with an id that masking made equal to an earlier one numbered (`… › core #2`): two tests told apart
    /// only by a secret (`Bearer 2a tokens`, `Bearer 2b tokens`) would share one id, and a results file holds each id
    /// once, so its own reader refused it. A run numbers them over its whole plan first (`MaskedTestIDs`); this is for
    /// results masked without one (`report --redact` on archived results). Only ids that hold the mask are looked at.
    static func distinctIDs(_ tests: [TestResult]) -> [TestResult] {
        let masked = tests.indices.filter { MaskedTestIDs.holdsMask(tests[$0].id) }
        guard !masked.isEmpty else { return tests }
        var seen = Set<String>()
        var result = tests
        // Only an id that holds the mask can equal a masked one.
        for index in masked {
            result[index].id = MaskedTestIDs.numbered(result[index].id, taking: &seen)
        }
        return result
    }
}

extension RunResult {
    /// The tests masked in `jobs` contiguous chunks at once, each chunk sharing its storage when nothing changed.
    static func redacted(_ tests: [TestResult], by redaction: Redaction, jobs: Int, sources: SourceContextLookup? = nil,
                         ids: MaskedTestIDs? = nil) -> [TestResult] {
        let chunks = max(1, min(jobs, tests.count / 256))
        guard chunks > 1 else { return tests.masked { $0.masked(by: redaction, sources: sources, ids: ids) } ?? tests }
        let size = (tests.count + chunks - 1) / chunks
        let parts = Mutex([[TestResult]?](repeating: nil, count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            // The chunk is copied out only when one of its tests changes (almost never).
            let range = (chunk * size)..<min(tests.count, (chunk + 1) * size)
            var masked: [TestResult]?
            for index in range {
                guard let changed = tests[index].masked(by: redaction, sources: sources, ids: ids) else { continue }
                if masked == nil { masked = Array(tests[range]) }
                masked![index - range.lowerBound] = changed
            }
            parts.withLock { [masked] in $0[chunk] = masked }
        }
        let masked = parts.withLock { $0 }
        // Nothing masked (the usual case): the run keeps its own array.
        guard masked.contains(where: { $0 != nil }) else { return tests }
        var result: [TestResult] = []
        result.reserveCapacity(tests.count)
        for (chunk, part) in masked.enumerated() {
            result += part ?? Array(tests[(chunk * size)..<min(tests.count, (chunk + 1) * size)])
        }
        return result
    }
}

extension Environment {
    func redacted(by redaction: Redaction) -> Environment {
        Environment(
            os: redaction.mask(os), osVersion: redaction.mask(osVersion), architecture: redaction.mask(architecture),
            swiftVersion: redaction.mask(swiftVersion), foundation: redaction.mask(foundation),
            tzdataVersion: redaction.mask(tzdataVersion), zones: zones.map { redaction.mask($0) },
            specrunVersion: redaction.mask(specrunVersion), gitCommit: redaction.mask(gitCommit),
            startTime: redaction.mask(startTime), commandLine: commandLine.map { redaction.mask($0) },
            specrunBuild: redaction.mask(specrunBuild))
    }
}

extension TestResult {
    func redacted(by redaction: Redaction) -> TestResult {
        masked(by: redaction) ?? self
    }

    /// The test with every text masked, or nil when no text changes: nearly always, and then nothing is copied
    /// (a 10,000-spec run holds half a million instants, and rebuilding each cost more than checking its texts).
    func masked(by redaction: Redaction, sources: SourceContextLookup? = nil, ids: MaskedTestIDs? = nil) -> TestResult? {
        // The texts are checked before anything is copied: nearly always none changes, and copying the test up front
        // (a retain and a release of each of its texts and arrays) made retains and releases over a third of the time
        // of masking a 10,000-spec run (perf).
        // Numbered over the plan when masking changes it (nearly never: the look-up hashes the id).
        let id = redaction.masking(self.id).map { ids?.ids[self.id] ?? $0 }
        let file = redaction.masking(self.file)
        let spec = redaction.masking(self.spec)
        let caseName = self.caseName.flatMap { redaction.masking($0) }
        let casesNotRun = self.casesNotRun.flatMap { $0.masked { redaction.masking($0) } }
        let engine = self.engine.flatMap { redaction.masking($0) }
        let tags = self.tags.masked { redaction.masking($0) }
        let timeZone = self.timeZone.flatMap { redaction.masking($0) }
        let message = self.message.flatMap { redaction.masking($0) }
        let deviationReason = self.deviationReason.flatMap { redaction.masking($0) }
        let description = self.description.flatMap { redaction.masking($0) }
        let caseDescription = self.caseDescription.flatMap { redaction.masking($0) }
        // The instants are most of a big run's texts, and each usually appears up to four times: in `expected`, in
        // `actual` at the same place, and in the diff line that pairs them. An instant equal to one already masked is
        // masked the same way, and comparing (the texts share storage) costs less than looking at every byte again.
        let maskedExpected = expected.masked { $0.masked(by: redaction) }
        let maskedActual = actual.masked(like: expected, maskedAs: maskedExpected, by: redaction)
        var nextExpected = 0, nextActual = 0
        let maskedDiff = diff.masked { line in
            var lineChanged = false
            func masked(_ instant: ResultInstant?, like list: [ResultInstant], _ maskedList: [ResultInstant]?, next: inout Int) -> ResultInstant? {
                guard let instant else { return nil }
                defer { next += 1 }
                let masked = next < list.count && list[next] == instant
                    ? (maskedList?[next]).flatMap { $0 == instant ? nil : $0 }
                    : instant.masked(by: redaction)
                if masked != nil { lineChanged = true }
                return masked
            }
            let expected = masked(line.expected, like: expected, maskedExpected, next: &nextExpected)
            let actual = masked(line.actual, like: actual, maskedActual, next: &nextActual)
            return lineChanged
                ? DiffLine(kind: line.kind, expected: expected ?? line.expected, actual: actual ?? line.actual, expectedLine: line.expectedLine)
                : nil
        }
        let maskedDiagnostics = diagnostics.masked { diagnostic in
            let masked = diagnostic.redacted(by: redaction, sources: sources)
            return masked == diagnostic ? nil : masked
        }
        let maskedContext = zoneContext.flatMap { context in
            let masked = context.redacted(by: redaction)
            return masked == context ? nil : masked
        }
        let maskedLifecycle = self.lifecycle.flatMap { lifecycle in
            let masked = lifecycle.redacted(by: redaction)
            return masked == lifecycle ? nil : masked
        }
        let textChanged = id != nil || file != nil || spec != nil || caseName != nil || casesNotRun != nil || engine != nil || tags != nil
            || timeZone != nil || message != nil || deviationReason != nil || description != nil || caseDescription != nil
        guard textChanged || maskedExpected != nil || maskedActual != nil || maskedDiff != nil || maskedDiagnostics != nil
            || maskedContext != nil || maskedLifecycle != nil
        else { return nil }
        var copy = self
        if let id { copy.id = id }
        if let file { copy.file = file }
        if let spec { copy.spec = spec }
        if let caseName { copy.caseName = caseName }
        if let casesNotRun { copy.casesNotRun = casesNotRun }
        if let engine { copy.engine = engine }
        if let tags { copy.tags = tags }
        if let timeZone { copy.timeZone = timeZone }
        if let message { copy.message = message }
        if let deviationReason { copy.deviationReason = deviationReason }
        if let description { copy.description = description }
        if let caseDescription { copy.caseDescription = caseDescription }
        if let maskedExpected { copy.expected = maskedExpected }
        if let maskedActual { copy.actual = maskedActual }
        if let maskedDiff { copy.diff = maskedDiff }
        if let maskedDiagnostics { copy.diagnostics = maskedDiagnostics }
        if let maskedContext { copy.zoneContext = maskedContext }
        if let maskedLifecycle { copy.lifecycle = maskedLifecycle }
        return copy
    }
}

extension ResultInstant {
    /// Every text, so a `--redact` pattern reaches them too; with the default patterns each is a quick keyword scan
    /// (these are most of a big run's texts) and nothing is copied.
    func redacted(by redaction: Redaction) -> ResultInstant {
        masked(by: redaction) ?? self
    }

    /// `masked(by:)` for an instant whose texts are often those of `reference` (the expected instant at the same
    /// place, masked as `referenceMasked`, nil when none of its texts changed): a text equal to the reference's is
    /// masked the same way. An actual instant differs from the expected one only in its key (the engine's) when the
    /// spec gives none, so comparing whole instants found no match and its texts were scanned again.
    func masked(by redaction: Redaction, like reference: ResultInstant, maskedAs referenceMasked: ResultInstant?) -> ResultInstant? {
        func masking(_ text: String, _ theirs: String, _ theirsMasked: String?) -> String? {
            guard text == theirs else { return redaction.masking(text) }
            return theirsMasked == text ? nil : theirsMasked
        }
        if textsUnmaskable(by: redaction) {
            guard let key, let maskedKey = reference.key.map({ masking(key, $0, referenceMasked?.key) }) ?? redaction.masking(key)
            else { return nil }
            var copy = self
            copy.key = maskedKey
            return copy
        }
        let utc = masking(utc, reference.utc, referenceMasked?.utc)
        let offsetForm = masking(offsetForm, reference.offsetForm, referenceMasked?.offsetForm)
        let local = masking(local, reference.local, referenceMasked?.local)
        let key = key.flatMap { key in reference.key.map { masking(key, $0, referenceMasked?.key) } ?? redaction.masking(key) }
        guard utc != nil || offsetForm != nil || local != nil || key != nil else { return nil }
        return ResultInstant(
            utc: utc ?? self.utc, epochSeconds: epochSeconds, offsetForm: offsetForm ?? self.offsetForm,
            local: local ?? self.local, key: key ?? self.key)
    }

    /// Whether masking leaves `utc`, `offsetForm` and `local` as they are, known without looking at all of them: the
    /// run wrote them from numbers (`init(writtenUTC:…)`), `redaction` masks no text of `Redaction.numericBytes`
    /// alone, and the zone's abbreviation with the spaces around it holds no keyword either. With the default
    /// patterns that is every instant of a run: masking a 10,000-spec run's results looked at about a third of a
    /// million instant texts (perf: most of the masking phase, itself 7 % of the run's CPU).
    func textsUnmaskable(by redaction: Redaction) -> Bool {
        guard !redaction.mayMaskNumericTexts, case .written(let abbreviation) = origin else { return false }
        return abbreviation.isEmpty || !redaction.mayMask(local, spacedWordAt: abbreviation)
    }

    /// The instant with its texts masked, or nil when none changes.
    func masked(by redaction: Redaction) -> ResultInstant? {
        if textsUnmaskable(by: redaction) {
            guard let maskedKey = key.flatMap({ redaction.masking($0) }) else { return nil }
            var copy = self
            copy.key = maskedKey
            return copy
        }
        let utc = redaction.masking(utc)
        let offsetForm = redaction.masking(offsetForm)
        let local = redaction.masking(local)
        let key = key.flatMap { redaction.masking($0) }
        guard utc != nil || offsetForm != nil || local != nil || key != nil else { return nil }
        return ResultInstant(
            utc: utc ?? self.utc, epochSeconds: epochSeconds, offsetForm: offsetForm ?? self.offsetForm,
            local: local ?? self.local, key: key ?? self.key)
    }
}

extension ZoneContext {
    func redacted(by redaction: Redaction) -> ZoneContext {
        ZoneContext(zone: redaction.mask(zone), transitions: transitions.map { transition in
            ZoneContext.Transition(
                at: transition.at.redacted(by: redaction), offsetBefore: transition.offsetBefore,
                offsetAfter: transition.offsetAfter, localBefore: redaction.mask(transition.localBefore),
                localAfter: redaction.mask(transition.localAfter),
                abbreviationBefore: redaction.mask(transition.abbreviationBefore),
                abbreviationAfter: redaction.mask(transition.abbreviationAfter))
        })
    }
}

extension LifecycleResult {
    func redacted(by redaction: Redaction) -> LifecycleResult {
        LifecycleResult(
            runs: runs.map { run in
                Run(planned: run.planned?.redacted(by: redaction), actual: run.actual?.redacted(by: redaction),
                    key: redaction.mask(run.key), outcome: redaction.mask(run.outcome), reason: redaction.mask(run.reason))
            },
            invariants: invariants.map { check in
                InvariantCheck(name: redaction.mask(check.name), passed: check.passed, detail: redaction.mask(check.detail))
            },
            expectations: expectations.map { check in
                ExpectationCheck(name: redaction.mask(check.name), expected: redaction.mask(check.expected),
                                 actual: redaction.mask(check.actual), passed: check.passed, line: check.line,
                                 expectedInstant: check.expectedInstant?.redacted(by: redaction))
            },
            refusedLaunches: refusedLaunches.map { refused in
                RefusedLaunch(at: refused.at.redacted(by: redaction), identifier: redaction.mask(refused.identifier),
                              error: redaction.mask(refused.error), earliestBegin: refused.earliestBegin?.redacted(by: redaction),
                              line: refused.line)
            },
            scheduleChanges: scheduleChanges.map { change in
                ScheduleChange(at: change.at.redacted(by: redaction), timeZone: redaction.mask(change.timeZone),
                               previousTimeZone: redaction.mask(change.previousTimeZone),
                               version: change.version, change: redaction.mask(change.change), line: change.line)
            },
            otherErrors: otherErrors.map { error in
                RaisedError(at: error.at.redacted(by: redaction), code: redaction.mask(error.code), identifier: redaction.mask(error.identifier),
                            line: error.line, message: redaction.mask(error.message))
            },
            appEvents: appEvents.map { event in
                AppEvent(at: event.at.redacted(by: redaction), step: redaction.mask(event.step), detail: redaction.mask(event.detail), line: event.line)
            },
            clock: clock.map { ClockSpan(start: $0.start.redacted(by: redaction), end: $0.end.redacted(by: redaction)) })
    }
}

extension Diagnostic {
    /// The diagnostic with its message, notes, places and source line masked.
    ///
    /// The caret is drawn at `location.column` in the source line, so a mask that changes the line at or before the
    /// caret's end would move the text under it: such a line is left out (with a note saying why) rather than shown
    /// with the caret under the wrong characters. A mask after the caret keeps the line. With `sources`, the line is
    /// also masked with the lines before it and its whole length (`SourceContext`), and left out when that masks more.
    public func redacted(by redaction: Redaction, sources: SourceContextLookup? = nil) -> Diagnostic {
        guard !redaction.isEmpty else { return self }
        var copy = self
        copy.code = redaction.mask(code)
        copy.location = location?.redacted(by: redaction)
        copy.message = redaction.mask(message)
        copy.notes = notes.map { Note(location: $0.location?.redacted(by: redaction), message: redaction.mask($0.message)) }
        if let sourceLine, let location, let context = sources?(location.file, location.line),
           context.masksMore(than: sourceLine, by: redaction) {
            copy.sourceLine = nil
            copy.notes.append(Note(message: "the source line is not shown: it holds part of a text that the redaction patterns mask, which begins on a line before it or runs past what is shown of it"))
        } else if let sourceLine {
            let masked = redaction.mask(sourceLine)
            if masked != sourceLine {
                let caretEnd = max(0, (location?.column ?? 1) - 1) + length
                if masked.prefix(caretEnd) == sourceLine.prefix(caretEnd) {
                    copy.sourceLine = masked
                } else {
                    copy.sourceLine = nil
                    copy.notes.append(Note(message: "the source line is not shown: it holds text that the redaction patterns mask"))
                }
            }
        }
        return copy
    }
}

extension SourceLocation {
    func redacted(by redaction: Redaction) -> SourceLocation {
        SourceLocation(file: redaction.mask(file), line: line, column: column)
    }
}

extension Array {
    /// The array with the elements `transform` changes replaced (it returns nil for an element it leaves alone), or
    /// nil when it changes none: masking almost never changes anything, and then nothing is copied.
    func masked(_ transform: (Element) -> Element?) -> [Element]? {
        var result: [Element]?
        for index in indices {
            guard let changed = transform(self[index]) else { continue }
            if result == nil { result = self }
            result![index] = changed
        }
        return result
    }

}

extension [ResultInstant] {
    /// `masked(_:)` for instants that often share texts with the instant at the same place in `reference`, whose
    /// masked form (`referenceMasked`, nil when none of it changed) is known: an equal text is masked the same way.
    func masked(like reference: [ResultInstant], maskedAs referenceMasked: [ResultInstant]?, by redaction: Redaction) -> [ResultInstant]? {
        var result: [ResultInstant]?
        for index in indices {
            let changed = index < reference.count
                ? self[index].masked(by: redaction, like: reference[index], maskedAs: referenceMasked?[index])
                : self[index].masked(by: redaction)
            guard let changed else { continue }
            if result == nil { result = self }
            result![index] = changed
        }
        return result
    }
}
