import Recurrence
import SpecDiagnostics

/// Why a text shaped like a cron line is not one: the field that does not read and what it must be. A team porting
/// its crontab pastes lines with their typos (`*/0`, `61`, `5-1`, a field left out), and "is not a rule; write a
/// mapping" sent them to rewrite by hand what one corrected field would have had told for them.
extension CronExpression {
    /// For a text that `init` does not read: why, when it is shaped like a cron line — four to seven words of cron's
    /// characters, all but one with a digit, `*` or `?`, and a `*` or `?` somewhere — or `named` (pasted under a
    /// `cron:` key); nil for any other text, and for a cron-shaped text whose every field reads.
    static func whyUnreadable(_ text: String, named: Bool = false) -> String? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        while let first = words.first, let equals = first.firstIndex(of: "="), ["CRON_TZ", "TZ"].contains(first[..<equals].uppercased()) {
            words.removeFirst()
        }
        let isField = { (word: String) in word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "*?/,#-".contains($0)) } }
        if words.count > 5, words.prefix(5).allSatisfy(isField), !words.dropFirst(5).allSatisfy(isField) {
            // A crontab line with its command (`30 25 * * * /opt/export/run.sh`): the five fields before it.
            words = Array(words.prefix(5))
        }
        let cronCharacters = words.allSatisfy(isField)
        let fieldLike = words.filter { word in word.contains { $0.isNumber || $0 == "*" || $0 == "?" } }.count
        guard named || (cronCharacters && (4...7).contains(words.count) && fieldLike >= words.count - 1
                        && words.contains { $0.contains("*") || $0.contains("?") })
        else { return nil }
        let order: [Kind]
        switch words.count {
        case 5: order = [.minute, .hour, .dayOfMonth, .month, .dayOfWeek]
        case 6, 7: order = [.second, .minute, .hour, .dayOfMonth, .month, .dayOfWeek]
        default:
            return "it has \(words.count) field\(words.count == 1 ? "" : "s"), where a cron line has five (minute, hour, day of the month, month, "
                + "day of the week; Quartz and Spring put seconds first)"
        }
        // Quartz and EventBridge count Sunday 1; read a six- or seven-field text as Quartz's where a day field is `?`.
        let quartz = words.count > 5 && (words[3] == "?" || words[5] == "?")
        for (index, (word, kind)) in zip(words, order).enumerated() {
            let named = "\(name(of: kind)) field '\(word)'"
                + (words.count > 5 ? " (\(quartz ? "Quartz's" : "Spring's") \(words.count) fields, seconds first)" : "")
            let items = word.split(separator: ",").map(String.init)
            if kind == .dayOfWeek, items.count > 1, items.contains(where: { $0.contains("#") }),
               items.allSatisfy({ field($0, kind, quartz: quartz) != nil }) {
                // `MON#1,MON#3`: each item reads, the list does not (Quartz refuses it too: "multiple nth days"), and it
                // was told "after '#' comes the occurrence, 1 to 5", which each item already was.
                let each = items.map { item in "'" + words.enumerated().map { $0.offset == index ? item : $0.element }.joined(separator: " ") + "'" }
                return "its \(named) is a list of '#' items, which is not read (Quartz refuses it too): a rule names one weekday of "
                    + "the month, so give each item a spec of its own, \(ListWording.joined(each))"
            }
            if let (subject, predicate) = problem(in: word, kind, quartz: quartz) {
                return subject == word ? "its \(named) \(predicate)" : "in its \(named), '\(subject)' \(predicate)"
            }
        }
        if words.count == 7, !yearFieldReads(words[6]) {
            return "its year field '\(words[6])' is not one, whose years are 1970 to 2099 ('2027', '2027-2030', '2027/2')"
        }
        return nil
    }

    /// `minute`, `day of the month`: a field as a message names it.
    static func name(of kind: Kind) -> String {
        switch kind {
        case .second: "second"
        case .minute: "minute"
        case .hour: "hour"
        case .dayOfMonth: "day of the month"
        case .month: "month"
        case .dayOfWeek: "day of the week"
        }
    }

    /// A backwards range `low-high` as the field's values it wraps round to, from `low` on: `5-1` is `5-6,0-1`. cron
    /// counts Sunday as 0 and 7, so `7-1` is `0-1` and `6-0` is `6,0` (its `6-6,0-0`, fed back, ran backwards again as
    /// `7-6`); a range of one value is the value (`SAT,SUN`, not `SAT-SAT,SUN-SUN`).
    static func wrappedRound(_ low: Int, _ high: Int, _ kind: Kind, quartz: Bool, named: Bool) -> String {
        let range = range(of: kind, quartz: quartz)
        // cron's weekdays go round 0 to 6; every other field round its own range.
        let sundayTwice = kind == .dayOfWeek && !quartz
        let cycle = sundayTwice ? 0...6 : range
        let normal = { (value: Int) in sundayTwice ? value % 7 : value }
        let values = (Array(low...range.upperBound) + Array(range.lowerBound...high)).map(normal)
        var ordered: [Int] = []
        for value in values where !ordered.contains(value) { ordered.append(value) }
        if ordered.count == cycle.count { ordered = Array(cycle) }
        let text = { (value: Int) -> String in
            guard named else { return String(value) }
            switch kind {
            case .month: return monthNumbers.first { $0.value == value }!.key
            case .dayOfWeek: return weekdayNames[quartz ? value - 1 : value % 7]
            default: return String(value)
            }
        }
        // Runs of consecutive values, in the order the range wraps round.
        var runs: [(Int, Int)] = []
        for value in ordered {
            if let last = runs.last, value == last.1 + 1 { runs[runs.count - 1].1 = value } else { runs.append((value, value)) }
        }
        return runs.map { $0 == $1 ? text($0) : "\(text($0))-\(text($1))" }.joined(separator: ",")
    }

    /// What is wrong with one field, from the first item that does not read: the part it is about (the whole field or
    /// one item or value of it) and what is wrong with that part; nil when the field reads.
    private static func problem(in text: String, _ kind: Kind, quartz: Bool) -> (Substring, String)? {
        guard field(text, kind, quartz: quartz) == nil else { return nil }
        let range = range(of: kind, quartz: quartz)
        let values = switch kind {
        case .month: "\(range.lowerBound) to \(range.upperBound) or JAN to DEC"
        case .dayOfWeek: quartz ? "1 to 7 from Sunday, or SUN to SAT" : "0 to 7 from Sunday (7 is Sunday again), or SUN to SAT"
        default: "\(range.lowerBound) to \(range.upperBound)"
        }
        let article = kind == .hour ? "an" : "a"
        if kind == .dayOfMonth, text.uppercased().hasPrefix("L") || text.uppercased().hasSuffix("W") {
            return (text[...], "is not one of Quartz's forms of a last or nearest weekday: 'L' (the last day), 'L-3' (1 to 30 days "
                + "before it), 'LW', '15W'")
        }
        if kind == .dayOfWeek, let dash = text.lastIndex(of: "-"), text[..<dash].uppercased().hasSuffix("L"),
           text[text.index(after: dash)...].allSatisfy(\.isNumber),
           case .weekdayOfMonth(_, let day)? = field(String(text[..<dash]), kind, quartz: quartz)?.special {
            // `6L-2`: `6L` is Quartz's last Friday; the offset is what does not read (it was told "'6L' is not a day").
            // `Weekday` counts as Quartz does (Sunday 1); cron counts Sunday 0 and 7.
            let lastName = Weekday(rawValue: quartz ? day : day % 7 + 1)!.name.capitalized
            return (text[dash...], "after '\(text[..<dash])' (the month's last \(lastName)) is not read: an offset "
                + "from the end is for the day of the month ('L-2'); write '\(text[..<dash])' alone, or the weekday of the month you mean ('\(quartz ? 6 : 5)#3')")
        }
        if kind == .dayOfWeek, text.contains("#") {
            return (text[...], "is not one: after '#' comes the weekday's occurrence in the month, 1 to 5 ('\(quartz ? 6 : 5)#3' is the third Friday)")
        }
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            if item.isEmpty { return (text[...], "has an empty item between commas: remove the extra comma") }
            var base = item
            if let slash = item.firstIndex(of: "/") {
                let digits = item[item.index(after: slash)...]
                guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    return (item, "has a step that is not a whole number, where '*/15' has 15")
                }
                if digits.allSatisfy({ $0 == "0" }) { return (item, "is a step of 0, which never moves on: a step is 1 or more") }
                base = item[..<slash]
            }
            if base == "*" || base == "?" && (kind == .dayOfMonth || kind == .dayOfWeek) { continue }
            if base == "?" { return (base, "is for a day field only (Quartz): write '*'") }
            let dash = base.dropFirst().firstIndex(of: "-")
            let parts = dash.map { [base[..<$0], base[base.index(after: $0)...]] } ?? [base]
            var bounds: [Int] = []
            for part in parts {
                var numeric = false
                guard let value = number(part.uppercased(), kind, quartz: quartz, numeric: &numeric), range.contains(value) else {
                    return part.isEmpty ? (item, "needs a value on each side of '-'")
                        : (part, "is not \(article) \(name(of: kind)), which is \(values)")
                }
                bounds.append(value)
            }
            if bounds.count == 2, bounds[0] > bounds[1] {
                guard base.count == item.count else {
                    // `5-1/2`: a step restarts at each range of a wrap-round, so no two ranges say the same.
                    return (base, "runs backwards: write a range from low to high")
                }
                let named = parts[0].contains { $0.isLetter }
                return (base, "runs backwards: write what it wraps round to from low to high, "
                    + "'\(wrappedRound(bounds[0], bounds[1], kind, quartz: quartz, named: named))'")
            }
        }
        return (text[...], "does not read: \(article) \(name(of: kind)) is \(values), in a list ('1,15'), a range ('1-5') or a step ('*/15')")
    }
}
