import SpecResults

/// The planned-versus-actual picture of a lifecycle scenario: each plan on the top lane, its run on the bottom lane, a
/// line between them, on the local-time axis of the occurrence timeline (an overlap's ticks name both UTC instants).
/// The actual lane also shows each launch the system refused (a hollow diamond at the time it was attempted), and an
/// expectation not met on an instant shows the instant the spec writes, as a hollow triangle: a `runs[N].planned` or
/// `runs[N].actual` on that lane with a dotted line to the run it describes, a `runs[N]` the scenario does not have
/// ("no run") on the lane of the instant it writes, a `store.updated-at` on the actual lane (dotted to the run whose
/// commit set it), a `pending-requests[…].earliest-begin` on the planned lane.
///
/// Every marker stays at its own time. Markers that would cover each other — a catch-up's runs, all at the launch's
/// instant; both 02:30s of an autumn night; a failure at 03:00 and a kill at 03:01 — are stacked in rows away from
/// the other lane (upwards for plans, downwards for runs), one marker each, the earlier nearer the lane; past seven
/// rows a lane's rows share 84 px and overlap in part. The labels of a small group are written side by side in time
/// order, and labels that would still collide are stacked as the occurrence timeline stacks them, with a leader to
/// their marker; identical labels are written once with a count (`03:01 expired ×2`); and a label whose local time
/// is not one instant — another mark has the same reading at another offset, or it lies in an overlap — adds its
/// UTC (`02:30 · 00:30Z`).
struct HTMLLifecyclePicture {
    enum Lane { case planned, actual }

    /// What a marker stands for.
    enum Kind: Equatable {
        /// A plan or a run (`Mark.run` is the run's index).
        case run
        /// The cross on the actual lane where a plan never ran.
        case never
        /// A launch the system refused (`Mark.run` is its index in `refusedLaunches`).
        case refused
        /// The instant an unmet expectation writes (`Mark.run` is its index in `expectedInstants`).
        case expected
    }

    /// One marker.
    struct Mark {
        var run: Int
        var lane: Lane
        var instant: ResultInstant
        var wall: Double
        var kind: Kind
        var bad: Bool
        /// Where it is drawn: its own time's x, and its row in its lane's stack (0 on the lane).
        var x = 0.0
        var row = 0
    }

    /// One label, shared by the marks it stands for.
    struct Label {
        var text: String
        var marks: [Int]
        var x: Double
        var level = 0
        /// The lowest level it may take: the first clear of its group's stack.
        var floor = 0
    }

    /// Markers closer than this (centre to centre, in px) are stacked; a marker is 12 px wide.
    static let markerGap = 14.0
    /// The widest a group of side-by-side instants of the occurrence timeline grows (`spread`); past it they share
    /// the room and overlap in part.
    static let widestGroup = 84.0
    /// The room between stacked rows, and the most a lane's stack grows: past it the rows overlap in part.
    static let rowStep = 14.0
    static let tallestStack = 84.0
    /// The room between side-by-side labels, and the most labels of one group written side by side.
    static let labelGap = 6.0
    static let sideBySide = 3
    /// The furthest side by side moves a label from its marks: further, a group's labels are each written over its
    /// own marks, stacked (a long refused-launch label beside a short one pushed both 100 px off their marks).
    static let sideBySideShift = 60.0
    /// A stacked label's rise (planned) or drop (actual) per level.
    static let labelStep = 14.0

    /// The marks of a scenario: plans, runs, crosses, refused launches and the instants unmet `runs[N]` checks write.
    /// A scenario whose schedule moved to another zone (`change-schedule`) has instants in two zones: one local axis
    /// would put New York's 02:30 before Berlin's 04:00 of the same day, so it is drawn on a UTC axis, each label still
    /// in its own zone's time (`02:30 EDT`).
    static func marks(_ lifecycle: LifecycleResult) -> [Mark] {
        let utcAxis = lifecycle.changesZone
        func position(_ instant: ResultInstant) -> Double? { utcAxis ? instant.epochSeconds : instant.wallSeconds }
        var marks: [Mark] = []
        for (index, run) in lifecycle.runs.enumerated() {
            let bad = !ranToCompletion(run)
            if let planned = run.planned, let wall = position(planned) {
                marks.append(Mark(run: index, lane: .planned, instant: planned, wall: wall, kind: .run, bad: bad))
                if run.actual == nil {
                    marks.append(Mark(run: index, lane: .actual, instant: planned, wall: wall, kind: .never, bad: true))
                }
            }
            if let actual = run.actual, let wall = position(actual) {
                marks.append(Mark(run: index, lane: .actual, instant: actual, wall: wall, kind: .run, bad: bad))
            }
        }
        for (index, refused) in lifecycle.refusedLaunches.enumerated() {
            if let wall = position(refused.at) {
                marks.append(Mark(run: index, lane: .actual, instant: refused.at, wall: wall, kind: .refused, bad: true))
            }
        }
        for (index, expected) in expectedInstants(lifecycle).enumerated() {
            if let wall = position(expected.instant) {
                marks.append(Mark(run: index, lane: expected.lane, instant: expected.instant, wall: wall, kind: .expected, bad: true))
            }
        }
        return marks
    }

    /// The axis a picture of these marks is drawn on, wide enough for the steps' lines too (`steps`: where each
    /// schedule change and each step of the app or the device falls): a force-quit a day before the first launch is
    /// the cause of what the picture shows. Nil when there is no mark: steps alone make no picture.
    /// A step further from the marks than `stepReach` (or than their own span, when longer) is not drawn: a step years
    /// away squeezed every night's runs into one column (a review); the list under the picture names it.
    static func axis(_ marks: [Mark], steps: [Double] = []) -> HTMLTimeline.Axis? {
        guard let low = marks.map(\.wall).min(), let high = marks.map(\.wall).max() else { return nil }
        let reach = max(stepReach, high - low)
        let near = steps.filter { $0 >= low - reach && $0 <= high + reach }
        let first = min(low, near.min() ?? low), last = max(high, near.max() ?? high)
        return HTMLTimeline.Axis(start: first - 3 * 3600, end: last + 3 * 3600).rounded()
    }

    /// How far from the marks a step still widens the picture: three days (a force-quit the weekend before).
    static let stepReach = 3.0 * 86_400

    /// Where the scenario's schedule changes and steps of the app or the device fall on its axis.
    static func stepPositions(_ lifecycle: LifecycleResult) -> [Double] {
        let utcAxis = lifecycle.changesZone
        func position(_ instant: ResultInstant) -> Double? { utcAxis ? instant.epochSeconds : instant.wallSeconds }
        return lifecycle.scheduleChanges.compactMap { position($0.at) } + lifecycle.appEvents.compactMap { position($0.at) }
    }

    /// Whether some marker of a lane is stacked above or below another.
    static func isStacked(_ marks: [Mark], steps: [Double] = []) -> Bool {
        guard let axis = axis(marks, steps: steps) else { return false }
        return [Lane.planned, .actual].contains { lane in
            stack(marks.filter { $0.lane == lane }.map { axis.x($0.wall) }.sorted()).rows.contains { $0 > 0 }
        }
    }

    /// The SVG, or nil when nothing has an instant to place.
    static func render(_ lifecycle: LifecycleResult, zoneContext: ZoneContext?) -> String? {
        let runs = lifecycle.runs
        var marks = marks(lifecycle)
        guard let axis = axis(marks, steps: stepPositions(lifecycle)) else { return nil }
        let expected = expectedInstants(lifecycle)
        let utcAxis = lifecycle.changesZone
        // On a UTC axis the first zone's offset changes are not where its wall clock puts them: left out (the runs
        // table and the labels name each zone).
        let transitions = utcAxis ? [] : zoneContext?.transitions ?? []

        let ambiguous = ambiguousMarks(marks, transitions: transitions)
        var labels: [Lane: [Label]] = [:], stackHeight: [Lane: Double] = [:], step: [Lane: Double] = [:]
        for lane in [Lane.planned, .actual] {
            let members = marks.indices.filter { marks[$0].lane == lane }
                .sorted { (axis.x(marks[$0].wall), marks[$0].instant.epochSeconds, marks[$0].kind.order, marks[$0].run)
                    < (axis.x(marks[$1].wall), marks[$1].instant.epochSeconds, marks[$1].kind.order, marks[$1].run) }
            let xs = members.map { axis.x(marks[$0].wall) }
            let (rows, groups) = stack(xs, ranks: members.map { marks[$0].kind.order })
            for (position, index) in members.enumerated() {
                marks[index].x = xs[position]
                marks[index].row = rows[position]
            }
            let depth = (rows.max() ?? 0) + 1
            let laneStep = depth < 2 ? rowStep : min(rowStep, tallestStack / Double(depth - 1))
            step[lane] = laneStep
            stackHeight[lane] = Double(depth - 1) * laneStep
            labels[lane] = self.labels(members: members, groups: groups, marks: marks, lifecycle: lifecycle, expected: expected,
                                       ambiguous: ambiguous, lane: lane, rowHeight: laneStep)
        }
        let plannedLabels = labels[.planned] ?? [], actualLabels = labels[.actual] ?? []
        let plannedLevels = Double((plannedLabels.map(\.level).max() ?? 0) + 1)
        let actualLevels = Double((actualLabels.map(\.level).max() ?? 0) + 1)
        // A label is as many levels from its lane as its group's stack needs, so the top planned label always sits at
        // y 28, under the offset change's caption, and the lowest actual one 40 px above the axis.
        let plannedStack = stackHeight[.planned] ?? 0, actualStack = stackHeight[.actual] ?? 0
        let plannedY = 40 + max((plannedLevels - 1) * labelStep, plannedStack)
        let actualY = plannedY + 80
        let axisY = actualY + 40 + max((actualLevels - 1) * labelStep, actualStack)
        func y(_ mark: Mark) -> Double {
            mark.lane == .planned ? plannedY - Double(mark.row) * (step[.planned] ?? rowStep)
                : actualY + Double(mark.row) * (step[.actual] ?? rowStep)
        }
        func plannedLabelY(_ label: Label) -> Double { plannedY - 12 - Double(label.level) * labelStep }
        func actualLabelY(_ label: Label) -> Double { actualY + 22 + Double(label.level) * labelStep }

        let (title, description) = describe(lifecycle, transitions: transitions, undrawn: Set(transitions.filter { transition in
            let (low, high) = HTMLTimeline.region(transition)
            return !(axis.contains(low) || axis.contains(high))
        }.map(\.at.epochSeconds)))
        var svg = SVG(width: HTMLTimeline.width, height: axisY + 56 + axis.yearRowHeight, title: title, description: description)
        // Where each change's caption stands on the top row, so a schedule change's caption does not print over it.
        var regionCaptions: [ClosedRange<Double>] = []
        for transition in transitions {
            let (low, high) = HTMLTimeline.region(transition)
            guard axis.contains(low) || axis.contains(high) else { continue }
            let cls = transition.isGap ? "gap" : "overlap"
            let x1 = axis.x(low), x2 = max(axis.x(high), axis.x(low) + 3)
            svg.rect(x: x1, y: 4, width: x2 - x1, height: axisY - 8, cls: "region \(cls)")
            let abbreviations = [transition.abbreviationBefore, transition.abbreviationAfter].compactMap { $0 }
            // A zone without abbreviations (Lord Howe) names its offsets: "offset change" said nothing of them (a review).
            let regionCaption = abbreviations.count == 2 ? "\(abbreviations[0]) → \(abbreviations[1])"
                : "\(ResultInstant.offsetText(transition.offsetBefore)) → \(ResultInstant.offsetText(transition.offsetAfter))"
            svg.text(x: x2 + 4, y: 16, regionCaption, cls: "region-sub \(cls)", anchor: "start")
            regionCaptions.append((x2 + 4)...(x2 + 4 + Self.captionWidth(regionCaption)))
        }
        let marginLeft = HTMLTimeline.marginLeft, right = HTMLTimeline.width - HTMLTimeline.marginRight
        svg.text(x: 8, y: plannedY + 4, "planned", cls: "lane-caption", anchor: "start")
        svg.text(x: 8, y: actualY + 4, "actual", cls: "lane-caption", anchor: "start")
        svg.line(x1: marginLeft, y1: plannedY, x2: right, y2: plannedY, cls: "lane")
        svg.line(x1: marginLeft, y1: actualY, x2: right, y2: actualY, cls: "lane")
        // UTC under a tick only where the results settle it: near the runs the zone context was searched around
        // (30 monthly launches read the first change's offsets under every tick, two years of them).
        let offsets = HTMLTimeline.OffsetKnowledge(
            searched: utcAxis ? [] : ZoneContext.searchedInstants(diff: [], expected: [], actual: [], runs: runs), context: utcAxis ? nil : zoneContext)
        HTMLTimeline.axisLines(&svg, axis: axis, y: axisY, offsets: offsets, caption: utcAxis ? "UTC" : "local")
        // Each schedule change and each step of the app or the device (a force-quit, an update), a dashed line across
        // the lanes at its time, captioned with what it changed (a move: the zone it moved to; a step: its action).
        // Those closer than a caption's width share one caption (two at one instant printed over each other).
        var groups: [(x: Double, changes: [LifecycleResult.ScheduleChange], events: [LifecycleResult.AppEvent])] = []
        let lines: [(x: Double, change: LifecycleResult.ScheduleChange?, event: LifecycleResult.AppEvent?)] =
            (lifecycle.scheduleChanges.compactMap { change in
                (utcAxis ? change.at.epochSeconds : change.at.wallSeconds).flatMap { axis.contains($0) ? (axis.x($0), change, nil) : nil }
            } + lifecycle.appEvents.compactMap { event in
                (utcAxis ? event.at.epochSeconds : event.at.wallSeconds).flatMap { axis.contains($0) ? (axis.x($0), nil, event) : nil }
            }).sorted { $0.x < $1.x }
        for line in lines {
            svg.line(x1: line.x, y1: 20, x2: line.x, y2: axisY, cls: line.change != nil ? "schedule-change" : "app-event")
            if let last = groups.last, line.x - last.x < Self.captionWidth(Self.caption(last.changes, last.events)) {
                if let change = line.change { groups[groups.count - 1].changes.append(change) }
                if let event = line.event { groups[groups.count - 1].events.append(event) }
            } else {
                groups.append((line.x, line.change.map { [$0] } ?? [], line.event.map { [$0] } ?? []))
            }
        }
        // A caption that would run past the picture's right edge starts further left (it was cut off at the edge),
        // though never over the caption before it.
        // One that would print over a DST change's caption stands left of its line instead, where there is room (a
        // review read "next-valid-timeCET → CEST").
        var captionEnd = 0.0
        for group in groups {
            let caption = Self.caption(group.changes, group.events)
            let width = Self.captionWidth(caption)
            var x = max(min(group.x + 4, HTMLTimeline.width - 4 - width + 12), captionEnd)
            if regionCaptions.contains(where: { $0.overlaps(x...(x + width - 12)) }), group.x - 4 - (width - 12) >= max(captionEnd, 4),
               !regionCaptions.contains(where: { $0.overlaps((group.x - 4 - (width - 12))...(group.x - 4)) }) {
                x = group.x - 4 - (width - 12)
            }
            svg.text(x: x, y: 16, caption, cls: "schedule-change-label", anchor: "start")
            captionEnd = x + width
        }
        // Leaders first, so the labels' halo keeps the labels they cross readable; each to the nearest of its marks.
        // A label stacked out of its place, or pushed aside by its neighbours, has a leader to its marks.
        func needsLeader(_ label: Label) -> Bool { label.level > label.floor || abs(label.x - centre(label, marks)) > 24 }
        for label in plannedLabels where needsLeader(label) {
            let points = leader(label, from: plannedLabelY(label) + 3, marks: marks, y: y)
            for (a, b) in zip(points, points.dropFirst()) { svg.line(x1: a.x, y1: a.y, x2: b.x, y2: b.y, cls: "leader") }
        }
        for label in actualLabels where needsLeader(label) {
            let points = leader(label, from: actualLabelY(label) - 11, marks: marks, y: y)
            for (a, b) in zip(points, points.dropFirst()) { svg.line(x1: a.x, y1: a.y, x2: b.x, y2: b.y, cls: "leader") }
        }
        var markOf: [String: Int] = [:]
        for index in marks.indices where markOf["\(marks[index].run)-\(marks[index].lane)-\(marks[index].kind)"] == nil {
            markOf["\(marks[index].run)-\(marks[index].lane)-\(marks[index].kind)"] = index
        }
        // Lines under the markers: a plan to its run (or its cross), and an expected instant to the mark it differs from.
        for index in runs.indices {
            guard let planned = markOf["\(index)-planned-run"].map({ marks[$0] }) else { continue }
            if let actual = markOf["\(index)-actual-run"].map({ marks[$0] }) {
                svg.line(x1: planned.x, y1: y(planned) + 6, x2: actual.x, y2: y(actual) - 6,
                         cls: "delay \(actual.bad ? "run-bad" : "run-ok")")
            } else if let never = markOf["\(index)-actual-never"].map({ marks[$0] }) {
                svg.line(x1: planned.x, y1: y(planned) + 6, x2: never.x, y2: y(never) - 8, cls: "delay missed")
            }
        }
        for mark in marks where mark.kind == .expected {
            guard let run = expected[mark.run].run else { continue }
            let found = markOf["\(run)-\(mark.lane)-run"] ?? markOf["\(run)-\(mark.lane)-never"]
            if let found {
                svg.line(x1: mark.x, y1: y(mark), x2: marks[found].x, y2: y(marks[found]), cls: "expected-link")
            }
        }
        // A run that a `runs` expectation describes otherwise is ringed in red on both lanes: without it a scenario
        // failing on runs[4] showed a picture of green lines only, as if nothing was wrong.
        let unmet = Set(unmetRuns(lifecycle).map { $0.number - 1 })
        for mark in marks where unmet.contains(mark.run) && (mark.kind == .run || mark.kind == .never) {
            svg.circle(x: mark.x, y: y(mark), r: 10, cls: "unmet")
        }
        for mark in marks {
            switch mark.kind {
            case .run where mark.lane == .planned: svg.circle(x: mark.x, y: y(mark), r: 6, cls: "planned")
            case .run: svg.circle(x: mark.x, y: y(mark), r: 6, cls: "actual \(mark.bad ? "run-bad" : "run-ok")")
            case .never: svg.cross(x: mark.x, y: y(mark), cls: "run-bad")
            case .refused: svg.diamond(x: mark.x, y: y(mark), cls: "refused")
            case .expected: svg.triangle(x: mark.x, y: y(mark), pointingDown: mark.lane == .planned, cls: "expected-run")
            }
        }
        for label in plannedLabels {
            svg.text(x: label.x, y: plannedLabelY(label), label.text, cls: labelClass(marks[label.marks[0]]))
        }
        for label in actualLabels {
            svg.text(x: label.x, y: actualLabelY(label), label.text, cls: labelClass(marks[label.marks[0]]))
        }
        return svg.close()
    }

    /// A plan's time is blue, a run's outcome green or red; refused launches and expected instants are red.
    private static func labelClass(_ mark: Mark) -> String {
        switch mark.kind {
        case .run where mark.lane == .planned: "run-time"
        case .run: "run-outcome \(mark.bad ? "run-bad" : "run-ok")"
        case .never, .refused, .expected: "run-outcome run-bad"
        }
    }

    /// What the picture shows, in words: its name counts the runs by outcome, the refused launches, and names the runs
    /// not as expected (`Planned versus actual runs: 3 runs, 1 completed, 1 expired, 1 missed; 1 launch refused;
    /// runs[2] not as expected`), its description each run in order (`runs[2]: planned 2027-03-28 02:30 CET (+01:00),
    /// ran 2027-03-28 04:00 CEST (+02:00), expired.`), with what an unmet expectation writes instead, and each refused
    /// launch, after the offset changes.
    /// `undrawn`: the changes (by instant) that lie outside the picture's span; the description says they are not in it
    /// (a review read of a change the picture, starting hours later, did not show).
    static func describe(_ lifecycle: LifecycleResult, transitions: [ZoneContext.Transition],
                         undrawn: Set<Double> = []) -> (title: String, description: String) {
        let runs = lifecycle.runs, refused = lifecycle.refusedLaunches
        var outcomes: [String] = [], counts: [String: Int] = [:]
        for run in runs {
            if counts[run.outcome] == nil { outcomes.append(run.outcome) }
            counts[run.outcome, default: 0] += 1
        }
        let drawn = expectedInstants(lifecycle)
        // The runs an unmet check describes, then each other check whose instant is drawn (a run the scenario does not
        // have, updated-at, an earliest begin).
        let unmet = unmetRuns(lifecycle).map { "runs[\($0.number)]" } + drawn.filter { !$0.describesRun }.map(\.check)
        let title = "Planned versus actual runs: \(runs.count) run\(runs.count == 1 ? "" : "s")"
            + outcomes.map { ", \(counts[$0] ?? 0) \($0)" }.joined()
            + (refused.isEmpty ? "" : "; \(refused.count) launch\(refused.count == 1 ? "" : "es") refused")
            + (unmet.isEmpty ? "" : "; \(unmet.joined(separator: ", ")) not as expected")
        var sentences = transitions.map { transition in
            "The offset changes at \(transition.at.utc)\(undrawn.contains(transition.at.epochSeconds) ? ", outside this picture's span" : ""): "
                + "\(HTMLTimeline.changeText(transition))."
        }
        let unmetNumbers = Set(unmetRuns(lifecycle).map(\.number))
        var expected: [Int: [String]] = [:]
        for item in drawn where item.describesRun {
            guard let run = item.run else { continue }
            expected[run + 1, default: []].append("expected \(item.lane == .planned ? "planned" : "to run") \(item.instant.local)")
        }
        for (index, run) in runs.enumerated() {
            let planned = run.planned.map { "planned \($0.local)" } ?? "unplanned"
            let ran = run.actual.map { "ran \($0.local)" } ?? "never ran"
            let differs = expected[index + 1].map { "; not as expected: " + $0.joined(separator: ", ") }
                ?? (unmetNumbers.contains(index + 1) ? "; not as expected" : "")
            sentences.append("runs[\(index + 1)]: \(planned), \(ran), \(run.outcome)" + (run.reason.map { " (\($0))" } ?? "") + differs + ".")
        }
        for item in drawn where !item.describesRun {
            let expectedText = item.noRun ? "expected \(item.lane == .planned ? "planned" : "to run") \(item.instant.local)"
                : "expected \(item.instant.local)"
            sentences.append("\(item.check) not as expected: \(expectedText), actual \(item.actual).")
        }
        for change in lifecycle.scheduleChanges {
            let what = change.movesZone ? " from \(change.previousTimeZone) to \(change.timeZone)" : ""
            sentences.append("The schedule changes at \(change.at.local)\(what) (\(change.change))" + (change.line.map { " (line \($0))" } ?? "") + ".")
        }
        for event in lifecycle.appEvents {
            sentences.append("Step \(event.step) at \(event.at.local)" + (event.detail.isEmpty ? "" : " (\(event.detail))")
                + (event.line.map { " (line \($0))" } ?? "") + ".")
        }
        if lifecycle.changesZone { sentences.append("The axis is in UTC: the schedule moved to another zone.") }
        for launch in refused {
            let floor = launch.earliestBegin.map { ", before the request's earliest begin \($0.local)" } ?? ""
            sentences.append("Launch refused at \(launch.at.local)" + (launch.line.map { " (line \($0))" } ?? "")
                + ": \(launch.error ?? "the system did not launch it")\(floor).")
        }
        return (title, sentences.joined(separator: " "))
    }

    /// What the picture draws, for its caption: the marks whose meaning is not written beside them.
    static func legend(_ lifecycle: LifecycleResult) -> [HTMLTimeline.LegendItem] {
        let runs = lifecycle.runs
        // Nothing planned (an expiration scenario's launches without a schedule): no legend for an empty lane (a review).
        var items = runs.contains(where: { $0.planned != nil }) ? [HTMLTimeline.LegendItem(cls: "expected", text: "○ planned (top lane)")] : []
        let ran = runs.filter { $0.actual != nil }
        if ran.contains(where: ranToCompletion) {
            items.append(HTMLTimeline.LegendItem(cls: "passed", text: "● completed (bottom lane)"))
        }
        if ran.contains(where: { !ranToCompletion($0) }) {
            items.append(HTMLTimeline.LegendItem(cls: "missing", text: "hollow, red outline, dashed line: did not complete"))
        }
        if runs.contains(where: { $0.actual == nil && $0.planned != nil }) {
            items.append(HTMLTimeline.LegendItem(cls: "missing", text: "✕ never ran"))
        }
        if !lifecycle.refusedLaunches.isEmpty {
            items.append(HTMLTimeline.LegendItem(cls: "missing", text: "◇ launch the system refused (no run)"))
        }
        let drawn = expectedInstants(lifecycle)
        if !drawn.isEmpty {
            var names: [String] = []
            for item in drawn {
                let name = item.name.hasPrefix("runs[") ? "runs[N]" : item.name
                if !names.contains(name) { names.append(name) }
            }
            let dotted = drawn.contains { $0.run != nil } ? ", dotted to the run" : ""
            items.append(HTMLTimeline.LegendItem(cls: "missing", text: names == ["runs[N]"]
                ? "△ ▽ what runs[N] expects instead\(dotted)"
                : "△ ▽ what the spec expects instead (\(names.joined(separator: ", ")))\(dotted)"))
        }
        if isStacked(marks(lifecycle), steps: stepPositions(lifecycle)) {
            items.append(HTMLTimeline.LegendItem(cls: nil, text: "marks at one time stacked, one for each"))
        }
        return items
    }

    /// Whether a run is drawn as completed (a filled dot on a solid line) rather than hollow on a dashed one.
    static func ranToCompletion(_ run: LifecycleResult.Run) -> Bool {
        run.actual != nil && ["completed", "ok", "success"].contains(run.outcome)
    }

    /// The runs a `runs` expectation that is not met describes (`runs[4]`: the fourth run, 1-based as written), each
    /// once, with the line the expectation is written on; an expected run past the last one is left out (there is no
    /// run to ring). A run that differs is checked field by field (`runs[2].actual`, `runs[2].outcome`): the name
    /// `runs[2]` alone is only that of a met line or of a run the scenario does not have, so reading that name alone
    /// ringed nothing in a real run.
    static func unmetRuns(_ lifecycle: LifecycleResult) -> [(number: Int, line: Int?)] {
        var seen: Set<Int> = []
        return lifecycle.expectations.compactMap { check in
            guard !check.passed, let number = runNumber(check.name), number <= lifecycle.runs.count,
                  seen.insert(number).inserted else { return nil }
            return (number, check.line)
        }
    }

    /// `4` for `runs[4]` and for a field of it (`runs[4].actual`); nil for any other name.
    static func runNumber(_ name: String) -> Int? {
        guard name.hasPrefix("runs["), let close = name.firstIndex(of: "]"),
              name[name.index(after: close)...].isEmpty || name[name.index(after: close)...].hasPrefix("."),
              let number = Int(name[name.index(name.startIndex, offsetBy: 5)..<close]), number >= 1 else { return nil }
        return number
    }

    /// An instant an unmet check writes, as the picture draws it.
    struct ExpectedInstant {
        /// What its label calls it: `runs[2]`, `updated-at`, `earliest-begin`.
        var name: String
        var lane: Lane
        var instant: ResultInstant
        /// The run (index in `runs`) it is dotted to: the run a `runs[N].planned` / `.actual` check describes, the run
        /// whose commit set the actual `updated-at`; nil for a run the scenario does not have, and an earliest begin.
        var run: Int?
        /// A `runs[N]` the scenario does not have.
        var noRun = false
        /// The check's name and actual side, for the picture's description.
        var check: String
        var actual: String

        /// A field of a run the scenario has (`runs[2].actual`): described in that run's sentence.
        var describesRun: Bool { name.hasPrefix("runs[") && run != nil }
    }

    /// The instants unmet checks write (results of older versions keep them only as text, and draw none):
    /// - `runs[N].planned` / `runs[N].actual` on the lane of the field, for a run the scenario has;
    /// - `runs[N]` past the last run ("no run"): the instant the runner keeps (the written actual, else the planned),
    ///   on the actual lane when the spec writes an actual (its expected side reads `…actual <instant>…`);
    /// - `store.updated-at` on the actual lane (each commit carries its launch's time), dotted to the last run that
    ///   ran at the actual updated-at;
    /// - `pending-requests[<id>].earliest-begin` on the planned lane (a request's floor is when it may run).
    static func expectedInstants(_ lifecycle: LifecycleResult) -> [ExpectedInstant] {
        lifecycle.expectations.compactMap { check in
            guard !check.passed, let instant = check.expectedInstant else { return nil }
            if let number = runNumber(check.name) {
                let name = "runs[\(number)]"
                if number <= lifecycle.runs.count {
                    if check.name == name + ".planned" {
                        return ExpectedInstant(name: name, lane: .planned, instant: instant, run: number - 1, check: check.name,
                                               actual: check.actual)
                    }
                    if check.name == name + ".actual" {
                        return ExpectedInstant(name: name, lane: .actual, instant: instant, run: number - 1, check: check.name,
                                               actual: check.actual)
                    }
                    return nil
                }
                guard check.name == name else { return nil }
                // `{actual: …, key: …}` as the runner writes it since 2026-12-03; `actual …, key …` before.
                let writesActual = ["actual ", "{actual: "].contains { check.expected.hasPrefix($0) }
                    || [", actual ", ", actual: "].contains { check.expected.contains($0) }
                return ExpectedInstant(name: name, lane: writesActual ? .actual : .planned, instant: instant, run: nil,
                                       noRun: true, check: check.name, actual: check.actual)
            }
            if check.name == "store.updated-at" {
                let run = lifecycle.runs.lastIndex { $0.actual?.offsetForm == check.actual }
                return ExpectedInstant(name: "updated-at", lane: .actual, instant: instant, run: run, check: check.name,
                                       actual: check.actual)
            }
            if check.name.hasPrefix("pending-requests["), check.name.hasSuffix("].earliest-begin") {
                return ExpectedInstant(name: "earliest-begin", lane: .planned, instant: instant, run: nil, check: check.name,
                                       actual: check.actual)
            }
            return nil
        }
    }

    /// The marks whose local reading (to the minute, as labelled) is not one instant: another mark reads the same at
    /// another offset, or the reading lies in an overlap of the zone context.
    static func ambiguousMarks(_ marks: [Mark], transitions: [ZoneContext.Transition]) -> Set<Int> {
        // Two offsets for one reading is the doubling; seconds apart at one offset is one reading, written once.
        var offsetsByMinute: [Int: Set<Double>] = [:]
        for mark in marks { offsetsByMinute[minute(mark.wall), default: []].insert(mark.wall - mark.instant.epochSeconds) }
        let overlaps = transitions.filter { !$0.isGap }.map(HTMLTimeline.region)
        return Set(marks.indices.filter { index in
            let wall = marks[index].wall
            return (offsetsByMinute[minute(wall)]?.count ?? 0) > 1 || overlaps.contains { wall >= $0.0 && wall < $0.1 }
        })
    }

    private static func minute(_ wall: Double) -> Int { Int((wall / 60).rounded(.down)) }

    /// Positions for instants of the occurrence timeline at `xs` (ascending): any closer than `markerGap` form a group, set side by side around
    /// the group's mean, `markerGap` apart (less once the group would be wider than `widestGroup`); groups that then
    /// come too close merge. Also each marker's group number.
    static func spread(_ xs: [Double]) -> (positions: [Double], groups: [Int]) {
        func width(_ count: Int) -> Double { min(markerGap * Double(max(count - 1, 0)), widestGroup) }
        // The sums of xs before each index, so a group's mean costs the same however large it is: summed again at
        // each marker a group took in, 99,000 differing occurrences (one group) took 19 s to draw.
        var before = [0.0]
        before.reserveCapacity(xs.count + 1)
        for x in xs { before.append(before[before.count - 1] + x) }
        func bounds(_ group: Range<Int>) -> (left: Double, right: Double) {
            let mean = (before[group.upperBound] - before[group.lowerBound]) / Double(group.count)
            return (mean - width(group.count) / 2, mean + width(group.count) / 2)
        }
        var groups: [Range<Int>] = []
        for index in xs.indices {
            groups.append(index..<index + 1)
            // Each merge removes a group, so this ends after at most xs.count merges in all.
            while groups.count >= 2, bounds(groups[groups.count - 1]).left - bounds(groups[groups.count - 2]).right < markerGap {
                let merged = groups[groups.count - 2].lowerBound..<groups[groups.count - 1].upperBound
                groups.removeLast(2)
                groups.append(merged)
            }
        }
        var positions = xs, numbers = [Int](repeating: 0, count: xs.count)
        for (number, group) in groups.enumerated() {
            let left = bounds(group).left
            let step = group.count < 2 ? 0 : width(group.count) / Double(group.count - 1)
            for (offset, index) in group.enumerated() {
                positions[index] = left + Double(offset) * step
                numbers[index] = number
            }
        }
        return (positions, numbers)
    }

    /// Rows for markers at `xs` (ascending), each kept at its x. Markers chained by gaps under `markerGap` are a group
    /// (their labels are placed together); within a group, taken in the order of `ranks` (then x), each marker takes
    /// the lowest row where it covers no marker, so markers at one time climb a stack, markers a little apart
    /// alternate between two rows, and runs stay nearer the lane than the refused launches and expected instants
    /// beside them (a plan's line to its run then crosses no other mark of the stack).
    static func stack(_ xs: [Double], ranks: [Int]? = nil) -> (rows: [Int], groups: [Int]) {
        var groups: [Int] = [], group = 0
        groups.reserveCapacity(xs.count)
        for (index, x) in xs.enumerated() {
            if index > 0, x - xs[index - 1] >= markerGap { group += 1 }
            groups.append(group)
        }
        var rows = [Int](repeating: 0, count: xs.count)
        var start = 0
        while start < xs.count {
            var end = start
            while end < xs.count, groups[end] == groups[start] { end += 1 }
            let order = (start..<end).sorted { (ranks?[$0] ?? 0, $0) < (ranks?[$1] ?? 0, $1) }
            var taken: [[Double]] = []
            for index in order {
                let x = xs[index]
                if let row = taken.firstIndex(where: { $0.allSatisfy { abs($0 - x) >= markerGap } }) {
                    taken[row].append(x)
                    rows[index] = row
                } else {
                    taken.append([x])
                    rows[index] = taken.count - 1
                }
            }
            start = end
        }
        return (rows, groups)
    }

    /// A schedule change's caption: the zone it moved to, else what it changed, cut to about 40 characters; for changes
    /// drawn close together, how many and the zone the last one leaves.
    /// A group's caption: its schedule changes', or its one step's action (`force-quit`, `availability: refresh-disabled`),
    /// or how many changes and steps share it.
    static func caption(_ changes: [LifecycleResult.ScheduleChange], _ events: [LifecycleResult.AppEvent]) -> String {
        if events.isEmpty { return caption(changes) }
        // A step that ended a force-quit is captioned with that alone (`submit: ended the force-quit`): the detail
        // before it was cut away at 40 characters (a review); the list under the picture says it whole.
        // A launch that started the app is `launch: started in the background`, which fits whole.
        let ending = "ended the force-quit", background = "started the app in the background"
        let detail = events.first.map {
            $0.detail.hasSuffix(ending) ? ending : $0.detail == background ? "started in the background" : $0.detail
        } ?? ""
        let text = changes.isEmpty && events.count == 1
            ? events[0].step + (detail.isEmpty ? "" : ": " + detail)
            : "\(changes.count + events.count) steps"
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }

    static func caption(_ changes: [LifecycleResult.ScheduleChange]) -> String {
        guard let last = changes.last else { return "" }
        let text = changes.count == 1 ? (last.movesZone ? "→ \(last.timeZone)" : last.change)
            : "\(changes.count) changes" + (changes.contains(where: \.movesZone) ? " → \(last.timeZone)" : "")
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }

    /// The room a change's caption takes: about 6.5 px a character at 11 px bold, and a gap.
    static func captionWidth(_ caption: String) -> Double { Double(caption.count) * 6.5 + 12 }

    /// The zone abbreviation of an instant's local text (`EDT` of `2027-03-30 02:30 EDT (-04:00)`), when it has one.
    static func abbreviation(of instant: ResultInstant) -> String? {
        let words = instant.local.split(separator: " ")
        guard words.count >= 3, !words[2].hasPrefix("(") else { return nil }
        return String(words[2])
    }

    /// The labels of one lane: within a group of side-by-side markers, marks with the same text share one label
    /// (`×2`) and up to `sideBySide` others are written side by side, unless that moves one more than
    /// `sideBySideShift` from its marks; labels that would still cover each other, or a mark of the lane (another
    /// group's stack, which a label pushed aside ran over), are stacked.
    private static func labels(members: [Int], groups: [Int], marks: [Mark], lifecycle: LifecycleResult,
                               expected: [ExpectedInstant], ambiguous: Set<Int>, lane: Lane, rowHeight: Double) -> [Label] {
        let runs = lifecycle.runs
        var labels: [Label] = []
        var byGroupAndText: [String: Int] = [:]
        for (position, index) in members.enumerated() {
            let mark = marks[index]
            // A refused launch's seconds matter: 08:14:59 is one second before its floor.
            let utcAxis = lifecycle.changesZone
            let clock = WallClock(wallSeconds: utcAxis ? mark.instant.wallSeconds ?? mark.wall : mark.wall)
            // On a UTC axis the date row gives UTC dates: a label whose local date is another (New York's 20:30 of the
            // 29th stands over the 30th, UTC) gives its own (`Mon 29 Mar 20:30 EDT`).
            let otherDay = utcAxis && clock.isoDate != WallClock(wallSeconds: mark.wall).isoDate
            let time = (otherDay ? clock.shortDate + " " : "") + (mark.kind == .refused ? clock.timeWithSeconds : clock.time)
                + (utcAxis ? abbreviation(of: mark.instant).map { " " + $0 } ?? "" : "")
                + (ambiguous.contains(index) ? " · " + WallClock(wallSeconds: mark.instant.epochSeconds).time + "Z" : "")
            let text = switch (mark.lane, mark.kind) {
            case (_, .expected): "\(expected[mark.run].name) expected \(time)" + (expected[mark.run].noRun ? " (no run)" : "")
            case (.planned, _): time
            case (.actual, .never): runs[mark.run].outcome
            case (.actual, .run): time + " " + runs[mark.run].outcome
            case (.actual, .refused): time + " refused" + refusal(lifecycle.refusedLaunches[mark.run], withZone: utcAxis)
            }
            let key = "\(groups[position])\n\(text)"
            if let existing = byGroupAndText[key] {
                labels[existing].marks.append(index)
            } else {
                byGroupAndText[key] = labels.count
                labels.append(Label(text: text, marks: [index], x: mark.x))
            }
        }
        for index in labels.indices where labels[index].marks.count > 1 {
            labels[index].text += " ×\(labels[index].marks.count)"
        }
        // About 7 px a character at 11 px (monospaced times, bold outcomes), and room for the halo.
        let widths = labels.map { Double($0.text.count) * 7 + 8 }
        // A small group's labels side by side in the order of its markers, so the left label is the left marker's;
        // a larger group's labels each over its own marker (side by side they would drift far from them), stacked.
        let groupOf = labels.map { groups[members.firstIndex(of: $0.marks[0]) ?? 0] }
        var labelsInGroup: [Int: Int] = [:]
        for group in groupOf { labelsInGroup[group, default: 0] += 1 }
        var rows: [[Int]] = []
        for index in labels.indices {
            let group = groupOf[index]
            if let row = rows.last, groupOf[row[0]] == group, (labelsInGroup[group] ?? 0) <= sideBySide {
                rows[rows.count - 1].append(index)
            } else {
                rows.append([index])
            }
        }
        for row in rows {
            let total = row.map { widths[$0] }.reduce(0, +) + labelGap * Double(row.count - 1)
            let middle = row.map { centre(labels[$0], marks) }.reduce(0, +) / Double(row.count)
            var left = min(max(middle - total / 2, 2), HTMLTimeline.width - 2 - total)
            var placed: [Double] = []
            for index in row {
                placed.append(left + widths[index] / 2)
                left += widths[index] + labelGap
            }
            let sideways = zip(row, placed).allSatisfy { abs($1 - centre(labels[$0], marks)) <= sideBySideShift }
            for (index, x) in zip(row, placed) {
                // Too far from its marks side by side: over its marks, kept inside the picture.
                labels[index].x = sideways || row.count == 1 ? x
                    : min(max(centre(labels[index], marks), 2 + widths[index] / 2), HTMLTimeline.width - 2 - widths[index] / 2)
            }
        }
        // Each label clear of its group's stack: a group stacked three high writes its labels two levels out.
        var deepest: [Int: Int] = [:]
        for (position, index) in members.enumerated() { deepest[groups[position]] = max(deepest[groups[position]] ?? 0, marks[index].row) }
        for index in labels.indices {
            labels[index].floor = Int((Double(deepest[groupOf[index]] ?? 0) * rowHeight / labelStep).rounded(.up))
        }
        // Every mark of the lane keeps the levels a label would cover it at.
        var obstacles: [(left: Double, right: Double, level: Int)] = []
        for index in members {
            let depth = Double(marks[index].row) * rowHeight
            for level in 0...max(0, Int((depth / labelStep).rounded(.up))) where coversMark(level: level, depth: depth, lane: lane) {
                obstacles.append((marks[index].x - markHalf, marks[index].x + markHalf, level))
            }
        }
        // Group by group, the label of the mark nearest the lane first, so a stack's labels read in its order.
        let nearest = labels.map { $0.marks.map { marks[$0].row }.min() ?? 0 }
        let order = labels.indices.sorted { (groupOf[$0], nearest[$0], $0) < (groupOf[$1], nearest[$1], $1) }
        let levels = stackLevels(order.map { (labels[$0].x - widths[$0] / 2, labels[$0].x + widths[$0] / 2) },
                                 floors: order.map { labels[$0].floor }, obstacles: obstacles)
        for (position, index) in order.enumerated() { labels[index].level = levels[position] }
        return labels
    }

    /// A label's leader, as the points of its dotted line: from under (planned) or over (actual) the label to the
    /// nearest of its own marks. Straight to the mark's outer edge when nothing of the lane is stacked beyond it; else
    /// down the side of the stack and in to the mark's side: straight, the leader of the lower of Berlin's two 02:30s
    /// ended on the upper one, the run not as expected (a review read the wrong 02:30 as the failing one).
    static func leader(_ label: Label, from labelY: Double, marks: [Mark], y: (Mark) -> Double) -> [(x: Double, y: Double)] {
        guard let first = label.marks.first else { return [] }
        let lane = marks[first].lane
        // The label's mark nearest the label: the one furthest from the other lane.
        let target = label.marks.max { marks[$0].row < marks[$1].row } ?? first
        let mark = marks[target]
        let blocked = marks.indices.contains { index in
            !label.marks.contains(index) && marks[index].lane == lane && marks[index].row > mark.row
                && abs(marks[index].x - mark.x) < markerGap
        }
        let away = lane == .planned ? -1.0 : 1.0
        guard blocked else {
            return [(label.x, labelY), (centre(label, marks), y(mark) + away * 8)]
        }
        let side = label.x < mark.x ? -1.0 : 1.0
        let column = mark.x + side * (markerGap - 2)
        var points: [(x: Double, y: Double)] = [(label.x, labelY)]
        // A label over the stack first steps aside, under its own text, so the line crosses no mark of the stack.
        if abs(label.x - mark.x) < markerGap { points.append((column, labelY)) }
        points.append((column, y(mark)))
        points.append((mark.x + side * 7, y(mark)))
        return points
    }

    /// Half a marker's width, and the room kept beside it.
    static let markHalf = 9.0

    /// Whether a label at `level` covers a mark `depth` px from its lane, away from the other lane. A label's text
    /// spans 11 px above its baseline and 3 below; the baseline is 22 px below the actual lane plus a level's step,
    /// 12 px above the planned lane plus a level's step; a mark is 14 px tall.
    static func coversMark(level: Int, depth: Double, lane: Lane) -> Bool {
        let baseline = (lane == .actual ? 22.0 : 12.0) + Double(level) * labelStep
        // Distances from the lane, growing away from the other lane.
        let (near, far) = lane == .actual ? (baseline - 11, baseline + 3) : (baseline - 3, baseline + 11)
        return depth + 7 > near && depth - 7 < far
    }

    /// As `HTMLTimeline.stackLevels` (each span on the lowest level where it covers none), but each span on its
    /// floor or above, and clear of the obstacles (marks) on each level.
    static func stackLevels(_ spans: [(left: Double, right: Double)], floors: [Int],
                            obstacles: [(left: Double, right: Double, level: Int)] = []) -> [Int] {
        var taken: [[(left: Double, right: Double)]] = []
        func take(_ level: Int, _ span: (left: Double, right: Double)) {
            while taken.count <= level { taken.append([]) }
            taken[level].append(span)
        }
        for obstacle in obstacles { take(obstacle.level, (obstacle.left, obstacle.right)) }
        return zip(spans, floors).map { span, floor in
            var level = floor
            while level < taken.count, taken[level].contains(where: { $0.left < span.right && span.left < $0.right }) { level += 1 }
            take(level, span)
            return level
        }
    }

    /// After a refused launch's time: `: before 08:15` (its floor), or its error.
    /// The floor's date when it is another day (`before Mon 8 Nov 01:30`), its UTC when its reading is not later than
    /// the launch's (`02:45 · 15:45Z refused: before 02:30 · 16:30Z`, in an overlap). `withZone`: on the UTC axis of a
    /// move, whose labels each name their zone, the floor's abbreviation too (`before Tue 30 Mar 02:30 EDT`).
    private static func refusal(_ launch: LifecycleResult.RefusedLaunch, withZone: Bool = false) -> String {
        guard let floor = launch.earliestBegin, let wall = floor.wallSeconds, let at = launch.at.wallSeconds else {
            return launch.error.map { " (\($0))" } ?? ""
        }
        let clock = WallClock(wallSeconds: wall)
        let day = clock.isoDate == WallClock(wallSeconds: at).isoDate ? "" : clock.shortDate + " "
        let utc = wall <= at ? " · " + WallClock(wallSeconds: floor.epochSeconds).timeWithSeconds + "Z" : ""
        let zone = withZone ? abbreviation(of: floor).map { " " + $0 } ?? "" : ""
        return ": before " + day + clock.timeWithSeconds + zone + utc
    }

    /// The middle of the markers a label stands for.
    private static func centre(_ label: Label, _ marks: [Mark]) -> Double {
        label.marks.map { marks[$0].x }.reduce(0, +) / Double(label.marks.count)
    }
}

extension HTMLLifecyclePicture.Kind {
    /// At one time, the run nearest the lane, then a cross, a refused launch, an expected instant.
    var order: Int {
        switch self {
        case .run: 0
        case .never: 1
        case .refused: 2
        case .expected: 3
        }
    }
}
