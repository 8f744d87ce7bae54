import Foundation
import SpecResults
import Testing
@testable import SpecReporters

/// The planned-versus-actual picture keeps runs apart that share (or nearly share) a spot on the local-time axis.
/// A review found both 02:30s of an autumn night drawn as one planned "02:30", and a 03:00 failure hidden under a
/// 03:01 kill. Instants cross-checked with Python's zoneinfo (Europe/Berlin, fold=0 and fold=1 for 02:30).
@Suite struct HTMLLifecyclePictureTests {
    typealias Run = LifecycleResult.Run

    static func berlin(_ utc: String, _ offsetForm: String, _ abbreviation: String) -> ResultInstant {
        RunResultFixture.berlin(utc, offsetForm, abbreviation)
    }

    /// 2027-10-31: 02:30 CEST is 00:30Z, 02:30 CET is 01:30Z; one launch at 09:00 CET (08:00Z) catches up both.
    static let autumnCatchUp = LifecycleResult(
        runs: [
            Run(planned: berlin("2027-10-31T00:30:00Z", "2027-10-31T02:30:00+02:00", "CEST"),
                actual: berlin("2027-10-31T08:00:00Z", "2027-10-31T09:00:00+01:00", "CET"),
                key: "nightly/v1/2027-10-31", outcome: "completed"),
            Run(planned: berlin("2027-10-31T01:30:00Z", "2027-10-31T02:30:00+01:00", "CET"),
                actual: berlin("2027-10-31T08:00:00Z", "2027-10-31T09:00:00+01:00", "CET"),
                key: "nightly/v1/2027-10-31~2", outcome: "completed"),
        ],
        invariants: [], expectations: []
    )

    /// June 2027 (CEST, +02:00): the 1st's 02:30 (00:30Z) fails at 03:00, is killed at 03:01, expires on the 2nd at
    /// 03:01 together with the 2nd's own run.
    static let retries = LifecycleResult(
        runs: [
            Run(planned: berlin("2027-06-01T00:30:00Z", "2027-06-01T02:30:00+02:00", "CEST"),
                actual: berlin("2027-06-01T01:00:00Z", "2027-06-01T03:00:00+02:00", "CEST"),
                key: "nightly/v1/2027-06-01", outcome: "failed", reason: "parse: bad-json"),
            Run(planned: berlin("2027-06-01T00:30:00Z", "2027-06-01T02:30:00+02:00", "CEST"),
                actual: berlin("2027-06-01T01:01:00Z", "2027-06-01T03:01:00+02:00", "CEST"),
                key: "nightly/v1/2027-06-01", outcome: "killed"),
            Run(planned: berlin("2027-06-01T00:30:00Z", "2027-06-01T02:30:00+02:00", "CEST"),
                actual: berlin("2027-06-02T01:01:00Z", "2027-06-02T03:01:00+02:00", "CEST"),
                key: "nightly/v1/2027-06-01", outcome: "expired", reason: "download: cancelled"),
            Run(planned: berlin("2027-06-02T00:30:00Z", "2027-06-02T02:30:00+02:00", "CEST"),
                actual: berlin("2027-06-02T01:01:00Z", "2027-06-02T03:01:00+02:00", "CEST"),
                key: "nightly/v1/2027-06-02", outcome: "expired", reason: "download: cancelled"),
        ],
        invariants: [], expectations: []
    )

    @Test func bothTwoThirtiesOfAnAutumnNightAreTwoPlannedMarksEachWithItsUTC() throws {
        let zone = ZoneContext(zone: "Europe/Berlin", transitions: [RunResultFixture.autumnTransition])
        let svg = try #require(HTMLLifecyclePicture.render(Self.autumnCatchUp, zoneContext: zone))
        let planned = Self.points(of: "planned", in: svg)
        #expect(planned.count == 2)
        #expect(Self.closestPair(planned) >= 12, "planned markers at \(planned) cover each other")
        let actual = Self.points(of: "actual run-ok", in: svg)
        #expect(actual.count == 2)
        #expect(Self.closestPair(actual) >= 12, "actual markers at \(actual) cover each other")
        let texts = Self.texts(in: svg).map(\.text)
        #expect(texts.contains("02:30 · 00:30Z"), "\(texts)")
        #expect(texts.contains("02:30 · 01:30Z"), "\(texts)")
        // One launch ran both: the same instant and outcome, written once and counted.
        #expect(texts.contains("09:00 completed ×2"), "\(texts)")
        // The earlier instant's label is the left one.
        let labels = Self.texts(in: svg)
        let first = try #require(labels.first { $0.text == "02:30 · 00:30Z" })
        let second = try #require(labels.first { $0.text == "02:30 · 01:30Z" })
        #expect(first.x < second.x)
        Self.expectNoLabelsCoverEachOther(labels)
    }

    /// Both runs of the 09:00 launch were drawn side by side, one of them at 08:59 or 09:01, a time it did not run;
    /// both 02:30s likewise. Each marker is drawn at its own time, the second stacked above or below the first.
    @Test func runsAtOneTimeAreStackedAtThatTimeNotSetSideways() throws {
        let zone = ZoneContext(zone: "Europe/Berlin", transitions: [RunResultFixture.autumnTransition])
        let svg = try #require(HTMLLifecyclePicture.render(Self.autumnCatchUp, zoneContext: zone))
        let axis = try #require(HTMLLifecyclePicture.axis(HTMLLifecyclePicture.marks(Self.autumnCatchUp)))
        // 09:00 CET on 2027-10-31 and 02:30 (either) as wall seconds: 08:00Z + 1 h, 00:30Z + 2 h.
        let nine = axis.x(1_824_969_600 + 3600), twoThirty = axis.x(1_824_942_600 + 7200)
        for (cls, x) in [("actual run-ok", nine), ("planned", twoThirty)] {
            let points = Self.points(of: cls, in: svg)
            #expect(points.count == 2)
            for point in points { #expect(abs(point.x - x) < 0.1, "\(cls) marker at x \(point.x), its time is at \(x)") }
            #expect(Set(points.map(\.y)).count == 2, "\(cls) markers \(points) are not stacked")
        }
        // The plans stack upwards, away from the runs; the runs downwards.
        let planned = Self.points(of: "planned", in: svg).map(\.y), actual = Self.points(of: "actual run-ok", in: svg).map(\.y)
        #expect(planned.max()! < actual.min()!)
        #expect(HTMLLifecyclePicture.legend(Self.autumnCatchUp).map(\.text).contains("marks at one time stacked, one for each"))
    }

    @Test func aLoneReadingInsideTheOverlapStillSaysWhichInstantItIs() throws {
        let zone = ZoneContext(zone: "Europe/Berlin", transitions: [RunResultFixture.autumnTransition])
        let lone = LifecycleResult(runs: [Self.autumnCatchUp.runs[1]], invariants: [], expectations: [])
        let svg = try #require(HTMLLifecyclePicture.render(lone, zoneContext: zone))
        let texts = Self.texts(in: svg).map(\.text)
        #expect(texts.contains("02:30 · 01:30Z"), "\(texts)")
        // 09:00 CET is after the overlap and the only 09:00: no UTC needed.
        #expect(texts.contains("09:00 completed"), "\(texts)")
        #expect(!HTMLLifecyclePicture.legend(lone).map(\.text).contains("marks at one time stacked, one for each"))
    }

    @Test func runsAMinuteApartKeepTheirOwnMarksAndLabels() throws {
        let svg = try #require(HTMLLifecyclePicture.render(Self.retries, zoneContext: nil))
        let axis = try #require(HTMLLifecyclePicture.axis(HTMLLifecyclePicture.marks(Self.retries)))
        let planned = Self.points(of: "planned", in: svg)
        #expect(planned.count == 4)
        #expect(Self.closestPair(planned) >= 12, "planned markers at \(planned) cover each other")
        let actual = Self.points(of: "actual run-bad", in: svg)
        #expect(actual.count == 4)
        #expect(Self.closestPair(actual) >= 12, "actual markers at \(actual) cover each other")
        // Each at its own minute: 03:00 and 03:01 CEST on the 1st, 03:01 on the 2nd (wall = UTC + 2 h).
        let walls = Self.retries.runs.map { $0.actual!.epochSeconds + 7200 }
        #expect(actual.map(\.x).sorted() == walls.map { Double(SVG.number(axis.x($0)))! }.sorted())
        let labels = Self.texts(in: svg)
        let texts = labels.map(\.text)
        for expected in ["02:30 ×3", "02:30", "03:00 failed", "03:01 killed", "03:01 expired ×2"] {
            #expect(texts.contains(expected), "no label \(expected) in \(texts)")
        }
        // No reading here has two offsets, and none is in an overlap: no UTC on the labels.
        #expect(!texts.contains { $0.contains("Z") && $0.contains("·") }, "\(texts)")
        Self.expectNoLabelsCoverEachOther(labels)
    }

    /// Forty runs of one launch stay one column at the launch's time, no taller than the tallest stack.
    @Test func aTallPileSharesTheTallestStack() throws {
        let run = Self.retries.runs[3]
        let pile = LifecycleResult(runs: Array(repeating: run, count: 40), invariants: [])
        let svg = try #require(HTMLLifecyclePicture.render(pile, zoneContext: nil))
        let actual = Self.points(of: "actual run-bad", in: svg)
        #expect(actual.count == 40)
        #expect(Set(actual.map(\.x)).count == 1)
        let ys = actual.map(\.y)
        #expect(ys.max()! - ys.min()! <= HTMLLifecyclePicture.tallestStack + 0.1)
        #expect(Set(ys).count == 40)
        #expect(Self.texts(in: svg).map(\.text).contains("03:01 expired ×40"))
    }

    /// A scenario failing on `runs[2].actual` drew green lines only, as if nothing was wrong: the run that expectation
    /// describes is ringed in red on both lanes, the instant the spec writes is drawn on the actual lane with a dotted
    /// line to the run, and the caption says which expectation and line. A met expectation, and one naming a run the
    /// scenario does not have, ring nothing.
    @Test func aRunThatARunsExpectationDescribesOtherwiseIsRingedAndItsExpectedInstantDrawn() throws {
        var lifecycle = Self.autumnCatchUp
        // 10:00 CET on 2027-10-31 is 09:00Z (zoneinfo).
        lifecycle.expectations = [
            .init(name: "runs[1]", expected: "key nightly/v1/2027-10-31", actual: "key nightly/v1/2027-10-31", passed: true, line: 20),
            .init(name: "runs[2].actual", expected: "2027-10-31T10:00:00+01:00", actual: "2027-10-31 09:00 CET (+01:00) (planned, key as expected)",
                  passed: false, line: 21,
                  expectedInstant: Self.berlin("2027-10-31T09:00:00Z", "2027-10-31T10:00:00+01:00", "CET")),
            .init(name: "runs[3]", expected: "key nightly/v1/2027-11-01", actual: "no run (the scenario has 2 runs)",
                  passed: false, line: 22),
        ]
        let zone = ZoneContext(zone: "Europe/Berlin", transitions: [RunResultFixture.autumnTransition])
        let svg = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: zone))
        let rings = Self.points(of: "unmet", in: svg)
        #expect(rings.count == 2, "one ring on each lane for runs[2] only: \(rings)")
        // The second run's planned marker (02:30 CET, the later of the two 02:30s) and its actual marker.
        let planned = Self.points(of: "planned", in: svg).sorted { $0.y < $1.y }
        let actual = Self.points(of: "actual run-ok", in: svg).sorted { $0.y < $1.y }
        #expect(rings.contains { $0 == planned.first! }, "\(rings) \(planned)")
        #expect(rings.contains { $0 == actual.last! }, "\(rings) \(actual)")
        // The expected 10:00 on the actual lane, at its own time, labelled, and dotted to the 09:00 run.
        let axis = try #require(HTMLLifecyclePicture.axis(HTMLLifecyclePicture.marks(lifecycle)))
        let triangles = HTMLReporterTests.elements("path", in: svg).filter { $0["class"] == "expected-run" }
        #expect(triangles.count == 1)
        #expect(triangles.first?["d"]?.hasPrefix("M\(SVG.number(axis.x(1_824_973_200 + 3600) - 7)) ") == true, "\(triangles)")
        #expect(Self.texts(in: svg).map(\.text).contains("runs[2] expected 10:00"))
        let links = HTMLReporterTests.elements("line", in: svg).filter { $0["class"] == "expected-link" }
        #expect(links.count == 1)
        #expect(svg.contains("runs[2]: planned 2027-10-31 02:30 CET (+01:00), ran 2027-10-31 09:00 CET (+01:00), completed; "
            + "not as expected: expected to run 2027-10-31 10:00 CET (+01:00)."))

        var run = RunResultFixture.run
        run.tests = [RunResultFixture.catchUpFailed]
        run.tests[0].lifecycle = lifecycle
        let page = HTMLReporter().render(run)
        #expect(page.contains("<span class=\"legend missing\">red ring: not as expected: runs[2] (line 21)</span></figcaption>"))

        lifecycle.expectations = [lifecycle.expectations[0]]
        let met = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: zone))
        #expect(Self.points(of: "unmet", in: met).isEmpty)
        #expect(!met.contains("expected-run"))
    }

    /// A launch the system refused is no run: it was left out, so a failing scenario's picture did not show that a
    /// launch was attempted (too early) at all. It is a hollow diamond on the actual lane at the step's time, labelled
    /// with its seconds and the floor, and named in the picture's title and description and in its legend.
    @Test func aRefusedLaunchIsADiamondAtItsTime() throws {
        // 2027-06-01 08:14:59 CEST (06:14:59Z), before the retry's floor 08:15 (06:15Z); a run at 08:00 before it.
        let at = ResultInstant(utc: "2027-06-01T06:14:59Z", epochSeconds: 1_811_830_499, offsetForm: "2027-06-01T08:14:59+02:00",
                               local: "2027-06-01 08:14:59 CEST (+02:00)")
        let floor = ResultInstant(utc: "2027-06-01T06:15:00Z", epochSeconds: 1_811_830_500, offsetForm: "2027-06-01T08:15:00+02:00",
                                  local: "2027-06-01 08:15 CEST (+02:00)")
        let ran = ResultInstant(utc: "2027-06-01T06:00:00Z", epochSeconds: 1_811_829_600, offsetForm: "2027-06-01T08:00:00+02:00",
                                local: "2027-06-01 08:00 CEST (+02:00)")
        let lifecycle = LifecycleResult(
            runs: [Run(planned: nil, actual: ran, key: nil, outcome: "failed", reason: "download: network")], invariants: [],
            refusedLaunches: [.init(at: at, identifier: "com.example.app.refresh", error: "launch-before-earliest-begin",
                                    earliestBegin: floor, line: 10)])
        let svg = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: nil))
        let axis = try #require(HTMLLifecyclePicture.axis(HTMLLifecyclePicture.marks(lifecycle)))
        let diamonds = HTMLReporterTests.elements("path", in: svg).filter { $0["class"] == "refused" }
        #expect(diamonds.count == 1)
        #expect(diamonds.first?["d"]?.hasPrefix("M\(SVG.number(axis.x(1_811_830_499 + 7200))) ") == true, "\(diamonds)")
        #expect(Self.texts(in: svg).map(\.text).contains("08:14:59 refused: before 08:15"))
        #expect(svg.contains("<title>Planned versus actual runs: 1 run, 1 failed; 1 launch refused</title>"))
        #expect(svg.contains("Launch refused at 2027-06-01 08:14:59 CEST (+02:00) (line 10): launch-before-earliest-begin, "
            + "before the request's earliest begin 2027-06-01 08:15 CEST (+02:00)."), "\(svg)")
        #expect(HTMLLifecyclePicture.legend(lifecycle).map(\.text).contains("◇ launch the system refused (no run)"))

        // Only refused launches, no run: still a picture.
        let onlyRefused = LifecycleResult(runs: [], invariants: [], refusedLaunches: lifecycle.refusedLaunches)
        #expect(HTMLLifecyclePicture.render(onlyRefused, zoneContext: nil)?.contains("class=\"refused\"") == true)
    }

    @Test func markersAtOneTimeClimbAStackAndNeighboursAlternateRows() {
        let (rows, groups) = HTMLLifecyclePicture.stack([100, 300, 301, 302, 600])
        #expect(rows == [0, 0, 1, 2, 0])
        #expect(groups == [0, 1, 1, 1, 2])
        // 10 px apart: each marker clears the one two places back, so two rows take turns.
        #expect(HTMLLifecyclePicture.stack([0, 10, 20, 30]).rows == [0, 1, 0, 1])
        #expect(HTMLLifecyclePicture.stack([0, 10, 20, 30]).groups == [0, 0, 0, 0])
    }

    @Test func markersFarApartStayWhereTheirTimeIs() {
        let (positions, groups) = HTMLLifecyclePicture.spread([100, 300, 301, 302, 600])
        #expect(positions[0] == 100 && positions[4] == 600)
        #expect(positions[1...3].map { $0 } == [287, 301, 315])
        #expect(groups == [0, 1, 1, 1, 2])
    }

    @Test func aLargeGroupOfMarkersStaysWithinItsWidestWidth() {
        let (positions, _) = HTMLLifecyclePicture.spread(Array(repeating: 500, count: 40))
        #expect(positions.first == 500 - HTMLLifecyclePicture.widestGroup / 2)
        #expect(abs(positions.last! - (500 + HTMLLifecyclePicture.widestGroup / 2)) < 0.001)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func groupsPushedTogetherMerge() {
        // 100 and 113 are closer than a marker's room: set apart around 106.5 they reach 113.5, now too close to 120,
        // so the three become one group, 97, 111, 125.
        let (positions, groups) = HTMLLifecyclePicture.spread([100, 113, 120])
        #expect(Set(groups).count == 1)
        #expect(Self.closestPair(positions) >= HTMLLifecyclePicture.markerGap - 0.001)
    }

    /// `spread` as first written: each group's mean summed again whenever it is asked for (quadratic in a group's
    /// size); the one in use keeps running sums and must draw the same picture.
    static func plainSpread(_ xs: [Double]) -> (positions: [Double], groups: [Int]) {
        let gap = HTMLLifecyclePicture.markerGap, widest = HTMLLifecyclePicture.widestGroup
        func width(_ count: Int) -> Double { min(gap * Double(max(count - 1, 0)), widest) }
        func bounds(_ group: Range<Int>) -> (left: Double, right: Double) {
            let mean = xs[group].reduce(0, +) / Double(group.count)
            return (mean - width(group.count) / 2, mean + width(group.count) / 2)
        }
        var groups: [Range<Int>] = []
        for index in xs.indices {
            groups.append(index..<index + 1)
            while groups.count >= 2, bounds(groups[groups.count - 1]).left - bounds(groups[groups.count - 2]).right < gap {
                let merged = groups[groups.count - 2].lowerBound..<groups[groups.count - 1].upperBound
                groups.removeLast(2)
                groups.append(merged)
            }
        }
        var positions = xs, numbers = [Int](repeating: 0, count: xs.count)
        for (number, group) in groups.enumerated() {
            let step = group.count < 2 ? 0 : width(group.count) / Double(group.count - 1)
            for (offset, index) in group.enumerated() {
                positions[index] = bounds(group).left + Double(offset) * step
                numbers[index] = number
            }
        }
        return (positions, numbers)
    }

    /// Markers at random places, sparse and crowded (axis positions with fractions, as an axis computes them), drawn
    /// at the same tenths of a pixel and in the same groups as the plain version draws them.
    @Test func runningSumsSpreadMarkersAsThePlainVersionDoes() {
        var state: UInt64 = 2027
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for round in 0..<300 {
            let count = 1 + round % 60
            let span = [30.0, 300, 900][round % 3]
            let xs = (0..<count).map { _ in 40 + next() * span }.sorted()
            let (positions, groups) = HTMLLifecyclePicture.spread(xs)
            let plain = Self.plainSpread(xs)
            #expect(groups == plain.groups)
            #expect(positions.map(SVG.number) == plain.positions.map(SVG.number), "\(xs)")
        }
    }

    // MARK: - Reading the SVG

    static func points(of cls: String, in svg: String) -> [Point] {
        HTMLReporterTests.elements("circle", in: svg).filter { $0["class"] == cls }.compactMap { circle in
            guard let x = circle["cx"].flatMap(Double.init), let y = circle["cy"].flatMap(Double.init) else { return nil }
            return Point(x: x, y: y)
        }
    }

    struct Point: Equatable { var x: Double, y: Double }

    static func closestPair(_ xs: [Double]) -> Double {
        let sorted = xs.sorted()
        return zip(sorted, sorted.dropFirst()).map { $1 - $0 }.min() ?? .infinity
    }

    /// The least distance between two of the points.
    static func closestPair(_ points: [Point]) -> Double {
        var least = Double.infinity
        for (i, a) in points.enumerated() {
            for b in points.dropFirst(i + 1) { least = min(least, ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()) }
        }
        return least
    }

    /// Every run label (`run-time`, `run-outcome`) with its position.
    static func texts(in svg: String) -> [(text: String, x: Double, y: Double)] {
        svg.components(separatedBy: "<text ").dropFirst().compactMap { chunk in
            let attributes = HTMLReporterTests.elements("text", in: "<text " + chunk).first ?? [:]
            guard let cls = attributes["class"], cls.hasPrefix("run-"),
                  let x = attributes["x"].flatMap(Double.init), let y = attributes["y"].flatMap(Double.init),
                  let open = chunk.firstIndex(of: ">"), let close = chunk.range(of: "</text>")
            else { return nil }
            return (String(chunk[chunk.index(after: open)..<close.lowerBound]), x, y)
        }
    }

    /// Two labels cover each other when their lines are closer than a line's height and their middles closer than
    /// half their widths together (an 11 px label is at most about 7 px a character).
    static func expectNoLabelsCoverEachOther(_ labels: [(text: String, x: Double, y: Double)]) {
        for (i, a) in labels.enumerated() {
            for b in labels.dropFirst(i + 1) where abs(a.y - b.y) < 12 {
                let room = (Double(a.text.count) + Double(b.text.count)) * 3.5
                #expect(abs(a.x - b.x) >= room, "\(a.text) at x \(a.x) covers \(b.text) at x \(b.x)")
            }
        }
    }

    /// The runner checks a run that differs field by field and names each check by the spec's key (`runs[2].actual`,
    /// `runs[2].outcome`; LifecycleJudgement): the picture read only the name `runs[2]`, which a real run gives only
    /// to a met line or to a run the scenario does not have, so no real failure was ever ringed. The run is ringed on
    /// both lanes, named once in the caption, the picture's name and its description.
    @Test func aRunThatDiffersFieldByFieldIsRingedAndNamedOnce() throws {
        var lifecycle = Self.autumnCatchUp
        lifecycle.expectations = [
            .init(name: "runs[1]", expected: "key nightly/v1/2027-10-31", actual: "key nightly/v1/2027-10-31", passed: true, line: 20),
            .init(name: "runs[2].actual", expected: "2027-10-31T10:00:00+01:00", actual: "2027-10-31 09:00 CET (+01:00)",
                  passed: false, line: 21),
            .init(name: "runs[2].outcome", expected: "failed", actual: "completed (actual as expected)", passed: false, line: 21),
            .init(name: "runs[3]", expected: "key nightly/v1/2027-11-01", actual: "no run (the scenario has 2 runs)",
                  passed: false, line: 22),
        ]
        #expect(HTMLLifecyclePicture.unmetRuns(lifecycle).map(\.number) == [2])
        let zone = ZoneContext(zone: "Europe/Berlin", transitions: [RunResultFixture.autumnTransition])
        let svg = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: zone))
        #expect(Self.points(of: "unmet", in: svg).count == 2, "one ring on each lane for runs[2]")
        let (title, description) = HTMLLifecyclePicture.describe(lifecycle, transitions: zone.transitions)
        // Two runs of one outcome: counted once, as "2 completed".
        #expect(title == "Planned versus actual runs: 2 runs, 2 completed; runs[2] not as expected", "\(title)")
        let unmetSentences = description.components(separatedBy: "runs[").filter { $0.contains("; not as expected.") }
        #expect(unmetSentences.map { String($0.prefix(3)) } == ["2]:"], "\(description)")

        var run = RunResultFixture.run
        run.tests = [RunResultFixture.catchUpFailed]
        run.tests[0].lifecycle = lifecycle
        #expect(HTMLReporter().render(run).contains("<span class=\"legend missing\">red ring: not as expected: runs[2] (line 21)</span></figcaption>"))
    }
}
