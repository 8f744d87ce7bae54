import SpecDiagnostics
import SpecParser
import Testing

/// Did-you-mean stops counting a candidate as soon as it cannot win; these tests hold it to the plain definition:
/// the first candidate at the smallest full distance within a third of the longer word.
@Suite struct SuggestionTests {
    /// The full table, with no early stop: the definition the bounded search must agree with.
    static func plainDistance(_ a: [Character], _ b: [Character]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        guard !a.isEmpty, !b.isEmpty else { return table[a.count][b.count] }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    static func plainClosest(to word: String, in candidates: [String]) -> String? {
        let lowered = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased())
            let distance = plainDistance(lowered, other)
            guard distance <= max(1, max(lowered.count, other.count) / 3) else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Words near and far from each other: slips of real names (letters dropped, doubled, swapped, changed) and
    /// random words of every length up to twice a name's, over a small alphabet so that near misses are common.
    static func words(count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        let names = ZoneName.known.filter { $0.count < 20 }
        return (0..<count).map { index in
            if index % 2 == 0 {
                var letters = Array(names[Int(random.next() % UInt64(names.count))])
                for _ in 0..<Int(random.next() % 4) {
                    let at = Int(random.next() % UInt64(letters.count))
                    switch random.next() % 4 {
                    case 0: letters.remove(at: at)
                    case 1: letters.insert(letters[at], at: at)
                    case 2 where at + 1 < letters.count: letters.swapAt(at, at + 1)
                    default: letters[at] = "x"
                    }
                    if letters.isEmpty { letters = ["a"] }
                }
                return String(letters)
            }
            let length = Int(random.next() % 40)
            return String((0..<length).map { _ in Array("aeiouEuropeAmerica/_")[Int(random.next() % 20)] })
        }
    }

    @Test func theClosestZoneIsTheOneThePlainDefinitionFinds() {
        for word in Self.words(count: 200, seed: 7) {
            #expect(Suggestion.closest(to: word, in: ZoneName.known) == Self.plainClosest(to: word, in: ZoneName.known), "\(word)")
        }
    }

    /// `near` (a fixture folder's names, nearest first) lists every candidate the plain definition finds within
    /// reach, with its full distance, as the fixture lint did when it measured each name on its own.
    @Test func theNearCandidatesAreThoseThePlainDefinitionFinds() {
        let candidates = Self.words(count: 300, seed: 5)
        let folded = Suggestion.Candidates(candidates)
        var found = 0
        for word in Self.words(count: 60, seed: 13) {
            let expected = candidates.compactMap { candidate -> String? in
                let distance = Self.plainDistance(Array(word.lowercased()), Array(candidate.lowercased()))
                let limit = max(1, max(word.count, candidate.count) / 3)
                return distance <= limit ? "\(candidate):\(distance)" : nil
            }
            #expect(Suggestion.near(word, in: folded).map { "\($0.name):\($0.distance)" } == expected, "\(word)")
            found += expected.count
        }
        // Slips of the same zone names meet: the comparison covers words within reach, not only misses.
        #expect(found > 20, "only \(found) near pairs")
    }

    /// Every limit from 0 past the distance: the band of cells near the diagonal and the early stop must give the
    /// full count when it is within the limit, and nil otherwise. Pairs of near and far words of mixed lengths.
    @Test func theBoundedDistanceIsThePlainOneWithinItsLimitAndNilBeyond() {
        let words = Self.words(count: 160, seed: 13)
        for (a, b) in Array(zip(words, words.dropFirst())) + Array(zip(words, words.reversed())) {
            let (x, y) = (Array(a.lowercased().unicodeScalars), Array(b.lowercased().unicodeScalars))
            let plain = Self.plainDistance(Array(a.lowercased()), Array(b.lowercased()))
            for limit in 0...(plain + 2) {
                let bounded = Suggestion.distance(x, y, atMost: limit)
                #expect(bounded == (plain <= limit ? plain : nil), "\(a) / \(b) at most \(limit)")
            }
            #expect(Suggestion.distance(x, y, atMost: .max) == plain)
        }
    }

    @Test func aWordLongerThanAnyTypoIsOfferedNothing() {
        let long = String(repeating: "com.example.app.refresh.", count: 11)   // 264 letters
        #expect(Suggestion.closest(to: long + "x", in: [long]) == nil)
        #expect(Suggestion.near(long + "x", in: Suggestion.Candidates([long])).isEmpty)
        let fits = String(long.prefix(Suggestion.longestTypo - 1))
        #expect(Suggestion.closest(to: fits + "x", in: [fits]) == fits)
        // Two long names one letter apart: a band two cells wide, not the square.
        let identifier = String(repeating: "a", count: 8_000)
        let scalars = Array(identifier.unicodeScalars)
        #expect(Suggestion.distance(scalars, Array((identifier + "b").unicodeScalars), atMost: 2) == 1)
        #expect(Suggestion.distance(scalars, Array(("b" + identifier.dropFirst()).unicodeScalars), atMost: 2) == 1)
    }

    @Test(arguments: [
        ("Europe/Berln", "Europe/Berlin"), ("europe/berlin", "Europe/Berlin"), ("Amercia/New_York", "America/New_York"),
        ("Asia/Kolkatta", "Asia/Kolkata"),
    ])
    func slipsOfZoneNamesFindTheirZone(written: String, meant: String) {
        #expect(Suggestion.closest(to: written, in: ZoneName.known) == meant)
        #expect(Suggestion.closest(to: written, in: Suggestion.Candidates(ZoneName.known)) == meant)
    }

    @Test func theFirstOfEquallyCloseCandidatesWins() {
        #expect(Suggestion.closest(to: "cat", in: ["bat", "cap", "cut"]) == "bat")
        #expect(Suggestion.closest(to: "cat", in: ["dog", "cat", "bat"]) == "cat")
        #expect(Suggestion.closest(to: "rule", in: ["foo"]) == nil)
        #expect(Suggestion.closest(to: "", in: ["a", "ab"]) == "a")
    }
}

/// A small deterministic generator (SplitMix64), so every run checks the same words.
struct SeededRandom {
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

/// The zone names did-you-mean offers include the current name of a zone the toolchain lists by an old one.
@Suite struct KnownZoneNameTests {
    @Test func kolkataIsOfferedBesideCalcutta() {
        #expect(ZoneName.known.contains("Asia/Kolkata"))
        #expect(ZoneName.known.contains("Asia/Calcutta"))
        #expect(ZoneName.known.dropLast() == ZoneName.known.dropLast().sorted(), "the toolchain's list is sorted; UTC comes last")
        #expect(Set(ZoneName.known).count == ZoneName.known.count, "a current name the toolchain lists too is not added again")
        guard case .unknown(let suggestion) = ZoneName.resolve("Kolkata") else {
            Issue.record("Kolkata resolved as a zone")
            return
        }
        #expect(suggestion == "Asia/Kolkata")
    }

    /// An old name is never offered: it would only draw the `old-zone-name` warning next. `Europe/Kiew` is one letter
    /// from `Europe/Kiev`, whose current name is `Europe/Kyiv`; the cities of old names stand for their current zones
    /// (`Saigon` was offered `Pacific/Saipan`, `Calcutta` `Asia/Calcutta`).
    @Test(arguments: [
        ("Europe/Kiew", "Europe/Kyiv"), ("Kiev", "Europe/Kyiv"), ("Saigon", "Asia/Ho_Chi_Minh"),
        ("Calcutta", "Asia/Kolkata"), ("Asia/Calcuta", "Asia/Kolkata"), ("Godthab", "America/Nuuk"),
        ("Europe/Berln", "Europe/Berlin"),
    ])
    func anOldNameIsOfferedAsItsCurrentName(written: String, offered: String) {
        guard case .unknown(let suggestion) = ZoneName.resolve(written) else {
            Issue.record("\(written) resolved as a zone")
            return
        }
        #expect(suggestion == offered)
    }
}

/// A rule's period written in the author's language (`jour` was offered `hour`, one letter away) or as an adverb is
/// offered the period it means.
@Suite struct RulePeriodWordTests {
    @Test(arguments: [
        ("jour", "day"), ("день", "day"), ("每天", "day"), ("Daily", "day"), ("semaine", "week"), ("неделя", "week"),
        ("mois", "month"), ("месяц", "month"), ("毎日", "day"), ("毎週", "week"), ("année", "year"), ("год", "year"), ("heure", "hour"), ("час", "hour"),
    ])
    func aPeriodInAnotherLanguageIsOfferedItsEnglishValue(written: String, meant: String) {
        let file = SpecFixtures.parse("""
            spec: s
            schedule: {timezone: Europe/Paris, rule: {every: \(written), at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-06-01T00:00:00+02:00, through: 2027-06-02T00:00:00+02:00}
            expect: {occurrences: [2027-06-01T02:30:00+02:00]}
            """)
        #expect(file.diagnostics.map(\.message) == [
            "unknown value '\(written)' for 'every'; did you mean '\(meant)'? (allowed: day | week | month | year | hour)",
        ])
    }
}

/// Mistakes in one rule that do not depend on each other are told in one round: the times' order is checked even
/// when another key (`on:`) keeps the rule from being built, so fixing the first does not reveal the second.
@Suite struct RuleMistakesInOneRoundTests {
    @Test func aWeekdayOfTheMonthAndTheTimesOrderAreBothTold() {
        let file = SpecFixtures.parse("""
            spec: s
            schedule: {timezone: Europe/Berlin, rule: {every: month, on: last-friday, at: ["20:00", "08:00"]}, nonexistent: skip, repeated: first}
            window: {after: 2027-01-01T00:00:00+01:00, through: 2027-02-01T00:00:00+01:00}
            expect: {occurrences: []}
            """)
        #expect(file.diagnostics.map(\.message) == [
            "'last-friday' is not a weekday of the month; did you mean 'last friday'? (the ordinal, a space, the weekday)",
            "'at' lists 08:00 after 20:00; its times must be strictly increasing, each once: write at: [\"08:00\", \"20:00\"]",
        ])
    }

    /// Once the rule reads, the order is told once (by the rule's own check), not twice.
    @Test func theTimesOrderAloneIsToldOnce() {
        let file = SpecFixtures.parse("""
            spec: s
            schedule: {timezone: Europe/Berlin, rule: {every: month, on: last friday, at: ["20:00", "08:00"]}, nonexistent: skip, repeated: first}
            window: {after: 2027-01-01T00:00:00+01:00, through: 2027-02-01T00:00:00+01:00}
            expect: {occurrences: []}
            """)
        #expect(file.diagnostics.map(\.message) == [
            "'at' lists 08:00 after 20:00; its times must be strictly increasing, each once: write at: [\"08:00\", \"20:00\"]",
        ])
    }

    /// `on: first day` means the month's first day, which `day:` names.
    @Test(arguments: [("first day", "1"), ("1st day", "1"), ("the last day of the month", "last"), ("2nd day", "2")])
    func aDayOfTheMonthWrittenAsOnIsPointedAtDay(written: String, day: String) {
        let file = SpecFixtures.parse("""
            spec: s
            schedule: {timezone: Europe/Berlin, rule: {every: month, on: \(written), at: "08:00"}, nonexistent: skip, repeated: first}
            window: {after: 2027-01-01T00:00:00+01:00, through: 2027-02-01T00:00:00+01:00}
            expect: {occurrences: []}
            """)
        #expect(file.diagnostics.count == 1)
        #expect(file.diagnostics.first?.message.hasPrefix("'\(written)' is a day of the month, not a weekday of it; write 'day: \(day)' instead of 'on'") == true,
                "\(file.diagnostics.map(\.message))")
    }
}
