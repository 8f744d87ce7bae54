/// A coding key named by its text (`every`, `missing-day`) or a list position: the keys of a schedule's and a
/// rule's JSON are the spec language's, and a reader lists every key present to refuse the ones it does not know.
struct FieldKey: CodingKey, Hashable, ExpressibleByStringLiteral {
    let stringValue: String
    let intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init(stringLiteral name: String) {
        self.init(name)
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        self.init(index: intValue)
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
}
