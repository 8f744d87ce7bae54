import Foundation
import Recurrence
import SpecResults
import SpecRunner
import Testing

/// The constructors the runner uses to fill results. Every expected text below comes from Python 3.11's zoneinfo
/// (`datetime.fromtimestamp(s, timezone.utc).astimezone(ZoneInfo(zone))`, `.isoformat()`, `.tzname()`), never from
/// this code; numeric tzdata designations (`+1030`, `-02`) are deliberately dropped from the local text.
@Suite struct ResultInstantTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "America/Sao_Paulo",
                        "Pacific/Apia", "Europe/Dublin", "Antarctica/Troll", "Asia/Almaty"]
    static let abbreviations = ZoneAbbreviations.load(zones: zones)

    @Test func everyZoneFileOfTheSystemIsReadable() {
        #expect(Self.abbreviations.unreadable.isEmpty)
    }

    @Test(arguments: [
        ("Europe/Berlin", 1_806_195_600.0, "2027-03-28T01:00:00Z", "2027-03-28T03:00:00+02:00", "2027-03-28 03:00 CEST (+02:00)"),
        ("Europe/Berlin", 1_806_195_599.0, "2027-03-28T00:59:59Z", "2027-03-28T01:59:59+01:00", "2027-03-28 01:59:59 CET (+01:00)"),
        ("America/New_York", 1_825_569_000.0, "2027-11-07T06:30:00Z", "2027-11-07T01:30:00-05:00", "2027-11-07 01:30 EST (-05:00)"),
        ("Australia/Lord_Howe", 1_806_764_400.0, "2027-04-03T15:00:00Z", "2027-04-04T01:30:00+10:30", "2027-04-04 01:30 (+10:30)"),
        ("Asia/Kolkata", 1_798_761_600.25, "2027-01-01T00:00:00.250Z", "2027-01-01T05:30:00.250+05:30", "2027-01-01 05:30:00.250 IST (+05:30)"),
        ("America/Sao_Paulo", 1_541_300_400.0, "2018-11-04T03:00:00Z", "2018-11-04T01:00:00-02:00", "2018-11-04 01:00 (-02:00)"),
        ("Pacific/Apia", 1_325_239_200.0, "2011-12-30T10:00:00Z", "2011-12-31T00:00:00+14:00", "2011-12-31 00:00 (+14:00)"),
        ("Europe/Dublin", 1_800_014_400.0, "2027-01-15T12:00:00Z", "2027-01-15T12:00:00+00:00", "2027-01-15 12:00 GMT (+00:00)"),
        ("Europe/Dublin", 1_815_652_800.0, "2027-07-15T12:00:00Z", "2027-07-15T13:00:00+01:00", "2027-07-15 13:00 IST (+01:00)"),
        ("Antarctica/Troll", 1_806_195_600.0, "2027-03-28T01:00:00Z", "2027-03-28T03:00:00+02:00", "2027-03-28 03:00 (+02:00)"),
    ])
    func instantTextsMatchZoneinfo(_ zone: String, _ seconds: Double, _ utc: String, _ offsetForm: String, _ local: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let instant = ResultInstant(Date(timeIntervalSince1970: seconds), in: timeZone,
                                    abbreviations: Self.abbreviations.abbreviations, key: "k")
        #expect(instant.utc == utc)
        #expect(instant.offsetForm == offsetForm)
        #expect(instant.local == local)
        #expect(instant.epochSeconds == seconds)
        #expect(instant.key == "k")
        // The offset zoneinfo gave, as the column's offset form ends with it (`+05:30`, `-02:00`).
        let sign = offsetForm.dropLast(5).hasSuffix("-") ? -1 : 1
        let hours = try #require(Int(offsetForm.suffix(5).prefix(2))), minutes = try #require(Int(offsetForm.suffix(2)))
        #expect(instant.offsetSeconds == sign * (hours * 3600 + minutes * 60))
        #expect(instant.wallSeconds == seconds + Double(sign * (hours * 3600 + minutes * 60)))
    }

    @Test func withoutAbbreviationsLocalTextShowsTheOffsetOnly() throws {
        let instant = ResultInstant(Date(timeIntervalSince1970: 1_806_195_600), in: try #require(TimeZone(identifier: "Europe/Berlin")))
        #expect(instant.local == "2027-03-28 03:00 (+02:00)")
    }

    @Test(arguments: [
        // zoneinfo: 2024-02-29T23:59:59+06:00 +06 -> 2024-02-29T23:00:00+05:00 +05 at 18:00Z (a base-offset change).
        ("Asia/Almaty", 1_709_229_600.0, 21_600, 18_000, "00:00", "23:00"),
        // zoneinfo: 2027-04-04T01:59:59+11:00 -> 01:30:00+10:30 at 2027-04-03T15:00Z (a 30-minute change).
        ("Australia/Lord_Howe", 1_806_764_400.0, 39_600, 37_800, "02:00", "01:30"),
    ])
    func zoneContextFindsEveryKindOfOffsetChange(_ zone: String, _ at: Double, _ before: Int, _ after: Int,
                                                 _ localBefore: String, _ localAfter: String) throws {
        let context = ZoneContext(zone: try #require(TimeZone(identifier: zone)),
                                  near: [Date(timeIntervalSince1970: at + 3600)])
        #expect(context.transitions.count == 1)
        let transition = try #require(context.transitions.first)
        #expect(transition.at.epochSeconds == at)
        #expect(transition.offsetBefore == before)
        #expect(transition.offsetAfter == after)
        #expect(transition.localBefore == localBefore)
        #expect(transition.localAfter == localAfter)
        #expect(!transition.isGap)
    }

    @Test func noTransitionNearbyGivesAnEmptyContext() throws {
        let context = ZoneContext(zone: try #require(TimeZone(identifier: "Asia/Kolkata")),
                                  near: [Date(timeIntervalSince1970: 1_798_761_600)])
        #expect(context.transitions.isEmpty)
    }

    @Test(arguments: [
        [UInt8](), Array("TZif".utf8), Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15) + [0, 0, 0, 0],
        Array("not a zone file at all, but long enough to look like a header".utf8),
    ])
    func malformedZoneFilesAreRefusedNotTrapped(_ bytes: [UInt8]) {
        #expect(ZoneAbbreviations.parse(bytes, zone: "X") == nil)
    }

    @Test func aMissingZoneFileIsReportedAsUnreadable() {
        let loaded = ZoneAbbreviations.load(zones: ["Europe/Berlin", "Mars/Olympus_Mons", "../etc/passwd"])
        #expect(loaded.unreadable == ["../etc/passwd", "Mars/Olympus_Mons"])
    }

    @Test(arguments: [(7200, "+02:00"), (-12_600, "-03:30"), (0, "+00:00"), (3208, "+00:53:28")])
    func offsetsAreWrittenWithSignHoursAndMinutes(_ seconds: Int, _ text: String) {
        #expect(ResultInstant.offsetText(seconds) == text)
    }
}
