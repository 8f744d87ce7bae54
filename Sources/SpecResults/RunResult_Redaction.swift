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
        guard chunks > 1 else { return tests.mapChanged { $0.redacted(by: redaction) } }
        let size = (tests.count + chunks - 1) / chunks
        let parts = Mutex([[TestResult]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let slice = Array(tests[(chunk * size)..<min(tests.count, (chunk + 1) * size)])
            let masked = slice.mapChanged { $0.redacted(by: redaction) }
            parts.withLock { $0[chunk] = masked }
        }
        return parts.withLock { $0.flatMap { $0 } }
    }
}

extension Environment {
    func redacted(by redaction: Redaction) -> Environment {
        Environment(
            os: redaction.mask(os), osVersion: redaction.mask(osVersion), architecture: redaction.mask(architecture),
            swiftVersion: redaction.mask(swiftVersion), foundation: redaction.mask(foundation),
            tzdataVersion: redaction.mask(tzdataVersion), zones: zones.map { redaction.mask($0) },
            specrunVersion: redaction.mask(specrunVersion), gitCommit: redaction.mask(gitCommit),
            startTime: redaction.mask(startTime), commandLine: commandLine.map { redaction.mask($0) })
    }
}

extension TestResult {
    func redacted(by redaction: Redaction) -> TestResult {
        var copy = self
        copy.id = redaction.mask(id)
        copy.file = redaction.mask(file)
        copy.spec = redaction.mask(spec)
        copy.caseName = redaction.mask(caseName)
        copy.engine = redaction.mask(engine)
        copy.tags = tags.map { redaction.mask($0) }
        copy.timeZone = redaction.mask(timeZone)
        copy.message = redaction.mask(message)
        copy.deviationReason = redaction.mask(deviationReason)
        copy.expected = expected.mapChanged { $0.redacted(by: redaction) }
        copy.actual = actual.mapChanged { $0.redacted(by: redaction) }
        copy.diff = diff.mapChanged { line in
            DiffLine(kind: line.kind, expected: line.expected?.redacted(by: redaction), actual: line.actual?.redacted(by: redaction))
        }
        copy.diagnostics = diagnostics.mapChanged { $0.redacted(by: redaction) }
        copy.zoneContext = zoneContext?.redacted(by: redaction)
        copy.lifecycle = lifecycle?.redacted(by: redaction)
        return copy
    }
}

extension ResultInstant {
    /// Every text, so a `--redact` pattern reaches them too; with the default patterns each is a quick keyword scan
    /// (these are most of a big run's texts) and nothing is copied.
    func redacted(by redaction: Redaction) -> ResultInstant {
        ResultInstant(
            utc: redaction.mask(utc), epochSeconds: epochSeconds, offsetForm: redaction.mask(offsetForm),
            local: redaction.mask(local), key: redaction.mask(key))
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
                    key: redaction.mask(run.key), outcome: redaction.mask(run.outcome))
            },
            invariants: invariants.map { check in
                InvariantCheck(name: redaction.mask(check.name), passed: check.passed, detail: redaction.mask(check.detail))
            },
            expectations: expectations.map { check in
                ExpectationCheck(name: redaction.mask(check.name), expected: redaction.mask(check.expected),
                                 actual: redaction.mask(check.actual), passed: check.passed)
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

extension Array where Element: Equatable {
    /// The array with `transform` applied, sharing this one's storage when no element changes: masking almost never
    /// changes anything, and a big run's results hold hundreds of thousands of values.
    func mapChanged(_ transform: (Element) -> Element) -> [Element] {
        for index in indices {
            let changed = transform(self[index])
            guard changed != self[index] else { continue }
            var result = self
            result[index] = changed
            for rest in index + 1 ..< count { result[rest] = transform(self[rest]) }
            return result
        }
        return self
    }
}
