import SpecResults

/// Inline SVG pictures for the HTML report: occurrences on a local-time axis around a zone transition (the gap or
/// overlap shaded, expected and actual instants marked); `HTMLLifecyclePicture` draws lifecycle runs on the same axis.
///
/// Everything is computed from the results (`wallSeconds` of each instant, the transition's offsets), never from
/// time-zone data, so an archived result draws the same picture anywhere.
struct HTMLTimeline {
    static let width = 960.0
    static let marginLeft = 70.0
    static let marginRight = 40.0
    static let levelHeight = 32.0
    /// The room between the axis and its tick labels in an occurrence picture: the actual markers hang there, just
    /// under the axis, so they never cover a tick's time (a marker reaches 15 px below the axis, a label's top 21 px).
    static let markerRoom = 14.0

    enum Role { case expected, actual }

    /// An instant at its place on the local-time axis: one marker position, shared by its expected and actual marks.
    private struct WallInstant: Hashable {
        var wall: Double
        var epoch: Double
    }
    enum State { case matching, missing, unexpected, keyMismatch }

    struct Mark {
        var instant: ResultInstant
        var wall: Double
        var role: Role
        var state: State
    }

    /// A local-time span drawn left to right.
    struct Axis {
        var start: Double
        var end: Double

        func x(_ wall: Double) -> Double {
            HTMLTimeline.marginLeft + (wall - start) / (end - start) * (HTMLTimeline.width - HTMLTimeline.marginLeft - HTMLTimeline.marginRight)
        }

        func contains(_ wall: Double) -> Bool { wall >= start && wall <= end }

        /// Whether the span crosses a new year: then its dates need their year (`Thu 1 Mar` of 1500 and of 1501 read
        /// alike), under the ticks and in the labels of its marks.
        var spansYears: Bool { WallClock(wallSeconds: start).year != WallClock(wallSeconds: end).year }

        /// The room (px) a row of years takes under the tick dates, when the span has one.
        var yearRowHeight: Double { spansYears ? 13 : 0 }

        /// Hour steps giving at most about a dozen ticks (their date labels need the room); past a day, whole weeks, so
        /// every tick falls on the same weekday.
        var step: Double {
            let hours = (end - start) / 3600
            let hourSteps: [Double] = [1, 2, 3, 6, 12, 24, 48, 168, 336, 672, 1344, 2688, 4368, 8736]
            let week = 168.0
            return (hourSteps.first { hours / $0 <= 12 } ?? (hours / 12 / week).rounded(.up) * week) * 3600
        }

        /// The span widened to whole steps.
        func rounded() -> Axis {
            let step = self.step
            return Axis(start: (start / step).rounded(.down) * step, end: (end / step).rounded(.up) * step)
        }
    }

    // MARK: - Occurrences

    /// The most transitions a test's pictures draw, one picture each.
    static let pictureTransitionLimit = 2

    /// One picture per transition in the zone context (at most `pictureTransitionLimit`: those with a difference within
    /// a day and a half of them first, then the earliest), or one around the differences when the test has no zone
    /// context; an empty list when there is nothing to place. A four-year window drew its first two changes, far from
    /// the one its failure was at.
    static func occurrencePictures(for test: TestResult) -> [(svg: String, outside: Int, legend: [LegendItem])] {
        let marks = self.marks(for: test)
        guard !marks.isEmpty else { return [] }
        let differing = marks.filter { $0.state != .matching }
        let all = test.zoneContext?.transitions ?? []
        let near = all.filter { transition in
            let (low, high) = region(transition)
            return differing.contains { $0.wall >= low - 36 * 3600 && $0.wall <= high + 36 * 3600 }
        }
        let chosen = Set((near + all).prefix(pictureTransitionLimit).map(\.at.epochSeconds))
        let offsets = OffsetKnowledge(test)
        let transitions = all.filter { chosen.contains($0.at.epochSeconds) }
        if transitions.isEmpty {
            let focus = differing.isEmpty ? marks : differing
            let walls = focus.map(\.wall)
            let axis = Axis(start: walls.min()! - 2 * 3600, end: walls.max()! + 2 * 3600).rounded()
            return [picture(marks: marks, axis: axis, transition: nil, zone: test.timeZone, offsets: offsets)]
        }
        return transitions.map { transition in
            let (low, high) = region(transition)
            var start = low - 3 * 3600
            var end = high + 3 * 3600
            for mark in differing where abs(mark.wall - low) <= 36 * 3600 {
                start = min(start, mark.wall - 3600)
                end = max(end, mark.wall + 3600)
            }
            let axis = Axis(start: start, end: end).rounded()
            return picture(marks: marks, axis: axis, transition: transition, zone: test.zoneContext?.zone, offsets: offsets)
        }
    }

    static func marks(for test: TestResult) -> [Mark] {
        func mark(_ instant: ResultInstant?, _ role: Role, _ state: State) -> Mark? {
            guard let instant, let wall = instant.wallSeconds else { return nil }
            return Mark(instant: instant, wall: wall, role: role, state: state)
        }
        if test.diff.isEmpty {
            let expectedSet = Set(test.expected.map(\.epochSeconds))
            let actualSet = Set(test.actual.map(\.epochSeconds))
            return test.expected.compactMap { mark($0, .expected, actualSet.contains($0.epochSeconds) ? .matching : .missing) }
                + test.actual.compactMap { mark($0, .actual, expectedSet.contains($0.epochSeconds) ? .matching : .unexpected) }
        }
        return test.diff.flatMap { line -> [Mark] in
            switch line.kind {
            case .same: [mark(line.expected, .expected, .matching), mark(line.actual, .actual, .matching)].compactMap { $0 }
            case .missing: [mark(line.expected, .expected, .missing)].compactMap { $0 }
            case .unexpected: [mark(line.actual, .actual, .unexpected)].compactMap { $0 }
            case .keyMismatch:
                [mark(line.expected, .expected, .keyMismatch), mark(line.actual, .actual, .keyMismatch)].compactMap { $0 }
            }
        }
    }

    /// The wall-time span skipped (gap) or repeated (overlap) by a transition.
    static func region(_ transition: ZoneContext.Transition) -> (Double, Double) {
        let at = transition.at.epochSeconds
        let a = at + Double(transition.offsetBefore)
        let b = at + Double(transition.offsetAfter)
        return (min(a, b), max(a, b))
    }

    private static func picture(marks: [Mark], axis: Axis, transition: ZoneContext.Transition?, zone: String?, offsets: OffsetKnowledge)
        -> (svg: String, outside: Int, legend: [LegendItem]) {
        let visible = marks.filter { axis.contains($0.wall) }
        // Across a new year every mark names its date and year; else a mark on the change's day names only its time.
        let regionDate = axis.spansYears ? nil : transition.map { WallClock(wallSeconds: region($0).0).isoDate }
        // Both 02:30s of an autumn night have one wall time, so one x: drawn there, the second marker hid the first.
        // Instants that would cover each other are set side by side in time order, as the lifecycle picture sets runs;
        // an instant keeps one x above and below the axis, so a match still reads as one column.
        let instants = Array(Set(visible.map { WallInstant(wall: $0.wall, epoch: $0.instant.epochSeconds) }))
            .sorted { ($0.wall, $0.epoch) < ($1.wall, $1.epoch) }
        let spreadX = HTMLLifecyclePicture.spread(instants.map { axis.x($0.wall) }).positions
        let xOf = Dictionary(uniqueKeysWithValues: zip(instants, spreadX))
        func markX(_ mark: Mark) -> Double { xOf[WallInstant(wall: mark.wall, epoch: mark.instant.epochSeconds)]! }
        let above = levels(visible.filter { $0.role == .expected }, x: markX, sameDay: regionDate, withYear: axis.spansYears)
        let below = levels(visible.filter { $0.role == .actual }, x: markX, sameDay: regionDate, withYear: axis.spansYears)
        let aboveX = above.map { markX($0.mark) }
        let belowX = below.map { markX($0.mark) }
        let levelsAbove = Double((above.map(\.level).max() ?? -1) + 1)
        let levelsBelow = Double((below.map(\.level).max() ?? -1) + 1)
        let firstExpectedY = transition == nil ? 20.0 : 48.0
        // No room is kept for labels a side does not have: a picture of instants expected and never produced ended in
        // 50 px of nothing under its tick dates, and the actual markers' room between axis and ticks went with it.
        let axisY = firstExpectedY + levelsAbove * levelHeight + 20
        let labelGap = below.isEmpty ? 0 : markerRoom
        let firstActualY = axisY + 76 + labelGap + axis.yearRowHeight
        let height = below.isEmpty ? axisY + 18 + 30 + axis.yearRowHeight + 8 : firstActualY + levelsBelow * levelHeight + 2

        var regionText: String?
        if let transition {
            let (low, high) = region(transition)
            let start = WallClock(wallSeconds: low), end = WallClock(wallSeconds: high)
            // A whole skipped or repeated day (Apia 2011, Kiritimati 1994) would read "00:00–00:00": name the days.
            let range = high - low >= 86_400
                ? "\(start.shortDate) \(start.time) – \(end.shortDate) \(end.time)"
                : start.time + "–" + end.time
            let change = changeText(transition)
            regionText = transition.isGap
                ? "\(range) does not exist (clocks jump forward: \(change))"
                : "\(range) happens twice (clocks fall back: \(change))"
        }
        let (title, description) = describe(visible, transition: transition, regionText: regionText, zone: zone,
                                            outside: marks.count - visible.count)
        var svg = SVG(width: width, height: height, title: title, description: description)
        if let transition, let text = regionText {
            let (low, high) = region(transition)
            let x1 = axis.x(low), x2 = axis.x(high)
            let cls = transition.isGap ? "gap" : "overlap"
            svg.rect(x: x1, y: 26, width: x2 - x1, height: height - 28, cls: "region \(cls)")
            svg.rect(x: x1, y: 26, width: x2 - x1, height: height - 28, cls: "region-hatch \(cls)")
            // Keep the whole label inside the picture: about 7.5 px per character in the label's bold face.
            let halfWidth = min(Double(text.count) * 3.75, (width - marginLeft - marginRight) / 2)
            let labelX = min(max((x1 + x2) / 2, marginLeft + halfWidth), width - marginRight - halfWidth)
            svg.text(x: labelX, y: 17, text, cls: "region-label \(cls)")
        }
        // Stems first: an actual one crosses the tick labels, whose white halo then keeps them readable.
        for (placed, x) in zip(above, aboveX) {
            let labelY = firstExpectedY + Double(placed.level) * levelHeight
            svg.line(x1: x, y1: labelY + 17, x2: x, y2: axisY - 7, cls: "stem expected \(stateClass(placed.mark.state))")
        }
        for (placed, x) in zip(below, belowX) {
            let labelY = firstActualY + Double(placed.level) * levelHeight
            svg.line(x1: x, y1: axisY + 7, x2: x, y2: labelY - 14, cls: "stem actual \(stateClass(placed.mark.state))")
        }
        axisLines(&svg, axis: axis, y: axisY, offsets: offsets, labelGap: labelGap)
        for (placed, x) in zip(above, aboveX) {
            svg.marker(x: x, y: axisY - 7, role: .expected, cls: stateClass(placed.mark.state))
            label(&svg, placed.mark, x: x, y: firstExpectedY + Double(placed.level) * levelHeight, sameDay: regionDate,
                  withYear: axis.spansYears)
        }
        for (placed, x) in zip(below, belowX) {
            svg.marker(x: x, y: axisY + 7, role: .actual, cls: stateClass(placed.mark.state))
            label(&svg, placed.mark, x: x, y: firstActualY + Double(placed.level) * levelHeight, sameDay: regionDate,
                  withYear: axis.spansYears)
        }
        return (svg.close(), marks.count - visible.count, legend(visible, transition: transition, zone: zone))
    }

    /// `CET → CEST, +01:00 → +02:00`, or the offsets alone when the zone has no abbreviations.
    static func changeText(_ transition: ZoneContext.Transition) -> String {
        let abbreviations = [transition.abbreviationBefore, transition.abbreviationAfter].compactMap { $0 }
        return (abbreviations.count == 2 ? "\(abbreviations[0]) → \(abbreviations[1]), " : "")
            + FailureText.offset(transition.offsetBefore) + " → " + FailureText.offset(transition.offsetAfter)
    }

    /// The most instants a picture's description names one by one; the table under it lists every one.
    static let describedInstants = 20

    /// What a picture shows, in words, for a reader who cannot see it: its name says what differs and where
    /// (`Timeline in Europe/Berlin: 1 expected instant not produced, 1 produced instant not expected`), its
    /// description the change and each instant in time order, expected and produced (`2027-03-28 03:00 CEST (+02:00),
    /// 2027-03-28T01:00:00Z: expected, not produced.`).
    static func describe(_ visible: [Mark], transition: ZoneContext.Transition?, regionText: String?, zone: String?,
                         outside: Int) -> (title: String, description: String) {
        func count(_ number: Int, _ one: String, _ many: String) -> String { "\(number) \(number == 1 ? one : many)" }
        let missing = visible.filter { $0.state == .missing }.count
        let unexpected = visible.filter { $0.state == .unexpected }.count
        let keyMismatch = visible.filter { $0.state == .keyMismatch && $0.role == .expected }.count
        let matching = visible.filter { $0.state == .matching && $0.role == .expected }.count
        let parts = [
            missing > 0 ? count(missing, "expected instant", "expected instants") + " not produced" : nil,
            unexpected > 0 ? count(unexpected, "produced instant", "produced instants") + " not expected" : nil,
            keyMismatch > 0 ? count(keyMismatch, "instant", "instants") + " with another key" : nil,
            matching > 0 ? count(matching, "instant", "instants") + " as expected" : nil,
        ].compactMap { $0 }
        let title = "Timeline" + (zone.map { " in \($0)" } ?? "") + ": "
            + (parts.isEmpty ? "no instant" : parts.joined(separator: ", "))
        var sentences: [String] = []
        if let transition, let regionText {
            sentences.append("Local time on \(WallClock(wallSeconds: region(transition).0).isoDate): \(regionText).")
        }
        // One entry per instant, with what each side says of it.
        var order: [Double] = []
        var roles: [Double: (instant: ResultInstant, wall: Double, expected: State?, actual: State?)] = [:]
        for mark in visible {
            let epoch = mark.instant.epochSeconds
            if roles[epoch] == nil { order.append(epoch); roles[epoch] = (mark.instant, mark.wall, nil, nil) }
            if mark.role == .expected { roles[epoch]?.expected = mark.state } else { roles[epoch]?.actual = mark.state }
        }
        order.sort()
        for epoch in order.prefix(describedInstants) {
            guard let entry = roles[epoch] else { continue }
            let what = switch (entry.expected, entry.actual) {
            case (.keyMismatch?, _), (_, .keyMismatch?): "expected and produced, with another key"
            case (_?, _?): "expected and produced"
            case (_?, nil): "expected, not produced"
            default: "produced, not expected"
            }
            sentences.append("\(entry.instant.local), \(entry.instant.utc): \(what).")
        }
        if order.count > describedInstants {
            sentences.append(count(order.count - describedInstants, "more instant", "more instants") + " in this picture (see the table).")
        }
        if outside > 0 {
            sentences.append(count(outside, "more instant", "more instants") + " outside this picture (see the table).")
        }
        return (title, sentences.joined(separator: " "))
    }

    /// One entry of a picture's legend: its CSS class (`expected`, `actual`, `missing`, or none) and its text.
    struct LegendItem: Equatable {
        var cls: String?
        var text: String
    }

    /// The legend of what a picture draws, and only that: a picture far from any change has no hatching to explain,
    /// and one with nothing matching no faded marks ("hatched: local times Etc/UTC skips or repeats" under a
    /// picture of UTC sent a reader looking for a change that was not there).
    static func legend(_ visible: [Mark], transition: ZoneContext.Transition?, zone: String?) -> [LegendItem] {
        var items: [LegendItem] = []
        if visible.contains(where: { $0.role == .expected }) { items.append(LegendItem(cls: "expected", text: "▼ expected (above the axis)")) }
        if visible.contains(where: { $0.role == .actual }) { items.append(LegendItem(cls: "actual", text: "● actual (below)")) }
        let outlined = [(State.missing, "not produced"), (.unexpected, "not expected")]
            .filter { state, _ in visible.contains { $0.state == state } }.map(\.1)
        if !outlined.isEmpty { items.append(LegendItem(cls: "missing", text: "hollow, red outline: " + outlined.joined(separator: " / "))) }
        if visible.contains(where: { $0.state == .matching }) { items.append(LegendItem(cls: nil, text: "pale fill: matches")) }
        // A key mismatch is drawn solid, as a difference, and labelled "other key": the legend says so too.
        if visible.contains(where: { $0.state == .keyMismatch }) {
            items.append(LegendItem(cls: "missing", text: "solid, labelled “other key”: the instant, under another key"))
        }
        if let transition {
            // Told apart without colour: a gap's single hatching, an overlap's cross-hatching (its times happen twice).
            let what = transition.isGap ? "hatched: local times \(zone.map { $0 + " " } ?? "")skips"
                : "cross-hatched: local times \(zone.map { $0 + " " } ?? "")repeats"
            items.append(LegendItem(cls: nil, text: what))
        }
        return items
    }

    private static func label(_ svg: inout SVG, _ mark: Mark, x: Double, y: Double, sameDay: String?, withYear: Bool) {
        let texts = labelTexts(mark, sameDay: sameDay, withYear: withYear)
        let anchorX = labelAnchor(x, halfWidth: labelHalfWidth(texts))
        svg.text(x: anchorX, y: y, texts.time, cls: "mark-time \(mark.role == .expected ? "expected" : "actual") \(stateClass(mark.state))")
        svg.text(x: anchorX, y: y + 13, texts.sub, cls: "mark-sub \(stateClass(mark.state))")
    }

    /// A mark's two lines: its local time (`Fri 29 Feb 2104 12:00 UTC (+00:00)` across years) and what it is
    /// (`expected · not produced · 2104-02-29T12:00:00Z`).
    private static func labelTexts(_ mark: Mark, sameDay: String?, withYear: Bool) -> (time: String, sub: String) {
        let role = mark.role == .expected ? "expected" : "actual"
        let state = switch mark.state {
        case .matching: ""
        case .missing: " · not produced"
        case .unexpected: " · not expected"
        case .keyMismatch: " · other key"
        }
        return (localTime(mark.instant, unlessOn: sameDay, withYear: withYear), role + state + " · " + mark.instant.utc)
    }

    /// Half a label's width in the picture's units, from its longer line: about 8 a character of the time's bold
    /// 12.5 px face and 7 of the semibold 10.5 px line under it (measured in Chromium: 34 characters took 270, 46 took
    /// 311), and a few apart from its neighbour.
    private static func labelHalfWidth(_ texts: (time: String, sub: String)) -> Double {
        max(Double(texts.time.count) * 4, Double(texts.sub.count) * 3.5) + 4
    }

    /// The label's centre: over its marker, moved in so that the whole label stays inside the picture.
    private static func labelAnchor(_ x: Double, halfWidth: Double) -> Double {
        min(max(x, halfWidth), width - halfWidth)
    }

    /// `03:00 CEST (+02:00)`: the local text without its date, unless the date is not `day` (`Mon 29 Mar 02:30 …`);
    /// `withYear` adds the year to the date (`Thu 1 Mar 1500 12:00 …`).
    static func localTime(_ instant: ResultInstant, unlessOn day: String?, withYear: Bool = false) -> String {
        let parts = instant.local.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return instant.local }
        let clock = WallClock(wallSeconds: instant.wallSeconds ?? instant.epochSeconds)
        if clock.isoDate == day { return String(parts[1]) }
        return clock.shortDate + (withYear ? " \(clock.year)" : "") + " " + parts[1]
    }

    private static func stateClass(_ state: State) -> String {
        switch state {
        case .matching: "matching"
        case .missing: "missing"
        case .unexpected: "unexpected"
        case .keyMismatch: "key-mismatch"
        }
    }

    /// Stacks labels that would overlap: each label takes the lowest level whose previous label is far enough left.
    /// Each label's span is its own width where it is drawn: a fixed 230 px let the year-long labels of a picture
    /// across years (`Fri 29 Feb 2104 12:00 UTC (+00:00)`, 34 characters) run into each other.
    private static func levels(_ marks: [Mark], x: (Mark) -> Double, sameDay: String?, withYear: Bool) -> [(mark: Mark, level: Int)] {
        let sorted = marks.sorted { ($0.wall, $0.instant.epochSeconds) < ($1.wall, $1.instant.epochSeconds) }
        let levels = stackLevels(sorted.map { mark in
            let half = labelHalfWidth(labelTexts(mark, sameDay: sameDay, withYear: withYear))
            let centre = labelAnchor(x(mark), halfWidth: half)
            return (centre - half, centre + half)
        })
        return zip(sorted, levels).map { ($0, $1) }
    }

    /// The level of each span (left to right, in px), taken in order: the lowest whose last span ends at or before
    /// this one's start, else a new one above them all. Labels at one level never cover each other.
    static func stackLevels(_ spans: [(left: Double, right: Double)]) -> [Int] {
        var lastRight: [Double] = []
        return spans.map { span in
            let level = lastRight.firstIndex { $0 <= span.left } ?? lastRight.count
            if level == lastRight.count { lastRight.append(span.right) } else { lastRight[level] = span.right }
            return level
        }
    }

    /// The UTC under a wall-time tick, from what the results know of the zone's offset: the instants of the test
    /// (each with its offset) and the zone's changes within `ZoneContext.searchMargin` of the instants the context was
    /// searched around. Nil where that does not settle it — a wall time whose instants could lie outside every
    /// searched span, where a change nobody looked for may fall (a two-year window's picture read 23:00Z under a
    /// May midnight in Berlin, from January's offset). "no instant" inside a known gap, two instants inside an overlap.
    struct OffsetKnowledge {
        /// Searched spans, each with the offset at its centre instant.
        var spans: [(centre: Double, offset: Int)]
        var transitions: [ZoneContext.Transition]
        /// Every offset the results name, largest first: the candidates a wall time is tried with.
        var offsets: [Int]

        /// `context` nil (a test with no zone context): nothing is known, and no UTC is shown.
        init(searched: [ResultInstant], context: ZoneContext?) {
            spans = context == nil ? [] : searched.compactMap { instant in instant.offsetSeconds.map { (instant.epochSeconds, $0) } }
                .sorted { $0.centre < $1.centre }
            transitions = (context?.transitions ?? []).sorted { $0.at.epochSeconds < $1.at.epochSeconds }
            offsets = Set(spans.map(\.offset) + transitions.flatMap { [$0.offsetBefore, $0.offsetAfter] }).sorted(by: >)
        }

        init(_ test: TestResult) {
            self.init(searched: ZoneContext.searchedInstants(diff: test.diff, expected: test.expected, actual: test.actual,
                                                             runs: test.lifecycle?.runs ?? []),
                      context: test.zoneContext)
        }

        /// The offset at `instant`, when a searched span holds it: its centre's, carried across the changes between.
        func offset(at instant: Double) -> Int? {
            // The first span ending at or after the instant (spans are sorted; a failing year has thousands).
            var low = 0, high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if spans[middle].centre + ZoneContext.searchMargin < instant { low = middle + 1 } else { high = middle }
            }
            guard low < spans.count, spans[low].centre - ZoneContext.searchMargin <= instant else { return nil }
            let span = spans[low]
            var offset = span.offset
            if instant >= span.centre {
                for change in transitions where change.at.epochSeconds > span.centre && change.at.epochSeconds <= instant {
                    offset = change.offsetAfter
                }
            } else {
                for change in transitions.reversed() where change.at.epochSeconds <= span.centre && change.at.epochSeconds > instant {
                    offset = change.offsetBefore
                }
            }
            return offset
        }

        func label(wall: Double) -> String? {
            guard !spans.isEmpty else { return nil }
            var instants: [Double] = []
            for candidate in offsets {
                let instant = wall - Double(candidate)
                guard let actual = offset(at: instant) else { return nil }
                if actual == candidate { instants.append(instant) }
            }
            if instants.isEmpty { return "no instant" }
            return instants.sorted().map { WallClock(wallSeconds: $0).time + "Z" }.joined(separator: " / ")
        }
    }

    /// The axis with wall-time ticks, dates, and the UTC of each tick: from the transition (none inside a gap, two
    /// inside an overlap), or from `fallbackOffset` when there is no transition; no UTC row when neither is known.
    /// The labels start `labelGap` further below the axis than they otherwise would. Across a new year, a row under
    /// the dates names the year of the first tick and of each tick where it changes (`axis.yearRowHeight` of room).
    static func axisLines(_ svg: inout SVG, axis: Axis, y: Double, offsets: OffsetKnowledge, labelGap: Double = 0, caption: String = "local") {
        // The ticks once, so each one's UTC is known before the row's caption is drawn (or left out).
        var ticks: [Double] = []
        var tick = axis.start
        while tick <= axis.end + 1, ticks.count < 400 {
            ticks.append(tick)
            tick += axis.step
        }
        let utcLabels = ticks.map { offsets.label(wall: $0) }
        let timeY = y + 18 + labelGap, utcY = timeY + 15, dateY = timeY + 30, yearY = dateY + 13
        svg.line(x1: marginLeft, y1: y, x2: width - marginRight, y2: y, cls: "axis")
        svg.text(x: 8, y: timeY, caption, cls: "axis-caption", anchor: "start")
        if utcLabels.contains(where: { $0 != nil }) { svg.text(x: 8, y: utcY, "UTC", cls: "axis-caption", anchor: "start") }
        var lastDate = ""
        var lastYear: Int?
        var dates: [(x: Double, text: String)] = []
        for (tick, utc) in zip(ticks, utcLabels) {
            let x = axis.x(tick)
            let clock = WallClock(wallSeconds: tick)
            svg.line(x1: x, y1: y - 5, x2: x, y2: y + 5, cls: "tick")
            svg.text(x: x, y: timeY, clock.time, cls: "tick-label")
            if let utc {
                svg.text(x: x, y: utcY, utc, cls: utc == "no instant" ? "tick-utc none" : "tick-utc")
            }
            if clock.isoDate != lastDate {
                dates.append((x, clock.shortDate))
                lastDate = clock.isoDate
                if axis.spansYears, clock.year != lastYear {
                    svg.text(x: x, y: yearY, "\(clock.year)", cls: "tick-date")
                    lastYear = clock.year
                }
            }
        }
        for label in layOutDates(dates) {
            svg.text(x: label.x, y: dateY, label.text, cls: "tick-date", anchor: label.anchor)
        }
    }

    /// The date row's labels, each centred on the first tick of its date, without two overlapping: the first
    /// (the date the axis starts on, often a part of a day) moves to the row's left edge, under the captions,
    /// when it would touch the next, without its weekday if it still would (`28 Mar`), and goes if even that
    /// would; any later label that would touch the one before it is left out (ticks a day apart then show every
    /// other date). A QA reader saw "Sun 28 MarMon 29 Mar" where ticks 3 hours apart began a date each (85 px apart, labels about 82 px wide in DejaVu Sans Bold).
    static func layOutDates(_ dates: [(x: Double, text: String)]) -> [(x: Double, text: String, anchor: String)] {
        // 11 px bold: about 8.2 px a character measured in headless Chromium; a little more, and a gap.
        func width(_ text: String) -> Double { Double(text.count) * 8.5 }
        let gap = 6.0
        func extent(_ label: (x: Double, text: String, anchor: String)) -> ClosedRange<Double> {
            label.anchor == "start" ? label.x...(label.x + width(label.text)) : (label.x - width(label.text) / 2)...(label.x + width(label.text) / 2)
        }
        func apart(_ a: (x: Double, text: String, anchor: String), _ b: (x: Double, text: String, anchor: String)) -> Bool {
            extent(a).upperBound + gap <= extent(b).lowerBound
        }
        var kept: [(x: Double, text: String, anchor: String)] = []
        for (index, date) in dates.enumerated() {
            let label = (x: date.x, text: date.text, anchor: "middle")
            guard let previous = kept.last else { kept.append(label); continue }
            if apart(previous, label) {
                kept.append(label)
            } else if index == 1 {
                // At the edge as written, else without its weekday (`28 Mar`), else left out.
                let shortText = previous.text.split(separator: " ").dropFirst().joined(separator: " ")
                let candidates = [(x: 8.0, text: previous.text, anchor: "start"), (x: 8.0, text: shortText, anchor: "start")]
                if let atEdge = candidates.first(where: { apart($0, label) }) { kept[0] = atEdge } else { kept.removeFirst() }
                kept.append(label)
            }
        }
        return kept
    }
}

/// A tiny SVG writer: every text is escaped, every number printed with at most one decimal.
struct SVG {
    private var body: String

    /// A picture whose accessible name is `title` and whose description is `description` (`<title>` and `<desc>`,
    /// which a screen reader reads for `role="img"`; the texts and marks inside are not read one by one).
    init(width: Double, height: Double, title: String, description: String) {
        body = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" viewBox=\"0 0 \(Self.number(width)) "
            + "\(Self.number(height))\" role=\"img\"><title>\(HTMLReporter.shown(title))</title><desc>\(HTMLReporter.shown(description))</desc>"
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, cls: String) {
        body += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
            + "height=\"\(Self.number(height))\" class=\"\(cls)\"/>"
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, cls: String) {
        body += "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" "
            + "y2=\"\(Self.number(y2))\" class=\"\(cls)\"/>"
    }

    mutating func circle(x: Double, y: Double, r: Double, cls: String) {
        body += "<circle cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(r))\" class=\"\(cls)\"/>"
    }

    mutating func cross(x: Double, y: Double, cls: String) {
        line(x1: x - 6, y1: y - 6, x2: x + 6, y2: y + 6, cls: "cross \(cls)")
        line(x1: x - 6, y1: y + 6, x2: x + 6, y2: y - 6, cls: "cross \(cls)")
    }

    /// A diamond 14 px across: a launch the system refused.
    mutating func diamond(x: Double, y: Double, cls: String) {
        body += "<path d=\"M\(Self.number(x)) \(Self.number(y - 7))L\(Self.number(x + 7)) \(Self.number(y))L\(Self.number(x)) "
            + "\(Self.number(y + 7))L\(Self.number(x - 7)) \(Self.number(y))Z\" class=\"\(cls)\"/>"
    }

    /// A triangle 14 px wide centred on (x, y), pointing down or up: an instant a lifecycle expectation writes.
    mutating func triangle(x: Double, y: Double, pointingDown: Bool, cls: String) {
        let tip = pointingDown ? y + 6 : y - 6, base = pointingDown ? y - 6 : y + 6
        body += "<path d=\"M\(Self.number(x - 7)) \(Self.number(base))L\(Self.number(x + 7)) \(Self.number(base))"
            + "L\(Self.number(x)) \(Self.number(tip))Z\" class=\"\(cls)\"/>"
    }

    /// A downward triangle for expected instants (above the axis), a circle for actual ones (below).
    mutating func marker(x: Double, y: Double, role: HTMLTimeline.Role, cls: String) {
        switch role {
        case .expected:
            body += "<path d=\"M\(Self.number(x - 7)) \(Self.number(y - 8))L\(Self.number(x + 7)) \(Self.number(y - 8))"
                + "L\(Self.number(x)) \(Self.number(y + 3))Z\" class=\"marker expected \(cls)\"/>"
        case .actual:
            circle(x: x, y: y + 1, r: 6, cls: "marker actual \(cls)")
        }
    }

    /// Text centred on `x`; `anchor: "start"` puts it right of `x` (as a class: CSS would override an attribute).
    mutating func text(x: Double, y: Double, _ text: String, cls: String, anchor: String = "middle") {
        let classes = anchor == "middle" ? cls : "\(anchor) \(cls)"
        body += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" class=\"\(classes)\">\(HTMLReporter.shown(text))</text>"
    }

    func close() -> String { body + "</svg>" }

    /// `12`, `12.5`: one decimal at most, so the same picture is the same bytes everywhere.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let whole = tenths / 10, fraction = abs(tenths % 10)
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}
