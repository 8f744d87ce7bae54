import Recurrence

/// Weekdays written in the author's language (`on: [lun, jeu]`, `[пн, чт]`, `[月, 木]`). Specs write them in English;
/// the advice gives the whole list in English, told once for the list. Asked only about a list that failed to read:
/// `lun` is Monday in French and Spanish, where did-you-mean offered `sun`.
enum WeekdayNames {
    /// Names and abbreviations in French, German, Spanish, Italian, Portuguese, Russian, Chinese, Japanese and
    /// Korean, lowercased, by the day they name. A name two languages share names the same day in both.
    static let names: [String: Weekday] = {
        let days: [(Weekday, [String])] = [
            (.monday, ["lundi", "lun", "montag", "mo", "lunes", "lunedì", "lunedi", "segunda", "segunda-feira", "seg",
                       "понедельник", "пн", "星期一", "周一", "週一", "礼拜一", "禮拜一", "月曜日", "月曜", "月", "월요일", "월"]),
            (.tuesday, ["mardi", "mar", "dienstag", "di", "martes", "martedì", "martedi", "terça", "terça-feira", "terca", "ter",
                        "вторник", "вт", "星期二", "周二", "週二", "礼拜二", "禮拜二", "火曜日", "火曜", "火", "화요일", "화"]),
            (.wednesday, ["mercredi", "mer", "mittwoch", "mi", "miércoles", "miercoles", "mié", "mie", "mercoledì", "mercoledi",
                          "quarta", "quarta-feira", "qua", "среда", "ср", "星期三", "周三", "週三", "礼拜三", "禮拜三", "水曜日",
                          "水曜", "水", "수요일", "수"]),
            (.thursday, ["jeudi", "jeu", "donnerstag", "do", "jueves", "jue", "giovedì", "giovedi", "gio", "quinta",
                         "quinta-feira", "qui", "четверг", "чт", "星期四", "周四", "週四", "礼拜四", "禮拜四", "木曜日", "木曜",
                         "木", "목요일", "목"]),
            (.friday, ["vendredi", "ven", "freitag", "fr", "viernes", "vie", "venerdì", "venerdi", "sexta", "sexta-feira", "sex",
                       "пятница", "пт", "星期五", "周五", "週五", "礼拜五", "禮拜五", "金曜日", "金曜", "金", "금요일", "금"]),
            (.saturday, ["samedi", "sam", "samstag", "sonnabend", "sábado", "sabado", "sáb", "sab", "sabato", "суббота",
                         "сб", "星期六", "周六", "週六", "礼拜六", "禮拜六", "土曜日", "土曜", "土", "토요일", "토"]),
            (.sunday, ["dimanche", "dim", "sonntag", "so", "domingo", "dom", "domenica", "воскресенье", "вс", "星期日",
                       "星期天", "周日", "週日", "礼拜日", "禮拜日", "礼拜天", "禮拜天", "日曜日", "日曜", "日", "일요일", "일"]),
        ]
        var names: [String: Weekday] = [:]
        for (day, words) in days { for word in words { names[word] = day } }
        return names
    }()

    /// The advice for a list whose every item is a weekday, in English or in another language, with at least one in
    /// another; nil for anything else. `format` writes the English abbreviations the way the author's form needs them.
    static func advice(for texts: [String], format: ([String]) -> String) -> String? {
        var english: [String] = []
        var foreign: [String] = []
        for text in texts {
            if let day = Weekday(name: text) {
                english.append(day.abbreviation)
                continue
            }
            // `lun.` as French abbreviates, `Lundi` with its capital.
            var key = text.lowercased()
            if key.hasSuffix(".") { key.removeLast() }
            guard let day = names[key] else { return nil }
            english.append(day.abbreviation)
            if !foreign.contains(text) { foreign.append(text) }
        }
        guard !foreign.isEmpty else { return nil }
        var seen: Set<String> = []
        let days = english.filter { seen.insert($0).inserted }
        let subject = foreign.count == 1 ? "'\(foreign[0])' is a weekday" : "'\(foreign.joined(separator: "', '"))' are weekdays"
        return "\(subject) in another language than English; specs name weekdays in English: write \(format(days))"
    }
}
