import Foundation
import Recurrence

/// The recurrence core: ns per occurrence for daily rules over 10 years in 50 zones (issue 3's goal: < 300 ns).
struct RecurrenceBenchmark: BenchmarkSection {
    let name = "recurrence"
    let summary = "core engine: daily rules, 10 years, 50 zones (goal < 300 ns per occurrence)"

    /// Every zone the spec language names for unusual changes, then widely used ones: 50 in all.
    static let zones = [
        "Europe/Berlin", "Australia/Lord_Howe", "Antarctica/Troll", "Pacific/Chatham", "America/Nuuk",
        "America/Havana", "America/Sao_Paulo", "America/St_Johns", "Pacific/Apia", "Asia/Almaty",
        "Europe/Dublin", "Africa/Casablanca", "UTC", "Asia/Kathmandu", "America/New_York",
        "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu",
        "America/Halifax", "America/Mexico_City", "America/Santiago", "America/Asuncion", "America/Bogota",
        "America/Argentina/Buenos_Aires", "Europe/London", "Europe/Paris", "Europe/Moscow", "Europe/Kyiv",
        "Europe/Istanbul", "Africa/Cairo", "Africa/Johannesburg", "Africa/Lagos", "Asia/Tehran",
        "Asia/Jerusalem", "Asia/Gaza", "Asia/Dubai", "Asia/Kolkata", "Asia/Dhaka",
        "Asia/Yangon", "Asia/Shanghai", "Asia/Tokyo", "Asia/Pyongyang", "Australia/Sydney",
        "Australia/Adelaide", "Australia/Perth", "Pacific/Auckland", "Pacific/Norfolk", "Pacific/Kiritimati",
    ]

    func run(_ context: BenchmarkContext) throws -> [Measurement] {
        let quick = context.quick
        let zones = Self.zones.map { TimeZone(identifier: $0)! }
        precondition(zones.count == 50)
        let after = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01T00:00:00Z
        let through = Date(timeIntervalSince1970: 2_051_222_400)  // 2035-01-01T00:00:00Z: ten years
        let window = Window(after: after, through: through)
        let rounds = quick ? 1 : 7
        var results: [Measurement] = []

        let variants: [(String, Rule, NonexistentTimePolicy, RepeatedTimePolicy)] = [
            ("daily 02:30, skip/first", .daily(at: TimeOfDay(hour: 2, minute: 30)!), .skip, .first),
            ("daily 02:30, shift-forward/both", .daily(at: TimeOfDay(hour: 2, minute: 30)!), .shiftForward, .both),
            ("daily 09:00, skip/first", .daily(at: TimeOfDay(hour: 9, minute: 0)!), .skip, .first),
        ]
        for (label, rule, nonexistent, repeated) in variants {
            let schedules = try zones.map {
                try Schedule(id: "bench", rule: rule, timeZone: $0, nonexistent: nonexistent, repeated: repeated)
            }
            var count = 0
            let timing = try Stopwatch.time(rounds: rounds) {
                count = 0
                for schedule in schedules {
                    count += try schedule.occurrences(in: window).count
                }
            }
            results.append(Measurement(
                name: "occurrences(in:) \(label)", value: timing.best.nanoseconds / Double(count), unit: "ns/occ",
                detail: "\(count) occurrences; median round \(String(format: "%.1f", timing.median.nanoseconds / Double(count))) ns"))
        }

        // Resolution alone (no keys, no Occurrence values): the zone-table lookup per slot.
        let days = CivilDate(year: 2035, month: 1, day: 1).daysSinceEpoch - CivilDate(year: 2025, month: 1, day: 1).daysSinceEpoch
        var resolved = 0
        var gaps = 0
        let resolveTiming = Stopwatch.time(rounds: rounds) {
            resolved = 0
            gaps = 0
            for zone in zones {
                var resolver = WallTimeResolver(timeZone: zone)
                var date = CivilDate(year: 2025, month: 1, day: 1)
                for _ in 0..<days {
                    let local = LocalDateTime(year: date.year, month: date.month, day: date.day, hour: 2, minute: 30)
                    if case .gap = resolver.resolve(local) { gaps += 1 }
                    resolved += 1
                    date = CivilDate(daysSinceEpoch: date.daysSinceEpoch + 1)
                }
            }
        }
        results.append(Measurement(
            name: "WallTimeResolver.resolve, 02:30 each day", value: resolveTiming.best.nanoseconds / Double(resolved),
            unit: "ns/slot", detail: "\(resolved) wall times, \(gaps) in gaps"))

        // The cursor rule: each next(after:) is a fresh search (two days of look-back, a new zone table).
        let schedules = try zones.map {
            try Schedule(id: "bench", rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!), timeZone: $0,
                         nonexistent: .skip, repeated: .first)
        }
        let searchesPerZone = quick ? 50 : 365
        var searches = 0
        let timing = try Stopwatch.time(rounds: rounds) {
            searches = 0
            for schedule in schedules {
                var cursor = after
                for _ in 0..<searchesPerZone {
                    cursor = try schedule.next(after: cursor).date
                    searches += 1
                }
            }
        }
        results.append(Measurement(
            name: "next(after:) daily 02:30, one search each", value: timing.best.nanoseconds / Double(searches),
            unit: "ns/call", detail: "\(searches) searches, each result the next cursor"))
        return results
    }
}
