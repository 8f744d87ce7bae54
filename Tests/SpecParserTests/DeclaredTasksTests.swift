import SpecDiagnostics
@testable import SpecParser
import Testing

/// A scenario's declared tasks are prepared once: membership by a set, did-you-mean among the first
/// `suggestedAmong`, and a message that lists at most `listed` of them; with few tasks, the same answers as a scan.
@Suite struct DeclaredTasksTests {
    static func identifiers(_ count: Int) -> [String] { (0..<count).map { "com.example.app.task\($0)" } }

    /// The search before: the closest of all, else the one task whose last parts the word names.
    static func plainSuggestion(for identifier: String, in declared: [String]) -> String? {
        let named = declared.filter { $0.lowercased().hasSuffix("." + identifier.lowercased()) }
        return Suggestion.closest(to: identifier, in: declared) ?? (named.count == 1 ? named[0] : nil)
    }

    @Test(arguments: [1, 3, 12, 100])
    func aScenarioOfAHundredTasksOrFewerGetsTheSuggestionsOfAScan(count: Int) {
        let declared = Self.identifiers(count)
        let tasks = DeclaredTasks(declared)
        let words = ["com.example.app.task0", "com.example.app.tsak1", "task2", "app.task3", "com.exampel.app.task11", "refresh", "x"]
        for word in words {
            #expect(tasks.suggestion(for: word) == Self.plainSuggestion(for: word, in: declared), "\(word)")
        }
        #expect(declared.allSatisfy(tasks.contains))
        #expect(!tasks.contains("com.example.app.task\(count)"))
    }

    @Test func aMessageListsTwentyTasksAndCountsTheRest() {
        #expect(DeclaredTasks(Self.identifiers(3)).listing == "com.example.app.task0, com.example.app.task1, com.example.app.task2")
        #expect(DeclaredTasks(Self.identifiers(20)).listing == Self.identifiers(20).joined(separator: ", "))
        #expect(DeclaredTasks(Self.identifiers(4000)).listing == Self.identifiers(20).joined(separator: ", ") + " and 3980 more")
    }

    /// Past the first hundred, a task is still known (a step may name it), but not searched for a did-you-mean.
    @Test func aTaskPastTheFirstHundredIsKnownButNotSuggested() {
        let tasks = DeclaredTasks(Self.identifiers(4000))
        #expect(tasks.contains("com.example.app.task3999"))
        // A scan of all 4,000 would offer task3999 (one edit); among the first hundred the nearest is task39.
        #expect(Self.plainSuggestion(for: "com.example.app.task3999x", in: Self.identifiers(4000)) == "com.example.app.task3999")
        #expect(tasks.suggestion(for: "com.example.app.task3999x") == "com.example.app.task39")
        #expect(tasks.suggestion(for: "com.example.app.task99x") == "com.example.app.task99")
    }

    /// A step names a task by its last part (`launch: refresh`) only when one declared task ends so: when two do,
    /// neither is offered, since the step could mean either.
    @Test func aLastPartThatTwoTasksShareSuggestsNeither() {
        let tasks = DeclaredTasks(["com.example.app.refresh", "com.example.widget.refresh", "com.example.app.db-cleaning"])
        #expect(tasks.suggestion(for: "refresh") == nil)
        #expect(tasks.suggestion(for: "db-cleaning") == "com.example.app.db-cleaning")
        #expect(Self.plainSuggestion(for: "refresh", in: tasks.identifiers) == nil)
    }

    /// The last parts are whole parts: `fresh` is not the last part of `com.example.app.refresh`.
    @Test func aLastPartIsAWholePartAfterADot() {
        let tasks = DeclaredTasks(["com.example.app.refresh", "com.example.app.db-cleaning"])
        #expect(tasks.suggestion(for: "fresh") == nil)
        #expect(tasks.suggestion(for: "cleaning") == nil)
        #expect(tasks.suggestion(for: "app.refresh") == "com.example.app.refresh")
    }
}
