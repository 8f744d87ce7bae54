import Foundation
import Recurrence

extension Schedule {
    /// The core's occurrence at exactly `date`, or nil when the rule gives no occurrence then: what the lints ask to
    /// tell an instant written right from one that is not (`offset-mismatch`, `duplicate-expected-key`).
    func occurrence(at date: Date) -> Occurrence? {
        guard let found = try? CoreEngine().next(after: date.addingTimeInterval(-1), in: self), found.date == date else { return nil }
        return found
    }
}
