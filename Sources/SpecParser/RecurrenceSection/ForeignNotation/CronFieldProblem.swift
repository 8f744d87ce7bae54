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
        for (word, kind) in zip(words, order) {
            if let (subject, predicate) = problem(in: word, kind, quartz: quartz) {
                let field = "\(name(of: kind)) field '\(word)'"
                    + (words.count > 5 ? " (\(quartz ? "Quartz's" : "Spring's") \(words.count) fields, seconds first)" : "")
                return subject == word ? "its \(field) \(predicate)" : "in its \(field), '\(subject)' \(predicate)"
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
                let named = parts[0].contains { $0.isLetter }
                let (last, first) = switch kind {
                case .month: named ? ("DEC", "JAN") : ("12", "1")
                case .dayOfWeek: named ? ("SAT", "SUN") : quartz ? ("7", "1") : ("6", "0")
                default: ("\(range.upperBound)", "\(range.lowerBound)")
                }
                return (base, "runs backwards: write a range from low to high, or one that wraps round as two, "
                    + "'\(parts[0])-\(last),\(first)-\(parts[1])'")
            }
        }
        return (text[...], "does not read: \(article) \(name(of: kind)) is \(values), in a list ('1,15'), a range ('1-5') or a step ('*/15')")
    }
}
