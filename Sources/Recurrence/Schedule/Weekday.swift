/// A day of the week, numbered as Foundation's Gregorian calendar numbers them (Sunday = 1).
public enum Weekday: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible, Codable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    /// Full English name or three-letter abbreviation, any case: `monday`, `Mon`.
    public init?(name: String) {
        let lowered = name.lowercased()
        guard let day = Weekday.allCases.first(where: { $0.name == lowered || $0.abbreviation == lowered }) else {
            return nil
        }
        self = day
    }

    /// The full lowercase English name, as specs write it.
    public var name: String {
        switch self {
        case .sunday: "sunday"
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        }
    }

    public var abbreviation: String { String(name.prefix(3)) }

    public var description: String { name }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
