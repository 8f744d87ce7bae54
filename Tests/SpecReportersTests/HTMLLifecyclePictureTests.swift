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

    /// Both 02:30s of an autumn night are stacked at one x; each label's dotted leader ends on its own mark. A review
    /// found the leader of `02:30 · 00:30Z` (the lower mark) ending on the upper mark, 01:30Z, which a red ring marked
    /// as the run not as expected: the reader took the wrong 02:30 for the failing one. Instants from zoneinfo: 02:30
    /// CEST (fold 0) is 00:30Z, 02:30 CET (fold 1) 01:30Z, and for New York 01:30 EDT is 05:30Z, 01:30 EST 06:30Z.
    @Test func eachLeaderOfAStackedOverlapEndsOnItsOwnMark() throws {
        let zone = ZoneContext(zone: "Europe/Berlin", transitions: [RunResultFixture.autumnTransition])
        var lifecycle = Self.autumnCatchUp
        lifecycle.expectations = [.init(name: "runs[2].actual", expected: "2027-10-31T09:30:00+01:00", actual: "2027-10-31T09:00:00+01:00",
                                        passed: false, line: 43)]
        let svg = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: zone))
        // The lower planned mark (row 0, the lane's) is the earlier instant, 00:30Z; the upper one 01:30Z.
        let planned = Self.points(of: "planned", in: svg).sorted { $0.y > $1.y }
        #expect(planned.count == 2 && planned[0].x == planned[1].x && planned[0].y > planned[1].y, "\(planned)")
        let labels = Self.texts(in: svg)
        for (text, own, other) in [("02:30 · 00:30Z", planned[0], planned[1]), ("02:30 · 01:30Z", planned[1], planned[0])] {
            let label = try #require(labels.first { $0.text == text }, "\(labels.map(\.text))")
            let end = try #require(Self.leaderEnd(from: Point(x: label.x, y: label.y + 3), in: svg), "no leader from \(text)")
            let toOwn = Self.distance(end, own), toOther = Self.distance(end, other)
            // It touches its own circle (radius 6) and stays clear of the other's.
            #expect(toOwn <= 8.5, "\(text): leader ends at \(end), \(toOwn) px from its mark at \(own)")
            #expect(toOther > 8.5 && toOther > toOwn, "\(text): leader ends at \(end), on the other mark at \(other)")
            // No segment of it passes through the other mark.
            for segment in Self.leaderSegments(from: Point(x: label.x, y: label.y + 3), in: svg) {
                #expect(Self.distance(other, toSegment: segment) > 6, "\(text): its leader crosses the mark at \(other)")
            }
        }
    }

    /// A change of a zone without abbreviations is captioned with its offsets, as Berlin's is with CEST → CET: a
    /// lifecycle review read "offset change" for Lord Howe's half hour.
    @Test func aChangeWithoutAbbreviationsIsCaptionedWithItsOffsets() throws {
        var transition = RunResultFixture.autumnTransition
        transition.abbreviationBefore = nil
        transition.abbreviationAfter = nil
        let svg = try #require(HTMLLifecyclePicture.render(Self.autumnCatchUp, zoneContext: ZoneContext(zone: "Europe/Berlin", transitions: [transition])))
        #expect(svg.contains(">+02:00 → +01:00<"), "\(svg)")
        let named = try #require(HTMLLifecyclePicture.render(Self.autumnCatchUp, zoneContext: ZoneContext(zone: "Europe/Berlin",
                                                                                                        transitions: [RunResultFixture.autumnTransition])))
        #expect(named.contains(">CEST → CET<"))
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
        // Nothing planned: no legend for the empty top lane (a review read "○ planned (top lane)" over nothing).
        #expect(!HTMLLifecyclePicture.legend(lifecycle).map(\.text).contains("○ planned (top lane)"))
        #expect(HTMLLifecyclePicture.legend(Self.autumnCatchUp).map(\.text).contains("○ planned (top lane)"))

        // Only refused launches, no run: still a picture.
        let onlyRefused = LifecycleResult(runs: [], invariants: [], refusedLaunches: lifecycle.refusedLaunches)
        #expect(HTMLLifecyclePicture.render(onlyRefused, zoneContext: nil)?.contains("class=\"refused\"") == true)
    }

    /// A move from Berlin to New York (zoneinfo: Berlin's 02:30 of 03-29 is 00:30Z, New York's of 03-30 06:30Z, the
    /// move at 10:00Z): on one local axis New York's 02:30 sat before Berlin's 08:30 of the same day. The picture
    /// of a scenario that changes zone is drawn on a UTC axis, each label in its own zone, with the change drawn.
    @Test func aMoveToAnotherZoneIsDrawnOnAUTCAxisWithItsLabelsInTheirZones() throws {
        let berlinRun = Run(planned: Self.berlin("2027-03-29T00:30:00Z", "2027-03-29T02:30:00+02:00", "CEST"),
                            actual: Self.berlin("2027-03-29T00:31:00Z", "2027-03-29T02:31:00+02:00", "CEST"),
                            key: "nightly-sync/v1/2027-03-29", outcome: "completed")
        let newYorkRun = Run(planned: Self.berlin("2027-03-30T06:30:00Z", "2027-03-30T02:30:00-04:00", "EDT"),
                             actual: Self.berlin("2027-03-30T06:31:00Z", "2027-03-30T02:31:00-04:00", "EDT"),
                             key: "nightly-sync/v1/2027-03-30", outcome: "completed")
        let move = LifecycleResult.ScheduleChange(
            at: Self.berlin("2027-03-29T10:00:00Z", "2027-03-29T06:00:00-04:00", "EDT"), timeZone: "America/New_York",
            previousTimeZone: "Europe/Berlin", version: 1, change: "timezone: America/New_York", line: 25)
        let lifecycle = LifecycleResult(runs: [berlinRun, newYorkRun], invariants: [], scheduleChanges: [move])
        #expect(lifecycle.changesZone)
        let marks = HTMLLifecyclePicture.marks(lifecycle)
        // Positioned by their instants: 00:30Z, 00:31Z, 06:30Z, 06:31Z.
        #expect(marks.map { Int($0.wall.rounded()) } == [1_806_280_200, 1_806_280_260, 1_806_388_200, 1_806_388_260])
        let svg = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: nil))
        let texts = Self.texts(in: svg).map(\.text)
        #expect(texts.contains("02:30 CEST") && texts.contains("02:30 EDT") && texts.contains("02:31 EDT completed"), "\(texts)")
        #expect(svg.contains(">→ America/New_York</text>") && svg.contains(">UTC</text>"), "\(svg)")
        #expect(svg.contains("The schedule changes at 2027-03-29 06:00 EDT (-04:00) from Europe/Berlin to America/New_York (timezone: America/New_York) (line 25). The axis is in UTC: the schedule moved to another zone."))
        // Without a change of zone the axis stays local.
        let versionOnly = LifecycleResult(runs: [berlinRun], invariants: [], scheduleChanges: [
            .init(at: Self.berlin("2027-03-29T01:00:00Z", "2027-03-29T03:00:00+02:00", "CEST"), timeZone: "Europe/Berlin",
                  previousTimeZone: "Europe/Berlin", version: 2, change: "version: 2, repeated: last", line: 25)])
        #expect(!versionOnly.changesZone)
        #expect(HTMLLifecyclePicture.marks(versionOnly).first.map { Int($0.wall.rounded()) } == 1_806_280_200 + 7200)
        // A change that keeps the zone is drawn on the local axis too, captioned with what it changed.
        let local = try #require(HTMLLifecyclePicture.render(versionOnly, zoneContext: nil))
        #expect(local.contains(">version: 2, repeated: last</text>") && local.contains("class=\"schedule-change\""), "\(local)")
    }

    /// On the UTC axis of a move the date row gives UTC dates, and New York's evening of the 29th stands over the 30th:
    /// a label whose local date is not the date row's gives its date, and a refused launch's floor gives its zone, as
    /// every label there does (a review read `20:30 EDT` and `before Tue 30 Mar 02:30` over "Tue 30 Mar"). zoneinfo:
    /// 2027-03-30T00:30Z is Mon 29 Mar 20:30 EDT, 00:31Z 20:31 EDT, 06:30Z Tue 30 Mar 02:30 EDT, 06:31Z 02:31 EDT.
    @Test func onTheUTCAxisOfAMoveALabelOnAnotherLocalDayGivesItsDate() throws {
        func newYork(_ utc: String, _ offsetForm: String) -> ResultInstant { Self.berlin(utc, offsetForm, "EDT") }
        let berlinRun = Run(planned: Self.berlin("2027-03-29T00:30:00Z", "2027-03-29T02:30:00+02:00", "CEST"),
                            actual: Self.berlin("2027-03-29T00:31:00Z", "2027-03-29T02:31:00+02:00", "CEST"),
                            key: "nightly-sync/v1/2027-03-29", outcome: "completed")
        let newYorkRun = Run(planned: newYork("2027-03-30T06:30:00Z", "2027-03-30T02:30:00-04:00"),
                             actual: newYork("2027-03-30T06:31:00Z", "2027-03-30T02:31:00-04:00"),
                             key: "nightly-sync/v1/2027-03-30", outcome: "completed")
        let move = LifecycleResult.ScheduleChange(
            at: newYork("2027-03-29T10:00:00Z", "2027-03-29T06:00:00-04:00"), timeZone: "America/New_York",
            previousTimeZone: "Europe/Berlin", version: 1, change: "timezone: America/New_York", line: 25)
        let refused = LifecycleResult.RefusedLaunch(at: newYork("2027-03-30T00:31:00Z", "2027-03-29T20:31:00-04:00"),
                                                    identifier: "com.example.app.refresh", error: "launch-before-earliest-begin",
                                                    earliestBegin: newYork("2027-03-30T06:30:00Z", "2027-03-30T02:30:00-04:00"), line: 27)
        let lifecycle = LifecycleResult(
            runs: [berlinRun, newYorkRun], invariants: [],
            expectations: [.init(name: "runs[2].planned", expected: "2027-03-30T02:30:00+02:00", actual: "2027-03-30T02:30:00-04:00",
                                 passed: false, line: 34, expectedInstant: newYork("2027-03-30T00:30:00Z", "2027-03-29T20:30:00-04:00"))],
            refusedLaunches: [refused], scheduleChanges: [move])
        let svg = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: nil))
        let texts = Self.texts(in: svg).map(\.text)
        #expect(texts.contains("runs[2] expected Mon 29 Mar 20:30 EDT"), "\(texts)")
        #expect(texts.contains("Mon 29 Mar 20:31 EDT refused: before Tue 30 Mar 02:30 EDT"), "\(texts)")
        // On the date row's own day, no date: Berlin's 02:30 CEST of the 29th is 00:30Z of the 29th, New York's
        // 02:30 EDT of the 30th 06:30Z of the 30th.
        #expect(texts.contains("02:30 CEST") && texts.contains("02:30 EDT") && texts.contains("02:31 EDT completed"), "\(texts)")
    }

    /// A force-quit and the opening after it, each a dotted line captioned with its step, described in the text
    /// alternative: the refused launch between them follows from them. Berlin is at +02:00 in June (zoneinfo).
    @Test func theAppsStepsAreDrawnWhereTheyHappen() throws {
        let refused = LifecycleResult.RefusedLaunch(at: Self.berlin("2027-06-09T00:31:00Z", "2027-06-09T02:31:00+02:00", "CEST"),
                                                    identifier: "com.example.app.refresh", error: "app-force-quit", line: 24)
        let run = Run(planned: Self.berlin("2027-06-09T00:30:00Z", "2027-06-09T02:30:00+02:00", "CEST"),
                      actual: Self.berlin("2027-06-10T00:31:00Z", "2027-06-10T02:31:00+02:00", "CEST"),
                      key: "nightly-sync/v1/2027-06-09", outcome: "completed")
        let events = [
            LifecycleResult.AppEvent(at: Self.berlin("2027-06-08T22:30:00Z", "2027-06-09T00:30:00+02:00", "CEST"), step: "force-quit", line: 23),
            LifecycleResult.AppEvent(at: Self.berlin("2027-06-09T06:00:00Z", "2027-06-09T08:00:00+02:00", "CEST"), step: "availability",
                                     detail: "refresh-disabled", line: 25),
        ]
        let lifecycle = LifecycleResult(runs: [run], invariants: [], refusedLaunches: [refused], appEvents: events)
        let svg = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: nil))
        #expect(svg.components(separatedBy: "class=\"app-event\"").count == 3, "\(svg)")
        #expect(svg.contains(">force-quit</text>") && svg.contains(">availability: refresh-disabled</text>"), "\(svg)")
        #expect(svg.contains("Step force-quit at 2027-06-09 00:30 CEST (+02:00) (line 23)."), "\(svg)")
        // A step that ended the force-quit is captioned with that (its whole detail was cut at 40 characters); the text
        // alternative keeps the whole detail.
        let opened = LifecycleResult.AppEvent(at: Self.berlin("2027-06-09T06:00:00Z", "2027-06-09T08:00:00+02:00", "CEST"), step: "submit",
                                              detail: "started the app; ended the force-quit", line: 25)
        let ended = try #require(HTMLLifecyclePicture.render(
            LifecycleResult(runs: [run], invariants: [], refusedLaunches: [refused], appEvents: [events[0], opened]), zoneContext: nil))
        #expect(ended.contains(">submit: ended the force-quit</text>"), "\(ended)")
        #expect(ended.contains("Step submit at 2027-06-09 08:00 CEST (+02:00) (started the app; ended the force-quit) (line 25)."), "\(ended)")
        // A launch that started the app in the background is captioned so whole (`launch: started the app in the backgrou…`).
        let started = LifecycleResult.AppEvent(at: Self.berlin("2027-06-09T06:00:00Z", "2027-06-09T08:00:00+02:00", "CEST"), step: "launch",
                                               detail: "started the app in the background", line: 25)
        let background = try #require(HTMLLifecyclePicture.render(
            LifecycleResult(runs: [run], invariants: [], refusedLaunches: [refused], appEvents: [events[0], started]), zoneContext: nil))
        #expect(background.contains(">launch: started in the background</text>"), "\(background)")
        #expect(background.contains("Step launch at 2027-06-09 08:00 CEST (+02:00) (started the app in the background) (line 25)."), "\(background)")
    }

    /// A run of 06-09 launched at 06-10 02:31 CEST, a force-quit at the given instant and a launch that started the app
    /// in the background at the last mark: the picture, its two step lines' x, and where a caption's text starts.
    static func twoCaptions(forceQuitAt utc: String, local: String) throws -> (String, [Double], (String) throws -> Double) {
        let run = Run(planned: Self.berlin("2027-06-09T00:30:00Z", "2027-06-09T02:30:00+02:00", "CEST"),
                      actual: Self.berlin("2027-06-10T00:31:00Z", "2027-06-10T02:31:00+02:00", "CEST"),
                      key: "nightly-sync/v1/2027-06-09", outcome: "completed")
        let quit = LifecycleResult.AppEvent(at: Self.berlin(utc, local, "CEST"), step: "force-quit", line: 23)
        let started = LifecycleResult.AppEvent(at: Self.berlin("2027-06-10T00:31:00Z", "2027-06-10T02:31:00+02:00", "CEST"), step: "launch",
                                               detail: "started the app in the background", line: 25)
        let svg = try #require(HTMLLifecyclePicture.render(
            LifecycleResult(runs: [run], invariants: [], appEvents: [quit, started]), zoneContext: nil))
        let captionStart = { (text: String) throws -> Double in
            let tail = try #require(svg.components(separatedBy: ">\(text)</text>").first)
            let x = try #require(tail.components(separatedBy: "<text x=\"").last?.split(separator: "\"").first)
            return try #require(Double(String(x)))
        }
        let lines = svg.components(separatedBy: "class=\"app-event\"").dropLast().map { $0.components(separatedBy: "x1=\"").last?.split(separator: "\"").first }
        return (svg, lines.compactMap { $0.flatMap { Double(String($0)) } }, captionStart)
    }

    /// A step at the last mark is near the picture's right edge: its caption starts left enough to end inside the
    /// picture (it was cut off at the edge: `launch: started in tl`), and a caption far from the edge starts at its line.
    @Test func aCaptionNearTheRightEdgeEndsInsideThePicture() throws {
        let (svg, lineXs, captionStart) = try Self.twoCaptions(forceQuitAt: "2027-06-09T00:00:00Z", local: "2027-06-09T02:00:00+02:00")
        #expect(lineXs.count == 2, "\(svg)")
        let caption = "launch: started in the background"
        let start = try captionStart(caption)
        #expect(start + Double(caption.count) * 6.5 <= HTMLTimeline.width, "\(svg)")
        #expect(start < (lineXs.last ?? 0), "\(svg)")
        #expect(try captionStart("force-quit") == (lineXs.first ?? 0) + 4, "\(svg)")
    }

    /// A caption pulled left from the right edge never starts over the caption before it: a force-quit near the end
    /// and a launch at the last mark, their lines apart by more than the force-quit's caption (two captions, not one
    /// group), would have `launch: started in the background` drawn over `force-quit` (mutation run 15's P3 and P5
    /// survived the rule dropped, and the end of the caption before taken as its start).
    @Test func aCaptionPulledFromTheRightEdgeStartsAfterTheCaptionBefore() throws {
        let (svg, lineXs, captionStart) = try Self.twoCaptions(forceQuitAt: "2027-06-09T21:30:00Z", local: "2027-06-09T23:30:00+02:00")
        try #require(lineXs.count == 2, "\(svg)")
        let first = "force-quit", second = "launch: started in the background"
        // Two captions, and the edge pulls the second back past the end of the first.
        #expect(lineXs[1] - lineXs[0] >= HTMLLifecyclePicture.captionWidth(first), "\(lineXs)")
        #expect(lineXs[0] + 4 + HTMLLifecyclePicture.captionWidth(first)
            > HTMLTimeline.width - 4 - HTMLLifecyclePicture.captionWidth(second) + 12, "\(lineXs)")
        #expect(try captionStart(first) == lineXs[0] + 4, "\(svg)")
        #expect(try captionStart(second) >= captionStart(first) + HTMLLifecyclePicture.captionWidth(first), "\(svg)")
    }

    /// A schedule change's caption that would print over the DST change's caption stands left of its line (a second
    /// review read "next-valid-timeCET → CEST" in the corpus's policy-change scenario). zoneinfo: Berlin springs forward
    /// at 2027-03-28T01:00Z; 02:30+01:00 on the 27th is 01:30Z, the change at 20:00+01:00 is 19:00Z, 03:00+02:00 on the
    /// 28th is 01:00Z.
    @Test func aChangesCaptionStaysClearOfTheDSTChangesCaption() throws {
        let lifecycle = LifecycleResult(
            runs: [
                Run(planned: Self.berlin("2027-03-27T01:30:00Z", "2027-03-27T02:30:00+01:00", "CET"),
                    actual: Self.berlin("2027-03-27T01:31:00Z", "2027-03-27T02:31:00+01:00", "CET"), key: "n/v1/2027-03-27", outcome: "completed"),
                Run(planned: Self.berlin("2027-03-28T01:00:00Z", "2027-03-28T03:00:00+02:00", "CEST"),
                    actual: Self.berlin("2027-03-28T01:01:00Z", "2027-03-28T03:01:00+02:00", "CEST"), key: "n/v1/2027-03-28", outcome: "completed"),
            ],
            invariants: [],
            scheduleChanges: [.init(at: Self.berlin("2027-03-27T19:00:00Z", "2027-03-27T20:00:00+01:00", "CET"), timeZone: "Europe/Berlin",
                                    previousTimeZone: "Europe/Berlin", version: 1, change: "nonexistent: next-valid-time", line: 16)])
        let svg = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: ZoneContext(zone: "Europe/Berlin",
                                                                                             transitions: [RunResultFixture.springTransition])))
        func start(_ caption: String) throws -> Double {
            let before = try #require(svg.range(of: ">\(caption)</text>"), "\(svg)")
            let tag = try #require(svg[..<before.lowerBound].range(of: "<text ", options: .backwards))
            let attributes = HTMLReporterTests.elements("text", in: String(svg[tag.lowerBound...before.upperBound])).first ?? [:]
            return try #require(attributes["x"].flatMap(Double.init))
        }
        let change = "nonexistent: next-valid-time", dst = "CET → CEST"
        let changeStart = try start(change), dstStart = try start(dst)
        let changeEnd = changeStart + HTMLLifecyclePicture.captionWidth(change) - 12
        #expect(changeEnd <= dstStart || changeStart >= dstStart + HTMLLifecyclePicture.captionWidth(dst) - 12,
                "\(changeStart)…\(changeEnd) against \(dstStart)")
    }

    /// A step two days before the first mark (the force-quit that explains a refused launch) widens the axis to
    /// take it: before, the axis ran 3 hours either side of the marks and the step's line was left out.
    @Test func aStepFarFromTheMarksWidensTheAxis() throws {
        let refused = LifecycleResult.RefusedLaunch(at: Self.berlin("2027-06-09T00:31:00Z", "2027-06-09T02:31:00+02:00", "CEST"),
                                                    identifier: "com.example.app.refresh", error: "app-force-quit", line: 24)
        let quit = LifecycleResult.AppEvent(at: Self.berlin("2027-06-07T08:00:00Z", "2027-06-07T10:00:00+02:00", "CEST"), step: "force-quit", line: 23)
        let lifecycle = LifecycleResult(runs: [], invariants: [], refusedLaunches: [refused], appEvents: [quit])
        let marks = HTMLLifecyclePicture.marks(lifecycle)
        let axis = try #require(HTMLLifecyclePicture.axis(marks, steps: HTMLLifecyclePicture.stepPositions(lifecycle)))
        #expect(axis.contains(try #require(quit.at.wallSeconds)))
        #expect(!(try #require(HTMLLifecyclePicture.axis(marks))).contains(try #require(quit.at.wallSeconds)))
        let svg = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: nil))
        #expect(svg.components(separatedBy: "class=\"app-event\"").count == 2, "\(svg)")
        // A step a year away does not squeeze the runs into one column: it is left to the list under the picture.
        let farQuit = LifecycleResult.AppEvent(at: Self.berlin("2026-06-07T08:00:00Z", "2026-06-07T10:00:00+02:00", "CEST"), step: "force-quit", line: 23)
        let far = LifecycleResult(runs: [], invariants: [], refusedLaunches: [refused], appEvents: [farQuit])
        let farAxis = try #require(HTMLLifecyclePicture.axis(HTMLLifecyclePicture.marks(far), steps: HTMLLifecyclePicture.stepPositions(far)))
        #expect(!farAxis.contains(try #require(farQuit.at.wallSeconds)))
        // Steps alone make no picture.
        #expect(HTMLLifecyclePicture.render(LifecycleResult(runs: [], invariants: [], refusedLaunches: [], appEvents: [quit]), zoneContext: nil) == nil)
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

    /// 2027-06-01, CEST (+02:00; instants from zoneinfo): 08:00 fails, 08:14:59 is refused (floor 08:15), 08:15 and
    /// 08:45 fail, 09:44:59 is refused (floor 09:45), 09:45 completes — `specs/lifecycle/rules/retry-backoff.yaml`.
    static func june(_ time: String) -> ResultInstant {
        let hour = Int(time.prefix(2))!, minute = Int(time.dropFirst(3).prefix(2))!, second = Int(time.dropFirst(6).prefix(2)) ?? 0
        let utc = "2027-06-01T" + [hour - 2, minute, second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":") + "Z"
        return berlin(utc, "2027-06-01T\(time.count == 5 ? time + ":00" : time)+02:00", "CEST")
    }

    static let retriesWithRefusals = LifecycleResult(
        runs: [
            Run(planned: nil, actual: june("08:00"), key: nil, outcome: "failed", reason: "download: network"),
            Run(planned: june("08:15"), actual: june("08:15"), key: nil, outcome: "failed", reason: "download: network"),
            Run(planned: june("08:45"), actual: june("08:45"), key: nil, outcome: "failed", reason: "download: network"),
            Run(planned: june("09:45"), actual: june("09:45"), key: "sync/c-1", outcome: "completed"),
        ],
        invariants: [],
        refusedLaunches: [
            .init(at: june("08:14:59"), identifier: "com.example.app.refresh", error: "launch-before-earliest-begin",
                  earliestBegin: june("08:15"), line: 19),
            .init(at: june("09:44:59"), identifier: "com.example.app.refresh", error: "launch-before-earliest-begin",
                  earliestBegin: june("09:45"), line: 22),
        ])

    /// The runner writes a listed run the scenario does not have as the spec writes the line (`{planned: …, actual:
    /// …}`, since 2026-12-03): one that writes its actual is still drawn on the actual lane, one that writes only its
    /// planned instant on the planned lane, as for the older wording.
    @Test func aMissingRunWrittenAsTheSpecWritesItIsOnTheLaneOfItsInstant() throws {
        var lifecycle = Self.retriesWithRefusals
        lifecycle.refusedLaunches = []
        func triangleY(_ expected: String, _ instant: ResultInstant) throws -> (triangle: Double, planned: Double, actual: Double) {
            lifecycle.expectations = [.init(name: "runs[5]", expected: expected,
                                            actual: "no run: the scenario has 4 runs; remove this line, or add the step that makes the run",
                                            passed: false, line: 30, expectedInstant: instant)]
            let svg = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: nil))
            let lanes = HTMLReporterTests.elements("line", in: svg).filter { $0["class"] == "lane" }.compactMap { $0["y1"].flatMap(Double.init) }
            let path = try #require(HTMLReporterTests.elements("path", in: svg).first { $0["class"] == "expected-run" })
            let base = try #require(path["d"]?.dropFirst().split(whereSeparator: { $0 == " " || $0 == "L" }).dropFirst().first.flatMap { Double($0) })
            return (base, try #require(lanes.min()), try #require(lanes.max()))
        }
        let withActual = try triangleY("{planned: 2027-06-01T10:45:00+02:00, actual: 2027-06-01T10:50:00+02:00}", Self.june("10:50"))
        #expect(withActual.triangle > withActual.actual)
        let actualOnly = try triangleY("{actual: 2027-06-01T10:50:00+02:00, outcome: completed}", Self.june("10:50"))
        #expect(actualOnly.triangle > actualOnly.actual)
        let plannedOnly = try triangleY("{planned: 2027-06-01T10:45:00+02:00}", Self.june("10:45"))
        #expect(plannedOnly.triangle < plannedOnly.planned)
    }

    /// A check the picture had no mark for: a `runs[N]` the scenario does not have ("no run"), `store.updated-at` and
    /// `pending-requests[…].earliest-begin`. Where the results hold the instant the spec writes, it is a dashed
    /// triangle at its time (the run on the actual lane where the spec writes its actual, updated-at on the actual
    /// lane dotted to the run whose commit set it, an earliest begin on the planned lane), labelled, and named in the
    /// picture's title, description and legend.
    @Test func aMissingRunAnUpdatedAtAndAnEarliestBeginAreDrawnAtTheInstantsTheSpecWrites() throws {
        var lifecycle = Self.retriesWithRefusals
        lifecycle.refusedLaunches = []
        lifecycle.expectations = [
            .init(name: "runs[5]", expected: "planned 2027-06-01T10:45:00+02:00, actual 2027-06-01T10:50:00+02:00",
                  actual: "no run (the scenario has 4 runs)", passed: false, line: 30, expectedInstant: Self.june("10:50")),
            .init(name: "store.updated-at", expected: "2027-06-01T09:00:00+02:00", actual: "2027-06-01T09:45:00+02:00",
                  passed: false, line: 31, expectedInstant: Self.june("09:00")),
            .init(name: "pending-requests[com.example.app.refresh].earliest-begin", expected: "2027-06-01T09:15:00+02:00",
                  actual: "2027-06-01 09:45 CEST (+02:00)", passed: false, line: 32, expectedInstant: Self.june("09:15")),
        ]
        let svg = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: nil))
        let axis = try #require(HTMLLifecyclePicture.axis(HTMLLifecyclePicture.marks(lifecycle)))
        let lanes = HTMLReporterTests.elements("line", in: svg).filter { $0["class"] == "lane" }.compactMap { $0["y1"].flatMap(Double.init) }
        let (plannedY, actualY) = (try #require(lanes.min()), try #require(lanes.max()))
        // Each triangle's base: "M<x - 7> <base>"; a triangle on the actual lane points up (base below its centre).
        let triangles = HTMLReporterTests.elements("path", in: svg).filter { $0["class"] == "expected-run" }.compactMap { path -> Point? in
            let numbers = path["d"]?.dropFirst().split(whereSeparator: { $0 == " " || $0 == "L" }).prefix(2).compactMap { Double($0) } ?? []
            return numbers.count == 2 ? Point(x: numbers[0] + 7, y: numbers[1]) : nil
        }
        #expect(triangles.count == 3, "\(triangles)")
        func triangle(at epoch: Double) -> Point? {
            triangles.first { abs($0.x - Double(SVG.number(axis.x(epoch + 7200)))!) < 0.11 }
        }
        let missing = try #require(triangle(at: 1_811_839_800)), updatedAt = try #require(triangle(at: 1_811_833_200))
        let floor = try #require(triangle(at: 1_811_834_100))
        #expect(missing.y > actualY && updatedAt.y > actualY, "on the actual lane, pointing up: \(missing) \(updatedAt)")
        #expect(floor.y < plannedY, "on the planned lane, pointing down: \(floor)")
        let texts = Self.texts(in: svg).map(\.text)
        for label in ["runs[5] expected 10:50 (no run)", "updated-at expected 09:00", "earliest-begin expected 09:15"] {
            #expect(texts.contains(label), "no label \(label) in \(texts)")
        }
        // Only updated-at has a run to be dotted to: the 09:45 run, whose commit set it.
        let links = HTMLReporterTests.elements("line", in: svg).filter { $0["class"] == "expected-link" }
        #expect(links.count == 1)
        #expect(links.first?["x2"] == SVG.number(axis.x(1_811_835_900 + 7200)), "\(links)")
        #expect(svg.contains("<title>Planned versus actual runs: 4 runs, 3 failed, 1 completed; runs[5], store.updated-at, "
            + "pending-requests[com.example.app.refresh].earliest-begin not as expected</title>"), "\(svg)")
        #expect(svg.contains("runs[5] not as expected: expected to run 2027-06-01 10:50 CEST (+02:00), actual no run (the scenario has 4 runs). "
            + "store.updated-at not as expected: expected 2027-06-01 09:00 CEST (+02:00), actual 2027-06-01T09:45:00+02:00. "
            + "pending-requests[com.example.app.refresh].earliest-begin not as expected: expected 2027-06-01 09:15 CEST (+02:00), "
            + "actual 2027-06-01 09:45 CEST (+02:00)."), "\(svg)")
        #expect(HTMLLifecyclePicture.legend(lifecycle).map(\.text)
            .contains("△ ▽ what the spec expects instead (runs[N], updated-at, earliest-begin), dotted to the run"))
        Self.expectNoLabelsCoverEachOther(Self.texts(in: svg))

        // A run the scenario does not have whose spec writes only its planned instant: on the planned lane.
        lifecycle.expectations = [.init(name: "runs[5]", expected: "planned 2027-06-01T10:45:00+02:00", actual: "no run (the scenario has 4 runs)",
                                        passed: false, line: 30, expectedInstant: Self.june("10:45"))]
        let planned = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: nil))
        #expect(planned.contains("expected planned 2027-06-01 10:45 CEST (+02:00)"))
        let path = HTMLReporterTests.elements("path", in: planned).first { $0["class"] == "expected-run" }
        let base = path?["d"]?.dropFirst().split(whereSeparator: { $0 == " " || $0 == "L" }).dropFirst().first.flatMap { Double($0) }
        #expect((base ?? .infinity) < plannedY)
        #expect(HTMLLifecyclePicture.legend(lifecycle).map(\.text).contains("△ ▽ what runs[N] expects instead"))
    }

    /// A dense picture of retries and refused launches (retry-backoff.yaml) crowded its labels: side by side, the
    /// long refused-launch label pushed `08:15 failed` 110 px off its mark, and `08:00 failed` was written over the
    /// 08:14:59 diamond below the lane. Labels keep near their marks and clear of every mark and of each other.
    @Test func aDensePictureKeepsItsLabelsNearTheirMarksAndClearOfEveryMark() throws {
        let svg = try #require(HTMLLifecyclePicture.render(Self.retriesWithRefusals, zoneContext: nil))
        let axis = try #require(HTMLLifecyclePicture.axis(HTMLLifecyclePicture.marks(Self.retriesWithRefusals)))
        let labels = Self.texts(in: svg)
        Self.expectNoLabelsCoverEachOther(labels)
        var marks = ["planned", "actual run-bad", "actual run-ok"].flatMap { Self.points(of: $0, in: svg) }
        for path in HTMLReporterTests.elements("path", in: svg) where path["class"] == "refused" {
            // A diamond's path starts at its top: "M<x> <y - 7>".
            let numbers = path["d"]?.dropFirst().split(whereSeparator: { $0 == " " || $0 == "L" }).prefix(2).compactMap { Double($0) } ?? []
            if numbers.count == 2 { marks.append(Point(x: numbers[0], y: numbers[1] + 7)) }
        }
        #expect(marks.count == 9)
        for label in labels {
            let half = Double(label.text.count) * 3.5
            for mark in marks where abs(label.x - mark.x) < half + 6 {
                #expect(!(mark.y + 7 > label.y - 11 && mark.y - 7 < label.y + 3), "\(label.text) at \(label) covers the mark at \(mark)")
            }
        }
        for (text, epoch) in [("08:15 failed", 1_811_830_500.0), ("08:14:59 refused: before 08:15", 1_811_830_499),
                              ("08:00 failed", 1_811_829_600), ("09:45 completed", 1_811_835_900)] {
            let label = try #require(labels.first { $0.text == text }, "\(labels.map(\.text))")
            #expect(abs(label.x - axis.x(epoch + 7200)) <= HTMLLifecyclePicture.sideBySideShift, "\(text) at x \(label.x)")
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

    /// The dotted leader that starts at `start`, segment by segment (each `line.leader` starts where the last ended).
    static func leaderSegments(from start: Point, in svg: String) -> [(Point, Point)] {
        let lines = HTMLReporterTests.elements("line", in: svg).filter { $0["class"] == "leader" }.compactMap { line -> (Point, Point)? in
            guard let x1 = line["x1"].flatMap(Double.init), let y1 = line["y1"].flatMap(Double.init),
                  let x2 = line["x2"].flatMap(Double.init), let y2 = line["y2"].flatMap(Double.init) else { return nil }
            return (Point(x: x1, y: y1), Point(x: x2, y: y2))
        }
        var segments: [(Point, Point)] = [], at = start
        while let next = lines.first(where: { distance($0.0, at) < 0.11 }), segments.count < 8 {
            segments.append(next)
            at = next.1
        }
        return segments
    }

    static func leaderEnd(from start: Point, in svg: String) -> Point? { leaderSegments(from: start, in: svg).last?.1 }

    static func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    /// The least distance from a point to a segment.
    static func distance(_ point: Point, toSegment segment: (Point, Point)) -> Double {
        let (a, b) = segment
        let dx = b.x - a.x, dy = b.y - a.y, length = dx * dx + dy * dy
        let t = length == 0 ? 0 : max(0, min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length))
        return distance(point, Point(x: a.x + t * dx, y: a.y + t * dy))
    }

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
        // The autumn change is in the picture; a spring change months before its runs is named outside its span.
        #expect(svg.contains("The offset changes at 2027-10-31T01:00:00Z: "))
        let far = ZoneContext(zone: "Europe/Berlin", transitions: [RunResultFixture.springTransition, RunResultFixture.autumnTransition])
        let farSVG = try #require(HTMLLifecyclePicture.render(lifecycle, zoneContext: far))
        #expect(farSVG.contains("The offset changes at 2027-03-28T01:00:00Z, outside this picture's span: "), "\(farSVG.prefix(600))")
        #expect(farSVG.contains("The offset changes at 2027-10-31T01:00:00Z: "))
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
