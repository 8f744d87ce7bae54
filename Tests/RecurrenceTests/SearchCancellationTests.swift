import Foundation
import Synchronization
import Testing
@testable import Recurrence

/// A search on a cancelled thread or in a cancelled `Task` ends with `stopped` instead of running on: specrun cancels
/// the thread (or, for a lifecycle scenario, the `Task`) of a test that passed `--timeout`. Some Foundation searches take minutes; a core window can hold billions of occurrences
/// when its limits are raised far enough.
///
/// US/Central kept local mean time (-05:50:36) until 1883-11-18 (zoneinfo); in those years this toolchain's
/// `nextDate` finds no monthly day-31 22:59 and gives up slowly, about 50 ms a month (measured by the stress run of
/// 2026-11-30), so the search below would take minutes to reach its bound of 10,000 months.
@Suite struct SearchCancellationTests {
    static func slowSchedule() throws -> Schedule {
        try Schedule(
            id: "lmt", version: 1, rule: .monthly(day: .day(31), at: TimeOfDay(hour: 22, minute: 59)!, missingDay: .lastDay),
            timeZone: TimeZone(identifier: "US/Central")!, nonexistent: .skip, repeated: .first)
    }

    /// Runs `body` on a Foundation thread, cancelled first when `cancelled`, and returns what it threw.
    static func onThread(cancelled: Bool, _ body: @escaping @Sendable () throws(RecurrenceError) -> Void) -> RecurrenceError? {
        let outcome = Mutex<RecurrenceError?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            if cancelled { Thread.current.cancel() }
            do throws(RecurrenceError) {
                try body()
            } catch {
                outcome.withLock { $0 = error }
            }
            done.signal()
        }
        thread.start()
        done.wait()
        return outcome.withLock { $0 }
    }

    /// Runs `body` in a Swift `Task`, cancelled first when `cancelled`, and returns what it threw.
    static func inTask(cancelled: Bool, _ body: @escaping @Sendable () throws(RecurrenceError) -> Void) async -> RecurrenceError? {
        let task = Task { () -> RecurrenceError? in
            if cancelled { withUnsafeCurrentTask { $0?.cancel() } }
            do throws(RecurrenceError) {
                try body()
                return nil
            } catch {
                return error
            }
        }
        return await task.value
    }

    @Test func aCancelledThreadStopsTheSearchAtItsFirstCheck() throws {
        let schedule = try Self.slowSchedule()
        let after = Date(timeIntervalSince1970: -3_786_825_600)  // 1850-01-01T00:00:00Z
        let error = Self.onThread(cancelled: true) { () throws(RecurrenceError) in
            _ = try FoundationEngine().next(after: after, in: schedule)
        }
        #expect(error == .stopped(after: after))

        let window = Window(after: after, through: Date(timeIntervalSince1970: -2_524_521_600))  // 1890-01-01T00:00:00Z
        let windowError = Self.onThread(cancelled: true) { () throws(RecurrenceError) in
            _ = try FoundationEngine().occurrences(in: window, of: schedule, limit: 1_000)
        }
        #expect(windowError == .stopped(after: after))
    }

    @Test func aCoreWindowOnACancelledThreadStopsWithinItsCheckStride() throws {
        // Every second for two days: 172,800 occurrences, more than the 65,536 between two checks.
        let schedule = try Schedule(
            id: "tick", version: 1, rule: .interval(seconds: 1, from: Date(timeIntervalSince1970: 0)),
            timeZone: TimeZone(identifier: "Etc/UTC")!, nonexistent: .skip, repeated: .first)
        let window = Window(after: Date(timeIntervalSince1970: 0), through: Date(timeIntervalSince1970: 172_800))
        let error = Self.onThread(cancelled: true) { () throws(RecurrenceError) in
            _ = try CoreEngine().occurrences(in: window, of: schedule, limit: 1_000_000)
        }
        // The first check comes at the 65,536th occurrence: from + 65,536 s.
        #expect(error == .stopped(after: Date(timeIntervalSince1970: 65_536)))

        // A calendar rule's window: daily for 200 years is 73,000 occurrences.
        let daily = try Schedule(
            id: "noon", version: 1, rule: .daily(at: TimeOfDay(hour: 12, minute: 0)!),
            timeZone: TimeZone(identifier: "Etc/UTC")!, nonexistent: .skip, repeated: .first)
        let centuries = Window(after: Date(timeIntervalSince1970: 0), through: Date(timeIntervalSince1970: 6_311_390_400))
        let dailyError = Self.onThread(cancelled: true) { () throws(RecurrenceError) in
            _ = try CoreEngine().occurrences(in: centuries, of: daily, limit: 1_000_000)
        }
        // 1970-01-01T12:00Z is the first; the 65,536th is 65,535 days later, 2149-06-06T12:00:00Z (Python datetime).
        #expect(dailyError == .stopped(after: Date(timeIntervalSince1970: 5_662_267_200)))

        // Fewer occurrences than the stride: the window ends before any check, as it always did.
        let short = Window(after: Date(timeIntervalSince1970: 0), through: Date(timeIntervalSince1970: 60_000))
        let shortError = Self.onThread(cancelled: true) { () throws(RecurrenceError) in
            _ = try CoreEngine().occurrences(in: short, of: schedule, limit: 1_000_000)
        }
        #expect(shortError == nil)
    }

    @Test func aCancelledTaskStopsASearchAsACancelledThreadDoes() async throws {
        // An app enumerating a catch-up window in a `Task` it cancels; specrun cancels a lifecycle scenario's `Task`.
        let tick = try Schedule(
            id: "tick", version: 1, rule: .interval(seconds: 1, from: Date(timeIntervalSince1970: 0)),
            timeZone: TimeZone(identifier: "Etc/UTC")!, nonexistent: .skip, repeated: .first)
        let twoDays = Window(after: Date(timeIntervalSince1970: 0), through: Date(timeIntervalSince1970: 172_800))
        let error = await Self.inTask(cancelled: true) { () throws(RecurrenceError) in
            _ = try tick.occurrences(in: twoDays, limit: 1_000_000)
        }
        // As on a thread: the first check comes at the 65,536th occurrence, from + 65,536 s.
        #expect(error == .stopped(after: Date(timeIntervalSince1970: 65_536)))

        let schedule = try Self.slowSchedule()
        let after = Date(timeIntervalSince1970: -3_786_825_600)  // 1850-01-01T00:00:00Z
        let foundationError = await Self.inTask(cancelled: true) { () throws(RecurrenceError) in
            _ = try FoundationEngine().next(after: after, in: schedule)
        }
        #expect(foundationError == .stopped(after: after))

        // The same window in a Task nobody cancels: all 172,800 seconds.
        let count = Mutex(0)
        let uncancelled = await Self.inTask(cancelled: false) { () throws(RecurrenceError) in
            let found = try tick.occurrences(in: twoDays, limit: 1_000_000).count
            count.withLock { $0 = found }
        }
        #expect(uncancelled == nil)
        #expect(count.withLock { $0 } == 172_800)
    }

    @Test func anUncancelledThreadSearchesAsBefore() throws {
        // After 2027-03-01T00:00:00Z: February's last day, 2027-02-28 22:59 CST (-06:00), is 2027-03-01T04:59:00Z (zoneinfo).
        let schedule = try Self.slowSchedule()
        let found = Mutex<Date?>(nil)
        let error = Self.onThread(cancelled: false) { () throws(RecurrenceError) in
            let next = try FoundationEngine().next(after: Date(timeIntervalSince1970: 1_803_859_200), in: schedule)
            found.withLock { $0 = next.date }
        }
        #expect(error == nil)
        #expect(found.withLock { $0 } == Date(timeIntervalSince1970: 1_803_877_140))
    }
}
