import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecYAML

/// Reads typed values out of YAML nodes, reporting each problem at its place; a nil result means "reported".
///
/// Every field reads its own scalar: nothing is guessed the YAML 1.1 way, so `at: 02:30` is the time 02:30.
struct ValueReader {
    let log: DiagnosticLog
    /// The longest window a spec may declare (`--max-window`).
    var windowLimit: WindowLength = .defaultLimit
    /// The search bound of a schedule that writes no `limit:` (`--max-candidates`).
    var defaultSearchLimit: Int = Schedule.defaultSearchLimit
    /// Which files `task.info-plist` may name (`--allow-outside-fixtures` lifts the spec-tree confinement).
    var fixtureScope: FixtureScope = .specFolder

    // MARK: Placeholders, slips and wrong kinds (mappings, lists and scalars)

    /// The placeholder an example writes where a value is still to be filled in (`schedule: ...`), or nil.
    static func placeholder(_ node: Node) -> String? {
        guard case .scalar(let scalar) = node, scalar.tag == nil,
              scalar.style == .plain || scalar.style == .singleQuoted || scalar.style == .doubleQuoted
        else { return nil }
        let text = scalar.value.trimmingCharacters(in: .whitespaces)
        return text == "..." || text == "…" ? text : nil
    }

    /// Reports a mapping or list written as an example's placeholder (`...`), saying what goes in its place
    /// (`advice` goes on from there, e.g. with an example); true when there was one.
    func reportedPlaceholder(_ node: Node, place: String, expected: String, advice: String = "") -> Bool {
        guard let placeholder = Self.placeholder(node) else { return false }
        log.report(.emptyValue, at: node, "\(place) is '\(placeholder)', a placeholder to fill in; in its place, write \(expected)\(advice)")
        return true
    }

    /// Reports the typographic slip that keeps a value from reading (`TypographicSlip`); true when there was one.
    /// `fullWidthAdvice` says what to type, given the value typed in ASCII (`FullWidth.problem`).
    func reportSlip(_ node: Node, code: DiagnosticCode, fullWidthAdvice: (String) -> String = FullWidth.typeInASCII) -> Bool {
        guard let scalar = node.scalar, let problem = TypographicSlip.problem(in: scalar, fullWidthAdvice: fullWidthAdvice) else { return false }
        log.report(code, at: node, problem)
        return true
    }

    /// Reports a value of the wrong kind; `message` ends "not <its kind>". An empty value is told as such, and a null
    /// written out (`null`, `~`) as what YAML makes of it: the author sees a word on the line, not nothing. Where a
    /// text is expected (`textMeant`), quoting it keeps the word.
    func wrongKind(_ node: Node, _ message: String, textMeant: Bool = false) {
        if case .scalar(let scalar) = node, scalar.isNull {
            // `schedule:` left empty, its keys written unindented below: told once, where they are (`misplaced`).
            if log.emptySectionsToFill.contains(scalar.mark) { return }
            let emptiness = scalar.value.isEmpty ? "but it is empty" : "but YAML reads a plain \(scalar.value) as an empty value"
            let quoting = textMeant && !scalar.value.isEmpty ? "; write \"\(scalar.value)\" in quotes if the text is meant" : ""
            log.report(.emptyValue, at: node, message.replacingOccurrences(of: "not an empty value", with: emptiness) + quoting)
        } else {
            log.report(.wrongKind, at: node, message)
        }
    }

    // MARK: Scalars

    /// The text of a scalar; lists, mappings and empty values are reported.
    func scalar(_ node: Node, field: String, expected: @autoclosure () -> String, textMeant: Bool = false) -> Node.Scalar? {
        guard case .scalar(let scalar) = node, !scalar.isNull else {
            wrongKind(node, "'\(field)' must be \(expected()), not \(node.kindDescription)", textMeant: textMeant)
            return nil
        }
        return scalar
    }

    func text(_ node: Node, field: String, expected: String = "a text") -> String? {
        guard let scalar = scalar(node, field: field, expected: expected, textMeant: true) else { return nil }
        guard Self.startsWithText(scalar.value) || !scalar.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            log.report(.emptyValue, at: node, "'\(field)' is empty; write \(expected)")
            return nil
        }
        return scalar.value
    }

    /// Whether the text starts with a printable ASCII character other than a space: then it is not blank, and the
    /// trimming (which goes through NSString, and showed up in the benchmark's profile) is not needed.
    private static func startsWithText(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return first > 0x20 && first < 0x7F
    }

    /// How many characters a whole number's text may have, leading zeros included (the schema's pattern says so too).
    static let wholeNumberLength = 12
    /// How many characters a rule's `day` or `month` number may have, leading zeros included (`031`).
    static let calendarNumberLength = 4

    /// A whole number in `range`, written with digits only (`5`, not `5.0` or `five`).
    func integer(_ node: Node, field: String, range: ClosedRange<Int>, example: String) -> Int? {
        guard let scalar = scalar(node, field: field, expected: "a whole number, e.g. \(example)") else { return nil }
        let text = scalar.value
        guard !text.isEmpty, text.count <= Self.wholeNumberLength, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) else {
            if reportSlip(node, code: .invalidNumber) { return nil }
            // A number out of range, not a number: `-1` and a 26-digit version were told "must be a whole number".
            let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
            if text.hasPrefix("+"), let value = Int(digits), range.contains(value), digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
                log.report(.invalidNumber, at: node, "'\(field)' is written with digits only: write \(value), without the '+'")
                return nil
            }
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
                let shown = text.count > 24 ? "a number of \(digits.count) digits" : text
                log.report(.invalidNumber, at: node,
                           "'\(field)' must be \(range.lowerBound)…\(range.upperBound), not \(shown); write a number in that range, e.g. \(example)")
                return nil
            }
            log.report(.invalidNumber, at: node, "'\(field)' must be a whole number, e.g. \(example), not '\(text)'")
            return nil
        }
        guard range.contains(value) else {
            log.report(.invalidNumber, at: node,
                       "'\(field)' must be \(range.lowerBound)…\(range.upperBound), not \(value); write a number in that range, e.g. \(example)")
            return nil
        }
        return value
    }

    /// One of a closed set of words (policies, engines), with did-you-mean.
    func choice<Value: RawRepresentable & CaseIterable>(_ node: Node, field: String, _: Value.Type) -> Value?
    where Value.RawValue == String {
        // The allowed values are spelled out only for a message: most choices are valid (a big suite has thousands).
        func allowed() -> String { Value.allCases.map(\.rawValue).joined(separator: " | ") }
        guard let scalar = scalar(node, field: field, expected: "one of \(allowed())") else { return nil }
        if let value = Value(rawValue: scalar.value) { return value }
        if reportSlip(node, code: .unknownValue) { return nil }
        let names = Value.allCases.map(\.rawValue)
        // The list of choices pasted as the value (`skip | next-valid-time | …`, as a message lists them).
        let listed = scalar.value.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        if listed.count > 1, listed.allSatisfy(names.contains) {
            log.report(.unknownValue, at: node, "'\(scalar.value)' lists the choices for '\(field)'; write one of them, e.g. "
                + "'\(field): \(listed[0])'")
            return nil
        }
        if let suggestion = Self.meantValue(scalar.value, in: names) {
            log.report(.unknownValue, at: node, "unknown value '\(scalar.value)' for '\(field)'; did you mean '\(suggestion)'? (allowed: \(allowed()))")
        } else {
            log.report(.unknownValue, at: node, "unknown value '\(scalar.value)' for '\(field)'; write one of \(allowed())")
        }
        return nil
    }

    /// The allowed value an unknown word most likely stands for: a synonym, a near spelling, or the one value it is the
    /// first words of (`one-completion` for `one-completion-per-launch`: long names get shortened, which edit distance,
    /// measured against the whole name, does not find).
    static func meantValue(_ word: String, in names: [String]) -> String? {
        if let meant = ValueSynonyms.value(for: word, in: names) ?? Suggestion.closest(to: word, in: names) { return meant }
        let start = word.lowercased() + "-"
        let longer = names.filter { $0.lowercased().hasPrefix(start) }
        if longer.count == 1 { return longer[0] }
        // `late-register` for `late-registration`: the same words, each the same or one stem ending another way.
        let words = word.lowercased().split(separator: "-")
        let stemmed = names.filter { name in
            let other = name.lowercased().split(separator: "-")
            return other.count == words.count && words.count > 1 && zip(words, other).allSatisfy { pair in
                let shared = zip(pair.0, pair.1).prefix { $0 == $1 }.count
                return pair.0 == pair.1 || shared >= 4 && shared >= min(pair.0.count, pair.1.count) - 3
            }
        }
        return stemmed.count == 1 ? stemmed[0] : nil
    }

    /// An RFC 3339 instant with an explicit offset.
    func instant(_ node: Node, field: String) -> InstantLiteral? {
        guard let scalar = scalar(node, field: field, expected: "an instant with an offset, e.g. 2027-03-28T03:00:00+02:00") else { return nil }
        // Parsed once here: every expected instant of every spec passes (it was parsed twice, once to look for a slip).
        switch InstantText.parse(scalar.value) {
        case .success(let parsed):
            return literal(parsed, text: scalar.value, at: scalar.mark)
        case .failure:
            if reportSlip(node, code: .invalidInstant) { return nil }
            return instant(scalar.value, at: scalar.mark, length: node.underlineLength, field: field)
        }
    }

    /// An instant a search starts from or ends at (a cursor, a window's bounds): one past 9999 once its offset is
    /// applied (`9999-12-31T23:00:00-05:00`) is refused here, where `check` sees it, as every engine refuses it.
    func searchBound(_ node: Node, field: String) -> InstantLiteral? {
        guard let literal = instant(node, field: field) else { return nil }
        guard literal.date < SupportedInstants.range.upperBound else {
            log.report(.invalidInstant, at: node,
                       "'\(literal.text)' is \(literal.date.rfc3339UTC) in UTC, in the year 10000 once its offset is applied; a search "
                           + "\(field == "through" ? "ends" : "starts") no later than 9999-12-31T23:59:59Z: write an earlier instant")
            return nil
        }
        return literal
    }

    private func literal(_ parsed: InstantText.Parsed, text: String, at mark: Mark) -> InstantLiteral {
        InstantLiteral(
            date: parsed.date,
            text: text,
            writtenOffset: parsed.offset,
            location: log.source.location(mark),
            line: mark.line, of: log.source.file)
    }

    /// An instant read from part of a scalar (the shorthand rule `every 24h from <instant>`).
    func instant(_ text: String, at mark: Mark, length: @autoclosure () -> Int, field: String) -> InstantLiteral? {
        switch InstantText.parse(text) {
        case .success(let parsed):
            return literal(parsed, text: text, at: mark)
        case .failure(let problem):
            // `2027/06/01 00:00:00+08:00`, `01.06.2027 …`, `2027年6月1日 …`: a date as a locale writes it.
            if problem == .malformed, let meant = LocaleInstant.meant(text) {
                log.report(.invalidInstant, at: mark, length: length(),
                           "'\(text)' is not an RFC 3339 instant; write \(meant)")
                return nil
            }
            let code: DiagnosticCode = problem == .missingOffset ? .instantWithoutOffset : .invalidInstant
            log.report(code, at: mark, length: length(), problem.message(for: text, field: field))
            // `2027-03-29 08:00` lacks its seconds too: told the offset the same way, once the zone is known.
            if problem == .missingOffset || OffsetlessInstantAdvice.completed(text) != nil {
                log.refusedOffsetless(text, occurrence: ["occurrences", "at", "next", "planned"].contains(field),
                                     keyable: ["occurrences", "at"].contains(field), field: field)
            }
            return nil
        }
    }

    /// A wall time `HH:MM` or `HH:MM:SS`.
    func time(_ node: Node, field: String) -> TimeOfDay? {
        guard let scalar = scalar(node, field: field, expected: "a wall time, e.g. \"02:30\"") else { return nil }
        if TimeOfDay(parsing: scalar.value) == nil,
           reportSlip(node, code: .invalidTime, fullWidthAdvice: { Self.timeAdvice(typed: $0, field: field) }) { return nil }
        return time(scalar.value, at: scalar.mark, length: node.underlineLength, field: field)
    }

    /// What to type for a time typed in full-width characters, given it in ASCII: `０２：３０` is 02:30, and `０２３０`,
    /// whose ASCII `0230` is refused too, is also 02:30.
    static func timeAdvice(typed: String, field: String) -> String {
        if TimeOfDay(parsing: typed) != nil { return FullWidth.typeInASCII(typed) }
        if let meant = TwentyFourHourTime.meant(by: typed) { return "type it in ASCII as HH:MM: \(meant)" }
        return "typed in ASCII it is '\(typed)', which is no wall time either; write '\(field)' as HH:MM or HH:MM:SS with hours 00–23, e.g. 02:30"
    }

    /// `quoted`: whether the time to write is shown in quotes (not in a shorthand rule, where quotes would be part of
    /// the rule's text).
    func time(_ text: String, at mark: Mark, length: @autoclosure () -> Int, field: String, quoted: Bool = true) -> TimeOfDay? {
        if let time = TimeOfDay(parsing: text) { return time }
        // In a shorthand rule (`daily ０２３０`) the time is a word of the rule's text, which no slip check saw.
        if !quoted, let problem = FullWidth.problem(in: text, advice: { Self.timeAdvice(typed: $0, field: field) }) {
            log.report(.invalidTime, at: mark, length: length(), problem)
            return nil
        }
        if let meant = TwentyFourHourTime.meant(by: text) {
            let written = quoted ? "\"\(meant)\"" : meant
            log.report(.invalidTime, at: mark, length: length(),
                       "'\(text)' is not a wall time; write '\(field)' on the 24-hour clock as HH:MM: \(written)")
            return nil
        }
        if text == "24:00" || text == "24:00:00" {
            // ISO 8601's end of a day: the midnight that starts the next one, which a daily rule writes 00:00.
            log.report(.invalidTime, at: mark, length: length(),
                       "'\(text)' is not a wall time specrun reads (a day's wall times run from 00:00 to 23:59:59); the midnight that ends "
                           + "a day is 00:00 of the next: write \(quoted ? "\"00:00\"" : "00:00"), and in a weekly, monthly or yearly rule "
                           + "move its day one later too (Friday's 24:00 is Saturday's 00:00)")
            return nil
        }
        log.report(.invalidTime, at: mark, length: length(),
                   "'\(text)' is not a wall time; write '\(field)' as HH:MM or HH:MM:SS with hours 00–23, e.g. \(quoted ? "\"02:30\"" : "02:30")")
        return nil
    }

    /// A duration in seconds: `45s`, `90m`, `24h`, `1h30m`, `2d`.
    func duration(_ node: Node, field: String) -> Int? {
        guard let scalar = scalar(node, field: field, expected: "a duration, e.g. 90m or 24h") else { return nil }
        if DurationText.seconds(scalar.value) == nil,
           reportSlip(node, code: .invalidDuration, fullWidthAdvice: { Self.durationAdvice(typed: $0, field: field) }) { return nil }
        return duration(scalar.value, at: scalar.mark, length: node.underlineLength, field: field)
    }

    func duration(_ text: String, at mark: Mark, length: @autoclosure () -> Int, field: String) -> Int? {
        if let seconds = DurationText.seconds(text) { return seconds }
        if let problem = Self.durationProblem(text, field: field) {
            log.report(.invalidDuration, at: mark, length: length(), problem)
            return nil
        }
        if let advice = DurationText.missingUnit(text) {
            log.report(.invalidDuration, at: mark, length: length(), "'\(field)': \(advice)")
            return nil
        }
        if let meant = DurationText.meant(text) {
            log.report(.invalidDuration, at: mark, length: length(),
                       "'\(text)' is not a duration; did you mean '\(meant)'? (write '\(field)' as a number and a unit: d, h, m, s)")
            return nil
        }
        log.report(.invalidDuration, at: mark, length: length(),
                   "'\(text)' is not a duration; write '\(field)' as a number and a unit (d, h, m, s), e.g. 45s, 90m, 24h, 1h30m or 2d")
        return nil
    }

    /// What to type for a duration typed in full-width characters, given it in ASCII: `９０ｍ` is 90m, and `９０分` or
    /// `９０`, refused in ASCII too (`90分`, `90`), are told what reads.
    static func durationAdvice(typed: String, field: String) -> String {
        if DurationText.seconds(typed) != nil { return FullWidth.typeInASCII(typed) }
        if let meant = DurationText.meant(typed) { return "type it in ASCII as a number and a unit: \(meant)" }
        let problem = durationProblem(typed, field: field) ?? DurationText.missingUnit(typed)
            ?? "'\(typed)' is not a duration; write '\(field)' as a number and a unit (d, h, m, s), e.g. 45s, 90m, 24h, 1h30m or 2d"
        return "typed in ASCII, \(problem)"
    }

    /// What is wrong with a text written as a duration that cannot be one (too long, negative); nil for anything else.
    static func durationProblem(_ text: String, field: String) -> String? {
        switch DurationText.read(text) {
        case .tooLong:
            return "'\(text)' is too long for '\(field)'; write at most \(DurationText.longestText)"
        case .negative(let unsigned):
            if field == "advance" {
                return "'\(text)' would turn the clock back, and the clock only moves forward (a duration cannot be negative); "
                    + "write 'advance' as a duration such as \(unsigned), or as a later instant"
            }
            return "'\(text)' is negative, and a duration cannot be; write '\(field)' without the minus sign, e.g. \(unsigned)"
        case .seconds:
            return nil
        case .notADuration:
            // ISO 8601's `P1M`, `P1Y`: a calendar period, which no duration is.
            guard let (count, period) = DurationText.isoCalendarPeriod(text) else { return nil }
            let written = count == 1 ? "a \(period)" : "\(count) \(period)s"
            let rule = field == "interval"
                ? ", or for a date every \(count == 1 ? period : written) a calendar rule, {every: \(count == 1 ? period : written), …}" : ""
            return "'\(text)' is \(written) in ISO 8601, a calendar period that is no fixed length of time; write '\(field)' as a number and a unit (d, h, m, s), e.g. 30d\(rule)"
        }
    }

    /// A weekday: full English name or its first three letters.
    func weekday(_ text: String, at mark: Mark, length: @autoclosure () -> Int) -> Weekday? {
        if let day = Weekday(name: text) { return day }
        if let advice = WeekdayNumbers.advice(for: [text], format: { $0.joined(separator: ",") }) {
            log.report(.invalidWeekday, at: mark, length: length(), advice)
            return nil
        }
        // Several weekdays in one quoted text (`"monday, thursday"`): the list to write (a second round was told only
        // that it is no weekday, where the unquoted forms get the list).
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        if parts.count > 1, parts.allSatisfy({ Weekday(name: $0) != nil }) {
            log.report(.invalidWeekday, at: mark, length: length(),
                       "'\(text)' is \(parts.count) weekdays in one text; write them as a list: [\(parts.joined(separator: ", "))]")
            return nil
        }
        let names = Weekday.allCases.sorted().map(\.name)
        let candidates = names + Weekday.allCases.map(\.abbreviation)
        if let suggestion = Suggestion.closest(to: text, in: candidates) {
            log.report(.invalidWeekday, at: mark, length: length(), "'\(text)' is not a weekday; did you mean '\(suggestion)'?")
        } else {
            log.report(.invalidWeekday, at: mark, length: length(),
                       "'\(text)' is not a weekday; write a full English name (monday … sunday) or mon … sun")
        }
        return nil
    }

    /// A `timezone:` value as written, for the lints about its writing; nil when it is not a scalar (reported by
    /// `timeZone(_:field:)`).
    func zoneName(_ node: Node) -> ZoneNameLiteral? {
        guard case .scalar(let scalar) = node else { return nil }
        return ZoneNameLiteral(
            text: scalar.value, location: log.source.location(scalar.mark), sourceLine: log.source.line(scalar.mark.line),
            length: node.underlineLength)
    }

    /// An IANA time zone that can represent its place's future offset changes.
    func timeZone(_ node: Node, field: String) -> TimeZone? {
        guard let scalar = scalar(node, field: field, expected: "an IANA time zone, e.g. Europe/Berlin") else { return nil }
        let resolution = ZoneName.resolve(scalar.value)
        if case .zone(let zone) = resolution { return zone }
        if reportSlip(node, code: .unknownTimeZone) { return nil }
        switch resolution {
        case .zone(let zone):
            return zone
        case .unknown(let suggestion):
            if let suggestion {
                log.report(.unknownTimeZone, at: node, "unknown time zone '\(scalar.value)'; did you mean '\(suggestion)'?")
            } else {
                log.report(.unknownTimeZone, at: node,
                           "unknown time zone '\(scalar.value)'; write an IANA identifier such as Europe/Berlin or America/New_York")
            }
        case .unsupported(let reason):
            log.report(.unsupportedTimeZone, at: node, reason)
        case .cityWithoutZone(let city, let zone):
            log.report(.unknownTimeZone, at: node, ZoneName.cityWithoutZoneMessage(scalar.value, city: city, zone: zone))
        }
        return nil
    }
}
