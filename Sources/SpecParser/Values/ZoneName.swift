import Foundation
import Recurrence
import SpecDiagnostics
import Synchronization

/// Resolves `timezone:` values: IANA identifiers of places (and UTC) are accepted; fixed offsets and
/// abbreviations are refused, because they cannot follow a place's future DST changes.
///
/// Public so that every command that takes a zone name (`specrun explain`) reads it as `timezone:` does.
public enum ZoneName {
    /// What a zone name is: a zone, unknown (with the closest known name), or refused (with the reason).
    public enum Resolution: Sendable {
        case zone(TimeZone)
        case unknown(suggestion: String?)
        case unsupported(reason: String)
        /// A city or country tzdata has no zone of its own for (`Asia/Beijing`, `Europe/St_Petersburg`, `Москва`): the
        /// zone whose clock it keeps. Did-you-mean over zone names offered `Asia/Beirut` for Beijing.
        case cityWithoutZone(city: String, zone: String)
    }

    /// The names the did-you-mean search offers: the toolchain's zones, their current IANA names where the toolchain
    /// lists only an older one (`OldZoneNames`: ICU lists India only as `Asia/Calcutta`; without `Asia/Kolkata`,
    /// `Asia/Kolkatta` was offered `Asia/Calcutta` and `Kolkata` nothing), and UTC.
    public static let known: [String] = {
        var names = TimeZone.knownTimeZoneIdentifiers.filter { $0.contains("/") }
        for listed in names {
            guard let current = OldZoneNames.currentName(of: listed), !current.hasPrefix("Etc/"), !names.contains(current),
                  TimeZone(identifier: current) != nil
            else { continue }
            names.insert(current, at: names.firstIndex { $0 > current } ?? names.endIndex)
        }
        names.append("UTC")
        return names
    }()

    private static let knownSet = Set(known)

    /// `known`, folded once for did-you-mean.
    private static let knownCandidates = Suggestion.Candidates(known)

    /// Where an abbreviation's author most likely is, to name a real zone in the message; an abbreviation several
    /// places use names each (`CST` is central North America and China, `IST` India, Israel and Ireland).
    static let abbreviationPlaces: [String: String] = [
        "EST": "America/New_York", "EDT": "America/New_York", "EST5EDT": "America/New_York",
        "CST": "America/Chicago (central North America) or Asia/Shanghai (China)", "CDT": "America/Chicago",
        "CST6CDT": "America/Chicago",
        "MST": "America/Denver", "MDT": "America/Denver", "MST7MDT": "America/Denver",
        "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles", "PST8PDT": "America/Los_Angeles",
        "HST": "Pacific/Honolulu", "AKST": "America/Anchorage",
        "CET": "Europe/Berlin or Europe/Paris", "CEST": "Europe/Berlin or Europe/Paris", "MET": "Europe/Berlin",
        "MEST": "Europe/Berlin",
        "EET": "Europe/Athens", "EEST": "Europe/Athens", "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon",
        "GMT": "Europe/London", "BST": "Europe/London", "IST": "Asia/Kolkata, Asia/Jerusalem or Europe/Dublin",
        "JST": "Asia/Tokyo", "KST": "Asia/Seoul", "HKT": "Asia/Hong_Kong", "SGT": "Asia/Singapore",
        "MSK": "Europe/Moscow", "MSD": "Europe/Moscow",
        "AEST": "Australia/Sydney", "AEDT": "Australia/Sydney", "AWST": "Australia/Perth", "NZST": "Pacific/Auckland",
    ]

    /// The System V names tzdata keeps for compatibility: zones of their own (with DST rules, or fixed), not places.
    static let legacyRuleZones: Set<String> = [
        "CET", "CST6CDT", "EET", "EST", "EST5EDT", "HST", "MET", "MST", "MST7MDT", "PST8PDT", "WET",
    ]

    /// Places whose clocks are at a fixed offset from UTC, for the message refusing that offset (`UTC+8`): a few
    /// large places each, by offset in minutes east of UTC. A place's offset may change with the seasons or by law;
    /// the message names them as examples, the author picks the place they mean.
    static let placesByOffset: [Int: String] = [
        -480: "America/Los_Angeles", -420: "America/Denver", -360: "America/Chicago or America/Mexico_City",
        -300: "America/New_York or America/Bogota", -240: "America/Halifax or America/Santiago",
        -180: "America/Sao_Paulo or America/Argentina/Buenos_Aires", -120: "America/Noronha or Atlantic/South_Georgia",
        -60: "Atlantic/Cape_Verde", 0: "Europe/London or Africa/Abidjan",
        60: "Europe/Berlin, Europe/Paris or Africa/Lagos", 120: "Europe/Athens, Africa/Cairo or Africa/Johannesburg",
        180: "Europe/Moscow, Europe/Istanbul or Africa/Nairobi", 240: "Asia/Dubai", 270: "Asia/Kabul",
        300: "Asia/Karachi or Asia/Tashkent", 330: "Asia/Kolkata", 345: "Asia/Kathmandu", 360: "Asia/Dhaka",
        420: "Asia/Bangkok or Asia/Jakarta", 480: "Asia/Shanghai, Asia/Singapore or Australia/Perth",
        540: "Asia/Tokyo or Asia/Seoul", 570: "Australia/Adelaide", 600: "Australia/Sydney or Australia/Brisbane",
        720: "Pacific/Auckland",
        // The half- and quarter-hour offsets and the far Pacific: without them a UTC+3:30 was told "e.g. Europe/Berlin,
        // or UTC", and a fourth review followed "or UTC" to a green spec 3½ hours off Tehran's clock.
        -660: "Pacific/Pago_Pago", -600: "Pacific/Honolulu", -570: "Pacific/Marquesas", -540: "America/Anchorage",
        -210: "America/St_Johns", 210: "Asia/Tehran", 390: "Asia/Yangon", 525: "Australia/Eucla", 630: "Australia/Lord_Howe",
        660: "Pacific/Noumea", 765: "Pacific/Chatham", 780: "Pacific/Tongatapu or Pacific/Apia", 840: "Pacific/Kiritimati",
    ]

    /// Cities and countries tzdata has no zone of their own for, by `cityKey`, with the zone whose clock they keep:
    /// the ones QA teams write most (China has one zone, named after Shanghai; Russia's second city keeps Moscow's
    /// clock), in English and in their own scripts.
    static let citiesWithoutZone: [String: String] = {
        let groups: [(zone: String, names: [String])] = [
            ("Asia/Shanghai", ["Beijing", "Peking", "Guangzhou", "Shenzhen", "Chengdu", "Wuhan", "Hangzhou", "Nanjing",
                               "Tianjin", "Xian", "China", "北京", "广州", "深圳", "中国"]),
            ("Asia/Urumqi", ["Xinjiang", "新疆"]),
            ("Europe/Moscow", ["St_Petersburg", "Saint_Petersburg", "Sankt-Peterburg", "Petersburg", "Leningrad",
                               "Санкт-Петербург", "Петербург"]),
            ("Europe/Paris", ["Lyon", "Marseille", "Toulouse", "Bordeaux", "Lille", "Nantes", "Strasbourg", "France"]),
            ("Europe/Berlin", ["Munich", "München", "Frankfurt", "Hamburg", "Cologne", "Köln", "Germany"]),
            ("Europe/London", ["Manchester", "Edinburgh"]), ("Europe/Madrid", ["Barcelona"]),
            ("Europe/Rome", ["Milan", "Milano"]), ("Europe/Zurich", ["Geneva", "Genève", "Geneve"]),
            ("Asia/Kolkata", ["Mumbai", "Delhi", "New_Delhi", "Bangalore", "Bengaluru", "Chennai", "Hyderabad", "India"]),
            ("America/Los_Angeles", ["San_Francisco", "Seattle", "San_Diego", "Las_Vegas"]),
            ("America/New_York", ["Washington", "Boston", "Miami", "Atlanta", "Philadelphia"]),
            ("America/Chicago", ["Dallas", "Houston", "Austin"]), ("America/Toronto", ["Montreal", "Ottawa"]),
            ("America/Sao_Paulo", ["Rio_de_Janeiro"]), ("Australia/Sydney", ["Canberra"]),
        ]
        return byCityKey(groups)
    }()

    /// Names already resolved to a zone. A suite names few zones in many specs, and each resolution costs string
    /// checks and a `TimeZone` lookup under Foundation's lock (1.7 % of a 10,000-spec run, bench/specrun-bench corpus).
    /// Only zones are kept: every other answer is an error, so the cache stays as small as the zone list.
    private static let resolvedZones = Mutex<[String: TimeZone]>([:])

    public static func resolve(_ name: String) -> Resolution {
        if let zone = resolvedZones.withLock({ $0[name] }) { return .zone(zone) }
        let resolution = resolveAnew(name)
        if case .zone(let zone) = resolution { resolvedZones.withLock { $0[name] = zone } }
        return resolution
    }

    private static func resolveAnew(_ name: String) -> Resolution {
        // Foundation turns the identifier "UTC" into "GMT" (abbreviation GMT), which reports would then show for a
        // spec that says UTC; "Etc/UTC" keeps its name and TZif's abbreviation, UTC. (Missing only when Foundation
        // knows no zone at all: then UTC is unknown like every other name.)
        if name == "UTC" || name == "Etc/UTC", let utc = TimeZone(identifier: "Etc/UTC") {
            return .zone(utc)
        }
        if ["local", "localtime", "current", "system", "machine", "autoupdatingcurrent"].contains(name.lowercased()) {
            return .unsupported(reason: "'\(name)' would be the machine's zone, and a test must not depend on the machine it runs on; write the IANA identifier of the place, e.g. Europe/Berlin")
        }
        if let reason = oldNameReason(name) ?? fixedOffsetReason(name) {
            return .unsupported(reason: reason)
        }
        if !name.contains("/"), name.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }), name.first?.isLetter == true {
            let place = abbreviationPlaces[name].map { "write the IANA identifier of the place, e.g. \($0)" }
                ?? "write the IANA identifier of the place, e.g. Europe/Berlin"
            let utc = name == "GMT" ? " (or UTC for a clock without any offset change)" : ""
            if legacyRuleZones.contains(name) {
                // tzdata has these, with DST rules (CET is +01:00 and +02:00): "cannot follow DST changes" was false of
                // them. What is true: one rule set for a region, defined differently by tzdata builds (upstream made
                // them links to one city's zone in 2024b; Debian's 2025b still builds CET with its own rules).
                return .unsupported(reason: "'\(name)' is a legacy tzdata name, not a place: it follows one set of rules for a "
                    + "whole region (which tzdata builds define differently), not the changes of the country you mean; \(place)")
            }
            return .unsupported(reason: "'\(name)' is an abbreviation, not a place: it cannot follow a place's future DST changes; \(place)\(utc)")
        }
        if knownSet.contains(name), let zone = TimeZone(identifier: name) {
            return .zone(zone)
        }
        // Links the toolchain resolves but does not list (e.g. US/Eastern) still name a place.
        if name.contains("/"), let zone = TimeZone(identifier: name), zone.identifier == name {
            return .zone(zone)
        }
        let city = String(name.split(separator: "/").last ?? "")
        if let zone = citiesWithoutZone[cityKey(city)] ?? nativeSpellings[cityKey(city)] {
            return .cityWithoutZone(city: city, zone: zone)
        }
        return .unknown(suggestion: place(named: name) ?? Suggestion.closest(to: name, in: knownCandidates).map(current)
            ?? cityWithMore(name))
    }

    /// The zone whose city the written one starts with, words added (`America/Santiago_de_Chile`,
    /// `Ho_Chi_Minh_City`, `Sao_Paulo_Brazil` → America/Santiago, Asia/Ho_Chi_Minh, America/Sao_Paulo): too far
    /// from any identifier for the did-you-mean (a review got only "such as Europe/Berlin"). The longest such city, of
    /// one zone, in the area written when two share it.
    private static func cityWithMore(_ name: String) -> String? {
        let parts = name.split(separator: "/")
        let written = cityKey(String(parts.last ?? ""))
        var best: (length: Int, zones: [String])?
        for (city, zones) in cities where written.count > city.count + 1 && written.hasPrefix(city + "_") {
            if city.count > best?.length ?? 0 { best = (city.count, zones) }
        }
        guard var zones = best?.zones else { return nil }
        if zones.count > 1, parts.count > 1 {
            let area = cityKey(String(parts[0])) + "/"
            zones = zones.filter { cityKey($0).hasPrefix(area) }
        }
        return zones.count == 1 ? zones[0] : nil
    }

    /// The message for a city without a zone of its own: `unknown time zone 'Asia/Beijing'; tzdata names no zone after
    /// Beijing: write Asia/Shanghai, whose clock it keeps`.
    public static func cityWithoutZoneMessage(_ written: String, city: String, zone: String) -> String {
        let place = city.replacingOccurrences(of: "_", with: " ")
        if nativeSpellings[cityKey(city)] == zone {
            return "unknown time zone '\(written)'; tzdata spells its zones in Latin letters: write \(zone) for \(place)"
        }
        return "unknown time zone '\(written)'; tzdata names no zone after \(place): write \(zone), whose clock it keeps"
    }

    /// Zone cities written in their own script (`Москва`, `上海`): tzdata has the zone, spelled in Latin letters.
    static let nativeSpellings: [String: String] = {
        let spellings: [(zone: String, names: [String])] = [
            ("Europe/Moscow", ["Москва"]), ("Asia/Shanghai", ["上海"]), ("Asia/Urumqi", ["乌鲁木齐", "烏魯木齊"]),
            ("Asia/Hong_Kong", ["香港"]), ("Asia/Taipei", ["台北", "臺北"]), ("Asia/Tokyo", ["東京", "东京"]),
            ("Asia/Seoul", ["서울"]), ("Asia/Novosibirsk", ["Новосибирск"]), ("Asia/Yekaterinburg", ["Екатеринбург"]),
            ("Asia/Vladivostok", ["Владивосток"]), ("Europe/Kaliningrad", ["Калининград"]), ("Europe/Kyiv", ["Київ", "Киев"]),
            ("Europe/Minsk", ["Минск", "Мінск"]), ("Asia/Almaty", ["Алматы"]), ("Asia/Tashkent", ["Ташкент"]),
        ]
        return byCityKey(spellings)
    }()

    /// Each name's `cityKey`, with the zone of its group.
    private static func byCityKey(_ groups: [(zone: String, names: [String])]) -> [String: String] {
        var cities: [String: String] = [:]
        for group in groups { for name in group.names { cities[cityKey(name)] = group.zone } }
        return cities
    }

    /// The name to offer for a known zone: its current name when it is an old one (`Europe/Kiew` is nearest
    /// `Europe/Kiev`, whose current name is `Europe/Kyiv`), since the old name would only draw the `old-zone-name`
    /// warning next. Old names of UTC keep theirs (they are refused with their own reason).
    private static func current(_ name: String) -> String {
        guard let current = OldZoneNames.currentName(of: name), !current.hasPrefix("Etc/"),
              knownSet.contains(current) || TimeZone(identifier: current)?.identifier == current
        else { return name }
        return current
    }

    /// The zone a bare city name stands for (`Tokyo`, `new york`, `Sao Paulo`, `Berln` → Asia/Tokyo,
    /// America/New_York, America/Sao_Paulo, Europe/Berlin): the one known zone whose last part is that name (or the
    /// closest such name), ignoring case, spaces and accents. A newcomer writes the city; edit distance over whole
    /// identifiers finds nothing that short.
    private static func place(named name: String) -> String? {
        guard !name.contains("/") else { return nil }
        let wanted = cityKey(name)
        guard !wanted.isEmpty else { return nil }
        // The city as written, else the closest city name (`Berln`); a name two zones share suggests neither.
        guard let city = cities[wanted] != nil ? wanted : Suggestion.closest(to: wanted, in: cityNames),
              let zones = cities[city], zones.count == 1
        else { return nil }
        return zones[0]
    }

    /// The known zones by the key of their last part, built once: folding 600 names for each unknown zone of a
    /// file cost milliseconds per diagnostic. The cities of old names (`Saigon`, `Kiev`, `Calcutta`, listed or
    /// not) stand for their current zones.
    private static let cities: [String: [String]] = {
        let names = known + OldZoneNames.links.keys.filter { $0.contains("/") }.sorted()
        var zones: [String: [String]] = [:]
        for name in names {
            let zone = current(name)
            let key = cityKey(String(name.split(separator: "/").last ?? ""))
            if !(zones[key] ?? []).contains(zone) { zones[key, default: []].append(zone) }
        }
        return zones
    }()

    /// The keys of `cities`, sorted and folded once, for the did-you-mean search.
    private static let cityNames = Suggestion.Candidates(cities.keys.sorted())

    private static func cityKey(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: " ", with: "_")
    }

    /// Why an old tzdata name that specrun does not take is refused, naming the zone to write, or nil. A name
    /// without an area (`Japan`, `PRC`) was taken for an unknown name or an abbreviation (`Japan` was offered
    /// `Pacific/Saipan`); an old name of UTC (`Zulu`, `Etc/UCT`) for an unknown name or a fixed offset. Old names with
    /// an area (`Europe/Kiev`) are taken, and the `old-zone-name` lint names the current one. `GMT` keeps its own
    /// reason (an abbreviation, as a QA engineer most likely means it).
    private static func oldNameReason(_ name: String) -> String? {
        guard name != "GMT", let current = OldZoneNames.currentName(of: name), let target = OldZoneNames.linkTarget(of: name)
        else { return nil }
        if current.hasPrefix("Etc/") {
            return "'\(name)' is an old name of \(current) in tzdata (a link), a clock at +00:00 without offset changes; write UTC"
        }
        guard !name.contains("/") else { return nil }
        return target != current
            ? "'\(name)' is an old name of \(current) (a link in tzdata, to \(target)); write \(current): the instants are the same since 1970"
            : "'\(name)' is an old name of \(current) (a link in tzdata); write \(current): the instants are the same"
    }

    /// `utc`: the offset is UTC's own, so UTC keeps that clock too.
    private static func placeAdvice(_ places: String, utc: Bool) -> String {
        "write the IANA identifier of the place whose clock you mean, e.g. \(places)" + (utc ? ", or UTC" : "")
    }

    /// `8`, `08`, `0800`, `8:00`, `05:30`: an offset's hours and minutes as minutes, or nil.
    private static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]) { return hours * 60 + minutes }
        guard parts.count == 1, let value = Int(text) else { return nil }
        return text.count > 2 ? (value / 100) * 60 + value % 100 : value * 60
    }

    /// Why a fixed-offset name is refused, or nil when the name is not one.
    private static func fixedOffsetReason(_ name: String) -> String? {
        // "or UTC" only where UTC keeps that clock: offered for +03:30 it made a spec 3½ hours off pass (a fourth review).
        // No example city where the offset is unknown or no place keeps it: "e.g. Europe/Berlin" for Etc/GMT+1, an hour
        // west of Greenwich, named a clock two hours off (a review).
        let advice = "write the IANA identifier (Area/City) of the place whose clock it is"
        if name.hasPrefix("Etc/") {
            let rest = name.dropFirst("Etc/GMT".count)
            guard name.hasPrefix("Etc/GMT") else {
                return "'\(name)' names no place: it cannot represent a place's DST changes; \(advice)"
            }
            if rest.isEmpty || rest == "0" || rest == "+0" || rest == "-0" {
                return "'\(name)' is a fixed offset (+00:00): it cannot represent future DST changes; \(Self.placeAdvice(placesByOffset[0] ?? "", utc: true))"
            }
            var inverted = ""
            var placeAdvice = advice
            if let sign = rest.first, sign == "+" || sign == "-", let hours = Int(rest.dropFirst()) {
                // POSIX signs: Etc/GMT-2 is two hours east of Greenwich.
                inverted = " (\(sign == "-" ? "+" : "-")\(hours < 10 ? "0" : "")\(hours):00, its sign inverted)"
                placeAdvice = placesByOffset[(sign == "-" ? 60 : -60) * hours].map { Self.placeAdvice($0, utc: hours == 0) } ?? advice
            }
            return "'\(name)' is a fixed offset\(inverted): it cannot represent future DST changes; \(placeAdvice)"
        }
        let scalars = Array(name.unicodeScalars)
        var index = 0
        for prefix in ["UTC", "GMT", "UT", "Z"] where name.hasPrefix(prefix) {
            index = prefix.unicodeScalars.count
            break
        }
        guard index < scalars.count, scalars[index] == "+" || scalars[index] == "-" || scalars[index] == "\u{2212}" else {
            return nil
        }
        let rest = scalars[(index + 1)...]
        guard !rest.isEmpty, rest.allSatisfy({ ("0"..."9").contains($0) || $0 == ":" }) else { return nil }
        let sign = scalars[index] == "+" ? 1 : -1
        let offset = minutes(String(String.UnicodeScalarView(rest))).map { sign * $0 }
        let placeAdvice = offset.flatMap { offset in placesByOffset[offset].map { Self.placeAdvice($0, utc: offset == 0) } } ?? advice
        return "'\(name)' is a fixed offset: it cannot represent future DST changes; \(placeAdvice)"
    }
}
