import Foundation
@testable import Recurrence
@testable import SpecParser
import Testing

@Suite struct ScalarReadingTests {
    @Test(arguments: [
        ("45s", 45), ("90m", 5400), ("24h", 86_400), ("1h30m", 5400), ("2d", 172_800), ("1d2h3m4s", 93_784), ("0s", 0),
    ])
    func durationReadsAsSeconds(text: String, seconds: Int) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test(arguments: ["", "90", "h", "1.5h", "1m30h", "1h1h", "-5m", "5 m", "5M", "1w", "99999999999d", "1000000000d"])
    func malformedDurationIsRefused(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }

    /// The longest duration is 999,999,999 days however it is written; past it, and with a minus sign, the text is still
    /// told apart from one that is no duration at all, so the message can say which.
    @Test(arguments: [
        ("999999999d", DurationText.Reading.seconds(86_399_999_913_600)),
        ("86399999913600s", .seconds(86_399_999_913_600)),
        ("0000000000000000000001s", .seconds(1)),
        ("9999999999s", .seconds(9_999_999_999)),
        ("86399999913601s", .tooLong),
        ("999999999d1s", .tooLong),
        ("1000000000d", .tooLong),
        ("99999999999999999999999999999d", .tooLong),
        ("-1m", .negative(unsigned: "1m")),
        ("-1000000000d", .negative(unsigned: "1000000000d")),
        ("--1m", .notADuration),
        ("-", .notADuration),
        ("99999999999999999999x", .notADuration),
    ])
    func durationReadingTellsTooLongAndNegativeApart(text: String, reading: DurationText.Reading) {
        #expect(DurationText.read(text) == reading)
    }

    @Test(arguments: [
        "2027-03-28T03:00:00+02:00", "2027-03-28T01:00:00Z", "2027-03-28T01:00:00.250Z",
        "2027-03-28T03:00:00.5+02:00", "2027-10-31T02:30:00-09:30", "2024-02-29T12:00:00+00:00", "2027-03-28T03:00:00-00:00",
    ])
    func instantReadsAsFoundationReadsIt(text: String) throws {
        let parsed = try InstantText.parse(text).get()
        #expect(abs(parsed.date.timeIntervalSince(SpecFixtures.iso(text))) < 0.000_001)
    }

    /// A Double holds about 30 µs beside the seconds of the year 9999 (and 0.2 µs beside 2027's): a finer fraction
    /// close to 1 rounded into the next second, so `9999-12-31T23:59:59.999999Z` passed `check` and then failed the run
    /// as the year 10000 (a crash hunt's). The instant keeps to the second it names.
    @Test(arguments: [("9999-12-31T23:59:59.999999Z", 253_402_300_799.0), ("2027-03-28T23:59:59.99999999Z", 1_806_278_399.0),
                      ("9999-12-31T23:59:59.5Z", 253_402_300_799.0)])
    func aFractionStaysInItsSecond(text: String, second: Double) throws {
        let interval = try InstantText.parse(text).get().date.timeIntervalSince1970
        #expect(interval >= second && interval < second + 1)
    }

    @Test func lowercaseAndSpaceSeparatorsAreRFC3339() throws {
        let expected = SpecFixtures.iso("2027-03-28T01:00:00Z")
        #expect(try InstantText.parse("2027-03-28t01:00:00z").get().date == expected)
        #expect(try InstantText.parse("2027-03-28 03:00:00+02:00").get().date == expected)
    }

    @Test func writtenOffsetIsKeptAndZIsNil() throws {
        #expect(try InstantText.parse("2027-03-28T03:00:00+02:00").get().offset == 7200)
        #expect(try InstantText.parse("2027-03-28T03:00:00-03:30").get().offset == -12_600)
        #expect(try InstantText.parse("2027-03-28T01:00:00Z").get().offset == nil)
        #expect(try InstantText.parse("2027-03-28T01:00:00+00:00").get().offset == 0)
    }

    @Test(arguments: [
        ("2027-03-28T03:00:00", InstantText.Problem.missingOffset),
        ("2027-03-28", .dateOnly),
        ("2027-03-28T03:00+02:00", .missingSeconds),
        ("2027-03-28T03:00", .missingSeconds),
        ("2027-02-29T03:00:00Z", .noSuchDate(year: 2027, month: 2, day: 29)),
        ("2027-13-01T03:00:00Z", .noSuchDate(year: 2027, month: 13, day: 1)),
        ("2027-04-31T03:00:00Z", .noSuchDate(year: 2027, month: 4, day: 31)),
        ("2027-03-28T24:00:00Z", .timeOutOfRange),
        ("2027-03-28T23:60:00Z", .timeOutOfRange),
        ("2027-03-28T23:00:60Z", .timeOutOfRange),
        ("2027-03-28T03:00:00+24:00", .offsetOutOfRange),
        ("2027-03-28T03:00:00+02:60", .offsetOutOfRange),
        ("2027-03-28T03:00:00+0200", .offsetWithoutColon),
        ("2027-03-28T03:00:00 +02:00", .spaceBeforeOffset),
        ("2027-03-28T03:00:00.5 Z", .spaceBeforeOffset),
        ("2027-03-28T03:00:00+020", .malformed),
        ("2027-06-01T02:30:00,000+08:00", .commaFraction),
        ("2027-03-28T03:00:00,5Z", .commaFraction),
        ("2027-03-28T03:00:00,Z", .malformed),
        // Offsets with seconds, as explain and the reports show local mean time: named with their UTC form
        // (Python: datetime.fromisoformat(...).timestamp()).
        ("1892-06-01T12:00:00+00:53:28", .offsetWithSeconds(Date(timeIntervalSince1970: -2_448_276_808))),
        ("1880-01-01T00:00:00-00:25:21", .offsetWithSeconds(Date(timeIntervalSince1970: -2_840_139_279))),
        ("2027-03-28T03:00:00+02:00:00", .offsetWithSeconds(Date(timeIntervalSince1970: 1_806_195_600))),
        ("2027-03-28T03:00:00+00:53:60", .offsetOutOfRange),
        ("2027-03-28T03:00:00+00:53:2", .malformed),
        ("2027-03-28T03:00:00+00:53:28Z", .malformed),
        ("2027-3-28T03:00:00Z", .malformed),
        ("28.03.2027 03:00", .malformed),
        ("2027-03-28T03:00:00.Z", .malformed),
        ("2027-03-28T03:00:00Z trailing", .malformed),
        ("", .malformed),
    ])
    func malformedInstantNamesItsProblem(text: String, problem: InstantText.Problem) {
        #expect(InstantText.parse(text) == .failure(problem))
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Antarctica/Troll", "UTC", "Etc/UTC"])
    func placeZonesAndUTCAreAccepted(name: String) {
        guard case .zone = ZoneName.resolve(name) else {
            Issue.record("\(name) should be accepted")
            return
        }
    }

    /// The old-zone-name lint tells the author to write the current name: specrun must take it (ICU lists India only as
    /// Asia/Calcutta, yet Asia/Kolkata is taken), and still take the old name with an area, which the lint warns about.
    @Test func everyCurrentNameOfAnOldNameIsAcceptedAndSoIsEveryOldNameWithAnArea() {
        func accepted(_ name: String) -> Bool {
            if case .zone(let zone) = ZoneName.resolve(name) { return zone.identifier == name }
            return false
        }
        for old in OldZoneNames.links.keys.sorted() {
            guard let current = OldZoneNames.currentName(of: old), !current.hasPrefix("Etc/") else { continue }
            #expect(accepted(current), "\(current), the current name of \(old), is not accepted")
            #expect(!old.contains("/") || accepted(old), "\(old) should be accepted (and linted)")
        }
    }

    @Test(arguments: [
        ("Japan", "'Japan' is an old name of Asia/Tokyo (a link in tzdata); write Asia/Tokyo: the instants are the same"),
        ("PRC", "'PRC' is an old name of Asia/Shanghai (a link in tzdata); write Asia/Shanghai: the instants are the same"),
        ("Iceland", "'Iceland' is an old name of Atlantic/Reykjavik (a link in tzdata, to Africa/Abidjan); write Atlantic/Reykjavik: the instants are the same since 1970"),
        ("Zulu", "'Zulu' is an old name of Etc/UTC in tzdata (a link), a clock at +00:00 without offset changes; write UTC"),
        ("Etc/UCT", "'Etc/UCT' is an old name of Etc/UTC in tzdata (a link), a clock at +00:00 without offset changes; write UTC"),
        ("GMT0", "'GMT0' is an old name of Etc/GMT in tzdata (a link), a clock at +00:00 without offset changes; write UTC"),
    ])
    func oldNamesWithoutAnAreaAndOldNamesOfUTCAreRefusedWithTheZoneToWrite(name: String, reason: String) {
        guard case .unsupported(let given) = ZoneName.resolve(name) else {
            Issue.record("\(name) should be refused")
            return
        }
        #expect(given == reason)
    }

    /// `GMT` is also tzdata's old name of Etc/GMT, but a QA engineer who writes it most likely means London's winter
    /// time: it keeps the abbreviation's reason, which names a place (and UTC), not the old-name reason of `GMT0`.
    @Test func gmtIsRefusedAsAnAbbreviationNotAsAnOldName() {
        #expect(OldZoneNames.currentName(of: "GMT") == "Etc/GMT")
        guard case .unsupported(let given) = ZoneName.resolve("GMT") else {
            Issue.record("GMT should be refused")
            return
        }
        #expect(given == "'GMT' is an abbreviation, not a place: it cannot follow a place's future DST changes; write the IANA "
            + "identifier of the place, e.g. Europe/London (or UTC for a clock without any offset change)")
    }

    @Test(arguments: ["UTC", "Etc/UTC"])
    func utcKeepsItsNameInReports(name: String) throws {
        // Foundation's TimeZone(identifier: "UTC") is named GMT; reports would show GMT for a spec that says UTC.
        guard case .zone(let zone) = ZoneName.resolve(name) else {
            Issue.record("\(name) should be accepted")
            return
        }
        #expect(zone.identifier == "Etc/UTC")
        #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_806_280_200)) == 0)
        #expect(ZoneAbbreviations.system(zone: zone.identifier, at: Date(timeIntervalSince1970: 1_806_280_200), offset: 0) == "UTC")
    }

    @Test(arguments: ["UTC+2", "GMT+2", "UTC-03:30", "GMT", "Etc/GMT-2", "Etc/GMT+5", "EST", "CET", "EST5EDT", "MST7MDT", "HST", "+02:00", "local", "Current"])
    func fixedOffsetsAndAbbreviationsAreRefused(name: String) {
        guard case .unsupported = ZoneName.resolve(name) else {
            Issue.record("\(name) should be refused as a fixed offset or abbreviation")
            return
        }
    }

    @Test(arguments: [("Europe/Berln", "Europe/Berlin"), ("europe/berlin", "Europe/Berlin"), ("America/NewYork", "America/New_York"), ("utc", "UTC"),
                      // A city with words added, too far for the did-you-mean (a review's Santiago de Chile).
                      ("America/Santiago_de_Chile", "America/Santiago"), ("Asia/Ho_Chi_Minh_City", "Asia/Ho_Chi_Minh"),
                      ("Sao_Paulo_Brazil", "America/Sao_Paulo"), ("America/Mexico_City_CDMX", "America/Mexico_City")])
    func unknownZoneSuggestsTheClosestKnownOne(name: String, suggestion: String) {
        guard case .unknown(let found) = ZoneName.resolve(name) else {
            Issue.record("\(name) should be unknown")
            return
        }
        #expect(found == suggestion)
    }
}

/// Names a QA engineer writes that are not zones, answered with the zone to write: a city or a country tzdata names no
/// zone after (`Asia/Beijing` was offered `Asia/Beirut`), an abbreviation several places use (`CST`), an offset
/// (`UTC+8` was offered Europe/Berlin).
@Suite struct ZoneNameAdviceTests {
    @Test(arguments: [
        ("Asia/Beijing", "Asia/Shanghai"), ("Beijing", "Asia/Shanghai"), ("China", "Asia/Shanghai"),
        ("Asia/Peking", "Asia/Shanghai"), ("Asia/上海", "Asia/Shanghai"), ("Asia/Xinjiang", "Asia/Urumqi"),
        ("Europe/Москва", "Europe/Moscow"), ("Europe/St_Petersburg", "Europe/Moscow"), ("санкт-петербург", "Europe/Moscow"),
        ("munchen", "Europe/Berlin"), ("Europe/Lyon", "Europe/Paris"), ("America/Washington", "America/New_York"),
    ])
    func aCityWithoutItsOwnZoneIsToldTheZoneWhoseClockItKeeps(written: String, zone: String) {
        guard case .cityWithoutZone(_, let found) = ZoneName.resolve(written) else {
            Issue.record("\(written): \(ZoneName.resolve(written))")
            return
        }
        #expect(found == zone)
    }

    /// Москва is Europe/Moscow spelled in Cyrillic: tzdata has a zone after it, in Latin letters.
    @Test func aZoneCityInItsOwnScriptIsToldTzdatasSpelling() {
        #expect(ZoneName.cityWithoutZoneMessage("Europe/Москва", city: "Москва", zone: "Europe/Moscow")
            == "unknown time zone 'Europe/Москва'; tzdata spells its zones in Latin letters: write Europe/Moscow for Москва")
        #expect(ZoneName.cityWithoutZoneMessage("Asia/Beijing", city: "Beijing", zone: "Asia/Shanghai")
            == "unknown time zone 'Asia/Beijing'; tzdata names no zone after Beijing: write Asia/Shanghai, whose clock it keeps")
    }

    @Test func aZoneOfItsOwnIsNeverTakenForACityWithoutOne() {
        for name in ["Asia/Shanghai", "Europe/Moscow", "Asia/Urumqi", "Europe/Paris", "America/New_York"] {
            guard case .zone = ZoneName.resolve(name) else { Issue.record("\(name) is a zone"); continue }
        }
    }

    /// Every zone the advice names is one specrun takes, so following the advice cannot lead to another error.
    @Test func everyZoneTheAdviceNamesIsAZone() {
        let advice = ZoneName.citiesWithoutZone.values.map { $0 } + ZoneName.nativeSpellings.values.map { $0 }
            + ZoneName.abbreviationPlaces.values.map { $0 }
            + ZoneName.placesByOffset.values.map { $0 }
        let names = advice.flatMap { $0.matches(of: /[A-Z][A-Za-z_]+(?:\/[A-Za-z_]+)+/).map { String($0.output) } }
        #expect(names.count > 80)
        for name in Set(names) {
            guard case .zone = ZoneName.resolve(name) else { Issue.record("\(name) is not a zone specrun takes"); continue }
        }
    }

    @Test(arguments: [
        ("UTC+8", "Asia/Shanghai"), ("UTC+0800", "Asia/Shanghai"), ("GMT+3", "Europe/Moscow"), ("UTC+05:30", "Asia/Kolkata"),
        ("UTC-5", "America/New_York"), ("Etc/GMT-8", "Asia/Shanghai"), ("CST", "Asia/Shanghai"), ("CST", "America/Chicago"), ("MSK", "Europe/Moscow"),
        ("IST", "Asia/Kolkata"),
    ])
    func anOffsetOrAnAbbreviationIsToldPlacesThatUseIt(written: String, place: String) {
        guard case .unsupported(let reason) = ZoneName.resolve(written) else {
            Issue.record("\(written) should be refused")
            return
        }
        #expect(reason.contains("e.g. ") && reason.contains(place), "\(reason)")
    }

    /// UTC is offered only for UTC's own offset: for +03:30 "or UTC" led a fourth review to a green spec 3½ hours off
    /// Tehran's clock. An offset no listed place has keeps the general advice, without UTC and without an example city
    /// (`Etc/GMT+1`, an hour west of Greenwich, was offered Europe/Berlin, an hour east: a review); `Etc/GMT` is UTC's
    /// offset, and `Etc/Unknown` no offset at all.
    @Test func anOffsetNoListedPlaceHasKeepsTheGeneralAdviceAndUTCIsOfferedOnlyForItsOwn() {
        guard case .unsupported(let reason) = ZoneName.resolve("UTC+5:15") else { Issue.record("refused"); return }
        #expect(reason.hasSuffix("write the IANA identifier (Area/City) of the place whose clock it is"), "\(reason)")
        guard case .unsupported(let west) = ZoneName.resolve("Etc/GMT+1") else { Issue.record("refused"); return }
        #expect(west.hasSuffix("(-01:00, its sign inverted): it cannot represent future DST changes; write the IANA identifier of the place "
            + "whose clock you mean, e.g. Atlantic/Cape_Verde"), "\(west)")
        guard case .unsupported(let twelve) = ZoneName.resolve("Etc/GMT+12") else { Issue.record("refused"); return }
        #expect(twelve.hasSuffix("write the IANA identifier (Area/City) of the place whose clock it is"), "\(twelve)")
        guard case .unsupported(let gmt) = ZoneName.resolve("Etc/GMT") else { Issue.record("refused"); return }
        #expect(gmt.hasSuffix("e.g. Europe/London or Africa/Abidjan, or UTC"), "\(gmt)")
        if case .unsupported(let unknown) = ZoneName.resolve("Etc/Unknown") {
            #expect(!unknown.contains("fixed offset"), "\(unknown)")
        }
        guard case .unsupported(let tehran) = ZoneName.resolve("UTC+3:30") else { Issue.record("refused"); return }
        #expect(tehran.hasSuffix("e.g. Asia/Tehran"), "\(tehran)")
        guard case .unsupported(let zero) = ZoneName.resolve("UTC+0") else { Issue.record("refused"); return }
        #expect(zero.hasSuffix("e.g. Europe/London or Africa/Abidjan, or UTC"), "\(zero)")
    }
}

/// A value whose words each end another way (`late-register`, four edits from `late-registration`, was offered
/// nothing) is offered the one value with those stems; several, or one word, are not.
@Suite struct StemmedValueTests {
    static let errors = ["not-permitted", "not-registered", "late-registration", "duplicate-registration", "too-many-pending",
                         "unavailable", "no-launch-handler", "no-pending-request", "launch-before-earliest-begin", "not-running"]

    @Test(arguments: [("late-register", "late-registration"), ("duplicate-registering", "duplicate-registration"),
                      ("launch-before-earliest-beginning", "launch-before-earliest-begin")])
    func aValueOfOtherWordEndingsIsOffered(written: String, meant: String) {
        #expect(ValueReader.meantValue(written, in: Self.errors) == meant)
    }

    @Test(arguments: ["late-regular", "not-runnable-now", "x-y"])
    func noStemOrSeveralIsOfferedNothing(written: String) {
        #expect(ValueReader.meantValue(written, in: Self.errors) == nil)
    }
}

/// A job's stage in the author's language (`stage: запись` was offered nothing) is offered the stage it means.
@Suite struct StageWordTests {
    @Test(arguments: [("запись", "write"), ("écriture", "write"), ("写入", "write"), ("загрузка", "download"), ("解析", "parse")])
    func aStageInAnotherLanguageIsOfferedItsValue(written: String, meant: String) {
        #expect(ValueReader.meantValue(written, in: ["download", "parse", "write"]) == meant)
    }

    /// Times as other locales and habits write them, read for the advice (never accepted as times).
    @Test(arguments: [
        ("0230", "02:30"), ("1430", "14:30"), ("０２３０", "02:30"), ("2時30分", "02:30"), ("午前2時30分", "02:30"),
        ("午後2時", "14:00"), ("下午2点半", "14:30"), ("오후 2시 30분", "14:30"), ("오전 2:30", "02:30"),
        ("02:30 Uhr", "02:30"), ("2 h 30", "02:30"), ("2:30 pm", "14:30"),
    ])
    func aTimeWrittenAnotherWayIsReadForTheAdvice(text: String, meant: String) {
        #expect(TimeOfDay(parsing: text) == nil)
        #expect(TwentyFourHourTime.meant(by: text) == meant)
    }

    @Test(arguments: ["2400", "1299", "時", "午後13時", "02:30 Uhr Uhr"])
    func aTextThatIsNoTimeGetsNoAdvice(text: String) {
        #expect(TwentyFourHourTime.meant(by: text) == nil)
    }

    /// Durations with a decimal comma or another language's units, read for the advice.
    /// One whole number keeps its unit (`90分` is `90m`, `25 hours` `25h`, not `1h30m` and `1d1h`); spoken and ISO 8601
    /// durations are read too.
    @Test(arguments: [("1,5h", "1h30m"), ("90分", "90m"), ("1ч30м", "1h30m"), ("2 Stunden", "2h"), ("3天", "3d"), ("90 мин", "90m"),
                      ("25 hours", "25h"), ("1.5h", "1h30m"), ("1 hour 30 min", "1h30m"), ("half an hour", "30m"),
                      ("Half Hour", "30m"), ("a quarter of an hour", "15m"), ("PT30M", "30m"), ("PT1H30M", "1h30m"),
                      ("pt90m", "90m"), ("P1DT2H", "1d2h"), ("P2W", "14d"), ("PT45S", "45s")])
    func aDurationWrittenAnotherWayIsReadForTheAdvice(text: String, meant: String) {
        #expect(DurationText.meant(text) == meant)
    }

    /// ISO 8601's months and years are calendar periods, not elapsed time; malformed ISO texts are no duration.
    @Test(arguments: ["P1M", "P1Y", "PT", "P", "PT1.5H", "P1H", "PT1D", "PTT1H", "P1DT", "PT0S", "half", "quarter"])
    func aTextThatIsNoElapsedTimeGetsNoDurationAdvice(text: String) {
        #expect(DurationText.meant(text) == nil)
    }

    /// Dates as locales write them, read into the RFC 3339 instant meant; a date whose order is ambiguous is not.
    @Test(arguments: [
        ("2027/06/01 00:00:00+08:00", "2027-06-01T00:00:00+08:00"), ("01.06.2027 02:30+03:00", "2027-06-01T02:30:00+03:00"),
        ("2027年6月1日 02:30:00+08:00", "2027-06-01T02:30:00+08:00"), ("2027-06-01 02:30:00 UTC+8", "2027-06-01T02:30:00+08:00"),
        ("2027-06-01T02:30:00 GMT-0330", "2027-06-01T02:30:00-03:30"), ("2027/06/01 02:30 UTC", "2027-06-01T02:30:00Z"),
    ])
    func anInstantWrittenAsALocaleWritesItIsReadForTheAdvice(text: String, meant: String) {
        #expect(LocaleInstant.meant(text) == meant)
    }

    @Test(arguments: ["06/01/2027 00:00:00+08:00", "2027/06/01 00:00:00", "2027/02/30 00:00:00+08:00", "2027年6月1日"])
    func anAmbiguousOrIncompleteLocaleInstantGetsNoAdvice(text: String) {
        #expect(LocaleInstant.meant(text) == nil)
    }

    /// Weekdays in other languages are told once for the list, with the list in English; English names stay.
    @Test func weekdaysInAnotherLanguageAreGivenInEnglish() {
        #expect(WeekdayNames.advice(for: ["lun", "thu", "Vendredi"], format: { $0.joined(separator: ",") })
            == "'lun', 'Vendredi' are weekdays in another language than English; specs name weekdays in English: write mon,thu,fri")
        #expect(WeekdayNames.advice(for: ["lun", "xyz"], format: { $0.joined(separator: ",") }) == nil)
        #expect(WeekdayNames.advice(for: ["mon"], format: { $0.joined(separator: ",") }) == nil)
    }
}
