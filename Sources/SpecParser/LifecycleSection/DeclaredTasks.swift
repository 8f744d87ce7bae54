import SpecDiagnostics

/// A scenario's declared task identifiers, prepared once for the checks each step and list makes against them.
///
/// Every step names a task: a membership test by scanning, a did-you-mean over every declared task and a message
/// listing them all made a scenario of 4,000 tasks and 4,000 misnamed steps (0.3 MB) take 20 s to check, and its
/// messages grow with the tasks. A scenario declares a handful; past `suggestedAmong` the search and past `listed`
/// the list stop, the same for any scenario of that size or less.
struct DeclaredTasks: Sendable {
    /// The identifiers, in declaration order.
    let identifiers: [String]
    private let known: Set<String>
    /// The first `suggestedAmong` identifiers, folded for did-you-mean, and lowercased for the last-part search.
    private let candidates: Suggestion.Candidates
    private let lowered: [String]

    /// How many declared tasks a did-you-mean looks among (the first, in declaration order).
    static let suggestedAmong = 100
    /// How many declared tasks a message lists before it counts the rest.
    static let listed = 20

    init(_ identifiers: [String]) {
        self.identifiers = identifiers
        known = Set(identifiers)
        let first = identifiers.prefix(Self.suggestedAmong)
        candidates = Suggestion.Candidates(first)
        lowered = first.map { $0.lowercased() }
    }

    func contains(_ identifier: String) -> Bool { known.contains(identifier) }

    /// The task `identifier` most likely means: the closest, or the one whose last parts it names (`launch: refresh`).
    func suggestion(for identifier: String) -> String? {
        if let closest = Suggestion.closest(to: identifier, in: candidates) { return closest }
        let suffix = "." + identifier.lowercased()
        let named = lowered.indices.filter { lowered[$0].hasSuffix(suffix) }
        return named.count == 1 ? candidates.names[named[0]] : nil
    }

    /// The identifiers for a message: all of them, or the first `listed` and how many more.
    var listing: String {
        let more = identifiers.count > Self.listed ? " and \(identifiers.count - Self.listed) more" : ""
        return identifiers.prefix(Self.listed).joined(separator: ", ") + more
    }
}
