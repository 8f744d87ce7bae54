import Foundation
import Recurrence
import SpecDiagnostics
import SpecModel
import SpecYAML

/// The values lifecycle scenarios add: task identifiers, error types, lists of words, flags.
extension ValueReader {
    /// A task identifier or an error type: the characters the diagnostics log keeps as they are.
    static func isLogSafeName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "_"
        }
    }

    /// The instants a scenario's clock can be at: the years 0001…9999 in UTC, as the harness's `ManualClock.supportedRange`
    /// (a test compares them; the parser does not import the harness).
    static let clockRange = Date(timeIntervalSince1970: -62_135_596_800)..<Date(timeIntervalSince1970: 253_402_300_800)

    /// An instant on the scenario's clock (`clock:`, a step's `at:`, `advance:` to an instant): one the harness's clock
    /// reaches, in the years 0001…9999 in UTC (`9999-12-31T23:59:59-12:00` and `0001-01-01T00:00:00+01:00` are not);
    /// nil after reporting.
    func clockInstant(_ node: Node, field: String) -> InstantLiteral? {
        guard let instant = instant(node, field: field) else { return nil }
        guard Self.clockRange.contains(instant.date) else {
            let (year, side) = instant.date < Self.clockRange.lowerBound ? ("0000", "before the start") : ("10000", "past the end")
            log.report(.invalidInstant, at: node,
                       "'\(field): \(instant.text)' is in the year \(year) once its offset is applied, \(side) of the scenario's clock (0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z); write \(year == "0000" ? "a later" : "an earlier") instant")
            return nil
        }
        return instant
    }

    /// A task identifier such as `com.example.app.refresh`.
    func identifier(_ node: Node, field: String) -> String? {
        guard let text = text(node, field: field, expected: "a task identifier, e.g. com.example.app.refresh") else { return nil }
        guard Self.isLogSafeName(text) else {
            if reportSlip(node, code: .invalidName) { return nil }
            log.report(.invalidName, at: node,
                       "'\(text)' is not a task identifier; use only ASCII letters (a–z, A–Z), digits, '.', '-' and '_', e.g. com.example.app.refresh")
            return nil
        }
        return text
    }

    /// An identifier that must be one of the scenario's declared tasks (with did-you-mean); with `declared` nil
    /// (the tasks could not be read) any well-formed identifier, so one problem is not reported again at every use.
    func declaredTask(_ node: Node, field: String, declared: DeclaredTasks?) -> String? {
        guard let declared else {
            // The tasks could not be read, which was reported where they are: a step naming the same malformed
            // identifier (`launch: com/example` after `identifier: com/example`) is the same mistake, not another.
            guard let text = text(node, field: field, expected: "a task identifier, e.g. com.example.app.refresh") else { return nil }
            guard Self.isLogSafeName(text) else {
                // Told on the task's diagnostic, so the author renames every use at once; another malformed name is
                // a mistake of its own.
                if !log.noteUse(of: text, at: node.mark, "'\(text)' is written here too; rename it here as well") {
                    _ = identifier(node, field: field)
                }
                return nil
            }
            return text
        }
        guard let identifier = identifier(node, field: field) else { return nil }
        guard declared.contains(identifier) else {
            // `launch: refresh` names the task by the last part of its identifier (or by its kind, which is often that).
            if let suggestion = declared.suggestion(for: identifier) {
                log.report(.unknownTask, at: node, "'\(identifier)' is not a task of this scenario; did you mean '\(suggestion)'?")
            } else {
                log.report(.unknownTask, at: node,
                           "'\(identifier)' is not a task of this scenario; declare it under 'task:' or use one of \(declared.listing)")
            }
            return nil
        }
        return identifier
    }

    /// A list of declared task identifiers (a single one counts as a one-item list); nil when any is wrong (reported).
    func declaredTasks(_ node: Node, field: String, declared: DeclaredTasks?) -> [String]? {
        guard let items = list(node, field: field, singleAllowed: true, expected: "a list of task identifiers ([] for none)") else { return nil }
        let values = items.compactMap { declaredTask($0, field: field, declared: declared) }
        return values.count == items.count ? values : nil
    }

    /// The items of a list whose items may be long-form mappings, a lone mapping counting as a one-item list (as a
    /// lone short-form item does); nil when it is neither (reported).
    func listOrLoneMapping(_ node: Node, field: String, expected: String) -> [Node]? {
        node.mapping != nil ? [node] : list(node, field: field, singleAllowed: true, expected: expected)
    }

    /// A list of texts (a single text counts as a one-item list); nil when any item is wrong (reported).
    func texts(_ node: Node, field: String, expected: String) -> [String]? {
        guard let items = list(node, field: field, singleAllowed: true, expected: expected) else { return nil }
        let values = items.compactMap { text($0, field: field, expected: "a text") }
        return values.count == items.count ? values : nil
    }

    /// A list of words from a closed set (a single word counts as a one-item list).
    func choices<Value: RawRepresentable & CaseIterable>(_ node: Node, field: String, _ type: Value.Type) -> [Value]?
    where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        if case .scalar(let scalar) = node, scalar.isNull || (scalar.style == .plain && Self.noneWords.contains(scalar.value.lowercased())
                                                                && Value(rawValue: scalar.value) == nil
                                                                && ValueSynonyms.value(for: scalar.value, in: names) == nil) {
            log.report(.emptyValue, at: node,
                       "'\(field)' \(Self.emptiness(scalar)); write [] for none, or a list of \(names.joined(separator: ", "))")
            return nil
        }
        guard let items = list(node, field: field, singleAllowed: true, expected: "a list of \(names.joined(separator: ", "))") else { return nil }
        return choices(in: items, field: field, type)
    }

    /// The words of a list's items, each from a closed set; nil when any is wrong (reported).
    func choices<Value: RawRepresentable & CaseIterable>(in items: [Node], field: String, _ type: Value.Type) -> [Value]?
    where Value.RawValue == String {
        if reportedWrongWords(items, field: field, names: Value.allCases.map(\.rawValue), Value.self) { return nil }
        let values = items.compactMap { choice($0, field: field, type) }
        return values.count == items.count ? values : nil
    }

    /// How a message says what a list written as one word holds: nothing, or the word.
    private static func emptiness(_ scalar: Node.Scalar) -> String {
        guard scalar.isNull else { return "says '\(scalar.value)'" }
        return scalar.value.isEmpty ? "is empty" : "is empty (YAML reads a plain \(scalar.value) as an empty value)"
    }

    /// What an author writes for an empty list.
    static let noneWords: Set<String> = ["none", "nothing", "empty", "no", "false", "null", "~"]

    /// Several unknown words in one list are most often one habit (YAML 1.1's yes/no, run outcomes for completions):
    /// told once, at the first, with the whole list as it should read when every word has a likely meaning.
    /// True when such a list was reported; one unknown word is left to `choice`.
    private func reportedWrongWords<Value: RawRepresentable>(_ items: [Node], field: String, names: [String], _: Value.Type) -> Bool
    where Value.RawValue == String {
        let texts = items.map { $0.scalar.flatMap { $0.isNull ? nil : $0.value } }
        let wrong = items.indices.filter { texts[$0].map { Value(rawValue: $0) == nil } ?? false }
        guard wrong.count > 1, texts.allSatisfy({ $0 != nil }),
              !wrong.contains(where: { items[$0].scalar.flatMap { TypographicSlip.problem(in: $0) } != nil })
        else { return false }
        var quoted: [String] = []
        for index in wrong where !quoted.contains("'\(texts[index]!)'") { quoted.append("'\(texts[index]!)'") }
        let meant = items.indices.map { index -> String? in
            let text = texts[index]!
            guard wrong.contains(index) else { return text }
            return Self.meantValue(text, in: names)
        }
        let allowed = names.joined(separator: " | ")
        let message = if meant.allSatisfy({ $0 != nil }) {
            "unknown values \(quoted.joined(separator: ", ")) for '\(field)'; did you mean [\(meant.map { $0! }.joined(separator: ", "))]? (allowed: \(allowed))"
        } else {
            "unknown values \(quoted.joined(separator: ", ")) for '\(field)'; write each one as one of \(allowed)"
        }
        log.report(.unknownValue, at: items[wrong[0]], message)
        return true
    }

    /// `true` or `false`, written as such (YAML 1.1's `yes`, `on`, … are words, not booleans).
    func flag(_ node: Node, field: String) -> Bool? {
        guard let scalar = scalar(node, field: field, expected: "true or false") else { return nil }
        switch scalar.value {
        case "true": return true
        case "false": return false
        default:
            log.report(.unknownValue, at: node, "'\(field)' takes true or false, not '\(scalar.value)'")
            return nil
        }
    }

    /// The place a node is written, as a source location.
    func location(_ node: Node) -> SourceLocation {
        log.source.location(node.mark)
    }
}
