import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecResults
import TaskHarness

/// What each launch did, in the harness's record, for the checks that count what launches did (`completed`,
/// `store.commits`, `side-effects`), and the launch step behind a run that is missing, late or moved: the sentences a
/// failed check adds after its two sides. Each one a review asked for; each says only what the record holds.
extension LifecycleJudgement {
    /// A launch by its number and its step's line: `launch 2 (line 25)`; an overlap, which shares the line of the launch
    /// step that started it, says so (`launch 3 (the overlap at line 26)`: a review read two launches of one line as one).
    func launchName(_ number: Int) -> String {
        guard let line = launchLines[number] else { return "launch \(number)" }
        let overlap = launchLines.contains { $0.key < number && $0.value == line }
        return "launch \(number) (\(overlap ? "the overlap at " : "")line \(line))"
    }

    /// Why a killed launch died, as the runs table says it (`killedReason` of its first run).
    func killedReason(ofLaunch number: Int) -> String? {
        report.runs.first { $0.launch == number }.flatMap { killedReason($0, KilledRuns(report)) }
    }

    /// Why a launch's job made no write (no commit, no side effect), in the harness's record of it.
    func whyNoWrite(_ run: JobRunRecord) -> String {
        let killed = report.launches.indices.contains(run.launch - 1) && report.launches[run.launch - 1].completed == .killed
        if run.reconciled {
            return "the store held its run key \(run.reconciledKeys.last ?? run.runKey ?? "") from an earlier attempt: it reconciled, no second write"
        } else if run.alreadyComplete {
            return "its occurrences were complete already"
        } else if run.nothingDue {
            return "no occurrence was due"
        } else if let stage = run.expiredDuring {
            return "expired during \(stage.rawValue)"
        } else if killed {
            // A death is no failure of the job (a review read "failed at write: process-death" of a killed launch).
            return "killed" + (killedReason(ofLaunch: run.launch).map { " (\($0))" } ?? "")
        } else if let failure = run.failure {
            return "failed at \(failure)"
        } else if let point = run.interruptedAt {
            return "the process died at \(point)"
        }
        return "its job wrote nothing"
    }

    /// For a `side-effects` count that differs: which launch performed each side effect, and which asked again for one
    /// the outside system had performed (a review expected one per run, or one per launch after an interruption).
    func sideEffectsByLaunch() -> String {
        var performed = Set(report.sideEffects.map(\.key))
        var told: [String] = []
        for run in report.jobRuns {
            let name = launchName(run.launch)
            // A launch that asked for none says why (a review's three launches that failed at download were not named).
            if run.sideEffectRequests.isEmpty { told.append("no side effect from \(name): \(whyNoWrite(run))") }
            for key in run.sideEffectRequests {
                if performed.remove(key) != nil {
                    told.append("\(name) performed \(key)" + (rerunNote(keys: [key]).map { " (\($0))" } ?? ""))
                } else {
                    told.append("\(name) asked again for \(key), an earlier attempt's, which the outside system ignores (a repeated key)")
                }
            }
        }
        guard !told.isEmpty else { return "" }
        // No rule in words after the list: "a launch asks once" was false of a retry that asked again for an earlier
        // attempt's key, and the list says what each launch did (a review).
        return "; " + told.prefix(6).joined(separator: "; ") + (told.count > 6 ? "; …" : "")
    }

    /// For occurrences a launch wrote, the first that is a date an earlier run completed under another version:
    /// `2027-03-29 ran before as nightly-sync/v1/2027-03-29 (run 1): the change at line 13 set version 2, …`.
    func rerunNote(keys: [String]) -> String? {
        keys.lazy.compactMap { key in self.runs.firstIndex { $0.key == key }.flatMap { self.rerunsByVersion[$0] } }.first
    }

    /// For a `store.commits` that differs: which launches committed and why each other one did not (a review's
    /// count after an expiration, a fault, a death and a reconciliation was told only "expected 2, actual 1").
    func commitsByLaunch() -> String {
        guard !report.jobRuns.isEmpty else { return "" }
        let committed = report.jobRuns.filter(\.committed)
        let others = report.jobRuns.filter { !$0.committed }.map { "\(launchName($0.launch)): \(whyNoWrite($0))" }
        let shown = others.prefix(6).joined(separator: "; ") + (others.count > 6 ? "; …" : "")
        // What each commit held: one transaction for every occurrence a launch wrote (a review expected one commit per
        // run), the part an earlier attempt wrote recorded, not written again.
        func held(_ run: JobRunRecord) -> String {
            let written = run.due.count - run.reconciledOccurrences.count - run.completedMeanwhile.count
            var parts: [String] = []
            if written > 1 { parts.append("one commit for its \(written) occurrences") }
            if run.interruptedAt == .afterWrite { parts.append("interrupted after its write, which stands") }
            if !run.reconciledOccurrences.isEmpty {
                parts.append("\(ListWording.joined(run.reconciledOccurrences)), which an earlier attempt wrote, recorded without a write")
            }
            // A date written again under a raised version (a review's count after `version: 2` had no reason).
            if let rerun = rerunNote(keys: run.due.map { $0.key.description }) { parts.append(rerun) }
            return launchName(run.launch) + (parts.isEmpty ? "" : ": " + parts.joined(separator: "; "))
        }
        return "; " + (committed.isEmpty ? "no launch committed" : "committed: " + committed.map(held).joined(separator: "; "))
            + (others.isEmpty ? "" : "; no commit from " + shown)
    }

    /// For a run's `actual` written right whose launch step is written with the same digits and another offset (or
    /// `Z`): that step is the slip (a fifth review's step `2027-03-29T02:30:00Z`, meant as 02:30 local, ran at 04:30
    /// and only the run's line was told). `found` is the run's actual instant, nil for a run that is missing.
    func stepSlipNote(expected: InstantLiteral, found: Date?) -> String? {
        let expectedZone = zone(at: expected.date)
        guard expected.text.count >= 19, expected.writtenOffset == expectedZone.secondsFromGMT(for: expected.date)
                || (expected.writtenOffset == nil && expectedZone.secondsFromGMT(for: expected.date) == 0) else { return nil }
        guard let step = launchSteps.first(where: { step in
            guard let at = step.at, at.text.count >= 19, at.date != expected.date,
                  at.text.prefix(19).uppercased() == expected.text.prefix(19).uppercased() else { return false }
            // The step that made the run, or one the system refused (a later launch then ran the occurrence, or none).
            return found.map { $0 == at.date } == true || step.refusal != nil
        }), let at = step.at else { return nil }
        let hhmm = String(expected.text.dropFirst(11).prefix(5))
        return "the launch at line \(step.line) is written \(at.text), which is \(instant(at.date).local)"
            + (step.refusal.map { ", and the system refused it (\($0.code))" } ?? "")
            + "; if it means \(hhmm) local time, write \(expected.text) there"
            + (lintWarnsOfOffset(at) ? " (see its offset-mismatch warning)" : "")
    }

    /// For `completed` that differs: what ended each launch whose entry differs, or that no entry stands for (the
    /// entries past the list's end), from the harness's record — a launch the system ended as false at its expiration
    /// (a review expected `true` of it), a death and its cause (`false` written for a launch an interruption killed),
    /// the job's failure. A launch left running is `unfinishedNote`'s.
    func endedNote(_ expected: [String]) -> String {
        let notes = report.launches.enumerated().compactMap { index, launch -> String? in
            guard index >= expected.count || expected[index] != launch.completed.rawValue else { return nil }
            let run = report.jobRuns.first { $0.launch == launch.number }
            let name = launchName(launch.number) + (index >= expected.count ? ", which no entry stands for," : "")
            switch launch.state {
            case .completed(success: false, bySystem: true):
                return "\(name) was ended as false by the system"
                    + (launch.expiredAt.map { " at its expiration, \(instant($0).local)" } ?? "") + ": the app set no expiration handler"
            case .completed(let success, bySystem: false):
                let why = success ? nil : run?.expiredDuring.map { "it expired during \($0.rawValue)" } ?? run?.failure.map { "its job failed at \($0)" }
                return "\(name) called setTaskCompleted(success: \(success))" + (why.map { ": " + $0 } ?? "")
            case .killed:
                return "\(name) was killed" + (killedReason(ofLaunch: launch.number).map { " (\($0))" } ?? "")
            default:
                return nil
            }
        }
        return notes.isEmpty ? "" : "; " + notes.prefix(3).joined(separator: "; ") + (notes.count > 3 ? "; …" : "")
    }

    /// For `completed` that differs where a launch was still running at the end with its expiration deadline ahead:
    /// the clock stopped short of it (a fifth review's `advance: 29s` before a 30 s deadline, told only `none`).
    func unfinishedNote() -> String {
        guard let end = clockEnd else { return "" }
        let notes = report.launches.filter { $0.completed == .none }.compactMap { launch -> String? in
            guard let deadline = report.pendingTimers.first(where: { $0.label.hasPrefix("expiration deadline of ") && $0.label.hasSuffix(" launch #\(launch.number)") })?.deadline
            else { return nil }
            // Told to stop already (an `expire` step), it is expiring, not running (a review).
            let state = launch.expiredAt.map { "still expiring (the system expired it at \(instant($0).local))" } ?? "still running"
            return "\(launchName(launch.number)) was \(state) when the clock stopped at \(instant(end.at).local)"
                + (end.line.map { " (line \($0))" } ?? "") + "; the system ends it at its expiration deadline, "
                + "\(instant(deadline).local), which the clock did not reach"
        }
        return notes.isEmpty ? "" : "; " + notes.prefix(3).joined(separator: "; ")
    }

    /// For a request's floor expected at an occurrence whose key a run completed: the app asks for the next occurrence
    /// not yet run (a fifth review's move west expected New York's 02:30 of a date Berlin had run, told no reason).
    func completedKeyNote(_ date: Date) -> String? {
        guard let schedule = plannedContext?.schedules.last?.schedule, let key = schedule.occurrence(at: date)?.key.description,
              let index = runs.firstIndex(where: { $0.key == key && $0.outcome == "completed" }) else { return nil }
        return " (\(key), the key of the occurrence expected, was completed by run #\(index + 1): the app asks for the next occurrence not yet run)"
    }

    /// For a run's `actual` later than expected where a launch step before the expected time (within a day) was refused:
    /// a later launch ran the occurrence (a second review round's launch a minute before its floor; "move the step to or
    /// after it", applied, gave 02:30, not the 02:31 expected). A launch step at the expected time is offered only where
    /// the system would start it and catch the occurrence up: at or after the request's earliest begin and the
    /// occurrence's planned instant (`planned`). Before them no launch can run it then, and that is said instead, with
    /// the zone in effect's reading of the written digits where its offset is another zone's (a black-box review's Troll
    /// line was offered a launch at 01:30 beside the refusal of one at 01:30, and its move to New York, written with
    /// Dublin's +00:00, was offered New York's 22:31 the evening before, which the system refused again).
    func refusedBeforeNote(expected written: InstantLiteral, found: Date, planned: Date?) -> String? {
        let expected = written.date
        guard expected < found, let step = launchSteps.last(where: { step in
            step.refusal.map { $0.at <= expected && expected.timeIntervalSince($0.at) <= 86_400 } ?? false
        }), let refusal = step.refusal else { return nil }
        let told = "the launch at line \(step.line), at \(instant(refusal.at).local), was refused (\(refused(refusal))), so a later launch "
            + "ran this occurrence; "
        let bound = [refusal.floor, planned].compactMap { $0 }.max()
        guard let bound, expected < bound else { return told + "a launch step at \(instant(expected).offsetForm) would run it then" }
        var before: String
        if let floor = refusal.floor, expected < floor {
            before = "the request's earliest begin, \(instant(floor).local)"
            if let planned, planned == floor {
                before += ", its planned instant"
            } else if let planned, expected < planned {
                before += ", and its planned instant, \(instant(planned).local)"
            }
        } else {
            before = "its planned instant, \(instant(bound).local)"
        }
        let cannot = told + "no launch can run it at \(written.text): that is before \(before); "
        let generic = "write the actual found, or a launch step at or after \(instant(bound).offsetForm) and its time here"
        guard let reading = inEffectReading(written) else { return cannot + generic }
        guard let fit = reading.instants.first(where: { $0 >= bound }) else {
            return cannot + reading.sentence + ", before that too; " + generic
        }
        // The step to move: the launch that ran the occurrence when the reading is after it, else the refused one, whose
        // move to the reading keeps the steps in time order.
        let ranIt = launchSteps.first { $0.refusal == nil && $0.at?.date == found }
        let move = fit == found ? ""
            : fit > found ? ranIt.map { ", and move the launch at line \($0.line), which ran it, to that time" } ?? ", with a launch step then"
            : ", and move the launch at line \(step.line) to that time"
        // Of a wall time the zone repeats, the reading to write is named.
        let what = reading.instants.count == 1 ? "that" : instant(fit).offsetForm
        return cannot + reading.sentence + ": write \(what)" + (move.isEmpty ? "" : " here" + move)
    }

    /// For an instant written with an offset the schedule's zone in effect then (after a `change-schedule`, the new one)
    /// does not have: whose offset it is and the instants its digits are in that zone — `+00:00 is Europe/Dublin's
    /// offset, and after the change at line 10 the schedule is in America/New_York, where 03:31 on 2027-03-14 is
    /// 2027-03-14T03:31:00-04:00`. Nil for an offset the zone has then, or digits the zone skips.
    func inEffectReading(_ written: InstantLiteral) -> (sentence: String, instants: [Date])? {
        let text = written.text
        // `Z` is written as no offset (UTC's, +00:00).
        let isZ = written.writtenOffset == nil
        let offset = written.writtenOffset ?? 0
        guard text.count >= 19 else { return nil }
        let date = written.date
        let inEffect = zone(at: date)
        guard inEffect.secondsFromGMT(for: date) != offset else { return nil }
        let digits = Array(text.prefix(19))
        func number(_ range: Range<Int>) -> Int? { Int(String(digits[range])) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19) else { return nil }
        var resolver = WallTimeResolver(timeZone: inEffect)
        let instants: [Date] = switch resolver.resolve(LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)) {
        case .unique(let instant): [instant]
        case .overlap(let first, let last, _): [first, last]
        case .gap: []
        }
        guard !instants.isEmpty else { return nil }
        let change = zoneChanges.last { $0.from <= date }
        let shown = isZ ? "Z (UTC)" : WallTimeText.offset(offset)
        let owner = isZ ? nil : ([zone] + zoneChanges.map(\.zone)).first {
            $0.identifier != inEffect.identifier && $0.secondsFromGMT(for: date) == offset
        }
        let name = ZoneDisplayName.of(inEffect)
        let wall = "\(String(digits[11..<16])) on \(String(digits[0..<10]))"
        let readings = instants.map { instant($0).offsetForm }
        let reads = "\(wall) " + (readings.count == 1 ? "is \(readings[0])" : "happens twice, \(readings[0]) and \(readings[1])")
        let sentence = switch (owner, change) {
        case (let owner?, let change?):
            "\(shown) is \(ZoneDisplayName.of(owner))'s offset, and after the change at line \(change.line) the schedule is in \(name), where \(reads)"
        case (let owner?, nil):
            // Before a move, written with the offset of the zone moved to.
            "\(shown) is \(ZoneDisplayName.of(owner))'s offset, but the schedule is in \(name) then"
                + (zoneChanges.first { $0.from > date }.map { " (before the change at line \($0.line))" } ?? "") + ", where \(reads)"
        case (nil, let change?):
            "\(shown) is not the offset of \(name) then, the schedule's zone after the change at line \(change.line): there \(reads)"
        case (nil, nil):
            "\(shown) is not the offset of \(name), the schedule's zone, then: there \(reads)"
        }
        return (sentence, instants)
    }

    /// For a request's floor that differs, where it is the retry request a launch handler submitted with no `retry:`
    /// policy: that launch, whose time the floor is, and what ended it without a request for the next occurrence (a
    /// black-box review expected the next night after an expired launch, and was told no reason, where a backoff's
    /// floor says its own; docs/lifecycle.md's `pending-requests` promises why).
    func retryRequestNote(_ identifier: String) -> String? {
        guard let number = report.retryRequestLaunches[identifier],
              let launch = report.launches.first(where: { $0.number == number }) else { return nil }
        let run = report.jobRuns.first { $0.launch == number }
        let ended: String? = if let stage = run?.expiredDuring {
            "expired during \(stage.rawValue)"
        } else if launch.completed == .killed {
            "was killed" + (killedReason(ofLaunch: number).map { " (\($0))" } ?? "")
        } else if let failure = run?.failure {
            "failed at \(failure)"
        } else {
            nil
        }
        return " (the retry request the app's launch handler submitted at \(launchName(number)), at \(instant(launch.actual).local): "
            + "without 'retry:' in the scenario's 'app:' its earliest begin is the launch time ('resubmits' in docs/lifecycle.md)"
            + (ended.map { ", and the launch \($0), so no request for the next occurrence replaced it" } ?? "") + ")"
    }

    /// For a request's floor that differs, where it is the schedule's: the rule that gave it (harness.md: the first
    /// occurrence after the catch-up anchor, the end of the last completed run, whose key is not completed). A second
    /// review round raised the version and expected the day already run again, or moved the time later and expected the
    /// next day: told nothing, it could not tell which.
    /// A floor that only an earlier schedule gives (a request asked for before a `change-schedule` and not since: a
    /// review's refresh request, which the background process that met the change had not registered) says so.
    func floorRuleNote(_ floor: Date) -> String? {
        guard let schedules = plannedContext?.schedules, let schedule = schedules.last?.schedule else { return nil }
        guard let key = schedule.occurrence(at: floor)?.key.description else {
            guard let index = schedules.indices.dropLast().last(where: { schedules[$0].schedule.occurrence(at: floor) != nil }),
                  let key = schedules[index].schedule.occurrence(at: floor)?.key.description else { return nil }
            let change = schedules[index + 1].from
            let at = zoneChanges.first { $0.from == change }.map { "line \($0.line)" } ?? instant(change).local
            let zone = schedules[index].schedule.timeZone
            return " (\(WallTimeText.wallTime(floor, in: zone)) in \(ZoneDisplayName.of(zone)), keyed \(key), is an occurrence of the schedule before the change at \(at), not of the "
                + "schedule after it: the request was asked for before that change and not again since)"
        }
        let anchor = runs.indices.last { runs[$0].outcome == "completed" && runs[$0].actual != nil }
        let after = anchor.map { "the last completed run, run #\($0 + 1) at \(runs[$0].actual!.local)" } ?? "the scenario's start"
        return " (the app asks for the schedule's first occurrence after \(after), whose key is not completed: \(endInstant(floor).local), keyed \(key))"
    }

    /// For a run that is missing where a launch step at its `actual` was refused: that refusal, not a step to add; and
    /// where the `actual` is written with an offset the zone in effect does not have, and its digits read in that zone
    /// are at or after the request's earliest begin, that reading, for the line and the step (a black-box review's
    /// step after a move to New York, written with Dublin's +00:00, was refused with no way out said).
    func refusedStepNote(at written: InstantLiteral) -> String? {
        guard let step = launchSteps.first(where: { $0.refusal?.at == written.date }), let refusal = step.refusal else { return nil }
        let told = "the launch at line \(step.line) was refused (\(refused(refusal))), so it made no run"
        guard let reading = inEffectReading(written),
              let fit = reading.instants.first(where: { $0 >= refusal.floor ?? .distantPast }) else { return told }
        // Of a wall time the zone repeats, the reading to write is named.
        let what = reading.instants.count == 1 ? "that" : instant(fit).offsetForm
        return told + "; " + reading.sentence + ": write \(what) here and at line \(step.line)"
    }

    /// For a `runs` line of a run that ends without success (`expired`, `failed`, `killed`) where the launch step that
    /// writes that ending was refused: that step, to move to or after its floor.
    /// A line without `outcome:` (the contract's own form) or with another ending's is read so too, when the line's
    /// launch time is not before the refusal (a second round's expiring launch, its runs written without outcomes, was
    /// told "a dedup key runs once; remove line 16", and passed with nothing expiring).
    func refusedEndingNote(_ line: LifecycleExpectation.ExpectedRun) -> String? {
        guard line.outcome?.rawValue != "completed" else { return nil }
        let candidates = launchSteps.filter { step in
            guard let refusal = step.refusal, step.ending != nil else { return false }
            return line.actual.map { $0.date >= refusal.at && $0.date.timeIntervalSince(refusal.at) <= 86_400 } ?? true
        }
        guard let step = candidates.first(where: { $0.ending?.outcome == line.outcome?.rawValue }) ?? candidates.first,
              let refusal = step.refusal, let ending = step.ending else { return nil }
        let outcome = ending.outcome
        // To the line's own launch time where the floor allows it, else to the floor.
        let move = line.actual.flatMap { actual in refusal.floor.map { actual.date >= $0 } ?? true ? " to \(actual.text), this line's actual" : nil }
            ?? refusal.floor.map { " to or after \(instant($0).offsetForm)" } ?? ""
        return "the launch step meant to end this run as \(outcome) (line \(step.line), '\(ending.written)') was refused (\(refused(refusal))), so no "
            + "run was \(outcome); move that step\(move), rather than remove this line"
    }

    /// A refusal's error and, for one before its floor, the floor: `launch-before-earliest-begin: the request's earliest
    /// begin was 2027-03-29 09:45 (+02:00)`, and why a floor is a later date's where `skip` leaves the launch's date none.
    private func refused(_ refusal: LaunchStep.Refusal) -> String {
        refusal.code + (refusal.floor.map { floor in
            ": the request's earliest begin was \(instant(floor).local)" + (skippedDateNote(launchAt: refusal.at, floor: floor).map { "; " + $0 } ?? "")
        } ?? "")
    }

    /// For a launch refused before a floor on a later date, where every wall time the schedule in effect has on the
    /// launch's date is in a gap and its policy is `skip`: that the date has no occurrence (a review's launch at Berlin's
    /// spring night was told the floor, the next day's 02:30, and not why the night itself had none).
    func skippedDateNote(launchAt: Date, floor: Date) -> String? {
        guard let schedules = plannedContext?.schedules,
              let schedule = (schedules.last { $0.from <= launchAt } ?? schedules.first)?.schedule,
              schedule.nonexistent == .skip, schedule.rule.isCalendarRule, !schedule.rule.wallTimes.isEmpty else { return nil }
        let zone = schedule.timeZone
        let day = LocalDateTime(launchAt, in: zone)
        guard LocalDateTime(floor, in: zone).dateString > day.dateString,
              schedule.rule.selects(CivilDate(year: day.year, month: day.month, day: day.day)) else { return nil }
        var resolver = WallTimeResolver(timeZone: zone)
        let times = schedule.rule.wallTimes
        guard times.allSatisfy({ time in
            let slot = LocalDateTime(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute, second: time.second)
            if case .gap = resolver.resolve(slot) { return true } else { return false }
        }) else { return nil }
        let one = times.count == 1
        return "\(ListWording.joined(times.map { "\($0)" })) on \(day.dateString) \(one ? "does" : "do") not exist in \(ZoneDisplayName.of(zone)) "
            + "(the clocks skip \(one ? "it" : "them")), and under 'nonexistent: skip' that date has no occurrence, so the request waits for a "
            + "later date's"
    }
}
