/// A list in a message, as English writes it: `a`, `a and b`, `a, b and c` (or `or`).
public enum ListWording {
    public static func joined(_ items: [String], _ conjunction: String = "and") -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// The line numbers a message names, as messages write them: `line 17`, `lines 12, 14 and 16` (`joined`'s form);
    /// `line 14` is not `line 140`. A word ending in "line" before a number reads as one too (`deadline 3`), which the
    /// callers' uses (leaving a line's warning or sentence to the message that names it) bear.
    public static func linesNamed(in message: String) -> [Int] {
        let bytes = Array(message.utf8), word = Array("line".utf8), and = Array("and ".utf8)
        var lines: [Int] = []
        var index = 0
        while index + word.count <= bytes.count {
            guard bytes[index..<index + word.count].elementsEqual(word) else {
                index += 1
                continue
            }
            index += word.count
            if index < bytes.count, bytes[index] == UInt8(ascii: "s") { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: " ") else { continue }
            // Numbers joined by ", " and " and ", as `joined` writes them.
            while true {
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: ",") { index += 1 }
                if bytes[index...].starts(with: and) { index += and.count }
                let start = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard index > start else { break }
                // No line number is that long: a longer run of digits is no line's.
                if index - start <= 9 { lines.append(bytes[start..<index].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }) }
            }
        }
        return lines
    }
}
