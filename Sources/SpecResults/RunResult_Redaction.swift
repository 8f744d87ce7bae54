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
    public func redacted(by redaction: Redaction, jobs: Int = 1) -> RunResult {
        guard !redaction.isEmpty else { return self }
        var copy = self
        copy.environment = environment.redacted(by: redaction)
        copy.files = files.map { redaction.mask($0) }
        copy.diagnostics = diagnostics.map { $0.redacted(by: redaction) }
        copy.tests = Self.redacted(tests, by: redaction, jobs: jobs)
        copy.notes = notes.map { redaction.mask($0) }
        return copy
    }
}

extension RunResult {
    /// The tests masked in `jobs` contiguous chunks at once, each chunk sharing its storage when nothing changed.
    static func redacted(_ tests: [TestResult], by redaction: Redaction, jobs: Int) -> [TestResult] {
        let chunks = max(1, min(jobs, tests.count / 256))
        guard chunks > 1 else { return tests.masked { $0.masked(by: redaction) } ?? tests }
        let size = (tests.count + chunks - 1) / chunks
        let parts = Mutex([[TestResult]?](repeating: nil, count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let slice = Array(tests[(chunk * size)..<min(tests.count, (chunk + 1) * size)])
            let masked = slice.masked { $0.masked(by: redaction) }
            parts.withLock { $0[chunk] = masked }
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
    func masked(by redaction: Redaction) -> TestResult? {
        var copy = self
        var changed = false
        redaction.mask(&copy.id, changed: &changed)
        redaction.mask(&copy.file, changed: &changed)
        redaction.mask(&copy.spec, changed: &changed)
        redaction.mask(&copy.caseName, changed: &changed)
        redaction.mask(&copy.engine, changed: &changed)
        redaction.mask(&copy.tags, changed: &changed)
        redaction.mask(&copy.timeZone, changed: &changed)
        redaction.mask(&copy.message, changed: &changed)
        redaction.mask(&copy.deviationReason, changed: &changed)
        // The instants are most of a big run's texts, and each usually appears up to four times: in `expected`, in
        // `actual` at the same place, and in the diff line that pairs them. An instant equal to one already masked is
        // masked the same way, and comparing (the texts share storage) costs less than looking at every byte again.
        let maskedExpected = expected.masked { $0.masked(by: redaction) }
        let maskedActual = actual.masked(like: expected, maskedAs: maskedExpected) { $0.masked(by: redaction) }
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
        if let maskedExpected {
            copy.expected = maskedExpected
            changed = true
        }
        if let maskedActual {
            copy.actual = maskedActual
            changed = true
        }
        if let maskedDiff {
            copy.diff = maskedDiff
            changed = true
        }
        if let masked = diagnostics.masked({ diagnostic in
            let masked = diagnostic.redacted(by: redaction)
            return masked == diagnostic ? nil : masked
        }) {
            copy.diagnostics = masked
            changed = true
        }
        if let zoneContext {
            let masked = zoneContext.redacted(by: redaction)
            if masked != zoneContext {
                copy.zoneContext = masked
                changed = true
            }
        }
        if let lifecycle {
            let masked = lifecycle.redacted(by: redaction)
            if masked != lifecycle {
                copy.lifecycle = masked
                changed = true
            }
        }
        return changed ? copy : nil
    }
}

extension ResultInstant {
    /// Every text, so a `--redact` pattern reaches them too; with the default patterns each is a quick keyword scan
    /// (these are most of a big run's texts) and nothing is copied.
    func redacted(by redaction: Redaction) -> ResultInstant {
        masked(by: redaction) ?? self
    }

    /// The instant with its texts masked, or nil when none changes.
    func masked(by redaction: Redaction) -> ResultInstant? {
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

extension Redaction {
    /// Masks `text` in place, writing (and setting `changed`) only when a secret was found.
    func mask(_ text: inout String, changed: inout Bool) {
        guard let masked = masking(text) else { return }
        text = masked
        changed = true
    }

    func mask(_ text: inout String?, changed: inout Bool) {
        guard let present = text, let masked = masking(present) else { return }
        text = masked
        changed = true
    }

    func mask(_ texts: inout [String], changed: inout Bool) {
        guard let masked = texts.masked({ masking($0) }) else { return }
        texts = masked
        changed = true
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
            })
    }
}

extension Diagnostic {
    /// The diagnostic with its message, notes, places and source line masked.
    ///
    /// The caret is drawn at `location.column` in the source line, so a mask that changes the line at or before the
    /// caret's end would move the text under it: such a line is left out (with a note saying why) rather than shown
    /// with the caret under the wrong characters. A mask after the caret keeps the line.
    public func redacted(by redaction: Redaction) -> Diagnostic {
        guard !redaction.isEmpty else { return self }
        var copy = self
        copy.code = redaction.mask(code)
        copy.location = location?.redacted(by: redaction)
        copy.message = redaction.mask(message)
        copy.notes = notes.map { Note(location: $0.location?.redacted(by: redaction), message: redaction.mask($0.message)) }
        if let sourceLine {
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

    /// `masked(_:)` for elements that often equal the element at the same place in `reference`, whose masked form
    /// (`referenceMasked`, nil when none of it changed) is known: an equal element is masked the same way.
    func masked(
        like reference: [Element], maskedAs referenceMasked: [Element]?, _ transform: (Element) -> Element?
    ) -> [Element]? where Element: Equatable {
        var result: [Element]?
        for index in indices {
            let changed: Element?
            if index < reference.count, reference[index] == self[index] {
                changed = referenceMasked.flatMap { $0[index] == self[index] ? nil : $0[index] }
            } else {
                changed = transform(self[index])
            }
            guard let changed else { continue }
            if result == nil { result = self }
            result![index] = changed
        }
        return result
    }
}
