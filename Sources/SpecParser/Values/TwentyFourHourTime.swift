/// Wall times written another way than `HH:MM`, read as what they mean on the 24-hour clock, for messages: a spec's
/// `at:` and `specrun explain --at` give the same advice.
public enum TwentyFourHourTime {
    /// What a time written another way means on the 24-hour clock: `2:30am` → 02:30, `2:30 PM` → 14:30,
    /// `02.30` or `02h30` → 02:30, `0230` or `1430` (military time) → 02:30 or 14:30, `２：３０` or `０２３０` (typed in an
    /// input method's full-width mode) → 02:30, `午前2時30分`, `下午2点半` or `오후 2시 30분` → 02:30 or 14:30, `02:30 Uhr` or
    /// `2 h 30` → 02:30; nil when it is not such a time.
    public static func meant(by text: String) -> String? {
        var rest = Substring((FullWidth.ascii(text) ?? text).lowercased())
        var afternoon: Bool?
        // `午前2時30分`, `下午2点半`, `오후 2시 30분`: the half of the day first, an hour and a minute mark; `02:30 Uhr`.
        for (prefix, isPM) in halfDayPrefixes where rest.hasPrefix(prefix) {
            afternoon = isPM
            rest = rest.dropFirst(prefix.count)
            break
        }
        if rest.hasSuffix("uhr") { rest = rest.dropLast(3) }
        if rest.contains(where: { hourMarks.contains($0) }) {
            var marked = String(rest.filter { $0 != " " && $0 != "分" && $0 != "분" }.map { hourMarks.contains($0) ? ":" : $0 })
            if marked.hasSuffix(":半") { marked = String(marked.dropLast()) + "30" }
            if marked.hasSuffix(":") { marked += "00" }
            rest = Substring(marked)
        }
        // `2 h 30`, as French writes it with spaces; `2:30 pm`.
        rest = Substring(rest.filter { $0 != " " })
        for (suffix, isPM) in [("a.m.", false), ("p.m.", true), ("am", false), ("pm", true)] where rest.hasSuffix(suffix) {
            afternoon = isPM
            rest = rest.dropLast(suffix.count)
            while rest.last == " " { rest = rest.dropLast() }
            break
        }
        var parts = rest.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "." || $0 == "h" }
        // `0230`: four digits without a separator, as military time and many forms write them.
        if afternoon == nil, parts.count == 1, parts[0].utf8.count == 4 {
            parts = [parts[0].prefix(2), parts[0].suffix(2)]
        }
        guard (1...2).contains(parts.count), parts.count == 2 || afternoon != nil,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              var hour = Int(parts[0]), let minute = parts.count == 2 ? Int(parts[1]) : 0,
              parts.count == 1 || parts[1].count == 2, (0...59).contains(minute)
        else { return nil }
        if let afternoon {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (afternoon ? 12 : 0)
        }
        guard (0...23).contains(hour) else { return nil }
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// The halves of the day written before the time in Japanese, Chinese and Korean, and whether each is the afternoon.
    private static let halfDayPrefixes: [(String, Bool)] = [
        ("午前", false), ("上午", false), ("凌晨", false), ("早上", false), ("오전", false),
        ("午後", true), ("下午", true), ("晚上", true), ("오후", true),
    ]
    /// The marks after an hour: Japanese and Chinese 時, 时, 点, 點, Korean 시.
    private static let hourMarks: Set<Character> = ["時", "时", "点", "點", "시"]
}
