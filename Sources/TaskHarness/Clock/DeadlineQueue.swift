/// Entries ordered by deadline, then by sequence number (the order they were added): a binary min-heap, so that
/// an advance over many timers costs O(log n) per firing instead of a scan of every timer.
struct DeadlineQueue<Element> {
    struct Entry {
        /// Seconds since the reference date; a deadline that is not a number is kept as minus infinity (already due).
        let key: Double
        let sequence: Int
        let element: Element

        func precedes(_ other: Entry) -> Bool {
            (key, sequence) < (other.key, other.sequence)
        }
    }

    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    /// The earliest entry, without removing it.
    var first: Entry? { entries.first }

    mutating func insert(key: Double, sequence: Int, _ element: Element) {
        entries.append(Entry(key: key.isNaN ? -.infinity : key, sequence: sequence, element: element))
        siftUp(entries.count - 1)
    }

    /// Removes and returns the earliest entry.
    mutating func removeFirst() -> Entry? {
        guard !entries.isEmpty else { return nil }
        return remove(at: 0)
    }

    /// Removes the first entry matching `predicate` (any position); nil when none does.
    mutating func remove(where predicate: (Entry) -> Bool) -> Entry? {
        guard let index = entries.firstIndex(where: predicate) else { return nil }
        return remove(at: index)
    }

    private mutating func remove(at index: Int) -> Entry {
        entries.swapAt(index, entries.count - 1)
        let removed = entries.removeLast()
        if index < entries.count {
            siftDown(index)
            siftUp(index)
        }
        return removed
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { return }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var earliest = parent
            for child in [2 * parent + 1, 2 * parent + 2] where child < entries.count && entries[child].precedes(entries[earliest]) {
                earliest = child
            }
            guard earliest != parent else { return }
            entries.swapAt(parent, earliest)
            parent = earliest
        }
    }
}
