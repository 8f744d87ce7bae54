import Recurrence

/// Weekdays written as numbers (`on: [1, 4]`, `weekly 1,4 09:00`). They are refused, because the number of a day
/// depends on who counts: 1 is Monday in ISO 8601 and cron, Sunday in Foundation's Calendar. The advice names the
/// days under both readings, so the author picks the one they meant.
enum WeekdayNumbers {
    /// The advice for texts that are all day numbers 0–7, or nil when any is something else. `format` writes a list
    /// of abbreviations the way the author's form needs it (`[mon, thu]` or `mon,thu`).
    static func advice(for texts: [String], format: ([String]) -> String) -> String? {
        let numbers = texts.compactMap { $0.count == 1 ? Int($0) : nil }
        guard !numbers.isEmpty, numbers.count == texts.count, numbers.allSatisfy({ (0...7).contains($0) }) else { return nil }
        // ISO 8601 counts Monday = 1 … Sunday = 7; cron also reads 0 as Sunday.
        let mondayFirst = unique(numbers.map { Weekday(rawValue: $0 % 7 + 1)!.abbreviation })
        let subject = texts.count == 1 ? "'\(texts[0])' is a day number" : "'\(texts.joined(separator: ", "))' are day numbers"
        var message = "\(subject); weekdays are written by name, because 1 is Monday in ISO 8601 and cron but Sunday in "
            + "Foundation's Calendar: write \(format(mondayFirst)) if 1 means Monday"
        if numbers.allSatisfy({ (1...7).contains($0) }) {
            let sundayFirst = unique(numbers.map { Weekday(rawValue: $0)!.abbreviation })
            message += ", or \(format(sundayFirst)) if 1 means Sunday"
        } else {
            message += " (0 is Sunday in cron)"
        }
        return message
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
