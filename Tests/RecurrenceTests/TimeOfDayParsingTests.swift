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
