import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecResults
import TaskHarness

/// Compares what a scenario did (the harness's report) with what its spec expects, and takes every invariant.
///
/// Each written `expect` entry becomes one or more `ExpectationCheck`s (a `runs` line, a `log` text each get their
/// own); `errors` is compared with `[]` when not written. Every invariant of the report is recorded; one that broke
/// fails the scenario unless `broken-invariants` lists it, and a listed one that held fails the scenario too.
struct LifecycleJudgement {
    let expect: LifecycleExpectation
    let report: LifecycleReport
    /// Shows instants: the schedule's zone, or the clock's written offset without a schedule.
    let zone: TimeZone
    /// The zones `change-schedule` steps put in effect, each from the clock's time at its step: an instant from then
    /// on is shown in that zone (the user moved to New York: New York's wall time); `line`, the step's.
    let zoneChanges: [(from: Date, zone: TimeZone, line: Int)]
    /// The zone of the schedule each run caught up with, by `JobRunRecord.scheduleRevision`: a run's `planned` is an
    /// occurrence of that schedule, shown in its zone even when it lies before the change (a move west).
    let scheduleZones: [TimeZone]
    let abbreviations: ZoneAbbreviations
    /// The line of the step that made each launch, by launch number.
    let launchLines: [Int: Int]
    /// Every `launch` step: its line, its `at:` as written, and, when the system refused it, when, with which error and
    /// the request's earliest begin (nil: it launched, or the scenario stopped first).
    struct LaunchStep {
        struct Refusal {
            var at: Date
            var code: String
            var floor: Date?
        }
        var line: Int
        var at: InstantLiteral?
        var refusal: Refusal?
        /// What the step writes to end its run without success, and the run's outcome then: `expire: during parse`
        /// (expired), `fail: {stage: write, …}` (failed), `interrupt: after-write` (killed).
        var ending: (written: String, outcome: String)? = nil
    }
    let launchSteps: [LaunchStep]
    /// Why the app left no request at the end, when its settings say (`resubmits: false`), for `pending-requests`.
    let noPendingNote: String
    /// The clock after the last step, and that step's line (with or without a schedule).
    let clockEnd: (at: Date, line: Int?)?

    private(set) var expectations: [LifecycleResult.ExpectationCheck] = []

    init(expect: LifecycleExpectation, report: LifecycleReport, zone: TimeZone, zoneChanges: [(from: Date, zone: TimeZone, line: Int)] = [],
         scheduleZones: [TimeZone] = [], abbreviations: ZoneAbbreviations, killedBySteps: [Int: String] = [:],
         staleRequests: [Int: String] = [:], rerunsByVersion: [Int: String] = [:], launchLines: [Int: Int] = [:],
         launchSteps: [LaunchStep] = [], noPendingNote: String = "", clockEnd: (at: Date, line: Int?)? = nil,
         plannedContext: PlannedContext? = nil) {
        self.plannedContext = plannedContext
        self.clockEnd = clockEnd
        self.noPendingNote = noPendingNote
        self.launchLines = launchLines
        self.launchSteps = launchSteps
        self.rerunsByVersion = rerunsByVersion
        self.killedBySteps = killedBySteps
        self.staleRequests = staleRequests
        self.expect = expect
        self.report = report
        self.zone = zone
        self.zoneChanges = zoneChanges
        self.scheduleZones = scheduleZones
        self.abbreviations = abbreviations
        compareAll()
    }

    /// The zone an instant is shown in: the schedule's in effect then.
    func zone(at date: Date) -> TimeZone {
        zoneChanges.last { $0.from <= date }?.zone ?? zone
    }

    /// Whether `offset-mismatch` warns about `literal`: an offset none of the scenario's zones has at its instant (the
    /// lint takes any zone the scenario moves through). A pointer "(see its offset-mismatch warning)" is said only then:
    /// a review read it of a step after a move written with the zone before's offset, which no warning told.
    func lintWarnsOfOffset(_ literal: InstantLiteral) -> Bool {
        guard let offset = literal.writtenOffset else { return false }
        return !([zone] + zoneChanges.map(\.zone)).contains { $0.secondsFromGMT(for: literal.date) == offset }
    }

    /// The invariants, each as recorded; a broken one the spec lists says so in its detail.
    var invariants: [LifecycleResult.InvariantCheck] {
        let listed = Set(expect.brokenInvariants?.value.map(\.rawValue) ?? [])
        return report.checks.map { check in
            let note = !check.passed && listed.contains(check.name) ? " (expected: the spec lists it in broken-invariants)" : ""
            return LifecycleResult.InvariantCheck(name: check.name, passed: check.passed, detail: localized(check.detail) + note)
        }
    }

    /// `text` from the harness, which writes instants in UTC (`2027-03-28T00:59:00Z`), with each instant read in
    /// the scenario's zone as the runs table shows it: `2027-03-28 01:59 CET (+01:00) [2027-03-28T00:59:00Z]`.
    /// An instant inside a key (`…@2027-03-28T00:59:00Z`) is left as written. Unchanged when the zone is UTC (`Etc/UTC`
    /// for a schedule's `UTC`, Foundation's `GMT` for a scenario without a schedule).
    func localized(_ text: String) -> String {
        guard !zoneChanges.isEmpty || !["UTC", "GMT"].contains(ZoneDisplayName.of(zone)), text.contains("Z") else { return text }
        let matches = Self.utcInstant.matches(in: text, range: NSRange(text.startIndex..., in: text))
        guard !matches.isEmpty else { return text }
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime]
        var result = ""
        var last = text.startIndex
        for match in matches {
            guard let range = Range(match.range, in: text) else { continue }
            if range.lowerBound > text.startIndex, text[text.index(before: range.lowerBound)] == "@" { continue }
            guard let date = parser.date(from: String(text[range])) else { continue }
            let shown = instant(date)
            result += text[last..<range.lowerBound] + "\(shown.local) [\(shown.utc)]"
            last = range.upperBound
        }
        return result + text[last...]
    }

    private static let utcInstant = try! NSRegularExpression(pattern: "\\b[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")

    /// Invariants that broke and that the spec does not list.
    var unexpectedlyBroken: [InvariantCheck] {
        let listed = Set(expect.brokenInvariants?.value.map(\.rawValue) ?? [])
        return report.failedChecks.filter { !listed.contains($0.name) }
    }

    var failedExpectations: [LifecycleResult.ExpectationCheck] { expectations.filter { !$0.passed } }

    /// Planned versus actual, one line per due occurrence of each launch (or per unscheduled launch).
    var runs: [LifecycleResult.Run] {
        let revisions = scheduleZones.count < 2 ? [:]
            : Dictionary(report.jobRuns.map { ($0.launch, $0.scheduleRevision) }, uniquingKeysWith: { first, _ in first })
        let deaths = KilledRuns(report)
        return report.runs.enumerated().map { index, run in
            let plannedZone = revisions[run.launch].flatMap { scheduleZones.indices.contains($0) ? scheduleZones[$0] : nil }
            return LifecycleResult.Run(
                planned: run.planned.map { planned in plannedZone.map { ResultInstant(planned, in: $0, abbreviations: abbreviations) } ?? instant(planned) },
                actual: instant(run.actual), key: run.key,
                outcome: outcome(of: run).rawValue, reason: run.failure ?? run.note ?? killedReason(run, deaths) ?? staleRequests[run.launch]
                    ?? rerunsByVersion[index])
        }
    }

    /// What says why a launch was killed, indexed once by launch number (searched per run, 6,000 interrupted launches
    /// would compare 36 million records).
    struct KilledRuns {
        var interruptedAt: [Int: Checkpoint] = [:]
        var workedAfterExpiration: Set<Int> = []
        var missedCompletion: Set<Int> = []
        /// Launches killed because a launch they overlapped (one nested in them, or the one they are nested in) was
        /// interrupted, worked on after its expiration or missed its deadline: the process died with it. Its
        /// identifier and what happened to it (`was interrupted during write`).
        var diedWithOverlap: [Int: (identifier: String, what: String)] = [:]
        /// Launches killed in a process another launch of which died of its own cause (it missed its deadline while
        /// this one ran on, unfinished, under `never-completes`): the one cause in that process, by launch number.
        var diedInProcess: [Int: (identifier: String, start: Date, what: String)] = [:]

        init(_ report: LifecycleReport) {
            // Each launch's first record, as the runs read it.
            var seen: Set<Int> = []
            var outer: [Int: Int] = [:], nested: [Int: [Int]] = [:], identifiers: [Int: String] = [:]
            for job in report.jobRuns where seen.insert(job.launch).inserted {
                if let point = job.interruptedAt { interruptedAt[job.launch] = point }
                identifiers[job.launch] = job.identifier
                nested[job.launch] = job.nestedLaunches
                for inner in job.nestedLaunches { outer[inner] = job.launch }
            }
            for defect in report.defects {
                guard let launch = defect.launch else { continue }
                if defect.kind == .workAfterExpiration { workedAfterExpiration.insert(launch) }
                if defect.kind == .missingCompletion { missedCompletion.insert(launch) }
            }
            // Each death of its own, in launch order, ends the launches it overlaps: those it is nested in, and those
            // nested in it (one app, one process).
            var causes: [(launch: Int, what: String)] = interruptedAt.map { ($0.key, "was interrupted \($0.value)") }
            causes += workedAfterExpiration.map { ($0, "worked on after its expiration") }
            causes += missedCompletion.map { ($0, "passed its expiration deadline without setTaskCompleted") }
            let dead = Set(causes.map(\.launch))
            // A process dies once: a launch of it with no cause of its own died of the one cause another launch of it
            // had (launches that are not nested in each other, so the overlap rule above says nothing).
            let launches = Dictionary(report.launches.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
            let causesByProcess = Dictionary(grouping: causes) { launches[$0.launch]?.process ?? 0 }
            for launch in report.launches where launch.state == .killed && !dead.contains(launch.number) {
                guard let inProcess = causesByProcess[launch.process], inProcess.count == 1, let cause = inProcess.first,
                      let identifier = identifiers[cause.launch], let start = launches[cause.launch]?.actual else { continue }
                diedInProcess[launch.number] = (identifier, start, cause.what)
            }
            for (launch, what) in causes.sorted(by: { $0.launch < $1.launch }) {
                guard let identifier = identifiers[launch] else { continue }
                var related: [Int] = []
                var up = outer[launch]
                while let next = up, !related.contains(next) { related.append(next); up = outer[next] }
                var down = nested[launch] ?? []
                while let next = down.popLast() {
                    guard !related.contains(next) else { continue }
                    related.append(next)
                    down += nested[next] ?? []
                }
                for other in related where !dead.contains(other) && diedWithOverlap[other] == nil {
                    diedWithOverlap[other] = (identifier, what)
                }
            }
        }
    }

    /// What a `runs` line's `planned` is judged against when no run has it: the scenario's clock and its schedules.
    struct PlannedContext {
        /// The clock's start (`clock:`) and its line; the clock after the last step and that step's line.
        var start: Date, startLine: Int, end: Date, endLine: Int?
        /// Whether the last step is a launch, which catches up an occurrence at its own instant: one at the end of a
        /// scenario whose last step is no launch has none after it to run it.
        var endsWithLaunch = true
        /// The scenario's schedules, each from the clock's time at its step (the first from the start).
        var schedules: [(from: Date, schedule: Schedule)]
    }
    let plannedContext: PlannedContext?

    /// Why no run is planned at `planned`, when the scenario shows it (a lifecycle review: a `runs` line written for a
    /// night a DST change left without a run said only "none of its runs", where a recurrence spec names the policy):
    /// before the clock started or after the last step, which no launch can catch up; else, from the recurrence hints,
    /// the drop rule that removed the schedule's own instant, or the policy or the slip that gives that instant, for the
    /// schedule in effect then. Nil when that schedule has an occurrence there (an earlier schedule's instant is no
    /// reason: a second review's line for the shift-forward schedule's 03:30, after a change to `skip`, was told nothing).
    func plannedHint(_ planned: InstantLiteral) -> String? {
        guard let context = plannedContext else { return nil }
        let date = planned.date
        // Written with an offset the zone does not have then, it is read in the zone beside it (and warned about): an
        // offset slip, not a night without a run.
        if let offset = planned.writtenOffset, offset != self.zone(at: date).secondsFromGMT(for: date) { return nil }
        if date <= context.start {
            return "\(instant(date).local) is not after the scenario's clock start, \(instant(context.start).local) (line "
                + "\(context.startLine)): a launch catches up only the occurrences after it"
        }
        if date > context.end {
            return "\(instant(date).local) is after the scenario's last step, \(instant(context.end).local)"
                + (context.endLine.map { " (line \($0))" } ?? "") + ": no launch came after it"
        }
        if date == context.end && !context.endsWithLaunch {
            return "\(instant(date).local) is the time of the scenario's last step" + (context.endLine.map { " (line \($0))" } ?? "")
                + ", which is no launch: no launch came at or after it"
        }
        guard let schedule = context.schedules.last(where: { $0.from <= date })?.schedule ?? context.schedules.first?.schedule,
              schedule.occurrence(at: date) == nil
        else { return nil }
        // This schedule's own instant, removed by the drop rule, is told that rule first, as a recurrence spec's is:
        // another policy's sentence was false of it (a black-box review's Troll hourly `both` line was told "is what
        // 'repeated: first' gives, not this test's 'repeated: both'", and `both` gives that instant too).
        return DropRuleHint.hint(for: schedule, missing: [date], local: { instant($0).local }, wayOut: false)
            ?? PolicyHint.missingHint(for: schedule, missing: [date], local: { instant($0).local }, withOwnAnswer: false)
            ?? InstantSlipHint.hint(for: schedule, missing: planned, render: { instant($0) })
    }

    /// Why the launches a step ended died, by launch number: `ended by the force-quit step at line 12`.
    let killedBySteps: [Int: String]
    /// Why a launch with nothing due was launched at all, by launch number, when its request came from the schedule
    /// before a change (`nothing due: its request was for …`).
    let staleRequests: [Int: String]
    /// Why a run is of a date an earlier run completed, by its index in the report's runs: a version a change raised
    /// (`LifecycleExecutor.rerunsByVersion`).
    let rerunsByVersion: [Int: String]

    /// Why a killed run's process died, in the words of the spec or the defect: a failed run said its stage and error,
    /// and a killed one said nothing (an adoption review read `killed` alone and had to find the rule in the docs).
    func killedReason(_ run: RunRecord, _ deaths: KilledRuns) -> String? {
        guard run.completed == .killed else { return nil }
        if let point = deaths.interruptedAt[run.launch] { return "interrupted \(point)" }
        if let step = killedBySteps[run.launch] { return step }
        if deaths.workedAfterExpiration.contains(run.launch) {
            return "it worked on after its expiration, and the system suspended and ended the process"
        }
        if deaths.missedCompletion.contains(run.launch) {
            return "the expiration deadline passed without setTaskCompleted"
        }
        if let overlap = deaths.diedWithOverlap[run.launch] {
            return "the process died when the overlapping \(overlap.identifier) launch \(overlap.what)"
        }
        if let other = deaths.diedInProcess[run.launch] {
            // Named by its start, not its number: the list numbers runs (`runs[N]`), not launches.
            return "the process died when its \(other.identifier) launch of \(instant(other.start).local) \(other.what)"
        }
        return "the process died during the launch"
    }

    // MARK: Comparisons

    private mutating func compareAll() {
        if let completed = expect.completed {
            let met = completed.value.map(\.rawValue) == report.completed.map(\.rawValue)
            record("completed", list(completed.value.map(\.rawValue)),
                   list(report.completed.map(\.rawValue)) + (met ? "" : endedNote(completed.value.map(\.rawValue)) + unfinishedNote()),
                   met, at: completed.location)
        }
        if let items = expect.storeItems {
            record("store.items", quoted(items.value), quoted(report.store.items), items.value == report.store.items, at: items.location)
        }
        if let commits = expect.storeCommits {
            // Which launch committed, and what each commit held: a launch writes every run it catches up in one
            // transaction (a lifecycle review's catch-up of four nights after the phone was off, read as four commits).
            // Said launch by launch: a count of launches read from the runs' times took an overlap launched at the same
            // instant for the same launch (a fifth review's "the 3 completed runs came from 1 launch", of two).
            let met = commits.value == report.store.commits
            record("store.commits", "\(commits.value)", "\(report.store.commits)" + (met ? "" : commitsByLaunch()), met, at: commits.location)
        }
        if let updatedAt = expect.storeUpdatedAt {
            let met = report.store.updatedAt == updatedAt.date
            // Read in the scenario's zone when written otherwise (`…08:15:00Z = 2027-03-29 10:15 (+02:00)`), as runs
            // are: the second failure review's `Z` written for local digits stood beside the same digits unexplained.
            record("store.updated-at", readable(updatedAt), report.store.updatedAt.map { instant($0).offsetForm } ?? "never (no commit)",
                   met, at: updatedAt.location, expectedInstant: met ? nil : instant(updatedAt.date))
        }
        if let effects = expect.sideEffects {
            let met = effects.value == report.sideEffectCount
            record("side-effects", "\(effects.value)", "\(report.sideEffectCount)" + (met ? "" : sideEffectsByLaunch()), met, at: effects.location)
        }
        if let files = expect.temporaryFiles {
            let actual = report.temporaryFiles.isEmpty ? "0" : "\(report.temporaryFiles.count) (\(report.temporaryFiles.joined(separator: ", ")))"
            record("temp-files", "\(files.value)", actual, files.value == report.temporaryFiles.count, at: files.location)
        }
        var shift: (first: Int, offset: Int)?
        if let runs = expect.runs {
            shift = compareRuns(runs.value)
        }
        if let count = expect.runCount {
            // The runs past the last line `runs` lists are checked by nothing else: named here (a fourth review's
            // autumn `~2` run, left out, was told only "expected 2, actual 3", and raising the count passed unchecked).
            // The runs no line stands for: past the last line, and those a line left out in the middle (the `runs`
            // check's shift; a fifth review was told the last run, listed, as the one left out).
            let listed = expect.runs?.value.count ?? 0
            var left = Array(listed..<max(listed, report.runs.count))
            if let shift, shift.offset > 0 {
                left = Array(shift.first..<min(shift.first + shift.offset, report.runs.count))
                    + Array(min(listed + shift.offset, report.runs.count)..<report.runs.count)
            } else if let shift, shift.offset < 0 {
                left = Array(max(0, listed + shift.offset)..<max(listed + shift.offset, report.runs.count))
            }
            let toldByRuns = shift.map { $0.offset > 0 && left.count == $0.offset } ?? false
            let unlisted = count.value != report.runs.count && listed > 0 && toldByRuns
                ? "; runs lists \(listed) and leaves out the scenario's run"
                    + (left.count == 1 ? " \(left[0] + 1), which" : "s \(ListWording.joined(left.map { String($0 + 1) })), which")
                    + " the runs check\(Self.where(expect.runs?.location.line, from: count.location.line)) adds"
                : count.value != report.runs.count && listed > 0 && !left.isEmpty
                ? "; runs lists \(listed), and the scenario's " + left.prefix(3).map { index in
                    "run \(index + 1) is " + Self.runsLine(runs[index])
                }.joined(separator: ", ") + (left.count > 3 ? ", …" : "")
                : ""
            record("run-count", "\(count.value)", "\(report.runs.count)" + unlisted, count.value == report.runs.count, at: count.location)
        }
        for logText in expect.logContains?.value ?? [] {
            let text = logText.text
            if let lines = logText.lines {
                let found = report.log.filter { $0.contains(text) }
                record("log.contains", "\(lines) line\(lines == 1 ? "" : "s") containing \(Self.quote(text))",
                       found.isEmpty ? "no line contains it; \(logExcerpt(near: text))"
                           : "\(found.count) line\(found.count == 1 ? " contains" : "s contain") it: \(Self.quoted(found))",
                       found.count == lines, at: expect.logContains?.location)
                continue
            }
            let line = report.log.first { $0.contains(text) }
            record("log.contains", "a line containing \(Self.quote(text))",
                   line.map { "found in \(Self.quote($0))" } ?? "no line contains it; \(logExcerpt(near: text))", line != nil,
                   at: expect.logContains?.location)
        }
        for text in expect.logNever?.value ?? [] {
            let index = report.log.firstIndex { $0.contains(text) }
            record("log.never", "no line containing \(Self.quote(text))",
                   index.map { "line \($0 + 1) contains it: \(Self.quote(report.log[$0]))" } ?? "no line contains it", index == nil,
                   at: expect.logNever?.location)
        }
        let expectedErrors = expect.errors?.value.map(\.rawValue) ?? []
        // More raised than listed: each raised error's line says how to avoid it, which is wrong advice for a step
        // the scenario means to be refused (the failure review) — so the check names the other fix too.
        let unlisted = report.errorCodes.count > expectedErrors.count
            ? "; every error the steps raise is listed, in order: list one a step is meant to raise, or change that step" : ""
        record("errors", list(expectedErrors) + (expect.errors == nil ? " (not written: none may be raised)" : ""),
               list(report.errorCodes) + Self.orderNote(expectedErrors, report.errorCodes, "errors") + unlisted
                   + Self.launchCodeNote(expectedErrors, report.errorCodes),
               expectedErrors == report.errorCodes, at: expect.errors?.location)
        if let defects = expect.defects {
            let expected = defects.value.map(\.rawValue)
            let actual = report.defects.map(\.kind.rawValue)
            record("defects", list(expected), list(actual) + Self.orderNote(expected, actual, "defects"), expected == actual, at: defects.location)
        }
        if let broken = expect.brokenInvariants {
            let actual = report.failedChecks.map(\.name)
            record("broken-invariants", list(broken.value.map(\.rawValue)), list(actual), Set(broken.value.map(\.rawValue)) == Set(actual), at: broken.location)
        }
        if let pending = expect.pendingRequests {
            let actual = report.pendingRequests.map(\.identifier)
            let expected = pending.value.map(\.identifier)
            let missing = expected.contains { !actual.contains($0) }
            record("pending-requests", list(expected), list(actual) + (missing ? noPendingNote : ""), expected.sorted() == actual.sorted(),
                   at: pending.location)
            // The long form's earliest begin, for each request that is pending as expected.
            for request in pending.value {
                guard let written = request.earliestBegin,
                      let found = report.pendingRequests.first(where: { $0.identifier == request.identifier }) else { continue }
                let met = found.earliestBeginDate == written.date
                // Where the app set the floor (a retry's backoff): said as for a launch refused before it (a lifecycle
                // review's constant 1h retry across Berlin's autumn change read only the second 02:31).
                let why = met ? "" : report.floorReasons[request.identifier].map { " (\(localized($0)))" }
                    ?? retryRequestNote(request.identifier) ?? completedKeyNote(written.date) ?? found.earliestBeginDate.flatMap(floorRuleNote) ?? ""
                // A `Z` whose digits are the floor's wall time, as for a run's instants (a fourth review's Sydney floor).
                let slip = met ? "" : found.earliestBeginDate.flatMap { digitsNote(written, found: instant($0)) }.map { "; " + $0 } ?? ""
                // In the zone in effect at the end, as the expected one is read: the request is asked for then (a review's
                // floor after a move west was shown in Berlin's time beside the New York time it wrote).
                let shown = (found.earliestBeginDate.map { endInstant($0).offsetForm } ?? "none") + why + slip
                // At its own line (a review's second request was pointed at the first's).
                record("pending-requests[\(request.identifier)].earliest-begin", readable(written, endZone: true), shown,
                       met, at: written.location, expectedInstant: met ? nil : instant(written.date))
            }
        }
        // In the spec's line order, as the reader goes down the file (a review's `run-count` at line 35 was listed after
        // `side-effects` at line 37); a check with no line (`errors` not written) last. The sort is stable.
        expectations = expectations.enumerated().sorted { a, b in
            (a.element.line ?? .max, a.offset) < (b.element.line ?? .max, b.offset)
        }.map(\.element)
    }

    /// Where a check written on `line` stands in the list from one written on `from`: the list is in the spec's line
    /// order, so a `run-count` written above `runs` points down at it.
    private static func `where`(_ line: Int?, from: Int) -> String {
        guard let line else { return "" }
        return line < from ? " above" : " below"
    }

    /// The listed runs are the scenario's first runs, in order; each written field must match.
    /// Returns the shift the `runs` check told (a run left out or a line too many), for `run-count`'s note.
    private mutating func compareRuns(_ expected: [LifecycleExpectation.ExpectedRun]) -> (first: Int, offset: Int)? {
        let actual = runs
        // Once the shift is told, each later line is compared with the run it matches, so one run left out is one
        // failed check, not one for every field of every later line (a QA review counted six for one missing line).
        let shift = recordShift(expected, actual)
        // A launch step's slip is told once, at the first run it moved (a review read one sentence four times, for the
        // four runs one launch caught up).
        var toldSlips: [String: String] = [:]
        for (position, run) in expected.enumerated() {
            let name = "runs[\(position + 1)]"
            var index = position
            if let shift, position >= shift.first {
                if shift.offset < 0 && position == shift.first { continue }  // the line the `runs` check says to remove
                index = position + shift.offset
            }
            guard index < actual.count else {
                // The instant the run was expected at (its actual, else its planned), for the lifecycle picture.
                // Said as the spec writes the line: "expected planned …, actual …, actual no run" used "actual" twice.
                // No step makes a run the schedule does not plan: the reason is said instead of that advice.
                // A launch step meant for it that was refused, or written with a slip, is the reason (a fifth review's
                // step written with the summer offset after the autumn change was told "remove this line").
                let step = run.actual.flatMap { stepSlipNote(expected: $0, found: nil) ?? refusedStepNote(at: $0) }
                let why = sameInstant(run, actual) ?? run.planned.flatMap(plannedHint)
                let slipped = run.planned.flatMap { planned in
                    planned.writtenOffset.map { $0 != zone(at: planned.date).secondsFromGMT(for: planned.date) } == true
                        ? "its planned instant is written with an offset \(ZoneDisplayName.of(zone(at: planned.date))) does not have then"
                            + (lintWarnsOfOffset(planned) ? " (see its offset-mismatch warning)" : "") : nil
                }
                record(name, "{\(describe(run, separator: ": "))}",
                       "no run: the scenario has \(actual.count) run\(actual.count == 1 ? "" : "s"); "
                           + (step ?? why.map { $0 + "; remove this line" } ?? slipped ?? "remove this line, or add the step that makes the run"), false,
                       at: run.location, expectedInstant: (run.actual ?? run.planned).map { instant($0.date) })
                continue
            }
            let found = actual[index]
            // Each written field: its name, as written and as found, and whether they are equal. An instant found is
            // written as a spec writes one (`2027-03-29T03:00:00+02:00`, as `store.updated-at` is), so that it reads
            // against the expected one character by character and can be pasted; one written with an offset the zone
            // does not have that day is also read in the zone (a +01:00 written for +02:00 is one character in a long
            // line). The runs table above the checks gives each run's wall time and abbreviation.
            // An instant field also keeps the written date: a differing one is recorded, read in the zone, for the
            // lifecycle picture.
            var fields: [(name: String, expected: String, actual: String, equal: Bool, date: Date?)] = []
            if let planned = run.planned {
                fields.append(("planned", readable(planned), found.planned?.offsetForm ?? "none", found.planned?.date == planned.date,
                               planned.date))
            }
            if let expectedActual = run.actual {
                fields.append(("actual", readable(expectedActual), found.actual?.offsetForm ?? "never", found.actual?.date == expectedActual.date,
                               expectedActual.date))
            }
            if let key = run.key {
                fields.append(("key", key, (found.key ?? "none") + Self.versionNote(expected: key, actual: found.key)
                                   + pairSuffixNote(expected: key, actual: found), found.key == key, nil))
            }
            if let outcome = run.outcome {
                // With the run's reason, as the runs table gives it: what ended it (a review wrote `failed` for a run an
                // interruption killed, and for one that expired).
                let equal = found.outcome == outcome.rawValue
                fields.append(("outcome", outcome.rawValue, found.outcome + (equal ? "" : found.reason.map { " (\($0))" } ?? ""), equal, nil))
            }
            let differing = fields.filter { !$0.equal }
            if differing.isEmpty {
                let texts = [run.planned == nil ? nil : "planned \(found.planned?.offsetForm ?? "none")",
                             run.actual == nil ? nil : "actual \(found.actual?.offsetForm ?? "never")",
                             run.key == nil ? nil : "key \(found.key ?? "none")", run.outcome == nil ? nil : "outcome \(found.outcome)"]
                record(name, describe(run), texts.compactMap { $0 }.joined(separator: ", "), true, at: run.location)
                continue
            }
            // One check per field that differs, named by the spec's own key (`runs[2].actual`); the fields that match
            // are named after the last.
            let same = fields.filter(\.equal).map(\.name)
            for (position, field) in differing.enumerated() {
                // "(its actual and key as expected)": "(actual, key as expected)" read as a value (a review).
                let note = position == differing.count - 1 && !same.isEmpty ? " (its \(ListWording.joined(same)) as expected)" : ""
                let written = field.name == "planned" ? run.planned : field.name == "actual" ? run.actual : nil
                let shown = field.name == "planned" ? found.planned : found.actual
                let foundDate = shown.map { Date(timeIntervalSince1970: $0.epochSeconds) }
                var stepSlip = field.name == "actual" ? written.flatMap { written in
                    stepSlipNote(expected: written, found: foundDate) ?? foundDate.flatMap {
                        refusedBeforeNote(expected: written, found: $0, planned: found.planned.map { Date(timeIntervalSince1970: $0.epochSeconds) })
                    }
                } : nil
                if let note = stepSlip {
                    if let first = toldSlips[note] { stepSlip = "the launch step's slip told at \(first)" } else { toldSlips[note] = "\(name).actual" }
                }
                let why = (stepSlip ?? written.flatMap { digitsNote($0, found: shown) }).map { "; " + $0 }
                    ?? (field.name == "planned" ? run.planned.flatMap(plannedHint).map { "; " + $0 } ?? "" : "")
                record("\(name).\(field.name)", field.expected, field.actual + note + why, false, at: run.location,
                       expectedInstant: field.date.map(instant))
            }
        }
        return shift
    }

    /// A run as a `runs` line writes it: `{planned: …, actual: …, key: …, outcome: …}`, to paste.
    static func runsLine(_ run: LifecycleResult.Run) -> String {
        "{" + [run.planned.map { "planned: \($0.offsetForm)" }, run.actual.map { "actual: \($0.offsetForm)" },
               run.key.map { "key: \($0)" }, "outcome: \(run.outcome)"].compactMap { $0 }.joined(separator: ", ") + "}"
    }

    /// For a dedup key that differs from the expected one only in its version (`nightly/v1/2027-03-21` expected,
    /// `nightly/v2/2027-03-21` found): says so and what sets it, a version raised by a `change-schedule` step
    /// being easy to miss (a QA review).
    static func versionNote(expected: String, actual: String?) -> String {
        guard let actual, let written = keyParts(expected), let found = keyParts(actual),
              written.id == found.id, written.rest == found.rest, written.version != found.version else { return "" }
        return " (only the version differs: the run caught up under v\(found.version); the schedule's 'version:' and each "
            + "'change-schedule' step's set it)"
    }

    /// For an instant written with the local digits of the one found and another offset:
    /// - `Z`: the `Z` slip, said as a recurrence spec's failure says it (a message review's `actual:
    ///   2027-03-29T02:31:00Z` for 02:31 in Berlin was shown only as 04:31 CEST);
    /// - a numeric offset, after a move to another zone: the offset of the zone before it (a message review wrote
    ///   Berlin's +02:00 on New York's 02:30 after `change-schedule: {timezone: …}`). Without a move the offset-mismatch
    ///   lint says it already ("if you meant 02:30 local time, write …").
    func digitsNote(_ written: InstantLiteral, found: ResultInstant?) -> String? {
        guard let found, found.offsetForm.count >= 19, written.text.count >= 19,
              written.text.prefix(19).uppercased() == found.offsetForm.prefix(19), written.date.timeIntervalSince1970 != found.epochSeconds
        else { return nil }
        guard let offset = written.writtenOffset else {
            return "\(written.text) is UTC ('Z'), and its digits are the local wall time of the instant found: write \(found.offsetForm)"
        }
        guard let firstMove = zoneChanges.first else { return nil }
        // Said plainly (a review could not parse "has the local wall time found with offset +02:00, which … does not
        // have at it"): whose offset the written one is, when it is another zone's of the schedule, and what the wall
        // time is in the zone the schedule is in at the run. The digits are the found instant's, so its offset is the
        // schedule's zone's there and the written one, another, is not.
        let date = Date(timeIntervalSince1970: found.epochSeconds)
        let runZone = zone(at: date)
        let when = date >= firstMove.from ? "after the move" : "before the move"
        let wall = found.offsetForm.prefix(19)
        let time = wall.dropFirst(11).prefix(5), day = wall.prefix(10)
        let owner = ([zone] + zoneChanges.map(\.zone)).first {
            $0.identifier != runZone.identifier && $0.secondsFromGMT(for: date) == offset
        }
        let there = "\(time) on \(day) is \(found.offsetForm): write that"
        guard let owner else {
            return "\(ZoneDisplayName.of(runZone)), the schedule's zone \(when), is not at \(WallTimeText.offset(offset)) then: there \(there)"
        }
        return "\(WallTimeText.offset(offset)) is \(ZoneDisplayName.of(owner))'s offset; \(when) the schedule is in "
            + "\(ZoneDisplayName.of(runZone)), where \(there)"
    }

    /// For a key that differs from the expected one only in a repeated pair's `~N` suffix: what the suffix marks, as a
    /// recurrence spec's failure says it (a message review saw the lifecycle form say nothing).
    /// Said with the `repeated` policy of the schedule in effect at the run's planned instant, where the scenario has one
    /// (under `first` or `last` no key has a suffix: the note says so of that policy).
    func pairSuffixNote(expected: String, actual run: LifecycleResult.Run) -> String {
        guard let found = run.key, let written = Self.keyParts(expected), let got = Self.keyParts(found), written.id == got.id,
              written.version == got.version, let local = run.planned?.local else { return "" }
        let planned = run.planned.map { Date(timeIntervalSince1970: $0.epochSeconds) }
        let schedule = plannedContext.flatMap { context in planned.flatMap { date in context.schedules.last { $0.from <= date } } ?? context.schedules.first }
        guard let note = KeyPartHint.pairSuffix(expected: written.rest, produced: got.rest, local: local, repeated: schedule?.schedule.repeated)
        else { return "" }
        return " (\(note))"
    }

    /// A dedup key's schedule id, version and date part (`nightly/v2/2027-03-21` → `nightly`, 2, `2027-03-21`). Read
    /// from the right: the local date holds no '/', and a schedule's id may (`team/v2`).
    static func keyParts(_ key: String) -> (id: Substring, version: Int, rest: Substring)? {
        let pieces = key.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count >= 3, let tag = pieces.dropLast().last, tag.first == "v", tag.count > 1,
              tag.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }), let version = Int(tag.dropFirst()) else { return nil }
        return (key.dropLast(tag.count + pieces.last!.count + 2), version, pieces.last!)
    }

    /// Runs are compared by position, so one run left out of the list (or one listed too many) made every later line
    /// fail, and the reader had to find the shift in the runs table (the failure review: 9 checks failed for one
    /// missing line). When the lines from the first that differs on all match the scenario's runs one place later (or
    /// earlier), one check says so first, with the missing run as a spec writes it.
    /// Returns the first shifted line and how far: `offset` runs later (runs left out), or -1 (a line too many, which
    /// is then not compared on its own).
    @discardableResult
    private mutating func recordShift(_ expected: [LifecycleExpectation.ExpectedRun], _ actual: [LifecycleResult.Run]) -> (first: Int, offset: Int)? {
        func matches(_ run: LifecycleExpectation.ExpectedRun, _ index: Int) -> Bool {
            guard actual.indices.contains(index) else { return false }
            let found = actual[index]
            return (run.planned == nil || found.planned?.date == run.planned?.date)
                && (run.actual == nil || found.actual?.date == run.actual?.date)
                && (run.key == nil || found.key == run.key) && (run.outcome == nil || found.outcome == run.outcome?.rawValue)
        }
        guard let first = expected.indices.first(where: { !matches(expected[$0], $0) }) else { return nil }
        let rest = expected.indices.dropFirst(first)
        // One, two or three runs left out together (the hunt: two left out made every later field fail, unexplained).
        // Beside the shift, one later line of three or more may differ on its own: it is then told alone, compared with
        // the run it stands for (a second hunt: one wrong key after a gap brought back the whole cascade).
        func differing(_ lines: Range<Int>, by offset: Int) -> Int { lines.filter { !matches(expected[$0], $0 + offset) }.count }
        let tolerance = rest.count >= 3 ? 1 : 0
        if let left = (1...3).first(where: { left in
            first + left <= actual.count && matches(expected[first], first + left) && differing(rest.dropFirst(), by: left) <= tolerance
        }) {
            // Each as the line to paste, with its `- ` (a fifth review pasted the bare mapping).
            let written = actual[first..<(first + left)].map { "'- " + Self.runsLine($0) + "'" }
            let runs = left == 1 ? "its run \(first + 1) is" : "its runs \(ListWording.joined((first + 1...first + left).map(String.init))) are"
            // A `run-count` the lines listed would then outnumber is raised with them (a third review pasted the line
            // and the spec became invalid: "'run-count: 2' is fewer than the 3 runs listed").
            let count = expect.runCount.flatMap { $0.value < expected.count + left ? ", and change 'run-count: \($0.value)' (line \($0.location.line)) to 'run-count: \(expected.count + left)'" : nil } ?? ""
            record("runs", "the scenario's runs, in order",
                   "\(runs) not listed, and runs[\(first + 1)] on are its runs \(first + 1 + left) on; add "
                       + "\(ListWording.joined(written)) before line \(expected[first].location.line)\(count)", false, at: expected[first].location)
            return (first, left)
        } else if rest.count >= 2, matches(expected[first + 1], first),
                  differing(rest.dropFirst(2), by: -1) <= (rest.count >= 4 ? 1 : 0) {
            // A line at a run's own instant is that run with another key (a review's line at 03:30 EDT keyed 02:30, a
            // wall time the day skips): "none of its runs" was false of it.
            let line = expected[first]
            // A line for a run a refused step was meant to end (its `expire:`, `fail:` or `interrupt:`): the step is what
            // to move, not the line to remove (a newcomer's launch moved before its floor was told to remove the expired
            // run, and the scenario passed with nothing expiring).
            if let note = refusedEndingNote(line) {
                record("runs", "the scenario's runs, in order", "runs[\(first + 1)] is none of its runs: " + note, false, at: line.location)
                return (first, -1)
            }
            let same = sameInstant(line, actual)
            let why = same ?? sameKey(line, actual) ?? line.planned.flatMap(plannedHint)
            // A `run-count` the list agreed with is off once the line goes (a message review removed the line, as told,
            // and run-count still failed).
            let count = expect.runCount.flatMap { $0.value != actual.count ? ", and change 'run-count: \($0.value)' (line \($0.location.line)) to 'run-count: \(actual.count)'" : nil } ?? ""
            record("runs", "the scenario's runs, in order",
                   "runs[\(first + 1)] \(same == nil ? "is" : "matches") none of its runs, and the lines after it are its runs \(first + 1) on; "
                       + (why.map { $0 + "; " } ?? "") + "remove line \(line.location.line)" + count + (why == nil ? ", or check what it expects" : ""),
                   false, at: line.location)
            return (first, -1)
        } else if actual.count > expected.count, let shared = Self.oneRunPerLaunch(expected, actual) {
            // One run per launch expected (each line a launch time of its own) where catch-up runs each due occurrence
            // (the second failure review: six `runs[N]` checks failed and nothing said why the runs were more than
            // the launches). A list that names a launch time twice, or none, is not read so.
            record("runs", "the scenario's runs, in order",
                   "a launch runs each occurrence due since the last completion as a run of its own (catch-up): the launch at "
                       + "\(shared.at) ran \(shared.count), so the scenario has \(actual.count) runs; list each, as the runs "
                       + "table shows them", false, at: expected[first].location)
        }
        return nil
    }

    /// For a line whose `planned` is a run's own with another key: that run, and its key (two slots a gap moves to one
    /// instant keep the earlier's run: the later's line is no run a step can make).
    private func sameInstant(_ line: LifecycleExpectation.ExpectedRun, _ actual: [LifecycleResult.Run]) -> String? {
        guard let planned = line.planned, let index = actual.firstIndex(where: { $0.planned?.date == planned.date }),
              line.key != nil, actual[index].key != line.key else { return nil }
        return "its planned instant is run #\(index + 1)'s, whose key is \(actual[index].key ?? "none"), not \(line.key!)"
    }

    /// For a line whose key an earlier completed run has (a date run before a move to another zone, whose new 02:30 of
    /// that date is no run: the key is done): that run. A message review expected New York's 02:30 of a date Berlin had
    /// run, and was told only that the line matched no run.
    private func sameKey(_ line: LifecycleExpectation.ExpectedRun, _ actual: [LifecycleResult.Run]) -> String? {
        guard let key = line.key, let index = actual.firstIndex(where: { $0.key == key && $0.outcome == "completed" }) else { return nil }
        return "its key is run #\(index + 1)'s, which completed it: a dedup key runs once"
    }

    /// When every listed run writes its own launch time (`actual`), each a different one, and one of those launches
    /// ran several occurrences: that launch's time and its number of runs.
    static func oneRunPerLaunch(_ expected: [LifecycleExpectation.ExpectedRun], _ runs: [LifecycleResult.Run]) -> (at: String, count: Int)? {
        let written = expected.compactMap { $0.actual?.date }
        guard written.count == expected.count, Set(written).count == written.count else { return nil }
        for date in written {
            let shared = runs.filter { $0.actual?.date == date }
            if shared.count > 1, let at = shared[0].actual?.offsetForm { return (at, shared.count) }
        }
        return nil
    }

    /// A written instant as written, with its wall time in the zone when the text does not say it already:
    /// `2027-03-28T03:00:00+01:00 = 2027-03-28 04:00 CEST (+02:00)`.
    /// `endZone`: read in the zone in effect at the scenario's end (a pending request's floor, asked for then), not at
    /// the instant (a review's New York floor before the move was read in Berlin).
    private func readable(_ written: InstantLiteral, endZone: Bool = false) -> String {
        let shown = endZone ? endInstant(written.date) : instant(written.date)
        return shown.offsetForm == written.text ? written.text : "\(written.text) = \(shown.local)"
    }

    private func describe(_ run: LifecycleExpectation.ExpectedRun, separator: String = " ") -> String {
        [run.planned.map { "planned\(separator)\($0.text)" }, run.actual.map { "actual\(separator)\($0.text)" },
         run.key.map { "key\(separator)\($0)" }, run.outcome.map { "outcome\(separator)\($0.rawValue)" }]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// The contract's table (harness-model.md) files a launch refused for want of a pending request under
    /// `no-launch-handler` with a launch that has no handler; specrun names the two apart. A spec that wrote the table's
    /// word where the launch had no pending request is told which it was (the contract review).
    static func launchCodeNote(_ expected: [String], _ actual: [String]) -> String {
        let handler = LifecycleExpectation.ErrorCode.noLaunchHandler.rawValue
        let pending = LifecycleExpectation.ErrorCode.noPendingRequest.rawValue
        guard expected.count == actual.count,
              zip(expected, actual).contains(where: { $0 == handler && $1 == pending }) else { return "" }
        return "; \(pending) is a launch with no pending request (the system has nothing to launch), \(handler) one whose "
            + "request is pending but no handler is registered in this process: harness-model.md's table names both "
            + "\(handler), specrun tells them apart"
    }

    /// For two lists compared in order that hold the same items in another order: says so, since the lists read alike.
    static func orderNote(_ expected: [String], _ actual: [String], _ what: String) -> String {
        expected != actual && expected.sorted() == actual.sorted()
            ? " (the same \(what) in another order: they are compared in the order they were raised)" : ""
    }

    /// `location`: where the spec writes the expectation (nil for `errors` when not written).
    private mutating func record(_ name: String, _ expected: String, _ actual: String, _ passed: Bool, at location: SourceLocation?,
                                 expectedInstant: ResultInstant? = nil) {
        expectations.append(LifecycleResult.ExpectationCheck(
            name: name, expected: expected, actual: actual, passed: passed, line: location?.line, expectedInstant: expectedInstant))
    }

    // MARK: Text

    private func outcome(of run: RunRecord) -> LifecycleExpectation.RunOutcome {
        switch run.completed {
        case .success: .completed
        case .failure: report.launches.first { $0.number == run.launch }?.expiredAt != nil ? .expired : .failed
        case .killed: .killed
        case .none: .unfinished
        }
    }

    func instant(_ date: Date) -> ResultInstant {
        ResultInstant(date, in: zone(at: date), abbreviations: abbreviations)
    }

    /// An instant read in the zone in effect at the scenario's end (a pending request's floor, asked for then).
    func endInstant(_ date: Date) -> ResultInstant {
        ResultInstant(date, in: zoneChanges.last?.zone ?? zone, abbreviations: abbreviations)
    }

    /// For a `log.contains` that found nothing: the lines nearest the text (most words in common, a word that starts
    /// another counting half), then at most a dozen lines of the log. The second failure review looked for
    /// `download … network-error` and the line it needed, `download … network`, was past the dozen shown.
    private func logExcerpt(near text: String) -> String {
        guard !report.log.isEmpty else { return "the log: (empty)" }
        let wanted = text.split(separator: " ")
        func score(_ line: String) -> Double {
            let words = line.split(separator: " ")
            return wanted.reduce(0) { total, word in
                if words.contains(word) { return total + 1 }
                return words.contains { !$0.isEmpty && (word.hasPrefix($0) || $0.hasPrefix(word)) } ? total + 0.5 : total
            }
        }
        let scored = report.log.enumerated().map { (index: $0.offset, line: $0.element, score: score($0.element)) }
        let best = scored.map(\.score).max() ?? 0
        let nearest = best > 0 ? scored.filter { $0.score == best }.prefix(3) : []
        let near = nearest.isEmpty ? ""
            : "nearest: " + nearest.map { "\(Self.quote($0.line)) (log line \($0.index + 1))" }.joined(separator: ", ") + "; "
        // Near lines that share half the words or more are the answer: the dozen lines after them were a wall of text
        // (a fifth review).
        if !nearest.isEmpty, best * 2 >= Double(wanted.count) {
            return near + "the log has \(report.log.count) line\(report.log.count == 1 ? "" : "s")"
        }
        return near + "the log: " + Self.quoted(report.log)
    }

    /// At most a dozen lines, quoted, then how many there are.
    private static func quoted(_ lines: [String]) -> String {
        let shown = lines.prefix(12).map(quote).joined(separator: ", ")
        return lines.count > 12 ? shown + ", … (\(lines.count) lines)" : shown
    }

    private func list(_ words: [String]) -> String { "[" + words.joined(separator: ", ") + "]" }

    private func quoted(_ texts: [String]) -> String { "[" + texts.map(Self.quote).joined(separator: ", ") + "]" }

    static func quote(_ text: String) -> String { "\"" + text + "\"" }
}
