import SpecDiagnostics
import SpecResults

/// JUnit XML for CI dashboards (GitHub, GitLab, Jenkins): one `<testsuite>` per spec file, one `<testcase>` per
/// spec / case / engine.
///
/// - `failed` → `<failure>`, `error` → `<error>`; `skipped`, `known-deviation` and `not-run` → `<skipped>` whose
///   message says which; `fixed-deviation` passes with a `<system-out>` note (a `<failure>` under `--strict`).
/// - A spec file with error diagnostics gets a testcase named `spec file` with an `<error>` holding the rendered
///   diagnostics, so a dashboard cannot show green for a run that exits 2. Warnings go to the suite's `<system-err>`.
/// - `name` is `spec › case › engine` (unique in its suite); `classname` is the file path with dots, without the
///   extension and without `.`, `..` and empty components; `file` and `line` point at the spec (a failure or an error
///   at the line its GitHub annotation names: the first differing expected instant, the unmet check). The environment is
///   the first suite's `<properties>` (once: see `render(_:run:environment:)`).
public struct JUnitReporter: Sendable {
    public init() {}

    /// The whole document, ending in a newline.
    public func render(_ run: RunResult) -> String {
        let suites = Self.suites(of: run)
        var cases = 0, failures = 0, errors = 0, skipped = 0
        var time = 0.0
        for suite in suites {
            cases += suite.cases.count
            failures += suite.count(.failure)
            errors += suite.count(.error)
            skipped += suite.count(.skipped)
            time += suite.time
        }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += "<testsuites" + attributes([
            ("name", "specrun"), ("tests", "\(cases)"), ("failures", "\(failures)"), ("errors", "\(errors)"),
            ("skipped", "\(skipped)"), ("time", Self.seconds(time)), ("timestamp", run.environment.startTime),
        ]) + ">\n"
        for (index, suite) in suites.enumerated() {
            out += render(suite, run: run, environment: index == 0)
        }
        out += "</testsuites>\n"
        return out
    }

    /// Writes the document to `output`.
    public func write(_ run: RunResult, to output: inout some TextOutputStream) {
        output.write(render(run))
    }

    // MARK: - Model

    private struct Suite {
        var file: String
        var cases: [Case] = []
        var warnings: [Diagnostic] = []
        /// A spec file's suite; not for specrun's own (`specrun merge`), whose name is no path a dashboard may link.
        var linked = true
        var time: Double { cases.reduce(0) { $0 + $1.time } }
        func count(_ kind: Outcome.Kind) -> Int { cases.filter { $0.outcome?.kind == kind }.count }
    }

    private struct Case {
        var name: String
        var line: Int
        var time: Double
        var outcome: Outcome?
        var systemOut: String?
    }

    private struct Outcome {
        enum Kind: String { case failure, error, skipped }
        var kind: Kind
        var type: String
        var message: String
        var body: String?
    }

    private static func suites(of run: RunResult) -> [Suite] {
        var byFile: [String: Suite] = [:]
        func suite(_ file: String) -> Suite { byFile[file] ?? Suite(file: file) }
        let glyphs = Glyphs.unicode
        let renderer = DiagnosticRenderer(color: false)
        // The warnings a failure points at (`line 8 is … (see its offset-mismatch warning)`): they are the suite's
        // `<system-err>`, which CI pages do not show beside the failure (a message review).
        let pointedWarnings = run.warningsPointedAtByFailures()
        for test in run.tests {
            var outcome = outcome(of: test, strict: run.strict, glyphs: glyphs)
            if outcome?.kind == .failure, let pointed = pointedWarnings[test.id] {
                let before = outcome?.body.map { $0 + "\n\n" } ?? ""
                outcome?.body = before + pointed.map(renderer.render).joined(separator: "\n\n")
            }
            // A failure or error is on the line its GitHub annotation and job-summary row point at (the first differing
            // expected instant, the unmet check): on the spec's first line, a JUnit action annotated another line than
            // specrun's own annotation beside it (a CI review). Passing tests keep the spec's (or case's) line.
            var line = test.line
            if outcome?.kind == .failure || outcome?.kind == .error {
                let place = GitHubAnnotationsReporter.place(of: test)
                if place.file == test.file, place.line != test.line {
                    line = place.line
                    let written = "at \(test.file):\(test.line)"
                    if let body = outcome?.body, body.hasPrefix(written) {
                        outcome?.body = "at \(test.file):\(line)" + body.dropFirst(written.count)
                    }
                }
            }
            // Appended in place: a copy of the suite out of the dictionary and back made each append copy every case
            // before it, so one file of 50,000 tests took 76 s.
            byFile[test.file, default: Suite(file: test.file)].cases.append(Case(
                name: test.nameInFile, line: line, time: test.duration,
                outcome: outcome,
                systemOut: test.status == .fixedDeviation && !run.strict ? fixedDeviationNote(test) : nil
            ))
        }
        let diagnosticsByFile = Dictionary(grouping: run.diagnostics) { $0.location?.file ?? "" }
        for (file, diagnostics) in diagnosticsByFile {
            var current = suite(file)
            let errors = diagnostics.filter { $0.severity == .error }
            if !errors.isEmpty {
                let first = errors[0]
                current.cases.insert(Case(
                    name: "spec file", line: first.location?.line ?? 1, time: 0,
                    outcome: Outcome(
                        kind: .error, type: "invalid-spec",
                        // The code in brackets, as on the terminal: CI pages show this attribute as the failure's title.
                        message: (errors.count == 1 ? first.message : "\(errors.count) errors; the first: \(first.message)")
                            + " [\(first.code)]",
                        body: errors.map(renderer.render).joined(separator: "\n\n")
                    )
                ), at: 0)
            }
            current.warnings = diagnostics.filter { $0.severity != .error }
            byFile[file] = current
        }
        var suites = byFile.values.sorted { $0.file < $1.file }.map(uniquelyNamed)
        // A merge of part of a sharded run holds part of the suite: a JUnit action showed it green (a CI maintainer's
        // review), the missing shards said only in the `notes` property. One errored testcase names them, as an
        // invalid spec file gets one, so no dashboard shows green. So does a run stopped by a signal (its tests
        // `<skipped type="not-run">`), and a merge that exits 1 for a stopped shard, shards that read other spec files
        // or selected other tests: `failures="0" errors="0"` was a passing check for each (a CI review).
        var cases: [Case] = []
        if let missing = run.missingShardsSentence {
            let note = run.notes.first { $0.hasSuffix(RunResult.missingShardsNoteEnding) }
            cases.append(Case(name: "missing shards", line: 1, time: 0,
                              outcome: Outcome(kind: .error, type: "missing-shards", message: missing, body: note)))
        }
        let reasons = run.notWholeRunReasons
        if let first = reasons.first {
            let more = reasons.count == 1 ? "" : " (and \(reasons.count - 1) more reason\(reasons.count == 2 ? "" : "s") below)"
            cases.append(Case(
                name: "incomplete run", line: 1, time: 0,
                outcome: Outcome(kind: .error, type: "incomplete-run", message: "these results are not a whole run: \(first)\(more)",
                                 body: reasons.joined(separator: "\n"))))
        }
        if !cases.isEmpty {
            suites.insert(Suite(file: run.isMerge ? "specrun merge" : "specrun", cases: cases, linked: false), at: 0)
        }
        return suites
    }

    /// CI tools key results by (classname, name): a clash gets ` (2)`, ` (3)`…
    private static func uniquelyNamed(_ suite: Suite) -> Suite {
        var copy = suite
        var seen = Set<String>()
        for index in copy.cases.indices {
            var name = copy.cases[index].name
            var counter = 2
            while !seen.insert(name).inserted {
                name = "\(copy.cases[index].name) (\(counter))"
                counter += 1
            }
            copy.cases[index].name = name
        }
        return copy
    }

    private static func outcome(of test: TestResult, strict: Bool, glyphs: Glyphs) -> Outcome? {
        let body = FailureText.plain(FailureText(glyphs: glyphs).lines(for: test))
        let firstLine = test.message?.split(separator: "\n").first.map(String.init)
        switch test.status {
        case .passed:
            return nil
        case .fixedDeviation:
            guard strict else { return nil }
            return Outcome(kind: .failure, type: "fixed-deviation", message: fixedDeviationNote(test), body: body)
        case .failed:
            return Outcome(kind: .failure, type: "failed", message: failureMessage(test), body: body)
        case .error:
            return Outcome(kind: .error, type: "error", message: firstLine ?? "the spec could not be run", body: body)
        case .skipped:
            return Outcome(kind: .skipped, type: "skipped", message: "skipped" + (firstLine.map { ": \($0)" } ?? ""))
        case .knownDeviation:
            let reason = test.deviationReason.map { ": \($0)" } ?? ""
            return Outcome(
                kind: .skipped, type: "known-deviation",
                message: "known deviation on \(test.engine ?? "this engine")\(reason)", body: body
            )
        case .notRun:
            return Outcome(kind: .skipped, type: "not-run", message: "not run" + (firstLine.map { ": \($0)" } ?? ""))
        }
    }

    /// `expected 2027-03-28T01:00:00Z (2027-03-28 03:00 CEST (+02:00)), got 2027-03-28T01:30:00Z (…)` when the
    /// occurrences differ, followed by what the message adds after its counts (`; line 17 is written with an offset
    /// the zone does not have …`); the message's first line otherwise.
    ///
    /// The failure review: a search that reached its bound was titled `expected 2096-02-29T11:00:00Z (…), not
    /// produced` — on a CI page a wrong date, not a `limit:` too small — and the pointer to an offset-mismatch warning
    /// was in the body only. A message that is not a difference (a bound reached, an error expected) is the title.
    private static func failureMessage(_ test: TestResult) -> String {
        let firstLine = test.message?.split(separator: "\n").first.map(String.init)
        if let title = UnmetChecksTitle.of(test) { return title }
        let differ = "occurrences differ"
        if let firstLine, !firstLine.hasPrefix(differ) { return firstLine }
        // An instant expected twice and produced once is no missing occurrence: "expected …, not produced" of it was
        // false on a CI page that shows the title alone (a message review's hourly list with one line's offset slipped).
        let produced = Set(test.diff.filter { $0.kind != .missing }.compactMap { $0.actual?.epochSeconds })
        let expectedMissing = test.diff.filter { $0.kind == .missing }.compactMap(\.expected)
        let repeated = expectedMissing.filter { produced.contains($0.epochSeconds) }
        let missing = expectedMissing.filter { !produced.contains($0.epochSeconds) }
        let unexpected = test.diff.filter { $0.kind == .unexpected }.compactMap(\.actual)
        func describe(_ instants: [ResultInstant]) -> String {
            instants.map { "\($0.utc) (\($0.local))" }.joined(separator: ", ")
        }
        if !missing.isEmpty || !unexpected.isEmpty || !repeated.isEmpty {
            var parts: [String] = []
            var seen: Set<Double> = []
            for instant in repeated where seen.insert(instant.epochSeconds).inserted {
                let times = repeated.filter { $0.epochSeconds == instant.epochSeconds }.count + 1
                parts.append("expected \(describe([instant])) \(times == 2 ? "twice" : "\(times) times"), produced once")
            }
            // "got …" alone, with nothing expected before it, read as a fragment (the same review): an occurrence
            // produced and not expected says so.
            switch (missing.isEmpty, unexpected.isEmpty) {
            case (false, true): parts.append("expected \(describe(missing)), not produced")
            case (false, false): parts.append("expected \(describe(missing)), got \(describe(unexpected))")
            case (true, false): parts.append("produced \(describe(unexpected)), not expected")
            case (true, true): break
            }
            let notes = firstLine?.range(of: "; ").map { String(firstLine![$0.upperBound...]) }
            return parts.joined(separator: "; ") + (notes.map { "; " + $0 } ?? "")
        }
        return firstLine ?? "failed"
    }

    private static func fixedDeviationNote(_ test: TestResult) -> String {
        let reason = test.deviationReason.map { " (\"\($0)\")" } ?? ""
        return "fixed deviation: passed on \(test.engine ?? "this engine") although the spec declares a known "
            + "deviation\(reason); " + FixedDeviationAdvice.advice(test)
    }

    // MARK: - Writing

    /// One suite; the environment's `<properties>` only when `environment` (the first suite): repeated on each of a
    /// thousand suites they were half the file, and xunitparser, which gathers every suite's properties in one
    /// table, stopped at the second suite's.
    private func render(_ suite: Suite, run: RunResult, environment: Bool) -> String {
        var out = "  <testsuite" + attributes([
            ("name", suite.file), ("tests", "\(suite.cases.count)"), ("failures", "\(suite.count(.failure))"),
            ("errors", "\(suite.count(.error))"), ("skipped", "\(suite.count(.skipped))"),
            ("time", Self.seconds(suite.time)), ("timestamp", run.environment.startTime),
        ] + (suite.linked ? [("file", suite.file)] : [])) + ">\n"
        if environment {
            out += "    <properties>\n"
            // Then the run's notes (a merge, a shard missing): one property whose lines are the notes, since readers
            // that keep one table of properties keep one value per name.
            let notes = run.notes.isEmpty ? [] : [("notes", run.notes.joined(separator: "\n"))]
            for (name, value) in Self.properties(run) + notes {
                out += "      <property" + attributes([("name", name), ("value", value)]) + "/>\n"
            }
            out += "    </properties>\n"
        }
        for testCase in suite.cases {
            // specrun's own testcases name no file and no line: `file="specrun merge"` was linked as a path.
            out += "    <testcase" + attributes([("name", testCase.name), ("classname", suite.linked ? Self.className(suite.file) : suite.file)]
                + (suite.linked ? [("file", suite.file), ("line", "\(testCase.line)")] : [])
                + [("time", Self.seconds(testCase.time))])
            guard testCase.outcome != nil || testCase.systemOut != nil else {
                out += "/>\n"
                continue
            }
            out += ">\n"
            if let outcome = testCase.outcome {
                out += "      <\(outcome.kind.rawValue)" + attributes([("message", outcome.message), ("type", outcome.type)])
                if let body = outcome.body {
                    out += ">" + XMLText.text(body) + "</\(outcome.kind.rawValue)>\n"
                } else {
                    out += "/>\n"
                }
            }
            if let systemOut = testCase.systemOut {
                out += "      <system-out>" + XMLText.text(systemOut) + "</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        if !suite.warnings.isEmpty {
            let renderer = DiagnosticRenderer(color: false)
            out += "    <system-err>" + XMLText.text(suite.warnings.map(renderer.render).joined(separator: "\n\n"))
                + "</system-err>\n"
        }
        out += "  </testsuite>\n"
        return out
    }

    private func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(XMLText.attribute($0.1))\"" }.joined()
    }

    /// The environment as JUnit properties, in a fixed order (the HTML report's environment table too).
    ///
    /// `gitCommit` is left out when the specs are in no git work tree, as the JSON results leave it out: an empty value
    /// read as a commit whose hash is empty. `specrunBuild` likewise, when the executable holds no build ID.
    static func properties(_ run: RunResult) -> [(String, String)] {
        let environment = run.environment
        let machine: [(String, String)] = [
            ("os", environment.os), ("osVersion", environment.osVersion), ("architecture", environment.architecture),
            ("swiftVersion", environment.swiftVersion), ("foundation", environment.foundation),
            ("tzdataVersion", environment.tzdataVersion), ("zones", environment.zones.joined(separator: ",")),
            ("specrunVersion", environment.specrunVersion),
        ]
        let build: [(String, String)] = environment.specrunBuild.map { [("specrunBuild", $0)] } ?? []
        let commit: [(String, String)] = environment.gitCommit.map { [("gitCommit", $0)] } ?? []
        return machine + build + commit + [
            ("startTime", environment.startTime), ("commandLine", environment.commandLineText),
            ("strict", "\(run.strict)"), ("schemaVersion", "\(run.schemaVersion)"),
        ]
    }

    /// `specs/recurrence/berlin-spring.yaml` → `specs.recurrence.berlin-spring`; `../other/specs/a.yaml` →
    /// `other.specs.a`: `.`, `..` and empty path components are dropped, so no classname starts with dots.
    static func className(_ file: String) -> String {
        var path = Substring(file)
        if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") { path = path[..<dot] }
        return path.split(separator: "/", omittingEmptySubsequences: true)
            .filter { $0 != "." && $0 != ".." }
            .joined(separator: ".")
    }

    /// Seconds with three decimals, without Foundation's locale-dependent formatting.
    static func seconds(_ value: Double) -> String {
        // Capped at 10^12 s (30,000 years): an edited results file's 1e19, or a sum that overflows to infinity,
        // trapped the conversion to whole milliseconds.
        let milliseconds = Int((min(max(0, value), 1e12) * 1000).rounded())
        let fraction = milliseconds % 1000
        return "\(milliseconds / 1000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + "\(fraction)"
    }
}
