import Foundation
import Recurrence
import SpecResults
@testable import SpecRunner
import Testing

/// The byte-by-byte texts of `ResultInstantText` (the runner's fast path) against the general path by concatenation,
/// whose texts `ResultInstantTests` checks against Python's zoneinfo.
@Suite struct ResultInstantTextTests {
    /// Offsets east and west, zero, half and quarter hours, and the largest ones tzdata has.
    static let offsets = [0, 3600, -3600, 7200, -18_000, 19_800, 20_700, 37_800, 45_900, 50_400, -36_000, -43_200, 1800, -1800]

    @Test(arguments: offsets)
    func fastTextsEqualTheGeneralOnesAcrossCenturies(_ offset: Int) {
        // 1900 … 2100 in uneven steps, so every month, day, hour, minute and second value comes up; and the turn of
        // each year, where the UTC and the local date differ.
        var seconds = -2_208_988_800
        var checked = 0
        while seconds < 4_102_444_800 {
            for abbreviation in [nil, "CEST", "+0545"] {
                compare(seconds: seconds, offset: offset, abbreviation: abbreviation)
                checked += 1
            }
            seconds += 86_400 * 3 + 3_601 * 7 + 59
        }
        for year in 1901...2099 {
            let newYear = (Int(CivilDate(year: year, month: 1, day: 1).daysSinceEpoch)) * 86_400
            for delta in [-offset - 1, -offset, -offset + 1, 0] {
                compare(seconds: newYear + delta, offset: offset, abbreviation: "X")
            }
        }
        #expect(checked > 30_000)
    }

    @Test func outsideTheCommonCaseTheGeneralPathAnswers() {
        var unused = 0..<0
        #expect(ResultInstantText.texts(seconds: 0, offset: 3601, abbreviation: nil, abbreviationBytes: &unused) == nil)  // LMT-like seconds
        #expect(ResultInstantText.texts(seconds: -40_000_000_000, offset: 0, abbreviation: nil, abbreviationBytes: &unused) == nil)  // year 702
        #expect(ResultInstantText.texts(seconds: 300_000_000_000, offset: 0, abbreviation: nil, abbreviationBytes: &unused) == nil)  // year 11476
    }

    @Test func fractionsTakeTheGeneralPath() throws {
        let instant = ResultInstant(Date(timeIntervalSince1970: 1_798_761_600.25), in: try #require(TimeZone(identifier: "Asia/Kolkata")))
        #expect(instant.offsetForm == "2027-01-01T05:30:00.250+05:30")
        #expect(instant.local == "2027-01-01 05:30:00.250 (+05:30)")
    }

    private func compare(seconds: Int, offset: Int, abbreviation: String?, sourceLocation: SourceLocation = #_sourceLocation) {
        let general = ResultInstant(general: Double(seconds), offset: offset, abbreviation: abbreviation, key: nil)
        var range = 0..<0
        guard let fast = ResultInstantText.texts(seconds: seconds, offset: offset, abbreviation: abbreviation, abbreviationBytes: &range) else {
            Issue.record("no fast texts for \(seconds) at \(offset)", sourceLocation: sourceLocation)
            return
        }
        #expect(fast.utc == general.utc, sourceLocation: sourceLocation)
        #expect(fast.offsetForm == general.offsetForm, sourceLocation: sourceLocation)
        #expect(fast.local == general.local, sourceLocation: sourceLocation)
        // What masking relies on to pass over these texts (`ResultInstant.init(writtenUTC:…)`): the abbreviation where
        // the range says, between two spaces, and nothing else but digits, `-+:.TZ`, spaces and parentheses.
        let local = Array(fast.local.utf8)
        #expect(Array(local[range]) == Array((abbreviation ?? "").utf8), sourceLocation: sourceLocation)
        if !range.isEmpty {
            #expect(local[range.lowerBound - 1] == UInt8(ascii: " ") && local[range.upperBound] == UInt8(ascii: " "), sourceLocation: sourceLocation)
        }
        let numeric = Set("0123456789-+:.TZ ()".utf8)
        let others = Array(fast.utc.utf8) + Array(fast.offsetForm.utf8) + local[..<range.lowerBound] + local[range.upperBound...]
        #expect(others.allSatisfy(numeric.contains), sourceLocation: sourceLocation)
    }
}
