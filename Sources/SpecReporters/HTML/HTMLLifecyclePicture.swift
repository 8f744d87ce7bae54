import SpecResults

/// The planned-versus-actual picture of a lifecycle scenario: each plan on the top lane, its run on the bottom lane, a
/// line between them, on the local-time axis of the occurrence timeline (an overlap's ticks name both UTC instants).
///
/// Runs that would cover each other stay apart: markers closer than a marker's width are set side by side in time
/// order (a catch-up of both 02:30s of an autumn night, a failure at 03:00 and a kill at 03:01); the labels of a small
/// group are written side by side in the same order, and labels that would still collide are stacked as the
/// occurrence timeline stacks them, with a leader to their marker; identical labels are written once with a count
/// (`03:01 expired ×2`); and a label whose local time is not one instant — another run has the same reading at another
/// offset, or it lies in an overlap — adds its UTC (`02:30 · 00:30Z`).
struct HTMLLifecyclePicture {
    enum Lane { case planned, actual }

    /// One marker: a plan, a run, or the cross on the actual lane where a plan never ran.
    struct Mark {
        var run: Int
        var lane: Lane
        var instant: ResultInstant
        var wall: Double
        var never: Bool
        var bad: Bool
        /// Where it is drawn, once spread.
        var x = 0.0
    }

    /// One label, shared by the marks it stands for.
    struct Label {
        var text: String
        var marks: [Int]
        var x: Double
        var level = 0
    }

    /// Markers closer than this (centre to centre, in px) are set side by side; a marker is 12 px wide.
    static let markerGap = 14.0
    /// The widest a group of side-by-side markers grows; past it they share the room and overlap in part.
    static let widestGroup = 84.0
    /// The room between side-by-side labels, and the most labels of one group written side by side.
    static let labelGap = 6.0
    static let sideBySide = 3
    /// A stacked label's rise (planned) or drop (actual) per level.
    static let labelStep = 14.0

    /// The SVG, or nil when no run has an instant to place.
    static func render(_ lifecycle: LifecycleResult, zoneContext: ZoneContext?) -> String? {
        let runs = lifecycle.runs
        var marks: [Mark] = []
        for (index, run) in runs.enumerated() {
            let bad = !ranToCompletion(run)
            if let planned = run.planned, let wall = planned.wallSeconds {
                marks.append(Mark(run: index, lane: .planned, instant: planned, wall: wall, never: false, bad: bad))
                if run.actual == nil {
                    marks.append(Mark(run: index, lane: .actual, instant: planned, wall: wall, never: true, bad: true))
                }
            }
            if let actual = run.actual, let wall = actual.wallSeconds {
                marks.append(Mark(run: index, lane: .actual, instant: actual, wall: wall, never: false, bad: bad))
            }
        }
        guard let first = marks.map(\.wall).min(), let last = marks.map(\.wall).max() else { return nil }
        let axis = HTMLTimeline.Axis(start: first - 3 * 3600, end: last + 3 * 3600).rounded()
        let transitions = zoneContext?.transitions ?? []

        let ambiguous = ambiguousMarks(marks, transitions: transitions)
        var labels: [Lane: [Label]] = [:]
        for lane in [Lane.planned, .actual] {
            let members = marks.indices.filter { marks[$0].lane == lane }
                .sorted { (axis.x(marks[$0].wall), marks[$0].instant.epochSeconds, marks[$0].run)
                    < (axis.x(marks[$1].wall), marks[$1].instant.epochSeconds, marks[$1].run) }
            let (xs, groups) = spread(members.map { axis.x(marks[$0].wall) })
            for (position, index) in members.enumerated() { marks[index].x = xs[position] }
            labels[lane] = self.labels(members: members, groups: groups, marks: marks,
                                       runs: runs, ambiguous: ambiguous)
        }
        let plannedLabels = labels[.planned] ?? [], actualLabels = labels[.actual] ?? []
        let plannedLevels = Double((plannedLabels.map(\.level).max() ?? 0) + 1)
        let actualLevels = Double((actualLabels.map(\.level).max() ?? 0) + 1)
        // The top planned label always sits at y 28, under the offset change's caption; the lanes move down instead.
        let plannedY = 40 + (plannedLevels - 1) * labelStep
        let actualY = plannedY + 80
        let axisY = actualY + 40 + (actualLevels - 1) * labelStep
        func plannedLabelY(_ label: Label) -> Double { plannedY - 12 - Double(label.level) * labelStep }
        func actualLabelY(_ label: Label) -> Double { actualY + 22 + Double(label.level) * labelStep }

        let (title, description) = describe(lifecycle, transitions: transitions)
        var svg = SVG(width: HTMLTimeline.width, height: axisY + 56 + axis.yearRowHeight, title: title, description: description)
        for transition in transitions {
            let (low, high) = HTMLTimeline.region(transition)
            guard axis.contains(low) || axis.contains(high) else { continue }
            let cls = transition.isGap ? "gap" : "overlap"
            let x1 = axis.x(low), x2 = max(axis.x(high), axis.x(low) + 3)
            svg.rect(x: x1, y: 4, width: x2 - x1, height: axisY - 8, cls: "region \(cls)")
            let abbreviations = [transition.abbreviationBefore, transition.abbreviationAfter].compactMap { $0 }
            svg.text(x: x2 + 4, y: 16, abbreviations.count == 2 ? "\(abbreviations[0]) → \(abbreviations[1])" : "offset change",
                     cls: "region-sub \(cls)", anchor: "start")
        }
        let marginLeft = HTMLTimeline.marginLeft, right = HTMLTimeline.width - HTMLTimeline.marginRight
        svg.text(x: 8, y: plannedY + 4, "planned", cls: "lane-caption", anchor: "start")
        svg.text(x: 8, y: actualY + 4, "actual", cls: "lane-caption", anchor: "start")
        svg.line(x1: marginLeft, y1: plannedY, x2: right, y2: plannedY, cls: "lane")
        svg.line(x1: marginLeft, y1: actualY, x2: right, y2: actualY, cls: "lane")
        // Without zone data, UTC under a tick is only certain when every run had the same offset.
        let offsets = Set(marks.compactMap(\.instant.offsetSeconds))
        HTMLTimeline.axisLines(&svg, axis: axis, y: axisY, transition: transitions.first,
                               fallbackOffset: offsets.count == 1 ? offsets.first : nil)
        // Leaders first, so the labels' white halo keeps the labels they cross readable.
        for label in plannedLabels where label.level > 0 {
            svg.line(x1: label.x, y1: plannedLabelY(label) + 3, x2: centre(label, marks), y2: plannedY - 8, cls: "leader")
        }
        for label in actualLabels where label.level > 0 {
            svg.line(x1: label.x, y1: actualLabelY(label) - 11, x2: centre(label, marks), y2: actualY + 8, cls: "leader")
        }
        var plannedLabelOf: [Int: Label] = [:], actualLabelOf: [Int: Label] = [:]
        for label in plannedLabels { plannedLabelOf[label.marks[0]] = label }
        for label in actualLabels { actualLabelOf[label.marks[0]] = label }
        let markOf = Dictionary(marks.indices.map { ("\(marks[$0].run)-\(marks[$0].lane)-\(marks[$0].never)", $0) },
                                uniquingKeysWith: { first, _ in first })
        // A run that a `runs` expectation describes otherwise is ringed in red on both lanes: without it a scenario
        // failing on runs[4] showed a picture of green lines only, as if nothing was wrong.
        let unmet = Set(unmetRuns(lifecycle).map { $0.number - 1 })
        for index in runs.indices {
            let planned = markOf["\(index)-planned-false"], actual = markOf["\(index)-actual-false"]
            let never = markOf["\(index)-actual-true"]
            if unmet.contains(index) {
                if let planned { svg.circle(x: marks[planned].x, y: plannedY, r: 10, cls: "unmet") }
                if let shown = actual ?? never { svg.circle(x: marks[shown].x, y: actualY, r: 10, cls: "unmet") }
            }
            if let planned {
                svg.circle(x: marks[planned].x, y: plannedY, r: 6, cls: "planned")
                if let label = plannedLabelOf[planned] {
                    svg.text(x: label.x, y: plannedLabelY(label), label.text, cls: "run-time")
                }
            }
            if let planned, let actual {
                svg.line(x1: marks[planned].x, y1: plannedY + 6, x2: marks[actual].x, y2: actualY - 6,
                         cls: "delay \(marks[actual].bad ? "run-bad" : "run-ok")")
            }
            if let planned, let never {
                svg.line(x1: marks[planned].x, y1: plannedY + 6, x2: marks[never].x, y2: actualY - 8, cls: "delay missed")
                svg.cross(x: marks[never].x, y: actualY, cls: "run-bad")
                if let label = actualLabelOf[never] {
                    svg.text(x: label.x, y: actualLabelY(label), label.text, cls: "run-outcome run-bad")
                }
            }
            if let actual {
                let cls = marks[actual].bad ? "run-bad" : "run-ok"
                svg.circle(x: marks[actual].x, y: actualY, r: 6, cls: "actual \(cls)")
                if let label = actualLabelOf[actual] {
                    svg.text(x: label.x, y: actualLabelY(label), label.text, cls: "run-outcome \(cls)")
                }
            }
        }
        return svg.close()
    }

    /// What the picture shows, in words: its name counts the runs by outcome and names those not as expected
    /// (`Planned versus actual runs: 3 runs, 1 completed, 1 expired, 1 missed; runs[2] not as expected`), its
    /// description each run in order (`runs[2]: planned 2027-03-28 02:30 CET (+01:00), ran 2027-03-28 04:00 CEST
    /// (+02:00), expired.`) after the offset changes.
    static func describe(_ lifecycle: LifecycleResult, transitions: [ZoneContext.Transition]) -> (title: String, description: String) {
        let runs = lifecycle.runs
        var outcomes: [String] = [], counts: [String: Int] = [:]
        for run in runs {
            if counts[run.outcome] == nil { outcomes.append(run.outcome) }
            counts[run.outcome, default: 0] += 1
        }
        let unmet = unmetRuns(lifecycle).map { "runs[\($0.number)]" }
        let title = "Planned versus actual runs: \(runs.count) run\(runs.count == 1 ? "" : "s")"
            + outcomes.map { ", \(counts[$0] ?? 0) \($0)" }.joined()
            + (unmet.isEmpty ? "" : "; \(unmet.joined(separator: ", ")) not as expected")
        var sentences = transitions.map { "The offset changes at \($0.at.utc): \(HTMLTimeline.changeText($0))." }
        let unmetNumbers = Set(unmetRuns(lifecycle).map(\.number))
        for (index, run) in runs.enumerated() {
            let planned = run.planned.map { "planned \($0.local)" } ?? "unplanned"
            let ran = run.actual.map { "ran \($0.local)" } ?? "never ran"
            sentences.append("runs[\(index + 1)]: \(planned), \(ran), \(run.outcome)"
                + (run.reason.map { " (\($0))" } ?? "") + (unmetNumbers.contains(index + 1) ? "; not as expected" : "") + ".")
        }
        return (title, sentences.joined(separator: " "))
    }

    /// What the picture draws, for its caption: the marks whose meaning is not written beside them.
    static func legend(_ lifecycle: LifecycleResult) -> [HTMLTimeline.LegendItem] {
        let runs = lifecycle.runs
        var items = [HTMLTimeline.LegendItem(cls: "expected", text: "○ planned (top lane)")]
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
            guard !check.passed, check.name.hasPrefix("runs["), let close = check.name.firstIndex(of: "]"),
                  check.name[check.name.index(after: close)...].isEmpty || check.name[check.name.index(after: close)...].hasPrefix("."),
                  let number = Int(check.name[check.name.index(check.name.startIndex, offsetBy: 5)..<close]),
                  number >= 1, number <= lifecycle.runs.count, seen.insert(number).inserted
            else { return nil }
            return (number, check.line)
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

    /// Positions for markers at `xs` (ascending): any closer than `markerGap` form a group, set side by side around
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

    /// The labels of one lane: within a group of side-by-side markers, marks with the same text share one label
    /// (`×2`) and up to `sideBySide` others are written side by side; labels that would still cover each other are
    /// stacked.
    private static func labels(members: [Int], groups: [Int], marks: [Mark], runs: [LifecycleResult.Run],
                               ambiguous: Set<Int>) -> [Label] {
        var labels: [Label] = []
        var byGroupAndText: [String: Int] = [:]
        for (position, index) in members.enumerated() {
            let mark = marks[index]
            let time = WallClock(wallSeconds: mark.wall).time
                + (ambiguous.contains(index) ? " · " + WallClock(wallSeconds: mark.instant.epochSeconds).time + "Z" : "")
            let text = switch (mark.lane, mark.never) {
            case (.planned, _): time
            case (.actual, true): runs[mark.run].outcome
            case (.actual, false): time + " " + runs[mark.run].outcome
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
            for index in row {
                labels[index].x = left + widths[index] / 2
                left += widths[index] + labelGap
            }
        }
        let levels = HTMLTimeline.stackLevels(labels.indices.map { (labels[$0].x - widths[$0] / 2, labels[$0].x + widths[$0] / 2) })
        for index in labels.indices { labels[index].level = levels[index] }
        return labels
    }

    /// The middle of the markers a label stands for.
    private static func centre(_ label: Label, _ marks: [Mark]) -> Double {
        label.marks.map { marks[$0].x }.reduce(0, +) / Double(label.marks.count)
    }
}
