import Foundation
import Testing
import Recurrence

/// A small deterministic generator (SplitMix64): property tests draw the same cases on every run and machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The sequence semantics as properties, over many zones (every one with unusual changes) and dates near their
/// transitions: results strictly increasing, the cursor rule (for any t in [previous, next), next(after: t) is
/// next), window enumeration equal to repeated next, unique keys, and windows that split without seams.
@Suite("Sequence properties over many zones")
struct SequencePropertyTests {
    static let zoneNames = [
        "Australia/Lord_Howe", "Antarctica/Troll", "Pacific/Chatham", "America/Nuuk", "America/Havana",
        "America/Sao_Paulo", "America/St_Johns", "Pacific/Apia", "Asia/Almaty", "Europe/Dublin",
        "Africa/Casablanca", "Africa/El_Aaiun", "Asia/Kathmandu", "Pacific/Kiritimati", "Pacific/Fakaofo",
        "Pacific/Kwajalein", "America/Caracas", "Asia/Pyongyang", "Europe/Volgograd", "Asia/Gaza",
        "America/Santiago", "Pacific/Easter", "America/Asuncion", "Asia/Tehran", "Antarctica/Macquarie",
        "Australia/Adelaide", "America/Scoresbysund", "Asia/Qyzylorda", "Europe/Kyiv", "Europe/Moscow",
        "America/Mexico_City", "America/Grand_Turk", "Pacific/Norfolk", "Asia/Colombo", "Asia/Dhaka",
        "Africa/Juba", "America/Metlakatla", "Asia/Amman", "Asia/Damascus", "Africa/Cairo",
        "Asia/Beirut", "Pacific/Tongatapu", "Pacific/Fiji", "America/Punta_Arenas", "Asia/Yangon",
        "America/Whitehorse", "Asia/Famagusta", "Europe/Saratov", "UTC", "Europe/Berlin",
        "Europe/London", "America/New_York", "America/Los_Angeles", "America/Anchorage", "Asia/Tokyo",
        "Asia/Kolkata", "Australia/Sydney", "Pacific/Auckland", "America/Halifax", "Atlantic/Azores",
        "America/Sitka", "Asia/Manila", "America/Juneau",
    ]

    /// A schedule and a window near one of its zone's transitions.
    struct Draw {
        let schedule: Schedule
        let window: Window
    }

    static func draws(count: Int, seed: UInt64) throws -> [Draw] {
        var random = SeededGenerator(seed: seed)
        var draws: [Draw] = []
        for index in 0..<count {
            let name = zoneNames[index % zoneNames.count]
            let zone = try #require(TimeZone(identifier: name))
            let years = [(1900, 1970), (1970, 2040), (2040, 2110)]
            let (fromYear, toYear) = index % 5 == 0 ? years[index % 3] : years[1]
            let lower = Date(timeIntervalSince1970: Double(CivilDate(year: fromYear, month: 1, day: 1).daysSinceEpoch) * 86_400)
            let upper = Date(timeIntervalSince1970: Double(CivilDate(year: toYear, month: 1, day: 1).daysSinceEpoch) * 86_400)
            let changes = try ZoneTransition.transitions(of: zone, from: lower, through: upper)
            let change = changes.randomElement(using: &random)
            let anchor = change?.date
                ?? lower.addingTimeInterval(Double.random(in: 0..<upper.timeIntervalSince(lower), using: &random))
            // The wall time where the change's gap or overlap begins (the change's instant read with the smaller of
            // its two offsets), so calendar rules land in skipped and repeated wall times, not just after them.
            let offset = change.map { min($0.offsetBefore, $0.offsetAfter) } ?? zone.secondsFromGMT(for: anchor)
            let wallSeconds = Int(anchor.timeIntervalSince1970) + offset
            let wallHour = ((wallSeconds / 3600) % 24 + 24) % 24
            let hour = Bool.random(using: &random) ? wallHour : Int.random(in: 0..<24, using: &random)
            let time = TimeOfDay(hour: hour, minute: [0, 15, 30, 45, 59].randomElement(using: &random)!)!
            let rules: [(Rule, Double)] = [
                (.daily(at: time), 5 * 86_400),
                (.weekly(on: [.sunday, .wednesday, .saturday].shuffled(using: &random).dropLast(Int.random(in: 0...2, using: &random)), at: time), 21 * 86_400),
                (.monthly(day: [.day(31), .last, .day(30), .day(1)].randomElement(using: &random)!, at: time,
                          missingDay: Bool.random(using: &random) ? .skip : .lastDay), 200 * 86_400),
                (.yearly(month: Int.random(in: 1...12, using: &random), day: .day(29), at: time, missingDay: .lastDay), 5 * 366 * 86_400),
                (.hourly(minute: time.minute, second: 0), 2 * 86_400),
                (.interval(seconds: [900, 5400, 86_400].randomElement(using: &random)!, from: anchor.addingTimeInterval(-7200)), 86_400),
            ]
            let (rule, span) = rules[index % rules.count]
            let schedule = try Schedule(
                id: "p\(index)", version: 1 + index % 3, rule: rule, timeZone: zone,
                nonexistent: NonexistentTimePolicy.allCases.randomElement(using: &random)!,
                repeated: RepeatedTimePolicy.allCases.randomElement(using: &random)!)
            let after = anchor.addingTimeInterval(-Double.random(in: 0...span / 2, using: &random).rounded())
            draws.append(Draw(schedule: schedule, window: Window(after: after, through: after.addingTimeInterval(span))))
        }
        return draws
    }

    static func label(_ draw: Draw) -> String {
        "\(draw.schedule.timeZone.identifier) \(draw.schedule.rule.summary) "
            + "\(draw.schedule.nonexistent.rawValue)/\(draw.schedule.repeated.rawValue) "
            + "(\(draw.window.after.rfc3339UTC), \(draw.window.through.rfc3339UTC)]"
    }

    @Test("windows are strictly increasing with unique keys, and equal repeated next(after:)")
    func windowEqualsRepeatedNext() throws {
        var checked = 0
        for draw in try Self.draws(count: 600, seed: 1) {
            let occurrences = try draw.schedule.occurrences(in: draw.window)
            checked += occurrences.count
            #expect(zip(occurrences, occurrences.dropFirst()).allSatisfy { $0.date < $1.date }, "\(Self.label(draw))")
            #expect(Set(occurrences.map(\.key)).count == occurrences.count, "\(Self.label(draw))")
            #expect(occurrences.allSatisfy { draw.window.contains($0.date) }, "\(Self.label(draw))")
            var repeated: [Occurrence] = []
            var cursor = draw.window.after
            while true {
                let next = try draw.schedule.next(after: cursor)
                guard next.date <= draw.window.through else { break }
                repeated.append(next)
                cursor = next.date
            }
            #expect(repeated == occurrences, "\(Self.label(draw))")
        }
        #expect(checked > 5_000)
    }

    @Test("for every cursor t in [previous, next), next(after: t) is next")
    func cursorStability() throws {
        var random = SeededGenerator(seed: 2)
        var searches = 0
        for draw in try Self.draws(count: 300, seed: 3) {
            let occurrences = try draw.schedule.occurrences(in: draw.window)
            for (previous, next) in zip(occurrences, occurrences.dropFirst()) {
                let gap = next.date.timeIntervalSince(previous.date)
                var cursors = [previous.date, previous.date.addingTimeInterval(0.5), next.date.addingTimeInterval(-1),
                               next.date.addingTimeInterval(-0.001)]
                cursors += (0..<3).map { _ in previous.date.addingTimeInterval(Double.random(in: 0..<gap, using: &random)) }
                for cursor in cursors where cursor >= previous.date && cursor < next.date {
                    searches += 1
                    let found = try draw.schedule.next(after: cursor)
                    #expect(found == next, "\(Self.label(draw)) after \(cursor.rfc3339UTC)")
                }
                // At the occurrence itself the search moves on: the cursor is excluded.
                #expect(try draw.schedule.next(after: next.date).date > next.date)
            }
        }
        #expect(searches > 10_000)
    }

    @Test("a window split anywhere enumerates the same occurrences as the whole")
    func windowsSplitWithoutSeams() throws {
        var random = SeededGenerator(seed: 4)
        var compared = 0
        for draw in try Self.draws(count: 300, seed: 5) {
            let whole = try draw.schedule.occurrences(in: draw.window)
            let split = draw.window.after.addingTimeInterval(
                Double.random(in: 0...draw.window.through.timeIntervalSince(draw.window.after), using: &random).rounded())
            let first = try draw.schedule.occurrences(in: Window(after: draw.window.after, through: split))
            let second = try draw.schedule.occurrences(in: Window(after: split, through: draw.window.through))
            #expect(first + second == whole, "\(Self.label(draw)) split at \(split.rfc3339UTC)")
            compared += whole.count
        }
        #expect(compared > 2_000)
    }

    @Test("each occurrence's slot, key and resolution agree with its instant")
    func occurrencesDescribeThemselves() throws {
        var resolutions: [Occurrence.Resolution: Int] = [:]
        for draw in try Self.draws(count: 600, seed: 6) {
            let schedule = draw.schedule
            var resolver = WallTimeResolver(timeZone: schedule.timeZone)
            for occurrence in try schedule.occurrences(in: draw.window) {
                guard let slot = occurrence.slot else {
                    #expect(occurrence.key.rawValue == "\(schedule.id)/v\(schedule.version)/\(occurrence.date.rfc3339UTC)")
                    continue
                }
                resolutions[occurrence.resolution, default: 0] += 1
                let wanted = resolver.instants(for: slot, nonexistent: schedule.nonexistent, repeated: schedule.repeated)
                #expect(wanted.contains { $0.date == occurrence.date && $0.resolution == occurrence.resolution },
                        "\(Self.label(draw)) \(occurrence.key)")
                var stem = slot.dateString
                if case .hourly = schedule.rule {
                    stem += "T" + String(format: "%02d:%02d", slot.hour, slot.minute)
                }
                let suffix = occurrence.resolution == .overlapLast && schedule.repeated == .both ? "~2" : ""
                #expect(occurrence.key.rawValue == "\(schedule.id)/v\(schedule.version)/\(stem)\(suffix)")
                if occurrence.resolution == .exact {
                    let wall = Int(occurrence.date.timeIntervalSince1970) + resolver.offset(at: occurrence.date)
                    #expect(wall == slot.wallSeconds, "\(Self.label(draw)) \(occurrence.key)")
                }
            }
        }
        // The draws must reach every way a wall time resolves, or the properties above say little about gaps and
        // overlaps. (Skipped slots make no occurrence, so `skip` has no count.)
        let kinds: [Occurrence.Resolution] = [
            .exact, .overlapFirst, .overlapLast, .gap(.nextValidTime), .gap(.shiftForward), .gap(.shiftBackward),
        ]
        for kind in kinds {
            #expect(resolutions[kind, default: 0] >= 5, "\(kind): \(resolutions[kind, default: 0]) occurrences")
        }
    }

    @Test("the transition table gives Foundation's offset at every instant, in every zone the toolchain knows")
    func offsetsMatchFoundation() throws {
        var random = SeededGenerator(seed: 7)
        var compared = 0
        for name in TimeZone.knownTimeZoneIdentifiers {
            let zone = try #require(TimeZone(identifier: name))
            var resolver = WallTimeResolver(timeZone: zone)
            // Ascending instants (the table's fast path), then a few jumps back (its rebuild path).
            var instants = (0..<40).map { _ in Double.random(in: -2_300_000_000...4_200_000_000, using: &random).rounded() }
            instants.sort()
            instants += (0..<5).map { _ in Double.random(in: -2_300_000_000...4_200_000_000, using: &random).rounded() }
            let changes = try ZoneTransition.transitions(
                of: zone, from: Date(timeIntervalSince1970: 1_600_000_000), through: Date(timeIntervalSince1970: 1_900_000_000))
            for change in changes {
                instants += [change.date.timeIntervalSince1970 - 1, change.date.timeIntervalSince1970]
                #expect(zone.secondsFromGMT(for: change.date.addingTimeInterval(-1)) == change.offsetBefore, "\(name) \(change)")
                #expect(zone.secondsFromGMT(for: change.date) == change.offsetAfter, "\(name) \(change)")
                #expect(change.offsetBefore != change.offsetAfter)
            }
            for seconds in instants {
                let date = Date(timeIntervalSince1970: seconds)
                compared += 1
                #expect(resolver.offset(at: date) == zone.secondsFromGMT(for: date), "\(name) at \(date.rfc3339UTC)")
            }
        }
        #expect(compared > 20_000)
    }
}
