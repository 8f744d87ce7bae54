import SpecDiagnostics
import SpecResults

/// The explanation of a test that did not pass, as lines of plain text: what the terminal prints under the test,
/// and what JUnit, TAP and GitHub annotations carry as the failure's body.
struct FailureText: Sendable {
    /// How a line should look where style is available (the terminal with color).
    enum Style: Sendable, Hashable {
        case plain, dim, emphasis, missing, unexpected, changed
    }

    struct Line: Sendable, Hashable {
        var text: String
        var style: Style = .plain
        var indent: Int = 0
    }

    var glyphs: Glyphs
    /// Matching occurrences shown around each difference before the rest are folded into one line.
    var context = 2

    /// Every line that explains `test`: place, message, zone change, occurrences, lifecycle, test diagnostics.
    func lines(for test: TestResult) -> [Line] {
        var lines: [Line] = [Line(text: "at \(test.file):\(test.line)", style: .dim)]
        if let message = test.message, !message.isEmpty {
            lines += message.split(separator: "\n", omittingEmptySubsequences: false).map { Line(text: String($0)) }
        }
        if let reason = test.deviationReason {
            lines.append(Line(text: "declared deviation on \(test.engine ?? "this engine"): \(reason)", style: .dim))
        }
        if let context = test.toldZoneContext {
            lines += zoneSentences(context).map { Line(text: $0, style: .dim) }
        }
        lines += occurrenceLines(test)
        if let lifecycle = test.lifecycle {
            lines += lifecycleLines(lifecycle)
        }
        for diagnostic in test.diagnostics {
            lines += DiagnosticRenderer(color: false).render(diagnostic)
                .split(separator: "\n", omittingEmptySubsequences: false).map { Line(text: String($0)) }
        }
        return lines
    }

    /// The most zone changes a failure explains in words; a century-long window can differ near dozens.
    static let shownTransitions = 3

    /// The first changes in words, then how many more there are (the JSON results keep every one).
    func zoneSentences(_ context: ZoneContext) -> [String] {
        let shown = context.transitions.prefix(Self.shownTransitions).map { zoneSentence(context.zone, $0) }
        let more = context.transitions.count - shown.count
        guard more > 0 else { return shown }
        return shown + ["\(glyphs.ellipsis) and \(more) more offset change\(more == 1 ? "" : "s") of \(context.zone) near these occurrences"]
    }

    /// `Europe/Berlin springs forward at 2027-03-28T01:00:00Z: 02:00 CET (+01:00) → 03:00 CEST (+02:00); …`
    func zoneSentence(_ zone: String, _ transition: ZoneContext.Transition) -> String {
        // A change that moves the wall clock across midnight (Apia's skipped day) names the dates too.
        let at = transition.at.epochSeconds
        let dateBefore = WallClock(wallSeconds: at + Double(transition.offsetBefore)).isoDate
        let dateAfter = WallClock(wallSeconds: at + Double(transition.offsetAfter)).isoDate
        let localBefore = dateBefore == dateAfter ? transition.localBefore : dateBefore + " " + transition.localBefore
        let localAfter = dateBefore == dateAfter ? transition.localAfter : dateAfter + " " + transition.localAfter
        let before = [localBefore, transition.abbreviationBefore, "(\(Self.offset(transition.offsetBefore)))"]
            .compactMap { $0 }.joined(separator: " ")
        let after = [localAfter, transition.abbreviationAfter, "(\(Self.offset(transition.offsetAfter)))"]
            .compactMap { $0 }.joined(separator: " ")
        // Forward: the skipped wall times run from the old reading to the new; back: the new reading repeats up to the old.
        let (low, high) = transition.isGap ? (localBefore, localAfter) : (localAfter, localBefore)
        let verb = transition.isGap ? "springs forward" : "falls back"
        let consequence = transition.isGap
            ? "local times from \(low) up to \(high) do not exist"
            : "local times from \(low) up to \(high) happen twice"
        return "\(zone) \(verb) at \(transition.at.utc): \(before) \(glyphs.arrow) \(after); \(consequence)"
    }

    /// `2027-03-28T01:00:00Z  2027-03-28 03:00 CEST (+02:00)`: the absolute instant and its local wall time.
    func instant(_ instant: ResultInstant) -> String {
        "\(instant.utc)  \(instant.local)"
    }

    /// The instant with its local time padded to `width`, for a line that goes on (a key, `(line N)`): a list
    /// mixing `CEST` and `CET` kept its keys one column apart (a reader's `--verbose` list). Local texts are ASCII.
    func instant(_ instant: ResultInstant, padded width: Int) -> String {
        self.instant(instant) + String(repeating: " ", count: max(0, width - instant.local.count))
    }

    /// The widest local time of these instants.
    static func localWidth(_ instants: [ResultInstant]) -> Int {
        instants.map(\.local.count).max() ?? 0
    }

    func occurrenceLines(_ test: TestResult) -> [Line] {
        if !test.diff.isEmpty {
            var lines = [Line(
                text: "occurrences: expected \(test.expected.count), actual \(test.actual.count) "
                    + "(- expected, not produced; + produced, not expected"
                    + (test.diff.contains { $0.kind == .keyMismatch } ? "; ~ produced with another key)" : ")"),
                style: .emphasis
            )]
            lines += diffLines(test.diff)
            return lines
        }
        var lines: [Line] = []
        if test.expected.isEmpty, !test.actual.isEmpty {
            // An expected error the search did not end with: the message names the error, and "expected: (none)"
            // read as "no occurrences expected" (the failure review).
            lines.append(Line(text: "found:", style: .emphasis))
            lines += test.actual.map { Line(text: instant($0), indent: 2) }
        } else if !test.expected.isEmpty || !test.actual.isEmpty {
            lines.append(Line(text: "expected:", style: .emphasis))
            lines += test.expected.isEmpty
                ? [Line(text: "(none)", indent: 2)] : test.expected.map { Line(text: instant($0), indent: 2) }
            lines.append(Line(text: "actual:", style: .emphasis))
            lines += test.actual.isEmpty
                ? [Line(text: "(none)", indent: 2)] : test.actual.map { Line(text: instant($0), indent: 2) }
        }
        return lines
    }

    /// Diff lines, with long runs of matching occurrences folded so a year of dailies stays readable.
    /// The most differing lines one test shows; the HTML table shows more, the JSON results every one.
    var maxShownLines = 40

    func diffLines(_ diff: [DiffLine]) -> [Line] {
        var lines: [Line] = []
        // A spec that writes keys gets the key of an occurrence produced and not expected, ready to paste with its
        // instant (the second failure review fixed the instant from a `+` line, then needed another run for the key).
        let keyed = diff.contains { $0.expected?.key != nil }
        // The lines that go on after their instant (`(line N)`, a key) line those up among themselves.
        let width = Self.localWidth(diff.compactMap { line -> ResultInstant? in
            switch line.kind {
            case .same: nil
            case .missing: line.expectedLine == nil ? nil : line.expected
            case .unexpected: keyed && line.actual?.key != nil ? line.actual : nil
            case .keyMismatch: line.instant
            }
        })
        for entry in DiffFolding.entries(count: diff.count, context: context, isSame: { diff[$0].kind == .same }) {
            switch entry {
            case .folded(let count):
                lines.append(Line(text: "  \(glyphs.ellipsis) \(count) matching occurrence\(count == 1 ? "" : "s")", style: .dim))
            case .line(let index):
                if lines.count >= maxShownLines {
                    let rest = diff[index...].filter { $0.kind != .same }.count
                    if rest > 0 {
                        lines.append(Line(
                            text: "  \(glyphs.ellipsis) \(rest) more difference\(rest == 1 ? "" : "s") not shown (the HTML report shows \(HTMLReporter.maxTableDifferences), the JSON results every one)",
                            style: .dim))
                    }
                    return lines
                }
                lines.append(diffLine(diff[index], keyed: keyed, width: width))
            }
        }
        return lines
    }

    /// `  (line 20)`: where the expected instant of a differing line is written, or nothing when unknown.
    func written(_ line: DiffLine) -> String {
        line.expectedLine.map { "  (line \($0))" } ?? ""
    }

    func diffLine(_ line: DiffLine, keyed: Bool = false, width: Int = 0) -> Line {
        // Padded only where the line goes on, so no line ends in spaces.
        let padded = { (instant: ResultInstant) in self.instant(instant, padded: width) }
        switch line.kind {
        case .same:
            return Line(text: "  " + (line.instant.map(instant) ?? ""), style: .plain)
        case .missing:
            let text = written(line)
            return Line(text: "- " + (line.expected.map(text.isEmpty ? instant : padded) ?? "") + text, style: .missing)
        case .unexpected:
            let key = keyed ? line.actual?.key.map { "  key " + $0 } ?? "" : ""
            return Line(text: "+ " + (line.actual.map(key.isEmpty ? instant : padded) ?? "") + key, style: .unexpected)
        case .keyMismatch:
            let expectedKey = line.expected?.key ?? "none"
            let actualKey = line.actual?.key ?? "none"
            return Line(
                text: "~ " + (line.instant.map(padded) ?? "") + "  key \(expectedKey) expected, \(actualKey) produced" + written(line),
                style: .changed
            )
        }
    }

    /// The most instants a passing test lists under `--verbose` before the rest are folded into one line.
    static let shownCheckedInstants = 10

    /// What a passing recurrence test checked (`--verbose`): its occurrences with their keys, the first ones and
    /// the last, so a pass leaves a trail a reader can audit (the JSON results keep every one).
    func checkedLines(_ test: TestResult) -> [Line] {
        guard !test.actual.isEmpty else {
            return [Line(text: "checked: no occurrence, as expected", style: .dim)]
        }
        let count = test.actual.count
        var lines = [Line(text: "checked \(count) occurrence\(count == 1 ? "" : "s"), as expected:", style: .dim)]
        let width = Self.localWidth(test.actual)
        let text = { (instant: ResultInstant) in
            Line(text: instant.key.map { self.instant(instant, padded: width) + "  key " + $0 } ?? self.instant(instant), style: .dim, indent: 2)
        }
        guard count > Self.shownCheckedInstants else { return lines + test.actual.map(text) }
        let tail = 2, head = Self.shownCheckedInstants - tail
        lines += test.actual.prefix(head).map(text)
        lines.append(Line(text: "\(glyphs.ellipsis) \(count - head - tail) more (the JSON results list every one)", style: .dim, indent: 2))
        return lines + test.actual.suffix(tail).map(text)
    }

    private func planned(_ run: LifecycleResult.Run) -> String { run.planned?.local ?? "unplanned" }

    private func actual(_ run: LifecycleResult.Run) -> String { run.actual?.local ?? "never" }

    func lifecycleLines(_ lifecycle: LifecycleResult) -> [Line] {
        var lines: [Line] = []
        if !lifecycle.runs.isEmpty {
            // Numbered as checks count them (`runs[2].key`, from 1): the failure review matched them by counting rows.
            lines.append(Line(text: "runs (#N is runs[N]; planned \(glyphs.arrow) actual):", style: .emphasis))
            let entries = RunFolding(limit: maxShownLines).entries(lifecycle.runs)
            let numberWidth = "#\(lifecycle.runs.count)".count
            let shown = entries.compactMap { entry -> LifecycleResult.Run? in
                if case .run(let index) = entry { lifecycle.runs[index] } else { nil }
            }
            let plannedWidth = shown.map { planned($0).count }.max() ?? 0
            let actualWidth = shown.map { actual($0).count }.max() ?? 0
            let outcomeWidth = shown.map(\.outcome.count).max() ?? 0
            for entry in entries {
                switch entry {
                case .run(let index):
                    let run = lifecycle.runs[index]
                    let parts = [
                        "#\(index + 1)".padding(numberWidth), planned(run).padding(plannedWidth), glyphs.arrow, actual(run).padding(actualWidth),
                        run.outcome.padding(outcomeWidth), run.key, run.reason.map { "(\($0))" },
                    ].compactMap { $0 }
                    let style: Style = run.actual == nil || run.planned == nil ? .missing : .plain
                    lines.append(Line(text: parts.joined(separator: "  ").trailingSpacesRemoved, style: style, indent: 2))
                case .folded(let count, let notCompleted):
                    lines.append(Line(text: "\(glyphs.ellipsis) " + RunFolding.foldedText(count: count, notCompleted: notCompleted),
                                      style: .dim, indent: 2))
                }
            }
        }
        lines += scheduleChangeLines(lifecycle.scheduleChanges)
        lines += appEventLines(lifecycle.appEvents)
        lines += refusedLaunchLines(lifecycle.refusedLaunches)
        // A failed `errors` check already lists every error with its step and sentence.
        if !lifecycle.expectations.contains(where: { $0.name == "errors" && !$0.passed }) {
            lines += otherErrorLines(lifecycle.otherErrors)
        }
        let failedExpectations = lifecycle.expectations.filter { !$0.passed }
        if !failedExpectations.isEmpty {
            lines.append(Line(text: "expectations not met:", style: .emphasis))
            for check in failedExpectations {
                lines.append(Line(
                    text: "\(glyphs.checkMark(false)) \(check.name): expected \(check.expected), actual \(check.actual)"
                        + (check.line.map { "  (line \($0))" } ?? ""),
                    style: .missing, indent: 2
                ))
            }
        }
        let brokenInvariants = lifecycle.invariants.filter { !$0.passed }
        if !brokenInvariants.isEmpty {
            lines.append(Line(text: "invariants broken:", style: .emphasis))
            for check in brokenInvariants {
                let detail = check.detail.map { ": \($0)" } ?? ""
                lines.append(Line(text: "\(glyphs.checkMark(false)) \(check.name)\(detail)", style: .missing, indent: 2))
            }
        }
        return lines
    }

    /// The launch steps the system refused, after the runs (a refused step is no run, so the runs do not show it):
    /// `2027-03-29 02:20 CEST (+02:00)  launch-before-earliest-begin  com.example.app.refresh  (earliest begin …)
    /// (line 12)`. At most `maxShownLines`, then how many more.
    func refusedLaunchLines(_ refused: [LifecycleResult.RefusedLaunch]) -> [Line] {
        foldedList("launches the system refused (no run):", refused, style: .missing,
                   more: { "\($0) more refused launch\($0 == 1 ? "" : "es")" }) { shown in
            let atWidth = shown.map(\.at.local.count).max() ?? 0
            let errorWidth = shown.map { refusal($0).count }.max() ?? 0
            return shown.map { launch in
                [launch.at.local.padding(atWidth), refusal(launch).padding(errorWidth), launch.identifier,
                 launch.earliestBegin.map { "(earliest begin \($0.local))" }, launch.line.map { "(line \($0))" }]
                    .compactMap { $0 }.joined(separator: "  ").trailingSpacesRemoved
            }
        }
    }

    /// The other lifecycle errors, after the refused launches: `2027-06-08 22:00 (+02:00)  too-many-pending
    /// com.example.app.sync  (line 8): 2 refresh requests would be pending …`; `(at the app's first start, the line of
    /// `clock:`)` for one raised before any step. At most `maxShownLines`, then how many more.
    func otherErrorLines(_ errors: [LifecycleResult.RaisedError]) -> [Line] {
        foldedList("other lifecycle errors (no launch refused):", errors, style: .missing,
                   more: { "\($0) more error\($0 == 1 ? "" : "s")" }) { shown in
            let atWidth = shown.map(\.at.local.count).max() ?? 0
            let codeWidth = shown.map(\.code.count).max() ?? 0
            return shown.map { error in
                let place = error.line.map { "(line \($0))" } ?? "(at the app's first start, the line of `clock:`)"
                return [error.at.local.padding(atWidth), error.code.padding(codeWidth), error.identifier, place + ": " + error.message]
                    .joined(separator: "  ")
            }
        }
    }

    /// The steps that ended, started or changed the app or the device, after the schedule changes:
    /// `2027-06-08 22:00 (+02:00)  force-quit  (line 23)`. At most `maxShownLines`, then how many more.
    func appEventLines(_ events: [LifecycleResult.AppEvent]) -> [Line] {
        foldedList("the app and the device (steps):", events, style: .plain, more: { "\($0) more" }) { shown in
            let atWidth = shown.map(\.at.local.count).max() ?? 0
            return shown.map { event in
                [event.at.local.padding(atWidth), event.step, event.detail.isEmpty ? nil : event.detail, event.line.map { "(line \($0))" }]
                    .compactMap { $0 }.joined(separator: "  ")
            }
        }
    }

    /// A heading and one line per item (`rows` words the shown ones, aligned among themselves): the first
    /// `maxShownLines`, then how many more, which the JSON results list. Nothing for no item.
    private func foldedList<Item>(_ heading: String, _ items: [Item], style: Style, more: (Int) -> String,
                                  rows: (ArraySlice<Item>) -> [String]) -> [Line] {
        guard !items.isEmpty else { return [] }
        let shown = items.prefix(maxShownLines)
        var lines = [Line(text: heading, style: .emphasis)]
        lines += rows(shown).map { Line(text: $0, style: style, indent: 2) }
        if items.count > shown.count {
            lines.append(Line(text: "\(glyphs.ellipsis) \(more(items.count - shown.count)) not shown (the JSON results list every one)",
                              style: .dim, indent: 2))
        }
        return lines
    }

    /// The `change-schedule` steps, after the runs: `2027-03-29 06:00 EDT (-04:00)  timezone: America/New_York,
    /// version: 2  (Europe/Berlin → America/New_York)  (line 25)`. Every one: a scenario writes each by hand.
    func scheduleChangeLines(_ changes: [LifecycleResult.ScheduleChange]) -> [Line] {
        guard !changes.isEmpty else { return [] }
        var lines = [Line(text: "schedule changes (change-schedule):", style: .emphasis)]
        let atWidth = changes.map(\.at.local.count).max() ?? 0
        for change in changes {
            let parts = [change.at.local.padding(atWidth), change.change,
                         change.movesZone ? "(\(change.previousTimeZone) \(glyphs.arrow) \(change.timeZone))" : nil,
                         change.line.map { "(line \($0))" }]
            lines.append(Line(text: parts.compactMap { $0 }.joined(separator: "  "), style: .plain, indent: 2))
        }
        return lines
    }

    /// The lifecycle error a refused launch raised, or what stands for it when the system raised none.
    func refusal(_ launch: LifecycleResult.RefusedLaunch) -> String { launch.error ?? "not launched" }

    /// `+02:00`, `-03:30`, `+00:00`.
    static func offset(_ seconds: Int) -> String { ResultInstant.offsetText(seconds) }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// The lines joined as plain text, each indented by its own indent plus `indent`.
    static func plain(_ lines: [Line], indent: Int = 0) -> String {
        lines.map { String(repeating: " ", count: indent + $0.indent) + $0.text }.joined(separator: "\n")
    }
}

extension String {
    /// The string padded with spaces to `width` characters (never cut).
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    var trailingSpacesRemoved: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
