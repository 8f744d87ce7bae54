import Testing
import Recurrence

/// `TimeOfDay(parsing:)` reads `at:` values on bytes; these tests hold it to the definition it replaced, written
/// plainly on `Character`s below, over every short string of the characters that matter.
@Suite struct TimeOfDayParsingTests {
    /// The reference: two or three `:`-separated parts of one or two ASCII digits, all but the first exactly two.
    static func reference(_ text: String) -> TimeOfDay? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              parts.dropFirst().allSatisfy({ $0.count == 2 }),
              let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) ?? -1 : 0
        return TimeOfDay(hour: hour, minute: minute, second: second)
    }

    @Test(arguments: [
        ("02:30", 2, 30, 0), ("2:30", 2, 30, 0), ("00:00", 0, 0, 0), ("23:59:59", 23, 59, 59), ("9:05:01", 9, 5, 1),
    ])
    func accepted(_ text: String, _ hour: Int, _ minute: Int, _ second: Int) {
        #expect(TimeOfDay(parsing: text) == TimeOfDay(hour: hour, minute: minute, second: second))
    }

    @Test(arguments: ["", "02", "02:3", "002:30", "02:300", "24:00", "02:60", "02:30:60", "02:30:5", ":30", "02:", "02::30",
                      "02:30:00:00", " 02:30", "02:30 ", "0٢:30", "０2:30", "2h30", "-2:30", "+2:30"])
    func refused(_ text: String) {
        #expect(TimeOfDay(parsing: text) == nil)
    }

    /// Every string of up to six characters from digits, `:` and three characters that must be refused (a letter,
    /// a space, an Arabic-Indic digit): 597,870 strings, each parsed as the reference parses it; then every
    /// `ab:cd:ef` and `a:cd:ef` over five digits, where seconds come in.
    @Test func agreesWithTheReferenceOnEveryShortString() {
        let alphabet: [Character] = ["0", "1", "2", "5", "9", ":", "a", " ", "٣"]
        var strings: [String] = [""]
        var compared = 0
        var disagreements: [String] = []
        for _ in 1...6 {
            strings = strings.flatMap { prefix in alphabet.map { prefix + String($0) } }
            for text in strings {
                compared += 1
                if TimeOfDay(parsing: text) != Self.reference(text) { disagreements.append(text) }
            }
        }
        #expect(compared == 597_870)
        let digits: [Character] = ["0", "1", "2", "5", "9"]
        var withSeconds = 0
        for a in digits { for b in digits { for c in digits { for d in digits { for e in digits { for f in digits {
            for text in ["\(a)\(b):\(c)\(d):\(e)\(f)", "\(b):\(c)\(d):\(e)\(f)"] {
                withSeconds += 1
                if TimeOfDay(parsing: text) != Self.reference(text) { disagreements.append(text) }
            }
        } } } } } }
        #expect(withSeconds == 31_250)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }
}

/// `try TimeOfDay(_:)` reads exactly what `TimeOfDay(parsing:)` reads, and says why it refuses the rest.
@Suite struct TimeOfDayParseErrorTests {
    @Test("the throwing reader accepts and refuses the same texts as the failable one, on every short text")
    func agreesWithTheFailableReader() {
        let alphabet: [Character] = ["0", "2", "5", "9", ":", "a", " ", "٣"]
        var strings: [String] = [""]
        var disagreements: [String] = []
        var refused = 0
        for _ in 1...6 {
            strings = strings.flatMap { prefix in alphabet.map { prefix + String($0) } }
            for text in strings {
                let thrown: TimeOfDay?
                do {
                    thrown = try TimeOfDay(text)
                } catch {
                    thrown = nil
                    refused += 1
                    if error.text != text { disagreements.append(text) }
                }
                if thrown != TimeOfDayParsingTests.reference(text) { disagreements.append(text) }
            }
        }
        #expect(refused > 200_000)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    @Test("each refusal says why", arguments: [
        ("", TimeOfDayParseError.Reason.empty, "it is empty"),
        ("2h30", .unexpectedCharacter("h"), "'h' is neither a digit 0–9 nor ':'"),
        (" 02:30", .unexpectedCharacter(" "), "U+0020 (a space) is neither a digit 0–9 nor ':'"),
        ("0٢:30", .unexpectedCharacter("٢"), "'٢' is neither a digit 0–9 nor ':'"),
        ("02:30\u{200B}", .unexpectedCharacter("\u{200B}"), "U+200B is neither a digit 0–9 nor ':'"),
        ("0230", .missingMinutes, "the minutes are missing"),
        ("02:30:00:00", .tooManyParts, "it has more than three parts"),
        (":30", .digitCount(field: .hour, digits: ""), "the hour is missing"),
        ("002:30", .digitCount(field: .hour, digits: "002"), "the hour '002' has more than two digits"),
        ("02:3", .digitCount(field: .minute, digits: "3"), "the minutes '3' need exactly two digits"),
        ("02:", .digitCount(field: .minute, digits: ""), "the minutes are missing"),
        ("02:30:5", .digitCount(field: .second, digits: "5"), "the seconds '5' need exactly two digits"),
        ("24:00", .outOfRange(field: .hour, value: 24), "the hour must be 0…23, not 24"),
        ("02:60", .outOfRange(field: .minute, value: 60), "the minutes must be 0…59, not 60"),
        ("02:30:99", .outOfRange(field: .second, value: 99), "the seconds must be 0…59, not 99"),
    ])
    func reason(text: String, reason: TimeOfDayParseError.Reason, why: String) {
        #expect(throws: TimeOfDayParseError(text: text, reason: reason)) { try TimeOfDay(text) }
        let error = TimeOfDayParseError(text: text, reason: reason)
        #expect(error.description == "'\(text)' is not a time of day: \(why); write HH:MM or HH:MM:SS, e.g. 02:30")
        #expect((error as any Error).localizedDescription == error.description)
    }
}
