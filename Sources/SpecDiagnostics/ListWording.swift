/// A list in a message, as English writes it: `a`, `a and b`, `a, b and c` (or `or`).
public enum ListWording {
    public static func joined(_ items: [String], _ conjunction: String = "and") -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
