import Foundation

/// Why a text is not a time of day: what `try TimeOfDay("25:00")` throws, in one sentence that says what to write.
public struct TimeOfDayParseError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The text that was read.
    public let text: String
    public let reason: Reason

    public init(text: String, reason: Reason) {
        self.text = text
        self.reason = reason
    }

    /// What is wrong with the text.
    public enum Reason: Sendable, Hashable {
        /// The text is empty.
        case empty
        /// A character that is neither an ASCII digit nor `:` (a space, a letter, another script's digit).
        case unexpectedCharacter(Character)
        /// Only one part (`0230`, `2`): the minutes are missing.
        case missingMinutes
        /// More than three `:`-separated parts.
        case tooManyParts
        /// A part with the wrong number of digits: the hour has one or two, minutes and seconds exactly two.
        case digitCount(field: Field, digits: String)
        /// A part past its range: hour 0…23, minute and second 0…59.
        case outOfRange(field: Field, value: Int)
    }

    /// A part of `HH:MM:SS`.
    public enum Field: String, Sendable, Hashable {
        case hour, minute, second
    }

    /// `'25:00' is not a time of day: the hour must be 0…23, not 25; write HH:MM or HH:MM:SS, e.g. 02:30`.
    public var description: String {
        let why = switch reason {
        case .empty:
            "it is empty"
        case .unexpectedCharacter(let character):
            "\(Self.name(of: character)) is neither a digit 0–9 nor ':'"
        case .missingMinutes:
            "the minutes are missing"
        case .tooManyParts:
            "it has more than three parts"
        case .digitCount(.hour, let digits):
            digits.isEmpty ? "the hour is missing" : "the hour '\(digits)' has more than two digits"
        case .digitCount(let field, let digits):
            digits.isEmpty ? "the \(field.rawValue)s are missing" : "the \(field.rawValue)s '\(digits)' need exactly two digits"
        case .outOfRange(.hour, let value):
            "the hour must be 0…23, not \(value)"
        case .outOfRange(let field, let value):
            "the \(field.rawValue)s must be 0…59, not \(value)"
        }
        return "'\(text)' is not a time of day: \(why); write HH:MM or HH:MM:SS, e.g. 02:30"
    }

    /// The description, so that `localizedDescription` says what is wrong.
    public var errorDescription: String? { description }

    /// `'h'`, or `U+0020 (a space)` for a character that does not show in a quote.
    private static func name(of character: Character) -> String {
        let visible = !character.isWhitespace
            && !character.unicodeScalars.contains { $0.properties.generalCategory == .format || $0.properties.generalCategory == .control }
        if visible { return "'\(character)'" }
        let codes = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
        return codes.joined(separator: " ") + (character == " " ? " (a space)" : "")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
