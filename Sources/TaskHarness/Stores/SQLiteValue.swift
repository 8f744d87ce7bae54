/// A value bound into or read from an SQLite statement.
public enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// The text, or nil when the value is not text.
    public var text: String? {
        if case .text(let value) = self { value } else { nil }
    }

    /// The integer, or nil when the value is not an integer.
    public var integer: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }

    /// The number as a Double (integers widen), or nil for text and null.
    public var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
}
