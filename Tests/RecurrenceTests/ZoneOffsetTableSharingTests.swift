import Foundation
import Testing
@testable import Recurrence

/// The shared per-zone table grows to cover scans before and after its stretch (`ZoneOffsetTable.starting`): a table
/// handed to a scan answers exactly what a table of its own, read from the zone data, would.
@Suite struct ZoneOffsetTableSharingTests {
    /// Starts out of order across 1970–2060: each one before, inside or after what the shared table knows by then.
    static let starts: [Int] = [2030, 1995, 2040, 1971, 2059, 2012, 1989, 2045].map { year in
        Int(ISO8601DateFormatter().date(from: "\(year)-02-11T05:00:00Z")!.timeIntervalSince1970)
    }

    /// A zone with DST throughout, one with half-hour DST, one that dropped DST (2019), one that never had any, and
    /// one that skipped a day (2011).
    @Test(arguments: ["Europe/Berlin", "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Tokyo", "Pacific/Apia"])
    func aSharedTableAnswersAsAFreshOne(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let threeYears = 3 * 366 * 86_400
        for start in Self.starts {
            var shared = ZoneOffsetTable.starting(at: start, in: zone)
            var fresh = ZoneOffsetTable(zone: zone, start: start)
            let sharedChanges = shared.transitions(from: start, through: start + threeYears, limit: 100)
            let freshChanges = fresh.transitions(from: start, through: start + threeYears, limit: 100)
            #expect(sharedChanges.changes.map { [$0.instant, $0.offsetBefore, $0.offsetAfter] }
                == freshChanges.changes.map { [$0.instant, $0.offsetBefore, $0.offsetAfter] }, "\(identifier) from \(start)")
            for t in stride(from: start, through: start + threeYears, by: 7 * 86_400 + 3_607) {
                #expect(shared.offset(at: t) == zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t))), "\(identifier) at \(t)")
            }
            shared.share()
        }
    }
}
