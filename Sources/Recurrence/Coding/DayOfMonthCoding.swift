/// A day of the month as JSON: a number 1…31, the string `"last"`, or an n-th weekday as specs write it after `on:`
/// (`"last friday"`, `"2nd tuesday"`). In a rule the weekday form is the field `on`, the others `day`.
extension DayOfMonth: Codable {
    /// Reads `31`, `"last"` or `"last friday"`; anything else (0, 32, `"first"`) is a `DecodingError` that says what
    /// to write.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            guard (1...31).contains(number) else {
                throw CodingFailure.corrupted("day must be 1…31 or \"last\", not \(number)", at: decoder.codingPath)
            }
            self = .day(number)
        } else if let text = try? container.decode(String.self) {
            if text == "last" {
                self = .last
            } else if let weekday = DayOfMonth(weekdayPhrase: text) {
                self = weekday
            } else {
                throw CodingFailure.corrupted(
                    "'\(text)' is not a day of the month; write 1…31, \"last\", or a weekday of the month such as \"last friday\"",
                    at: decoder.codingPath)
            }
        } else {
            throw CodingFailure.corrupted("expected a day 1…31 or \"last\"", at: decoder.codingPath)
        }
    }

    /// Writes the day's number, `"last"`, or `"last friday"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .day(let number): try container.encode(number)
        case .last: try container.encode("last")
        case .weekday: try container.encode(description)
        }
    }
}
