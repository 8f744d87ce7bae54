/// A time of day as JSON: its description, `"02:30"` or `"09:00:15"`.
extension TimeOfDay: Codable {
    /// Reads what `try TimeOfDay(_:)` reads; a refused text is a `DecodingError` carrying its `TimeOfDayParseError`
    /// (`rule.at: '25:00' is not a time of day: the hour must be 0…23, not 25; …`).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try TimeOfDay(text)
        } catch {
            throw CodingFailure.corrupted(error.description, at: decoder.codingPath, underlying: error)
        }
    }

    /// Writes `HH:MM`, or `HH:MM:SS` when the seconds are not zero.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
