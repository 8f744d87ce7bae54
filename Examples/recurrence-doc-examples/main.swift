import Foundation
import Recurrence

let berlin = TimeZone(identifier: "Europe/Berlin")!
let schedule = try Schedule(
    id: "nightly-sync",                       // part of every dedup key
    version: 1,                               // bump it when the rule changes: keys change with it
    rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!),
    timeZone: berlin,
    nonexistent: .skip,                       // what to do when 02:30 does not exist (spring)
    repeated: .first)                         // what to do when 02:30 happens twice (autumn)
print(schedule.rule.summary)

let nine = TimeOfDay(hour: 9, minute: 0)!
let rules: [Rule] = [
    .weekly(on: [.monday, .thursday], at: nine),
    .daily(at: [TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 20, minute: 0)!]),
    .monthly(day: .last, at: nine),
    .monthly(day: .day(31), at: nine, missingDay: .skip),
    .yearly(month: 2, day: .day(29), at: TimeOfDay(hour: 12, minute: 0)!, missingDay: .lastDay),
    .monthly(day: .weekday(.last, .friday), at: TimeOfDay(hour: 23, minute: 30)!),
    .yearly(month: 11, day: .weekday(.fourth, .thursday), at: TimeOfDay(hour: 12, minute: 0)!),
    .hourly(minute: 15),
    .hourly(minute: 15, second: 30),
    .interval(seconds: 5400, from: try Date("2027-03-27T01:30:00Z", strategy: .iso8601)),
]
for rule in rules { print(rule.summary) }

// The first occurrence strictly after a cursor. The 28th has no 02:30 (the spring gap; `.skip`).
let cursor = try Date("2027-03-27T12:00:00Z", strategy: .iso8601)
let next = try schedule.next(after: cursor)
print(next.date.rfc3339UTC)   // the instant, in UTC (02:30+02:00)
print(next.key)               // its dedup key
print(next.slot!)             // the local slot the rule selected (nil for intervals)
print(next.resolution)        // exact, gap:<policy>, overlap-first or overlap-last
print(next)                   // all of it but the slot

// Every occurrence in a window (after, through]: the start excluded, the end included.
let lastCompletion = try Date("2027-10-29T12:00:00Z", strategy: .iso8601)
let launchTime = try Date("2027-11-01T12:00:00Z", strategy: .iso8601)
var completed: Set<DedupKey> = [DedupKey("nightly-sync/v1/2027-10-30")]   // read from the app's store
for occurrence in try schedule.occurrences(in: Window(after: lastCompletion, through: launchTime)) {
    guard !completed.contains(occurrence.key) else { continue }
    print("run", occurrence)   // the app's work for this occurrence, then it records the key
    completed.insert(occurrence.key)
}

let monthEnd = try Schedule(
    id: "month-end", rule: .monthly(day: .last, at: nine), timeZone: berlin, nonexistent: .skip, repeated: .first)
var after = try Date("2027-01-01T00:00:00Z", strategy: .iso8601)
for _ in 1...3 {
    let occurrence = try monthEnd.next(after: after)
    print(occurrence)
    after = occurrence.date
}

let every90m = try Schedule(
    id: "every-90m", interval: 5400, from: try Date("2027-03-28T00:00:00Z", strategy: .iso8601))   // no policies
let night = Window(after: try Date("2027-03-27T12:00:00Z", strategy: .iso8601),
                   through: try Date("2027-03-28T03:00:00Z", strategy: .iso8601))
for occurrence in try every90m.occurrences(in: night) { print(occurrence) }

print(schedule)                          // one line: id/version, rule, zone, policies (and limit when not 10,000)
for rule in rules.prefix(3) { print(rule) }   // what a spec writes after `rule:`
print(every90m)                          // an interval leaves out the zone and policies it ignores

let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]   // .sortedKeys: stable bytes
let json = try encoder.encode(schedule)
print(String(decoding: json, as: UTF8.self))
let restored = try JSONDecoder().decode(Schedule.self, from: json)
print(restored == schedule, try restored.next(after: cursor) == next)

// Stored JSON that is no valid schedule is refused with a DecodingError whose text starts with the field's path.
let edited = #"{"id": "nightly-sync", "timezone": "Europe/Berlin", "rule": {"every": "day", "at": "25:00"}, "nonexistent": "skip", "repeated": "first"}"#
do {
    _ = try JSONDecoder().decode(Schedule.self, from: Data(edited.utf8))
} catch let DecodingError.dataCorrupted(context) {
    print(context.debugDescription)      // context.codingPath is [rule, at]
}

// A time of day from text: TimeOfDay(parsing:) gives nil for a bad one; try TimeOfDay(_:) says why.
print(TimeOfDay(parsing: "9h30") as Any)
do {
    _ = try TimeOfDay("9h30")
} catch {
    print(error)                         // a TimeOfDayParseError: error.reason is .unexpectedCharacter("h")
}

let leapDay = try Schedule(
    id: "leap", rule: .yearly(month: 2, day: .day(29), at: TimeOfDay(hour: 12, minute: 0)!, missingDay: .skip),
    timeZone: TimeZone(identifier: "UTC")!, nonexistent: .skip, repeated: .first, searchLimit: 5)
let start2097 = try Date("2097-01-01T00:00:00Z", strategy: .iso8601)
do {
    _ = try leapDay.next(after: start2097)
} catch {
    // `error` is a RecurrenceError: the call throws only that type (typed throws).
    if case .searchLimitReached(_, let limit, _) = error { print("bound of \(limit) reached") }
    print(error)
}

/// What an app shows when it plans its next sync: the instant, or why there is none.
func nextSyncText(_ schedule: Schedule, after now: Date) -> String {
    do {
        return "next sync at \(try schedule.next(after: now).date.rfc3339UTC)"
    } catch {
        switch error {   // a RecurrenceError (typed throws): a new case fails this switch at compile time
        case .searchLimitReached(_, let limit, _):
            return "no sync within \(limit) slots; raise searchLimit if the rule is that rare"
        case .instantOutOfRange(let role, _):
            return "the \(role) is not a usable instant (check the clock)"
        case .invalidRule, .tooManyOccurrences, .engineFoundNothing, .stopped:
            return "not thrown by next(after:): \(error)"
        }
    }
}
print(nextSyncText(schedule, after: cursor))
print(nextSyncText(leapDay, after: start2097))
print(nextSyncText(schedule, after: Date(timeIntervalSince1970: .nan)))

var resolver = WallTimeResolver(timeZone: TimeZone(identifier: "Australia/Lord_Howe")!)
let wall = LocalDateTime(year: 2027, month: 10, day: 3, hour: 2, minute: 15)
if case .gap(let transition, let before, let after) = resolver.resolve(wall) {
    print("gap at", transition.rfc3339UTC, WallTimeText.offset(before), "→", WallTimeText.offset(after))
}
for row in resolver.policyOutcomes(for: wall) {
    print(row.policy, row.applies, (row.instants ?? []).map(\.date.rfc3339UTC))
}

let changes = try ZoneTransition.transitions(
    of: TimeZone(identifier: "Pacific/Apia")!,
    from: try Date("2011-06-01T00:00:00Z", strategy: .iso8601),
    through: try Date("2012-06-01T00:00:00Z", strategy: .iso8601))   // at most `limit` (10,000) or it throws TooMany
for change in changes { print(change) }
