import Foundation
import Recurrence
import SpecDiagnostics
import SpecLint
import SpecParser

/// `specrun explain ZONE [YEAR | DATE] [--at HH:MM]`: a zone's offset changes, and what each of the seven
/// policies makes of a wall time on those days.
struct ExplainCommand {
    let io: CommandIO

    static let options: [OptionSpec] = [
        OptionSpec(name: "help", short: "h", help: "Show this help."),
        OptionSpec(name: "at", valueName: "HH:MM",
                   help: "A wall time (HH:MM, or HH:MM:SS): what each policy makes of it on DATE, or on each day of YEAR with a change."),
        OptionSpec(name: "engine", valueName: "NAME",
                   help: "core (default), or all: also what Foundation's Calendar makes of the wall time, differences marked ≠."),
        OptionSpec(name: "color", valueName: "WHEN",
                   help: "Color the text (headings bold, Foundation's differences yellow): auto (default), always, never.",
                   allowedValues: ["auto", "always", "never"]),
    ]

    static var help: String {
        """
        OVERVIEW: Show a zone's changes of UTC offset (gaps and overlaps, with the local times before and after),
        and what each of the seven policies makes of a wall time on those days.

        USAGE: specrun explain ZONE [YEAR | DATE] [--at HH:MM] [--engine core|all] [--color WHEN]

        ARGUMENTS:
          ZONE                 An IANA time zone, as 'timezone:' takes it (e.g. Europe/Berlin).
          YEAR                 The changes in that year, 1000 to 9999, e.g. 2027 (default: the current year, in UTC).
          DATE                 The changes on that local date, e.g. 2027-03-28 (years 1000 to 9999).

        OPTIONS:
        \(OptionParser(options: options).helpLines().joined(separator: "\n"))

        Instants are RFC 3339 with the zone's offset at each, as a spec writes them. They come from the same zone
        data and rules the run uses: check an expectation you paste against an independent source too.

        EXAMPLES:
          specrun explain Europe/Berlin 2027
          specrun explain Europe/Berlin 2027-03-28 --at 02:30
          specrun explain Australia/Lord_Howe 2027 --at 02:15
          specrun explain Australia/Lord_Howe 2027-10-03 --at 02:15 --engine all

        EXIT STATUS:
          0  shown; 2  the zone, the year or date, or the command line is invalid

        """
    }

    func execute(_ arguments: [String]) -> Int32 {
        do throws(UsageError) {
            let parsed = try OptionParser(options: Self.options, elsewhere: ("a run (specrun [OPTIONS] PATH...)", "specrun explain", RunCommand.options)).parse(arguments)
            if parsed.flag("help") {
                io.writeOut(Self.help)
                return ExitStatus.success
            }
            guard let zoneName = parsed.positionals.first else {
                throw UsageError("name a time zone, e.g. 'specrun explain Europe/Berlin 2027'.")
            }
            guard parsed.positionals.count <= 2 else {
                throw UsageError("give a zone and at most one year or date, not '\(parsed.positionals[2])'; e.g. 'specrun explain Europe/Berlin 2027-03-28'.")
            }
            let zone = try Self.zone(zoneName)
            let range = try parsed.positionals.count == 2 ? Self.range(parsed.positionals[1], zone: zone) : .year(currentYear)
            var wallTime: TimeOfDay?
            if let text = parsed.value("at") {
                guard let time = TimeOfDay(parsing: text) else {
                    // The advice a spec's `at:` gets: `2h30` or `2:30pm` is told its 24-hour form.
                    if let meant = TwentyFourHourTime.meant(by: text) {
                        throw UsageError("'\(text)' is not a wall time; write --at on the 24-hour clock as HH:MM: --at \(meant).")
                    }
                    throw UsageError("'\(text)' is not a wall time; write --at as HH:MM or HH:MM:SS with hours 00–23, e.g. --at 02:30.")
                }
                wallTime = time
            }
            var withFoundation = false
            switch parsed.value("engine") {
            case nil, "core": break
            case "all": withFoundation = true
            case let other?:
                throw UsageError("'--engine \(other)' is not an engine for explain; use core (the default) or all (core and Foundation side by side).")
            }
            if withFoundation && wallTime == nil {
                throw UsageError("'--engine all' compares what the engines make of a wall time; add one with --at HH:MM.")
            }
            do {
                var report = ZoneReport(zone: zone, range: range, wallTime: wallTime, withFoundation: withFoundation)
                report.nameNote = OldZoneNameLint.message(for: zoneName)
                report.color = io.useColor(parsed.value("color"))
                io.writeOut(try report.render())
            } catch {
                throw UsageError(error.description + ".")
            }
            return ExitStatus.success
        } catch {
            return io.usageFailure(error, command: "explain")
        }
    }

    /// The current year in UTC: read from the injected clock, at the edge, only when no year is given.
    private var currentYear: Int {
        Int(WallTimeText.local(io.now(), offset: 0).date.prefix(4)) ?? 1970
    }

    /// The zone, read exactly as a spec's `timezone:` is (did-you-mean, fixed offsets refused).
    static func zone(_ name: String) throws(UsageError) -> TimeZone {
        switch ZoneName.resolve(name) {
        case .zone(let zone):
            return zone
        case .unknown(let suggestion?):
            throw UsageError("unknown time zone '\(name)'. Did you mean '\(suggestion)'?")
        case .unknown(nil):
            throw UsageError("unknown time zone '\(name)'; write an IANA identifier such as Europe/Berlin or America/New_York.")
        case .unsupported(let reason):
            throw UsageError(reason + ".")
        case .cityWithoutZone(let city, let zone):
            let message = ZoneName.cityWithoutZoneMessage(name, city: city, zone: zone)
            throw UsageError(message + ".")
        }
    }

    /// `2027` or `2027-03-28`.
    /// `zone`: an instant pasted with its offset or `Z` is told its wall time there (01:30Z is 03:30 in Berlin).
    static func range(_ text: String, zone: TimeZone? = nil) throws(UsageError) -> ZoneReport.Range {
        let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 1, parts[0].count == 4, digits(parts[0]), let year = Int(parts[0]), year >= 1000 {
            return .year(year)
        }
        if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2, parts.allSatisfy(digits),
           let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), year >= 1000 {
            guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day) else {
                throw UsageError("the date \(text) does not exist; check the month and the day.")
            }
            return .date(CivilDate(year: year, month: month, day: day))
        }
        let dateShaped = parts.count == 3 && parts.map(\.count) == [4, 2, 2] && parts.allSatisfy(digits)
        if digits(text[...]) || dateShaped {
            throw UsageError("'\(text)' is outside the years explain covers, 1000 to 9999; write a year like 2027 or a date like 2027-03-28.")
        }
        // A date and a time in one (`2027-03-28T02:30`, an instant pasted from a spec): the two written apart (an
        // incident review was told only "neither a year nor a date").
        if let split = text.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }),
           case .date = try? range(String(text[..<split])) {
            // An instant with its offset or `Z` is the zone's wall time at it, not the digits (a third review was sent
            // from 2027-03-28T01:30:00Z, 03:30 in Berlin, to 01:30, another instant).
            var time = text[text.index(after: split)...].prefix { $0.isASCII && ($0.isNumber || $0 == ":") }
            let parts = time.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == 3, parts[2] == "00" { time = time.prefix(5) }
            if let zone, let instant = PastedInstant.date(text) {
                let local = WallTimeText.local(instant, offset: zone.secondsFromGMT(for: instant))
                // `--at` takes whole seconds: a fraction's wall time is its second's.
                let whole = String(local.time.prefix(8))
                let wall = whole.hasSuffix(":00") && whole.count == 8 ? String(whole.prefix(5)) : whole
                // Its digits may be the wall time meant, written with a slipped offset (02:30+02:00 on a night Berlin
                // is at +01:00 until 03:00): that reading is offered too.
                let asWritten = (local.date, wall) == (String(text[..<split]), String(time)) ? ""
                    : "; for the wall time as written, \(text[..<split]) --at \(time)"
                throw UsageError("'\(text)' is an instant, \(local.date) \(wall) in \(ZoneDisplayName.of(zone)); write the local date and "
                    + "wall time apart: \(local.date) --at \(wall)\(asWritten).")
            }
            if (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 }) {
                throw UsageError("'\(text)' is a date and a time; write them apart: \(text[..<split]) --at \(time)"
                    + " (the wall time, without an offset: explain reads it in the zone).")
            }
        }
        throw UsageError("'\(text)' is neither a year nor a date; write a year like 2027 or a date like 2027-03-28.")
    }
}
