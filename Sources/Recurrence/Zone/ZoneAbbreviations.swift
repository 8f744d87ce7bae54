import Foundation
import Synchronization

/// Time-zone abbreviations (`CET`, `CEST`, `EDT`) read from the system's TZif files, because Foundation on Linux
/// only offers `GMT+2` for most zones.
///
/// Load once per run for the zones the specs use; the value is then plain data. Numeric designations (`+11`, `-03`)
/// are reported as `nil`: the offset printed next to a local time already says it.
public struct ZoneAbbreviations: Sendable, Hashable {
    private var tables: [String: Table]

    /// No abbreviations at all (local times then show only their offset).
    public static let none = ZoneAbbreviations(tables: [:])

    /// Zones read so far from the system's zone files, loaded on first use of each zone.
    private static let loaded = Mutex<ZoneAbbreviations>(.none)

    /// The system's zone files (`/usr/share/zoneinfo`) for these zones, each zone read once per process.
    public static func system(for zones: some Sequence<String>) -> ZoneAbbreviations {
        loaded.withLock { known in
            let missing = zones.filter { known.tables[$0] == nil }
            if !missing.isEmpty {
                known.tables.merge(load(zones: missing).abbreviations.tables) { old, _ in old }
            }
            return known
        }
    }

    /// The system's zone file for `zone`, read once per process: `system(for: [zone])` without its arrays, for a
    /// caller that asks once per test from parallel workers (the less time under the lock, the less they wait).
    public static func system(zone: String) -> ZoneAbbreviations {
        loaded.withLock { known in
            if known.tables[zone] == nil {
                known.tables.merge(load(zones: [zone]).abbreviations.tables) { old, _ in old }
            }
            return known
        }
    }

    /// The abbreviation from the system's zone files, each zone read once per process.
    public static func system(zone: String, at date: Date, offset: Int) -> String? {
        system(for: [zone]).abbreviation(zone: zone, at: date, offset: offset)
    }

    private init(tables: [String: Table]) {
        self.tables = tables
    }

    /// Reads `directory/<zone>` for each zone (`/usr/share/zoneinfo` by default, as the C library does).
    ///
    /// A zone whose file is missing or unreadable is left out, so its local times fall back to offsets only; the
    /// zones left out are returned so the caller can say so.
    public static func load(
        zones: some Sequence<String>, directory: URL = URL(fileURLWithPath: "/usr/share/zoneinfo")
    ) -> (abbreviations: ZoneAbbreviations, unreadable: [String]) {
        var tables: [String: Table] = [:]
        var unreadable: [String] = []
        for zone in Set(zones).sorted() {
            guard !zone.contains(".."), let data = FileManager.default.contents(
                atPath: directory.appendingPathComponent(zone).path
            ), let table = Table(tzif: [UInt8](data)) else {
                unreadable.append(zone)
                continue
            }
            tables[zone] = table
        }
        return (ZoneAbbreviations(tables: tables), unreadable)
    }

    /// Builds the table from TZif bytes already read (tests, or a zone file shipped elsewhere).
    public static func parse(_ tzif: [UInt8], zone: String) -> ZoneAbbreviations? {
        Table(tzif: tzif).map { ZoneAbbreviations(tables: [zone: $0]) }
    }

    /// The abbreviation `zone` uses at `date`, given the offset Foundation reports there.
    ///
    /// After the file's last listed transition (slim TZif files stop early) the abbreviation of the most recent
    /// period with the same offset is used.
    public func abbreviation(zone: String, at date: Date, offset: Int) -> String? {
        guard let table = tables[zone] else { return nil }
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        var type = table.typeBefore
        if let index = table.lastTransition(atOrBefore: seconds) { type = Int(table.transitionTypes[index]) }
        if table.types[type].offset != offset {
            guard let match = table.transitionTypes.reversed().first(where: { table.types[Int($0)].offset == offset })
            else { return nil }
            type = Int(match)
        }
        let name = table.types[type].abbreviation
        return name.hasPrefix("+") || name.hasPrefix("-") || name.isEmpty ? nil : name
    }

    /// The parts of a TZif file (RFC 8536) that give abbreviations: transitions and local time types.
    struct Table: Sendable, Hashable {
        struct LocalTimeType: Sendable, Hashable {
            var offset: Int
            var abbreviation: String
        }

        var transitions: [Int64]
        var transitionTypes: [UInt8]
        var types: [LocalTimeType]
        /// RFC 8536: times before the first transition use local time type 0.
        var typeBefore = 0

        /// `nil` for anything that is not a well-formed TZif file.
        init?(tzif bytes: [UInt8]) {
            var reader = Reader(bytes: bytes)
            guard let (version, counts) = reader.header() else { return nil }
            if version >= 2 {
                // Skip the 32-bit block; the 64-bit block that follows is complete.
                guard reader.skip(counts.dataLength(timeSize: 4)), let (_, counts64) = reader.header() else { return nil }
                guard let parsed = Self.block(&reader, counts64, timeSize: 8) else { return nil }
                self = parsed
            } else {
                guard let parsed = Self.block(&reader, counts, timeSize: 4) else { return nil }
                self = parsed
            }
        }

        private init(transitions: [Int64], transitionTypes: [UInt8], types: [LocalTimeType]) {
            self.transitions = transitions
            self.transitionTypes = transitionTypes
            self.types = types
        }

        private static func block(_ reader: inout Reader, _ counts: Counts, timeSize: Int) -> Table? {
            var transitions: [Int64] = []
            for _ in 0..<counts.time {
                guard let time = timeSize == 8 ? reader.int64() : reader.int32().map(Int64.init) else { return nil }
                transitions.append(time)
            }
            guard let indices = reader.bytes(counts.time) else { return nil }
            var raw: [(offset: Int, designation: Int)] = []
            for _ in 0..<counts.type {
                guard let offset = reader.int32(), reader.skip(1), let designation = reader.bytes(1) else { return nil }
                raw.append((Int(offset), Int(designation[designation.startIndex])))
            }
            guard let characterSlice = reader.bytes(counts.character), counts.type > 0,
                  indices.allSatisfy({ Int($0) < counts.type }) else { return nil }
            let characters = Array(characterSlice)
            let types = raw.map { entry -> LocalTimeType in
                let start = min(entry.designation, characters.count)
                let end = characters[start...].firstIndex(of: 0) ?? characters.count
                return LocalTimeType(offset: entry.offset, abbreviation: String(decoding: characters[start..<end], as: UTF8.self))
            }
            return Table(transitions: transitions, transitionTypes: Array(indices), types: types)
        }

        /// Binary search: the last transition at or before `seconds`.
        func lastTransition(atOrBefore seconds: Int64) -> Int? {
            var low = 0, high = transitions.count
            while low < high {
                let middle = (low + high) / 2
                if transitions[middle] <= seconds { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? nil : low - 1
        }
    }

    struct Counts {
        var utIndicator: Int, standardIndicator: Int, leap: Int, time: Int, type: Int, character: Int

        func dataLength(timeSize: Int) -> Int {
            time * timeSize + time + type * 6 + character + leap * (timeSize + 4) + standardIndicator + utIndicator
        }
    }

    /// Big-endian reads that fail instead of trapping on a short or hostile file.
    struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, position + count <= bytes.count else { return nil }
            defer { position += count }
            return bytes[position..<(position + count)]
        }

        mutating func skip(_ count: Int) -> Bool { bytes(count) != nil }

        mutating func int32() -> Int32? {
            bytes(4).map { Int32(bitPattern: $0.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) }
        }

        mutating func int64() -> Int64? {
            bytes(8).map { Int64(bitPattern: $0.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }) }
        }

        mutating func header() -> (Int, Counts)? {
            guard let magic = bytes(4), Array(magic) == Array("TZif".utf8), let version = bytes(1), skip(15) else {
                return nil
            }
            var values: [Int] = []
            for _ in 0..<6 {
                guard let value = int32(), value >= 0, value < 1_000_000 else { return nil }
                values.append(Int(value))
            }
            let number = version[version.startIndex] == 0 ? 1 : Int(version[version.startIndex]) - Int(UInt8(ascii: "0"))
            return (number, Counts(utIndicator: values[0], standardIndicator: values[1], leap: values[2],
                                   time: values[3], type: values[4], character: values[5]))
        }
    }
}
