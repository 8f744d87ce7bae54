import Foundation
import Recurrence

/// The end-of-scenario invariants of harness-model.md, checked over what a scenario recorded.
///
/// Each check has a stable name and fails with a detail naming the launches and keys involved:
/// `one-completion-per-launch`, `success-implies-commit`, `no-success-after-failure-or-expiration`,
/// `store-changes-together`, `old-data-readable-during-fault`, `no-temp-files-after-cancel-or-fault`,
/// `no-success-mark-after-cancel-or-fault`, `no-duplicate-items`, `no-duplicate-side-effects`,
/// `interrupted-write-reconciled`, `catch-up-nothing-missed`, `catch-up-nothing-twice`, `no-pending-timers`,
/// `no-open-transaction-at-suspension`, `expiration-honoured`.
public struct LifecycleInvariants: Sendable {
    public let launches: [LaunchRecord]
    public let runs: [JobRunRecord]
    public let duplicateItems: [String]
    public let sideEffects: [SideEffect]
    public let completions: [CompletionRecord]
    public let catchUp: CatchUp?
    public let pendingTimers: [ManualClock.PendingTimer]
    public let defects: [Defect]
    /// The schedule and each change made to it (`ScheduleTimeline.all`), by the revision each run records; empty:
    /// `catchUp`'s occurrences throughout.
    public var schedules: [any OccurrenceSource] = []
    /// Each launch's run and record by launch number (the first, should there be two): searching the lists for each
    /// run made the checks of 10,000 launches take a second.
    private let runIndex: [Int: Int]
    private let launchIndex: [Int: Int]

    public init(
        launches: [LaunchRecord], runs: [JobRunRecord], duplicateItems: [String], sideEffects: [SideEffect],
        completions: [CompletionRecord], catchUp: CatchUp?, pendingTimers: [ManualClock.PendingTimer], defects: [Defect]
    ) {
        self.launches = launches
        self.runs = runs
        self.duplicateItems = duplicateItems
        self.sideEffects = sideEffects
        self.completions = completions
        self.catchUp = catchUp
        self.pendingTimers = pendingTimers
        self.defects = defects
        runIndex = Dictionary(runs.enumerated().map { ($1.launch, $0) }, uniquingKeysWith: { first, _ in first })
        launchIndex = Dictionary(launches.enumerated().map { ($1.number, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every check, in a fixed order.
    public func evaluate() -> [InvariantCheck] {
        [
            oneCompletionPerLaunch(), successImpliesCommit(), noSuccessAfterFailureOrExpiration(),
            storeChangesTogether(), oldDataReadableDuringFault(), noTemporaryFilesAfterCancelOrFault(),
            noSuccessMarkAfterCancelOrFault(), noDuplicateItems(), noDuplicateSideEffects(),
            interruptedWriteReconciled(), catchUpNothingMissed(), catchUpNothingTwice(), noPendingTimers(),
            defectCheck("no-open-transaction-at-suspension", .openTransactionAtSuspension, ok: "no transaction was open at a suspension"),
            defectCheck("expiration-honoured", .workAfterExpiration, ok: "no job went on working after its task expired"),
        ]
    }

    private func check(_ name: String, _ problems: [String], ok: String) -> InvariantCheck {
        InvariantCheck(name: name, passed: problems.isEmpty, detail: problems.isEmpty ? ok : problems.joined(separator: "; "))
    }

    private func run(_ launch: Int) -> JobRunRecord? { runIndex[launch].map { runs[$0] } }

    private func launch(_ number: Int) -> LaunchRecord? { launchIndex[number].map { launches[$0] } }

    private func name(_ launch: LaunchRecord) -> String { "launch #\(launch.number) \(launch.identifier)" }

    func oneCompletionPerLaunch() -> InvariantCheck {
        var problems: [String] = []
        for launch in launches {
            let calls = launch.completionCalls
            if calls.count > 1 {
                problems.append("\(name(launch)) called setTaskCompleted \(calls.count) times (\(calls.map(String.init).joined(separator: ", ")))")
            } else if calls.isEmpty {
                switch launch.state {
                case .running, .expiring:
                    problems.append("\(name(launch)) never called setTaskCompleted")
                case .killed where defects.contains { $0.kind == .missingCompletion && $0.launch == launch.number }:
                    problems.append("\(name(launch)) never called setTaskCompleted; the system killed the app at the expiration deadline")
                case .killed, .completed:
                    break
                }
            }
        }
        return check("one-completion-per-launch", problems, ok: "\(launches.count) launch(es), each completed once or killed")
    }

    func successImpliesCommit() -> InvariantCheck {
        var problems: [String] = []
        for launch in launches where launch.completionCalls.first == true {
            guard let run = run(launch.number) else { continue }
            if !run.didItsWork {
                problems.append("\(name(launch)) reported success but its job did not commit")
            } else if run.successBeforeCommit {
                problems.append("\(name(launch)) reported success before its job committed")
            }
        }
        return check("success-implies-commit", problems, ok: "every success followed a commit")
    }

    func noSuccessAfterFailureOrExpiration() -> InvariantCheck {
        let found = defects.filter { $0.kind == .successAfterFailure || $0.kind == .successAfterExpiration }
        return check("no-success-after-failure-or-expiration", found.map(\.description), ok: "no success was reported after a failure or an expiration")
    }

    func storeChangesTogether() -> InvariantCheck {
        var problems: [String] = []
        // A run is judged by its own changes: alone, or beside launches nested in it that committed nothing.
        for run in runs where !committedInside(run) {
            guard let before = run.storeBefore, let after = run.storeAfter, let launch = launch(run.launch) else { continue }
            if after.commits == before.commits {
                var changed: [String] = []
                if after.items != before.items { changed.append("items") }
                if after.cursor != before.cursor { changed.append("cursor") }
                if after.updatedAt != before.updatedAt { changed.append("updated-at") }
                if !changed.isEmpty {
                    problems.append("\(name(launch)) changed \(changed.joined(separator: ", ")) without committing cursor and updated-at with them")
                }
            } else {
                if after.updatedAt != launch.actual {
                    problems.append("\(name(launch)) committed but updated-at is \(after.updatedAt?.rfc3339UTC ?? "unset"), not the launch's \(launch.actual.rfc3339UTC)")
                }
                if let expected = run.expectedCursor, after.cursor != expected {
                    problems.append("\(name(launch)) committed but the cursor is \(after.cursor ?? "unset"), not the batch's \(expected)")
                }
            }
        }
        return check("store-changes-together", problems, ok: "items, cursor and updated-at changed together or not at all")
    }

    /// Whether a launch nested in `run` (or in one nested in it) committed to the store while `run` was running.
    private func committedInside(_ run: JobRunRecord) -> Bool {
        run.nestedLaunches.contains { number in
            guard let nested = self.run(number) else { return false }
            return nested.committed || committedInside(nested)
        }
    }

    func oldDataReadableDuringFault() -> InvariantCheck {
        let faulted = runs.filter { $0.faultInjected != nil }
        let problems = faulted.compactMap { run -> String? in
            run.oldDataReadableDuringFault == true ? nil
                : "launch #\(run.launch) \(run.identifier): \(run.readDuringFaultDetail ?? "the store was not read during the fault")"
        }
        return check("old-data-readable-during-fault", problems,
                     ok: faulted.isEmpty ? "no fault was injected" : "a reader saw the old data during each of \(faulted.count) fault(s)")
    }

    private var failedRuns: [(LaunchRecord, JobRunRecord)] {
        launches.compactMap { launch in
            guard launch.completed == .failure, let run = run(launch.number) else { return nil }
            return (launch, run)
        }
    }

    func noTemporaryFilesAfterCancelOrFault() -> InvariantCheck {
        // A process that died mid-run could not clean up; its leftovers are the next run's to sweep.
        let problems = failedRuns.compactMap { launch, run -> String? in
            guard !run.processDiedDuringRun, let left = run.temporaryFilesAfter, left > 0 else { return nil }
            return "\(name(launch)) ended as a failure with \(left) temporary file(s) left"
        }
        return check("no-temp-files-after-cancel-or-fault", problems, ok: "no failed launch left temporary files")
    }

    func noSuccessMarkAfterCancelOrFault() -> InvariantCheck {
        let problems = failedRuns.compactMap { launch, run -> String? in
            var marks: [String] = []
            // Its own commit, whatever launches it overlapped; the store's changes where no nested launch committed.
            var alone: (before: StoreSnapshot, after: StoreSnapshot)?
            if let before = run.storeBefore, let after = run.storeAfter, !committedInside(run) { alone = (before, after) }
            if run.committed || alone.map({ $0.before.commits != $0.after.commits }) == true { marks.append("a commit") }
            if let alone, alone.after.updatedAt != alone.before.updatedAt { marks.append("a new updated-at") }
            if !run.completionAdded.isEmpty { marks.append("completion of \(run.completionAdded.joined(separator: ", "))") }
            return marks.isEmpty ? nil : "\(name(launch)) ended as a failure but left \(marks.joined(separator: " and "))"
        }
        return check("no-success-mark-after-cancel-or-fault", problems, ok: "no failed launch left a success mark")
    }

    func noDuplicateItems() -> InvariantCheck {
        check("no-duplicate-items", duplicateItems.map { "item \($0) is stored more than once" }, ok: "every item is stored once")
    }

    func noDuplicateSideEffects() -> InvariantCheck {
        let bySubject = Dictionary(grouping: sideEffects, by: \.subject)
        let problems = bySubject.keys.sorted().compactMap { subject -> String? in
            let effects = bySubject[subject]!
            return effects.count > 1 ? "the side effect for \(subject) happened \(effects.count) times (keys \(effects.map(\.key).joined(separator: ", ")))" : nil
        }
        return check("no-duplicate-side-effects", problems, ok: "\(sideEffects.count) side effect(s), none repeated")
    }

    func interruptedWriteReconciled() -> InvariantCheck {
        var problems: [String] = []
        var notes: [String] = []
        // A run that found its window already completed by an overlapping launch wrote nothing: dying after its
        // write stage leaves nothing to reconcile.
        for run in runs where run.interruptedAt == .afterWrite && !run.alreadyComplete {
            guard let key = run.runKey else { continue }
            let effects = sideEffects.filter { $0.subject == key }.count
            if effects > 1 { problems.append("the side effect of \(key), interrupted in launch #\(run.launch), happened \(effects) times") }
            // A launch nested in this one has a later number but ran before its write: it cannot be its retry. A launch
            // that reconciled the write is its retry first, whatever its number: one nested in a later launch ran before
            // that launch's write.
            let later = runs.filter { $0.launch > run.launch && !run.nestedLaunches.contains($0.launch) }
            guard let retry = later.first(where: { $0.reconciledKeys.contains(key) && $0.completionRecorded || $0.reconciledPartKeys.contains(key) })
                ?? later.first(where: { $0.runKey == key && $0.completionRecorded })
            else {
                // A later launch with other content has another key: it is no retry of this write.
                let other = later.first { $0.completionRecorded }
                // A schedule changed between them (a new version) keys the same date anew: not the same business run.
                let why = other.map { later in
                    later.scheduleRevision != run.scheduleRevision
                        ? "; launch #\(later.launch) ran under the changed schedule (\(later.runKey ?? "no key")): a new version is a new "
                            + "business key, so the write was not reconciled and its date may be written again"
                        : "; launch #\(later.launch) ran another input (\(later.runKey ?? "no key"))"
                }
                notes.append("launch #\(run.launch)'s write (\(key)) was not retried within the scenario" + (why ?? ""))
                continue
            }
            // Without a schedule a run is keyed by its content: when another input completed first (the items changed),
            // the interrupted write was not retried, and the same input coming back later is a new run of it, which
            // writes it again to store the source's cursor (a black-box differential: X interrupted, then Y, then X).
            if catchUp == nil, retry.committed && retry.runKey == key && !retry.reconciledKeys.contains(key),
               let other = later.first(where: { $0.launch < retry.launch && $0.completionRecorded && $0.runKey != key }) {
                notes.append("launch #\(run.launch)'s write (\(key)) was not retried: launch #\(other.launch) ran another input "
                    + "(\(other.runKey ?? "no key")) first, and launch #\(retry.launch) ran it anew")
                continue
            }
            if retry.committed && retry.runKey == key && !retry.reconciledKeys.contains(key) {
                if runs.contains(where: {
                    ($0.launch < run.launch || run.nestedLaunches.contains($0.launch)) && $0.runKey == key && $0.completionRecorded
                }) {
                    // A run keyed by its content repeated an input an earlier launch completed — or one nested in it,
                    // which ran before its write: the completion store cannot tell the interrupted repeat from that
                    // run, so the retry writes it once more (the side effect still happens once, under the same key).
                    notes.append("launch #\(retry.launch) wrote \(key) again: launch #\(run.launch) repeated an input already completed")
                } else {
                    problems.append("launch #\(retry.launch) wrote \(key) again instead of reconciling launch #\(run.launch)'s write")
                }
            }
            if !completions.contains(where: { $0.key == key }) { problems.append("\(key) has no completion record after launch #\(retry.launch)") }
        }
        if !problems.isEmpty { return check("interrupted-write-reconciled", problems, ok: "") }
        return InvariantCheck(
            name: "interrupted-write-reconciled", passed: true,
            detail: notes.isEmpty ? "every interrupted write was reconciled once (or none was interrupted)" : notes.joined(separator: "; "))
    }

    func catchUpNothingMissed() -> InvariantCheck {
        guard let catchUp else { return InvariantCheck(name: "catch-up-nothing-missed", passed: true, detail: "no schedule") }
        // Each piece is read with the schedule its run caught up with (the one in effect at its launch).
        var revisionAtEnd: [Date: Int] = [:]
        let completedRuns = launches.compactMap { launch in run(launch.number).flatMap { $0.completionRecorded ? (launch.actual, $0) : nil } }
        for (end, record) in completedRuns { revisionAtEnd[end] = max(revisionAtEnd[end] ?? 0, record.scheduleRevision) }
        let completedEnds = Set(completedRuns.map(\.0).filter { $0 > catchUp.since })
        guard let last = completedEnds.max() else {
            return InvariantCheck(name: "catch-up-nothing-missed", passed: true, detail: "no run completed")
        }
        // A reconciled part moved the anchor to its last occurrence even if its launch then failed: the next window
        // starts there, so a piece must end there too.
        let partEnds = runs.filter { !$0.reconciledOccurrences.isEmpty }.compactMap { run -> Date? in
            let part = Set(run.reconciledOccurrences)
            guard let end = run.due.last(where: { part.contains($0.key.rawValue) })?.date else { return nil }
            revisionAtEnd[end] = max(revisionAtEnd[end] ?? 0, run.scheduleRevision)
            return end
        }
        let ends = completedEnds.union(partEnds.filter { $0 > catchUp.since && $0 < last }).sorted()
        let done = Set(completions.map(\.key))
        // Counted by key: after a move, the old zone's occurrence of a date and the new zone's share the date's key, and
        // "all 3 occurrence(s)" for two keyed runs read as a miscount (an incident review).
        var expected: Set<String> = []
        var missed: [Occurrence] = []
        // Piece by piece, between completed runs: each piece lies inside a window one of those runs enumerated, so
        // the occurrence bound that run met is the bound here (the whole span can hold more than one window may).
        for (start, end) in zip([catchUp.since] + ends.dropLast(), ends) {
            do {
                let revision = revisionAtEnd[end] ?? 0
                let schedule = schedules.indices.contains(revision) ? schedules[revision] : catchUp.occurrences
                let piece = try schedule.occurrences(in: Window(after: start, through: end))
                expected.formUnion(piece.map(\.key.rawValue))
                missed += piece.filter { !done.contains($0.key.rawValue) }
            } catch {
                return InvariantCheck(
                    name: "catch-up-nothing-missed", passed: false,
                    detail: "the schedule could not be enumerated from \(start.rfc3339UTC) through \(end.rfc3339UTC), so missed occurrences cannot be ruled out: \(error)")
            }
        }
        return check(
            "catch-up-nothing-missed", missed.map { "\($0.key) (\($0.date.rfc3339UTC)) is due but was never completed" },
            ok: "all \(expected.count) occurrence(s) up to the last completed run (\(last.rfc3339UTC)) completed")
    }

    func catchUpNothingTwice() -> InvariantCheck {
        var writers: [String: [Int]] = [:]
        for run in runs where run.committed {
            // A set: a catch-up over a month of minutes reconciles tens of thousands (an array made this quadratic).
            let notWritten = Set(run.reconciledOccurrences + run.completedMeanwhile)
            for occurrence in run.due where !notWritten.contains(occurrence.key.rawValue) {
                writers[occurrence.key.rawValue, default: []].append(run.launch)
            }
        }
        let problems = writers.keys.sorted().compactMap { key -> String? in
            let launches = writers[key]!
            return launches.count > 1 ? "\(key) was written by launches \(launches.map { "#\($0)" }.joined(separator: ", "))" : nil
        }
        return check("catch-up-nothing-twice", problems, ok: "no occurrence was written twice")
    }

    func noPendingTimers() -> InvariantCheck {
        check("no-pending-timers", pendingTimers.map { "\($0.label) is still scheduled at \($0.deadline.rfc3339UTC)" },
              ok: "nothing is left scheduled on the clock")
    }

    private func defectCheck(_ name: String, _ kind: Defect.Kind, ok: String) -> InvariantCheck {
        check(name, defects.filter { $0.kind == kind }.map(\.description), ok: ok)
    }
}
