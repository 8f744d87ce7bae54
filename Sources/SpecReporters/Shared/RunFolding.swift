import SpecResults

/// Which runs of a lifecycle scenario a report shows. A scenario that catches up a month of minutes has tens of
/// thousands of runs: the report keeps the first and last few and every run that did not complete (with its
/// neighbours), up to a limit, and folds the rest into counts. The JSON results keep every run.
struct RunFolding {
    enum Entry: Equatable {
        /// The run at this index of `runs`.
        case run(Int)
        /// This many consecutive runs left out, of which `notCompleted` did not complete.
        case folded(count: Int, notCompleted: Int)
    }

    /// The most runs shown; a scenario with no more than this shows them all.
    var limit: Int
    /// Runs always shown at each end.
    var ends = 3

    func entries(_ runs: [LifecycleResult.Run]) -> [Entry] {
        guard runs.count > limit else { return runs.indices.map(Entry.run) }
        var shown = [Bool](repeating: false, count: runs.count)
        var count = 0
        func show(_ index: Int) {
            guard runs.indices.contains(index), !shown[index], count < limit else { return }
            shown[index] = true
            count += 1
        }
        for index in 0..<ends { show(index); show(runs.count - 1 - index) }
        for index in runs.indices where !Self.completed(runs[index]) {
            show(index - 1)
            show(index)
            show(index + 1)
        }
        var entries: [Entry] = []
        var folded = 0
        var foldedNotCompleted = 0
        for index in runs.indices {
            if shown[index] {
                if folded > 0 { entries.append(.folded(count: folded, notCompleted: foldedNotCompleted)) }
                folded = 0
                foldedNotCompleted = 0
                entries.append(.run(index))
            } else {
                folded += 1
                if !Self.completed(runs[index]) { foldedNotCompleted += 1 }
            }
        }
        if folded > 0 { entries.append(.folded(count: folded, notCompleted: foldedNotCompleted)) }
        return entries
    }

    static func completed(_ run: LifecycleResult.Run) -> Bool {
        run.outcome == "completed" && run.actual != nil
    }

    /// `1234 runs not shown, all completed (…)`, `…, 5 of them not completed (…)`, `…, none completed (…)`.
    static func foldedText(count: Int, notCompleted: Int) -> String {
        let runs = "\(count) run\(count == 1 ? "" : "s") not shown"
        let completed = switch notCompleted {
        case 0: count == 1 ? "completed" : "all completed"
        case count: count == 1 ? "not completed" : "none completed"
        default: "\(notCompleted) of them not completed"
        }
        return "\(runs), \(completed) (the JSON results list every run)"
    }
}
