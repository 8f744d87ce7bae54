import SpecResults

/// A lifecycle expectation's instants in the terms of the runs table above it: local wall time with abbreviation and
/// offset (`2027-03-29 02:40 CEST (+02:00)`), each a `<time>` whose `datetime` and `title` keep the exact RFC 3339
/// text. The runner writes them as a spec writes them (`2027-03-29T02:40:00+02:00`, `…01:00:00Z = 2027-03-29 03:00
/// CEST (+02:00)`), to read against the spec's line and paste; beside a table of wall times a reader had to convert
/// each one (a review).
///
/// Only the checks whose values are instants (`store.updated-at`, `runs[N]`, its `.planned` and `.actual`,
/// `pending-requests[…].earliest-begin`), and on the actual side only the value before its first `; `: the notes after
/// it say what to write (`write 2027-03-29T03:00:00+02:00`), which stays as the spec must write it. A log line or an
/// item that holds an instant is text, and a key that holds one (`every-90m/v1/2027-03-28T00:00:00Z`) is a name.
struct HTMLExpectationInstants {
    /// The local reading of every instant the results hold for the scenario, by seconds since 1970.
    private var known: [Double: String] = [:]
    /// The abbreviation the scenario's instants show at each offset (`+02:00` → `CEST`); nil when they show several.
    private var abbreviations: [String: String?] = [:]

    init(_ lifecycle: LifecycleResult, zoneContext: ZoneContext?) {
        var instants: [ResultInstant] = lifecycle.runs.flatMap { [$0.planned, $0.actual].compactMap { $0 } }
        instants += lifecycle.expectations.compactMap(\.expectedInstant)
        instants += lifecycle.refusedLaunches.flatMap { [$0.at] + ($0.earliestBegin.map { [$0] } ?? []) }
        instants += lifecycle.otherErrors.map(\.at) + lifecycle.appEvents.map(\.at) + lifecycle.scheduleChanges.map(\.at)
        for instant in instants {
            known[instant.epochSeconds] = instant.local
            if let (abbreviation, offset) = Self.abbreviationAndOffset(instant.local) { note(abbreviation, offset) }
        }
        for transition in zoneContext?.transitions ?? [] {
            if let abbreviation = transition.abbreviationBefore { note(abbreviation, Self.offsetText(transition.offsetBefore)) }
            if let abbreviation = transition.abbreviationAfter { note(abbreviation, Self.offsetText(transition.offsetAfter)) }
        }
    }

    private mutating func note(_ abbreviation: String, _ offset: String) {
        if let seen = abbreviations[offset], seen != abbreviation { abbreviations[offset] = String?.none } else { abbreviations[offset] = abbreviation }
    }

    /// Whether the check named `name` compares instants.
    static func comparesInstants(_ name: String) -> Bool {
        name == "store.updated-at" || (name.hasPrefix("pending-requests[") && name.hasSuffix("].earliest-begin"))
            || (name.hasPrefix("runs[") && (name.hasSuffix("]") || name.hasSuffix("].planned") || name.hasSuffix("].actual")))
    }

    /// One side of a check, escaped for HTML, its instants in local wall time where the check compares instants
    /// (`actual`: only before the first `; `).
    func html(_ text: String, check name: String, actual: Bool) -> String {
        guard Self.comparesInstants(name) else { return HTMLReporter.shown(text) }
        let value = actual ? text.range(of: "; ").map { text[..<$0.lowerBound] } ?? text[...] : text[...]
        return marked(value) + HTMLReporter.shown(String(text[value.endIndex...]))
    }

    /// `text` escaped, each instant in it that stands alone (after a space or at the start, before a space, a comma, a
    /// brace, a parenthesis or the end) as a `<time>` in local wall time; an instant whose local reading is not known
    /// (a `Z` the results hold no instant of) as written.
    private func marked(_ text: Substring) -> String {
        var out = ""
        var rest = text
        while let found = Self.nextInstant(in: rest) {
            out += HTMLReporter.shown(String(rest[..<found.lowerBound]))
            let written = String(rest[found])
            var end = found.upperBound
            // `…Z = 2027-03-29 03:00 CEST (+02:00)`: the runner read it in the zone already.
            var local: String? = nil
            if rest[end...].hasPrefix(" = "), let close = rest[end...].firstIndex(of: ")") {
                local = String(rest[rest.index(end, offsetBy: 3)...close])
                end = rest.index(after: close)
            }
            if let local = local ?? self.local(written) {
                out += "<time datetime=\"\(written)\" title=\"\(written)\">\(HTMLReporter.shown(local))</time>"
            } else {
                out += HTMLReporter.shown(written)
            }
            rest = rest[end...]
        }
        return out + HTMLReporter.shown(String(rest))
    }

    /// The local reading of an RFC 3339 instant of whole seconds: the results' own, else, for one written with an
    /// offset, its digits with the abbreviation the scenario shows at that offset (none when it shows several).
    func local(_ text: String) -> String? {
        let digits = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? { Int(String(decoding: digits[from..<from + count], as: UTF8.self)) }
        guard digits.count == 20 || digits.count == 25, let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2) else { return nil }
        var offset = 0
        if digits.count == 25 {
            guard let hours = number(20, 2), let minutes = number(23, 2) else { return nil }
            offset = (hours * 3600 + minutes * 60) * (digits[19] == UInt8(ascii: "-") ? -1 : 1)
        }
        let wall = Double(WallClock.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second)
        let seconds = wall - Double(offset)
        if let local = known[seconds], digits.count == 20 || local.hasSuffix("(" + text.suffix(6) + ")") { return local }
        guard digits.count == 25 else { return nil }
        let offsetText = String(text.suffix(6))
        let abbreviation = abbreviations[offsetText].flatMap { $0 }.map { " " + $0 } ?? ""
        let clock = WallClock(wallSeconds: wall)
        return "\(clock.isoDate) \(clock.timeWithSeconds)\(abbreviation) (\(offsetText))"
    }

    /// The next instant of whole seconds that stands alone in `text`: `2027-03-29T02:40:00+02:00`, `…:00Z`.
    private static func nextInstant(in text: Substring) -> Range<Substring.Index>? {
        var start = text.startIndex
        while let t = text[start...].firstIndex(of: "T") {
            defer { start = text.index(after: t) }
            guard text.distance(from: text.startIndex, to: t) >= 10 else { continue }
            let begin = text.index(t, offsetBy: -10)
            guard begin == text.startIndex || text[text.index(before: begin)] == " " else { continue }
            for length in [20, 25] where text.distance(from: begin, to: text.endIndex) >= length {
                let end = text.index(begin, offsetBy: length)
                let candidate = text[begin..<end]
                guard isInstant(candidate), end == text.endIndex || [" ", ",", "}", ")"].contains(text[end]) else { continue }
                return begin..<end
            }
        }
        return nil
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` or `…±HH:MM`.
    private static func isInstant(_ text: Substring) -> Bool {
        let pattern = text.count == 20 ? "dddd-dd-ddTdd:dd:ddZ" : "dddd-dd-ddTdd:dd:dd+dd:dd"
        return text.count == pattern.count && zip(text, pattern).allSatisfy { character, expected in
            switch expected {
            case "d": character.isASCII && character.isNumber
            case "+": character == "+" || character == "-"
            default: character == expected
            }
        }
    }

    /// `CEST` and `+02:00` of `2027-03-29 02:40 CEST (+02:00)`; nil without an abbreviation.
    private static func abbreviationAndOffset(_ local: String) -> (String, String)? {
        let words = local.split(separator: " ")
        guard words.count == 4, words[3].count == 8, words[3].hasPrefix("("), words[3].hasSuffix(")") else { return nil }
        return (String(words[2]), String(words[3].dropFirst().dropLast()))
    }

    /// `+02:00` for 7200.
    private static func offsetText(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        return (seconds < 0 ? "-" : "+") + WallClock.twoDigits(magnitude / 3600) + ":" + WallClock.twoDigits(magnitude % 3600 / 60)
    }
}
