import Foundation
import Testing
import Recurrence

/// An interval rule whose `from` has a fraction of a second (RFC 3339 allows it): the cursor rule still gives the
/// first instant strictly after the cursor when the cursor is itself an occurrence.
///
/// With such a `from`, `(from + k·s) − from` can come out a hair below `k·s` in floating point, so `elapsed / s`
/// floors to `k − 1` and only the exact comparison `instant(k) <= cursor` moves the search past the cursor.
/// Each row below is a `(from, s, k)` where that happens, found by replaying the engine's arithmetic with Python
/// floats (IEEE 754 doubles, like `Date`'s time interval since 2001): `d = from + k*s; floor((d - from) / s) == k - 1`.
/// The expected instants are the rule's definition, `from + k·s`, computed the way an app would.
/// Written for mutation testing (docs/testing.md, C9): `instant(k) < cursor` there made `next(after:)` return its
/// own cursor for these rows, and no other test noticed.
@Suite("Interval rules with a fractional from")
struct IntervalFractionalCursorTests {
    struct Row: Sendable, CustomStringConvertible {
        let fromSinceReferenceDate: Double
        let seconds: Int
        let k: Int
        var description: String { "every \(seconds) s from \(fromSinceReferenceDate), k = \(k)" }
    }

    static let rows = [
        Row(fromSinceReferenceDate: 472_481_492.672, seconds: 5400, k: 14_850),  // 2015-12-22T12:51:32.672Z, every 90m
        Row(fromSinceReferenceDate: 735_503_585.218, seconds: 86_400, k: 7999),  // 2024-04-22T18:33:05.218Z, every 24h
        Row(fromSinceReferenceDate: 231_969_682.915, seconds: 3600, k: 11_209),  // 2008-05-08T20:01:22.915Z, every 1h
        Row(fromSinceReferenceDate: 536_732_479.234, seconds: 45, k: 19_192),  // 2018-01-04T04:21:19.234Z, every 45s
    ]

    static func schedule(_ row: Row) throws -> Schedule {
        try Schedule(
            id: "iv", rule: .interval(seconds: row.seconds, from: Date(timeIntervalSinceReferenceDate: row.fromSinceReferenceDate)),
            timeZone: TimeZone(identifier: "Europe/Berlin")!, nonexistent: .skip, repeated: .first)
    }

    static func instant(_ row: Row, _ k: Int) -> Date {
        Date(timeIntervalSinceReferenceDate: row.fromSinceReferenceDate).addingTimeInterval(Double(k) * Double(row.seconds))
    }

    @Test("next(after:) an occurrence is the following one, never the cursor itself", arguments: rows)
    func nextAfterAnOccurrence(_ row: Row) throws {
        let cursor = Self.instant(row, row.k)
        let next = try Self.schedule(row).next(after: cursor)
        #expect(next.date > cursor)
        #expect(next.date == Self.instant(row, row.k + 1))
    }

    @Test("a window starting at an occurrence excludes it: (after, through]", arguments: rows)
    func windowAfterAnOccurrence(_ row: Row) throws {
        let window = Window(after: Self.instant(row, row.k), through: Self.instant(row, row.k + 1))
        #expect(try Self.schedule(row).occurrences(in: window).map(\.date) == [Self.instant(row, row.k + 1)])
    }

    // The Foundation engine computes intervals by its own arithmetic (Calendar has no elapsed-time rule); it had
    // only the floor, without the comparison, so it returned its own cursor for these rows.
    @Test("the Foundation engine's next(after:) an occurrence is the following one", arguments: rows)
    func foundationNextAfterAnOccurrence(_ row: Row) throws {
        let cursor = Self.instant(row, row.k)
        let next = try FoundationEngine().next(after: cursor, in: Self.schedule(row))
        #expect(next.date == Self.instant(row, row.k + 1))
    }

    @Test("the Foundation engine's window starting at an occurrence excludes it", arguments: rows)
    func foundationWindowAfterAnOccurrence(_ row: Row) throws {
        let window = Window(after: Self.instant(row, row.k), through: Self.instant(row, row.k + 1))
        #expect(try FoundationEngine().occurrences(in: window, of: Self.schedule(row), limit: 10).map(\.date) == [Self.instant(row, row.k + 1)])
    }
}
