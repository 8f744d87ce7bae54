import Foundation
import Testing
import Recurrence

/// One wall time in one zone, with what the oracle (Python zoneinfo) says it is and what each policy makes of it.
struct ResolverCase: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable {
        case unique(Int)
        case gap(transition: Int, before: Int, after: Int, nextValidTime: Int, shiftForward: Int, shiftBackward: Int)
        case overlap(first: Int, last: Int, transition: Int)
    }

    let zone: String
    let local: String
    let expected: Expected

    var testDescription: String { "\(zone) \(local)" }

    static func unique(_ zone: String, _ local: String, _ instant: Int) -> ResolverCase {
        ResolverCase(zone: zone, local: local, expected: .unique(instant))
    }

    static func gap(
        _ zone: String, _ local: String, transition: Int, before: Int, after: Int,
        nextValidTime: Int, shiftForward: Int, shiftBackward: Int
    ) -> ResolverCase {
        ResolverCase(zone: zone, local: local, expected: .gap(
            transition: transition, before: before, after: after,
            nextValidTime: nextValidTime, shiftForward: shiftForward, shiftBackward: shiftBackward))
    }

    static func overlap(_ zone: String, _ local: String, first: Int, last: Int, transition: Int) -> ResolverCase {
        ResolverCase(zone: zone, local: local, expected: .overlap(first: first, last: last, transition: transition))
    }

    var localDateTime: LocalDateTime {
        let numbers = local.split(whereSeparator: { "-T:".contains($0) }).map { Int($0)! }
        return LocalDateTime(
            year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4],
            second: numbers.count > 5 ? numbers[5] : 0)
    }
}

func instant(_ seconds: Int) -> Date { Date(timeIntervalSince1970: Double(seconds)) }

/// The wall-time resolver, table-driven: every zone the spec language names, at the wall times that make it
/// interesting. The expected instants were derived by tools/oracle/derive_resolver_table.py (Python zoneinfo),
/// never from this engine; each carries its ISO form in the zone's own offset.
@Suite("Wall-time resolution")
struct WallTimeResolverTests {
    static let cases: [ResolverCase] = [
        // Europe/Berlin 2027-03-28T02:30: spring gap 02:00-03:00, +01:00 -> +02:00
        .gap("Europe/Berlin", "2027-03-28T02:30", transition: 1_806_195_600, before: 3600, after: 7200,  // T = 2027-03-28T03:00:00+02:00
             nextValidTime: 1_806_195_600, shiftForward: 1_806_197_400, shiftBackward: 1_806_193_800),  // 2027-03-28T03:00:00+02:00, 2027-03-28T03:30:00+02:00, 2027-03-28T01:30:00+01:00
        // Europe/Berlin 2027-03-28T02:00: the first skipped second of the gap
        .gap("Europe/Berlin", "2027-03-28T02:00", transition: 1_806_195_600, before: 3600, after: 7200,  // T = 2027-03-28T03:00:00+02:00
             nextValidTime: 1_806_195_600, shiftForward: 1_806_195_600, shiftBackward: 1_806_192_000),  // 2027-03-28T03:00:00+02:00, 2027-03-28T03:00:00+02:00, 2027-03-28T01:00:00+01:00
        // Europe/Berlin 2027-03-28T03:00: the first wall time after the gap exists once
        .unique("Europe/Berlin", "2027-03-28T03:00", 1_806_195_600),  // 2027-03-28T03:00:00+02:00
        // Europe/Berlin 2027-03-28T01:59:59: the last wall time before the gap
        .unique("Europe/Berlin", "2027-03-28T01:59:59", 1_806_195_599),  // 2027-03-28T01:59:59+01:00
        // Europe/Berlin 2027-10-31T02:30: autumn overlap 02:00-03:00, 3,600 s apart
        .overlap("Europe/Berlin", "2027-10-31T02:30", first: 1_824_942_600, last: 1_824_946_200, transition: 1_824_944_400),
             // first 2027-10-31T02:30:00+02:00, last 2027-10-31T02:30:00+01:00, T = 2027-10-31T02:00:00+01:00
        // Europe/Berlin 2027-10-31T02:00: the first repeated wall time
        .overlap("Europe/Berlin", "2027-10-31T02:00", first: 1_824_940_800, last: 1_824_944_400, transition: 1_824_944_400),
             // first 2027-10-31T02:00:00+02:00, last 2027-10-31T02:00:00+01:00, T = 2027-10-31T02:00:00+01:00
        // Europe/Berlin 2027-10-31T03:00: the first wall time after the overlap exists once
        .unique("Europe/Berlin", "2027-10-31T03:00", 1_824_948_000),  // 2027-10-31T03:00:00+01:00
        // Europe/Berlin 2027-03-29T02:30: an ordinary day
        .unique("Europe/Berlin", "2027-03-29T02:30", 1_806_280_200),  // 2027-03-29T02:30:00+02:00
        // Australia/Lord_Howe 2027-10-03T02:15: 30-minute gap 02:00-02:30, +10:30 -> +11:00
        .gap("Australia/Lord_Howe", "2027-10-03T02:15", transition: 1_822_491_000, before: 37800, after: 39600,  // T = 2027-10-03T02:30:00+11:00
             nextValidTime: 1_822_491_000, shiftForward: 1_822_491_900, shiftBackward: 1_822_490_100),  // 2027-10-03T02:30:00+11:00, 2027-10-03T02:45:00+11:00, 2027-10-03T01:45:00+10:30
        // Australia/Lord_Howe 2027-04-04T01:45: 30-minute overlap 01:30-02:00, +11:00 -> +10:30
        .overlap("Australia/Lord_Howe", "2027-04-04T01:45", first: 1_806_763_500, last: 1_806_765_300, transition: 1_806_764_400),
             // first 2027-04-04T01:45:00+11:00, last 2027-04-04T01:45:00+10:30, T = 2027-04-04T01:30:00+10:30
        // Australia/Lord_Howe 2027-04-04T02:00: just after the overlap
        .unique("Australia/Lord_Howe", "2027-04-04T02:00", 1_806_766_200),  // 2027-04-04T02:00:00+10:30
        // Antarctica/Troll 2027-03-28T01:30: 2-hour gap 01:00-03:00, +00:00 -> +02:00
        .gap("Antarctica/Troll", "2027-03-28T01:30", transition: 1_806_195_600, before: 0, after: 7200,  // T = 2027-03-28T03:00:00+02:00
             nextValidTime: 1_806_195_600, shiftForward: 1_806_197_400, shiftBackward: 1_806_190_200),  // 2027-03-28T03:00:00+02:00, 2027-03-28T03:30:00+02:00, 2027-03-27T23:30:00+00:00
        // Antarctica/Troll 2027-03-28T02:30: 2-hour gap, second hour
        .gap("Antarctica/Troll", "2027-03-28T02:30", transition: 1_806_195_600, before: 0, after: 7200,  // T = 2027-03-28T03:00:00+02:00
             nextValidTime: 1_806_195_600, shiftForward: 1_806_201_000, shiftBackward: 1_806_193_800),  // 2027-03-28T03:00:00+02:00, 2027-03-28T04:30:00+02:00, 2027-03-28T00:30:00+00:00
        // Antarctica/Troll 2027-10-31T02:00: 2-hour overlap 01:00-03:00, 7,200 s apart
        .overlap("Antarctica/Troll", "2027-10-31T02:00", first: 1_824_940_800, last: 1_824_948_000, transition: 1_824_944_400),
             // first 2027-10-31T02:00:00+02:00, last 2027-10-31T02:00:00+00:00, T = 2027-10-31T01:00:00+00:00
        // Pacific/Chatham 2027-09-26T03:00: gap 02:45-03:45 (a change at :45), +12:45 -> +13:45
        .gap("Pacific/Chatham", "2027-09-26T03:00", transition: 1_821_880_800, before: 45900, after: 49500,  // T = 2027-09-26T03:45:00+13:45
             nextValidTime: 1_821_880_800, shiftForward: 1_821_881_700, shiftBackward: 1_821_878_100),  // 2027-09-26T03:45:00+13:45, 2027-09-26T04:00:00+13:45, 2027-09-26T02:00:00+12:45
        // Pacific/Chatham 2027-04-04T03:00: overlap 02:45-03:45, +13:45 -> +12:45
        .overlap("Pacific/Chatham", "2027-04-04T03:00", first: 1_806_758_100, last: 1_806_761_700, transition: 1_806_760_800),
             // first 2027-04-04T03:00:00+13:45, last 2027-04-04T03:00:00+12:45, T = 2027-04-04T02:45:00+12:45
        // America/Nuuk 2024-03-30T23:30: gap 23:00-24:00 ending at midnight, -02:00 -> -01:00
        .gap("America/Nuuk", "2024-03-30T23:30", transition: 1_711_846_800, before: -7200, after: -3600,  // T = 2024-03-31T00:00:00-01:00
             nextValidTime: 1_711_846_800, shiftForward: 1_711_848_600, shiftBackward: 1_711_845_000),  // 2024-03-31T00:00:00-01:00, 2024-03-31T00:30:00-01:00, 2024-03-30T22:30:00-02:00
        // America/Nuuk 2024-10-26T23:30: overlap 23:00-24:00 before midnight, -01:00 -> -02:00
        .overlap("America/Nuuk", "2024-10-26T23:30", first: 1_729_989_000, last: 1_729_992_600, transition: 1_729_990_800),
             // first 2024-10-26T23:30:00-01:00, last 2024-10-26T23:30:00-02:00, T = 2024-10-26T23:00:00-02:00
        // America/Havana 2027-03-14T00:30: gap at midnight 00:00-01:00, -05:00 -> -04:00
        .gap("America/Havana", "2027-03-14T00:30", transition: 1_805_000_400, before: -18000, after: -14400,  // T = 2027-03-14T01:00:00-04:00
             nextValidTime: 1_805_000_400, shiftForward: 1_805_002_200, shiftBackward: 1_804_998_600),  // 2027-03-14T01:00:00-04:00, 2027-03-14T01:30:00-04:00, 2027-03-13T23:30:00-05:00
        // America/Havana 2027-11-07T00:30: overlap at midnight 00:00-01:00, -04:00 -> -05:00
        .overlap("America/Havana", "2027-11-07T00:30", first: 1_825_561_800, last: 1_825_565_400, transition: 1_825_563_600),
             // first 2027-11-07T00:30:00-04:00, last 2027-11-07T00:30:00-05:00, T = 2027-11-07T00:00:00-05:00
        // America/Sao_Paulo 2018-11-04T00:30: gap at midnight 00:00-01:00, -03:00 -> -02:00
        .gap("America/Sao_Paulo", "2018-11-04T00:30", transition: 1_541_300_400, before: -10800, after: -7200,  // T = 2018-11-04T01:00:00-02:00
             nextValidTime: 1_541_300_400, shiftForward: 1_541_302_200, shiftBackward: 1_541_298_600),  // 2018-11-04T01:00:00-02:00, 2018-11-04T01:30:00-02:00, 2018-11-03T23:30:00-03:00
        // America/Sao_Paulo 2018-02-17T23:30: overlap 23:00-24:00 across midnight, -02:00 -> -03:00
        .overlap("America/Sao_Paulo", "2018-02-17T23:30", first: 1_518_917_400, last: 1_518_921_000, transition: 1_518_919_200),
             // first 2018-02-17T23:30:00-02:00, last 2018-02-17T23:30:00-03:00, T = 2018-02-17T23:00:00-03:00
        // America/St_Johns 2010-03-14T00:30: gap 00:01-01:01 (the 2010 rule), -03:30 -> -02:30
        .gap("America/St_Johns", "2010-03-14T00:30", transition: 1_268_537_460, before: -12600, after: -9000,  // T = 2010-03-14T01:01:00-02:30
             nextValidTime: 1_268_537_460, shiftForward: 1_268_539_200, shiftBackward: 1_268_535_600),  // 2010-03-14T01:01:00-02:30, 2010-03-14T01:30:00-02:30, 2010-03-13T23:30:00-03:30
        // America/St_Johns 2010-11-06T23:30: overlap 23:01-00:01 across midnight, -02:30 -> -03:30
        .overlap("America/St_Johns", "2010-11-06T23:30", first: 1_289_095_200, last: 1_289_098_800, transition: 1_289_097_060),
             // first 2010-11-06T23:30:00-02:30, last 2010-11-06T23:30:00-03:30, T = 2010-11-06T23:01:00-03:30
        // America/St_Johns 2010-11-07T00:00: a date that starts twice: 00:00 on 2010-11-07 is repeated
        .overlap("America/St_Johns", "2010-11-07T00:00", first: 1_289_097_000, last: 1_289_100_600, transition: 1_289_097_060),
             // first 2010-11-07T00:00:00-02:30, last 2010-11-07T00:00:00-03:30, T = 2010-11-06T23:01:00-03:30
        // America/St_Johns 2010-11-07T00:01: the first wall time after the overlap
        .unique("America/St_Johns", "2010-11-07T00:01", 1_289_100_660),  // 2010-11-07T00:01:00-03:30
        // Pacific/Apia 2011-12-30T00:00: a skipped day: all of 2011-12-30, -10:00 -> +14:00
        .gap("Pacific/Apia", "2011-12-30T00:00", transition: 1_325_239_200, before: -36000, after: 50400,  // T = 2011-12-31T00:00:00+14:00
             nextValidTime: 1_325_239_200, shiftForward: 1_325_239_200, shiftBackward: 1_325_152_800),  // 2011-12-31T00:00:00+14:00, 2011-12-31T00:00:00+14:00, 2011-12-29T00:00:00-10:00
        // Pacific/Apia 2011-12-30T02:30: a skipped day, 02:30
        .gap("Pacific/Apia", "2011-12-30T02:30", transition: 1_325_239_200, before: -36000, after: 50400,  // T = 2011-12-31T00:00:00+14:00
             nextValidTime: 1_325_239_200, shiftForward: 1_325_248_200, shiftBackward: 1_325_161_800),  // 2011-12-31T00:00:00+14:00, 2011-12-31T02:30:00+14:00, 2011-12-29T02:30:00-10:00
        // Pacific/Apia 2011-12-30T23:59: a skipped day, its last minute
        .gap("Pacific/Apia", "2011-12-30T23:59", transition: 1_325_239_200, before: -36000, after: 50400,  // T = 2011-12-31T00:00:00+14:00
             nextValidTime: 1_325_239_200, shiftForward: 1_325_325_540, shiftBackward: 1_325_239_140),  // 2011-12-31T00:00:00+14:00, 2011-12-31T23:59:00+14:00, 2011-12-29T23:59:00-10:00
        // Pacific/Apia 2011-12-31T00:00: the first wall time after the skipped day
        .unique("Pacific/Apia", "2011-12-31T00:00", 1_325_239_200),  // 2011-12-31T00:00:00+14:00
        // Asia/Almaty 2024-02-29T23:30: base offset +06:00 -> +05:00: overlap 23:00-24:00
        .overlap("Asia/Almaty", "2024-02-29T23:30", first: 1_709_227_800, last: 1_709_231_400, transition: 1_709_229_600),
             // first 2024-02-29T23:30:00+06:00, last 2024-02-29T23:30:00+05:00, T = 2024-02-29T23:00:00+05:00
        // Asia/Almaty 2024-03-01T00:00: after the base-offset change
        .unique("Asia/Almaty", "2024-03-01T00:00", 1_709_233_200),  // 2024-03-01T00:00:00+05:00
        // Europe/Dublin 2027-03-28T01:30: negative DST in tzdata: gap 01:00-02:00, +00:00 -> +01:00
        .gap("Europe/Dublin", "2027-03-28T01:30", transition: 1_806_195_600, before: 0, after: 3600,  // T = 2027-03-28T02:00:00+01:00
             nextValidTime: 1_806_195_600, shiftForward: 1_806_197_400, shiftBackward: 1_806_193_800),  // 2027-03-28T02:00:00+01:00, 2027-03-28T02:30:00+01:00, 2027-03-28T00:30:00+00:00
        // Europe/Dublin 2027-10-31T01:30: negative DST: overlap 01:00-02:00
        .overlap("Europe/Dublin", "2027-10-31T01:30", first: 1_824_942_600, last: 1_824_946_200, transition: 1_824_944_400),
             // first 2027-10-31T01:30:00+01:00, last 2027-10-31T01:30:00+00:00, T = 2027-10-31T01:00:00+00:00
        // Africa/Casablanca 2027-03-14T02:30: gap 02:00-03:00 after Ramadan, +00:00 -> +01:00
        .gap("Africa/Casablanca", "2027-03-14T02:30", transition: 1_804_989_600, before: 0, after: 3600,  // T = 2027-03-14T03:00:00+01:00
             nextValidTime: 1_804_989_600, shiftForward: 1_804_991_400, shiftBackward: 1_804_987_800),  // 2027-03-14T03:00:00+01:00, 2027-03-14T03:30:00+01:00, 2027-03-14T01:30:00+00:00
        // Africa/Casablanca 2027-02-07T02:30: overlap 02:00-03:00 before Ramadan, +01:00 -> +00:00
        .overlap("Africa/Casablanca", "2027-02-07T02:30", first: 1_801_963_800, last: 1_801_967_400, transition: 1_801_965_600),
             // first 2027-02-07T02:30:00+01:00, last 2027-02-07T02:30:00+00:00, T = 2027-02-07T02:00:00+00:00
        // UTC 2027-03-28T02:30: control: UTC never changes
        .unique("UTC", "2027-03-28T02:30", 1_806_201_000),  // 2027-03-28T02:30:00+00:00
        // Asia/Kathmandu 2027-03-28T02:30: control: +05:45 all year
        .unique("Asia/Kathmandu", "2027-03-28T02:30", 1_806_180_300),  // 2027-03-28T02:30:00+05:45
        // Asia/Kathmandu 1986-01-01T00:10: the 1986 change +05:30 -> +05:45: gap 00:00-00:15
        .gap("Asia/Kathmandu", "1986-01-01T00:10", transition: 504_901_800, before: 19800, after: 20700,  // T = 1986-01-01T00:15:00+05:45
             nextValidTime: 504_901_800, shiftForward: 504_902_400, shiftBackward: 504_901_500),  // 1986-01-01T00:15:00+05:45, 1986-01-01T00:25:00+05:45, 1985-12-31T23:55:00+05:30
    ]

    @Test("each wall time is unique, in a gap or in an overlap, at the oracle's instants", arguments: cases)
    func resolves(_ row: ResolverCase) throws {
        var resolver = WallTimeResolver(timeZone: try #require(TimeZone(identifier: row.zone)))
        let resolution = resolver.resolve(row.localDateTime)
        switch row.expected {
        case .unique(let t):
            #expect(resolution == .unique(instant(t)))
        case .gap(let transition, let before, let after, _, _, _):
            #expect(resolution == .gap(transition: instant(transition), offsetBefore: before, offsetAfter: after))
        case .overlap(let first, let last, let transition):
            #expect(resolution == .overlap(first: instant(first), last: instant(last), transition: instant(transition)))
        }
    }

    @Test("a wall time's readings: its instant, both of an overlap in order, none in a gap", arguments: cases)
    func readings(_ row: ResolverCase) throws {
        var resolver = WallTimeResolver(timeZone: try #require(TimeZone(identifier: row.zone)))
        let expected: [Date] = switch row.expected {
        case .unique(let t): [instant(t)]
        case .gap: []
        case .overlap(let first, let last, _): [instant(first), instant(last)]
        }
        #expect(resolver.readings(row.localDateTime) == expected)
    }

    @Test("each of the seven policies yields the oracle's instants", arguments: cases)
    func policyOutcomes(_ row: ResolverCase) throws {
        var resolver = WallTimeResolver(timeZone: try #require(TimeZone(identifier: row.zone)))
        let outcomes = resolver.policyOutcomes(for: row.localDateTime)
        #expect(outcomes.map(\.policy) == PolicyOutcome.Policy.all)
        let got = Dictionary(uniqueKeysWithValues: outcomes.map { ($0.policy.description, $0) })
        func dates(_ name: String) -> [Date]? { got[name]?.instants?.map(\.date) }
        switch row.expected {
        case .unique(let t):
            for outcome in outcomes {
                #expect(!outcome.applies)
                #expect(outcome.instants?.map(\.date) == [instant(t)])
                #expect(outcome.instants?.map(\.resolution) == [.exact])
            }
        case .gap(_, _, _, let nextValid, let forward, let backward):
            #expect(dates("skip") == [])
            #expect(dates("next-valid-time") == [instant(nextValid)])
            #expect(dates("shift-forward") == [instant(forward)])
            #expect(dates("shift-backward") == [instant(backward)])
            #expect(got["next-valid-time"]?.instants?.first?.resolution == .gap(.nextValidTime))
            #expect(got["shift-backward"]?.instants?.first?.resolution == .gap(.shiftBackward))
            for name in ["skip", "next-valid-time", "shift-forward", "shift-backward"] { #expect(got[name]?.applies == true) }
            for name in ["first", "last", "both"] {
                #expect(got[name]?.applies == false)
                #expect(got[name]?.instants == nil)
            }
        case .overlap(let first, let last, _):
            #expect(dates("first") == [instant(first)])
            #expect(dates("last") == [instant(last)])
            #expect(dates("both") == [instant(first), instant(last)])
            #expect(got["both"]?.instants?.map(\.resolution) == [.overlapFirst, .overlapLast])
            for name in ["first", "last", "both"] { #expect(got[name]?.applies == true) }
            for name in ["skip", "next-valid-time", "shift-forward", "shift-backward"] {
                #expect(got[name]?.applies == false)
                #expect(got[name]?.instants == nil)
            }
        }
    }

    @Test("a daily schedule at the wall time gives, on that date, what its policies say", arguments: cases)
    func scheduleAgreesWithResolver(_ row: ResolverCase) throws {
        let zone = try #require(TimeZone(identifier: row.zone))
        let local = row.localDateTime
        let time = try #require(TimeOfDay(hour: local.hour, minute: local.minute, second: local.second))
        var resolver = WallTimeResolver(timeZone: zone)
        for nonexistent in NonexistentTimePolicy.allCases {
            for repeated in RepeatedTimePolicy.allCases {
                let schedule = try Schedule(
                    id: "r", rule: .daily(at: time), timeZone: zone, nonexistent: nonexistent, repeated: repeated)
                let wanted = resolver.instants(for: local, nonexistent: nonexistent, repeated: repeated).map(\.date)
                let start = Date(timeIntervalSince1970: Double(local.wallSeconds - 4 * 86_400))
                let window = Window(after: start, through: start.addingTimeInterval(7 * 86_400))
                let occurrences = try schedule.occurrences(in: window)
                let got = occurrences.filter { $0.slot == local }.map(\.date)
                let previous = occurrences.filter { $0.slot! < local }.map(\.date).max() ?? start
                #expect(got == wanted.filter { $0 > previous }, "\(nonexistent.rawValue)/\(repeated.rawValue)")
            }
        }
    }
}
