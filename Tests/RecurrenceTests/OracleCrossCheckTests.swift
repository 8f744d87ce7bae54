import Foundation
import Testing
import Recurrence

/// The core engine against tools/oracle/oracle.py, an independent Python (zoneinfo) implementation of the same
/// normative rules. The oracle wrote `tools/oracle/golden/crosscheck.json` (`oracle.py golden`): thousands of
/// (zone, rule, policy, window) combinations near real transitions, with every occurrence of each window and the
/// result of `next(after:)` from cursors placed at, just before and just after occurrences and transitions.
/// `weekday-of-month.json` (`oracle.py golden --kinds month-weekday,year-weekday --count 1500 --seed 2031
/// --out tools/oracle/golden/weekday-of-month.json`) adds rules of a weekday of the month (`on: last friday`),
/// mostly on the weekday of the month of a real transition's date. `several-times.json` (`oracle.py golden --kinds
/// day-times,day-times,week-times,month-times,year-times --count 1500 --seed 2033 --out
/// tools/oracle/golden/several-times.json`) adds rules with several wall times a date (`at: ["08:00", "20:00"]`),
/// often several of them in or next to a transition's wall-clock hour. `stepped.json` (`oracle.py golden --kinds
/// day-step,week-step,week-step,month-step,year-step --count 1500 --seed 2035 --out tools/oracle/golden/stepped.json`)
/// adds stepped rules (`every: 2 weeks`, `from: 2027-01-04`), mostly with a transition's local date selected.
@Suite("Cross-check with the zoneinfo oracle")
struct OracleCrossCheckTests {
    struct Combo {
        let index: Int
        let schedule: Schedule
        let after: Date
        let through: Date
        let expected: Result
        let searches: [(cursor: Date, next: Date?, key: String)]

        enum Result {
            case occurrences([(date: Date, keyStem: String, resolution: String)])
            case noOccurrence
        }

        var label: String {
            "#\(index) \(schedule.timeZone.identifier) \(schedule.rule.summary) "
                + "\(schedule.nonexistent.rawValue)/\(schedule.repeated.rawValue) limit \(schedule.searchLimit)"
        }
    }

    static let goldenFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/oracle/golden")

    /// The golden files' combinations, numbered in one sequence (`crosscheck.json`, then `weekday-of-month.json`,
    /// then `several-times.json`, then `stepped.json`).
    static func load() throws -> (tzdata: String, combos: [Combo]) {
        var combos: [Combo] = []
        var versions: [String] = []
        for file in ["crosscheck.json", "weekday-of-month.json", "several-times.json", "stepped.json"] {
            let loaded = try load(file: file, startingAt: combos.count)
            combos += loaded.combos
            if !versions.contains(loaded.tzdata) { versions.append(loaded.tzdata) }
        }
        return (versions.joined(separator: ", "), combos)
    }

    static func load(file: String, startingAt offset: Int) throws -> (tzdata: String, combos: [Combo]) {
        let data = try Data(contentsOf: goldenFolder.appendingPathComponent(file))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(root["combos"] as? [[String: Any]])
        var combos: [Combo] = []
        for (position, entry) in entries.enumerated() {
            let index = offset + position
            let zoneName = try #require(entry["zone"] as? String)
            let zone = try #require(TimeZone(identifier: zoneName), "the toolchain does not know \(zoneName)")
            let rule = try OracleRule.rule(try #require(entry["rule"] as? [String: Any]))
            let schedule = try Schedule(
                id: try #require(entry["id"] as? String),
                version: try #require(entry["version"] as? Int),
                rule: rule, timeZone: zone,
                nonexistent: (entry["nonexistent"] as? String).flatMap(NonexistentTimePolicy.init(rawValue:)) ?? .skip,
                repeated: (entry["repeated"] as? String).flatMap(RepeatedTimePolicy.init(rawValue:)) ?? .first,
                searchLimit: try #require(entry["limit"] as? Int))
            let expected: Combo.Result
            if entry["error"] as? String == "no-occurrence" {
                expected = .noOccurrence
            } else {
                let rows = try #require(entry["occurrences"] as? [[Any]])
                expected = .occurrences(try rows.map { row in
                    (date: Date(timeIntervalSince1970: Double(try #require(row[0] as? Int))),
                     keyStem: try #require(row[1] as? String), resolution: try #require(row[2] as? String))
                })
            }
            let searches = try #require(entry["searches"] as? [[Any]]).map { row in
                (cursor: Date(timeIntervalSince1970: Double(try #require(row[0] as? Int))),
                 next: (row[1] as? Int).map { Date(timeIntervalSince1970: Double($0)) },
                 key: try #require(row[2] as? String))
            }
            combos.append(Combo(
                index: index, schedule: schedule,
                after: Date(timeIntervalSince1970: Double(try #require(entry["after"] as? Int))),
                through: Date(timeIntervalSince1970: Double(try #require(entry["through"] as? Int))),
                expected: expected, searches: searches))
        }
        return (root["tzdata"] as? String ?? "?", combos)
    }

    static func label(_ resolution: Occurrence.Resolution) -> String {
        switch resolution {
        case .exact: "exact"
        case .gap(let policy): "gap:\(policy.rawValue)"
        case .overlapFirst: "overlap-first"
        case .overlapLast: "overlap-last"
        }
    }

    static func stem(_ key: DedupKey, of schedule: Schedule) -> String {
        String(key.rawValue.dropFirst("\(schedule.id)/v\(schedule.version)/".count))
    }

    @Test("the golden file holds thousands of combinations of every rule and policy")
    func goldenFileIsSubstantial() throws {
        let (_, combos) = try Self.load()
        #expect(combos.count >= 2000)
        let occurrences = combos.reduce(0) { total, combo in
            if case .occurrences(let list) = combo.expected { return total + list.count }
            return total
        }
        #expect(occurrences >= 15_000)
        let resolutions = Set(combos.flatMap { combo -> [String] in
            if case .occurrences(let list) = combo.expected { return list.map(\.resolution) }
            return []
        })
        #expect(resolutions == ["exact", "gap:next-valid-time", "gap:shift-forward", "gap:shift-backward",
                                "overlap-first", "overlap-last"])
        #expect(combos.contains { if case .noOccurrence = $0.expected { true } else { false } })
        // The weekday of the month, across gaps and overlaps too.
        let weekdayRules = combos.filter { combo in
            switch combo.schedule.rule {
            case .monthly(.weekday, _, _), .yearly(_, .weekday, _, _): true
            default: false
            }
        }
        #expect(weekdayRules.count >= 1000)
        let weekdayResolutions = Set(weekdayRules.flatMap { combo -> [String] in
            if case .occurrences(let list) = combo.expected { return list.map(\.resolution) }
            return []
        })
        #expect(weekdayResolutions == resolutions)
        // Several wall times a date, across gaps and overlaps too, keyed by date and time.
        let severalTimes = combos.filter { $0.schedule.rule.wallTimes.count > 1 }
        #expect(severalTimes.count >= 1000)
        let severalTimesOccurrences = severalTimes.flatMap { combo -> [(date: Date, keyStem: String, resolution: String)] in
            if case .occurrences(let list) = combo.expected { return list }
            return []
        }
        #expect(Set(severalTimesOccurrences.map(\.resolution)) == resolutions)
        #expect(severalTimesOccurrences.allSatisfy { $0.keyStem.contains("T") })
        // Stepped rules of every period, across gaps and overlaps too.
        let stepped = combos.filter { $0.schedule.rule.stepUnit != nil }
        #expect(stepped.count >= 1000)
        #expect(Set(stepped.compactMap(\.schedule.rule.stepUnit)) == Set(StepUnit.allCases))
        #expect(Set(stepped.flatMap { combo -> [String] in
            if case .occurrences(let list) = combo.expected { return list.map(\.resolution) }
            return []
        }) == resolutions)
    }

    @Test("window enumeration equals the oracle's, instant, key and resolution")
    func windowsMatchOracle() throws {
        let (tzdata, combos) = try Self.load()
        var mismatches: [String] = []
        for combo in combos {
            let window = Window(after: combo.after, through: combo.through)
            let actual: Combo.Result
            switch Result(catching: { () throws(RecurrenceError) in try combo.schedule.occurrences(in: window) }) {
            case .success(let occurrences):
                actual = .occurrences(occurrences.map {
                    ($0.date, Self.stem($0.key, of: combo.schedule), Self.label($0.resolution))
                })
            case .failure(let error):
                guard case .searchLimitReached = error else {
                    mismatches.append("\(combo.label): unexpected \(error)")
                    continue
                }
                actual = .noOccurrence
            }
            switch (combo.expected, actual) {
            case (.noOccurrence, .noOccurrence):
                continue
            case (.occurrences(let wanted), .occurrences(let got))
                where wanted.map(\.date) == got.map(\.date) && wanted.map(\.keyStem) == got.map(\.keyStem)
                && wanted.map(\.resolution) == got.map(\.resolution):
                continue
            default:
                mismatches.append("\(combo.label) (\(combo.after.rfc3339UTC), \(combo.through.rfc3339UTC)]: "
                    + "oracle \(Self.describe(combo.expected)) engine \(Self.describe(actual))")
            }
        }
        let report = "\(mismatches.count) of \(combos.count) windows differ (oracle tzdata \(tzdata)):\n"
            + mismatches.prefix(10).joined(separator: "\n")
        #expect(mismatches.count == 0, Comment(rawValue: report))
    }

    @Test("next(after:) from cursors at, before and after occurrences and transitions equals the oracle's")
    func searchesMatchOracle() throws {
        let (tzdata, combos) = try Self.load()
        var mismatches: [String] = []
        var count = 0
        for combo in combos {
            for search in combo.searches {
                count += 1
                let got: (Date?, String)
                do {
                    let occurrence = try combo.schedule.next(after: search.cursor)
                    got = (occurrence.date, Self.stem(occurrence.key, of: combo.schedule))
                } catch .searchLimitReached {
                    got = (nil, "no-occurrence")
                } catch {
                    got = (nil, "error: \(error)")
                }
                if got.0 != search.next || got.1 != search.key {
                    mismatches.append("\(combo.label) after \(search.cursor.rfc3339UTC): oracle "
                        + "\(search.next?.rfc3339UTC ?? "-") \(search.key), engine \(got.0?.rfc3339UTC ?? "-") \(got.1)")
                }
            }
        }
        #expect(count >= 20_000)
        let report = "\(mismatches.count) of \(count) searches differ (oracle tzdata \(tzdata)):\n"
            + mismatches.prefix(10).joined(separator: "\n")
        #expect(mismatches.count == 0, Comment(rawValue: report))
    }

    static func describe(_ result: Combo.Result) -> String {
        switch result {
        case .noOccurrence: "no-occurrence"
        case .occurrences(let list):
            "[" + list.map { "\($0.date.rfc3339UTC) \($0.keyStem) \($0.resolution)" }.joined(separator: ", ") + "]"
        }
    }
}
