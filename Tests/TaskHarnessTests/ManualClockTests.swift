import Foundation
import Synchronization
import Testing
@testable import TaskHarness

@Suite struct ManualClockTests {
    let start = instant("2027-03-29T00:00:00Z")

    @Test func startsWhereTheScenarioSaysAndMovesOnlyWhenAdvanced() throws {
        let clock = try ManualClock(start: start)
        #expect(clock.now == start)
        try clock.advance(by: .seconds(90))
        #expect(clock.now == instant("2027-03-29T00:01:30Z"))
        try clock.advance(to: instant("2027-03-30T00:00:00Z"))
        #expect(clock.now == instant("2027-03-30T00:00:00Z"))
    }

    @Test func goingBackwardsIsAnError() throws {
        let clock = try ManualClock(start: start)
        try clock.advance(to: instant("2027-03-29T01:00:00Z"))
        #expect(throws: ClockError.backwards(now: instant("2027-03-29T01:00:00Z"), requested: start)) {
            try clock.advance(to: start)
        }
        #expect(throws: ClockError.negativeDuration(.seconds(-1))) { try clock.advance(by: .seconds(-1)) }
        #expect(clock.now == instant("2027-03-29T01:00:00Z"))
    }

    @Test func firesDueTimersInDeadlineOrderWithNowAtEachDeadline() throws {
        let clock = try ManualClock(start: start)
        let fired = Mutex<[String]>([])
        for (label, offset) in [("c", 300.0), ("a", 60.0), ("b1", 120.0), ("b2", 120.0), ("late", 7200.0)] {
            clock.schedule(at: start.addingTimeInterval(offset), label: label) {
                fired.withLock { $0.append("\(label)@\(Int(clock.now.timeIntervalSince(start)))") }
            }
        }
        try clock.advance(to: start.addingTimeInterval(3600))
        // Equal deadlines fire in the order they were scheduled; the 2-hour timer is not due yet.
        #expect(fired.withLock { $0 } == ["a@60", "b1@120", "b2@120", "c@300"])
        #expect(clock.pendingWork.map(\.label) == ["late"])
        #expect(clock.now == start.addingTimeInterval(3600))
    }

    @Test func aTimerScheduledByATimerFiresInTheSameAdvanceWhenDue() throws {
        let clock = try ManualClock(start: start)
        let fired = Mutex<[String]>([])
        clock.schedule(at: start.addingTimeInterval(10), label: "first") {
            fired.withLock { $0.append("first") }
            clock.schedule(at: clock.now.addingTimeInterval(10), label: "second") { fired.withLock { $0.append("second") } }
        }
        try clock.advance(by: .seconds(30))
        #expect(fired.withLock { $0 } == ["first", "second"])
    }

    @Test func aDeadlineAlreadyPassedFiresOnTheNextAdvanceWithoutMovingBack() throws {
        let clock = try ManualClock(start: start)
        let fired = Mutex(false)
        clock.schedule(at: start.addingTimeInterval(-60), label: "overdue") { fired.withLock { $0 = true } }
        try clock.advance(to: start)
        #expect(fired.withLock { $0 })
        #expect(clock.now == start)
    }

    @Test func theEndCheckFailsWhileWorkIsScheduledAndPassesOnceItIsDone() throws {
        let clock = try ManualClock(start: start)
        let token = clock.schedule(at: start.addingTimeInterval(30), label: "expiration deadline") {}
        clock.schedule(at: start.addingTimeInterval(60), label: "retry") {}
        #expect(throws: ClockError.self) { try clock.checkNoPendingWork() }
        #expect(clock.cancel(token))
        #expect(!clock.cancel(token))
        try clock.advance(by: .seconds(60))
        try clock.checkNoPendingWork()
    }

    @Test func aTimerThatKeepsReschedulingItselfStopsAtTheBound() throws {
        let clock = try ManualClock(start: start)
        @Sendable func again() { clock.schedule(at: clock.now, label: "loop", again) }
        clock.schedule(at: start, label: "loop", again)
        #expect(throws: ClockError.tooManyFirings(limit: ManualClock.firingLimit, at: start.addingTimeInterval(1))) {
            try clock.advance(by: .seconds(1))
        }
    }
}
