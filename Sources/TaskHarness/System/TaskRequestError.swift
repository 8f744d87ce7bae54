import Foundation
import Recurrence

/// Why a `TaskRequest` could not be made.
public enum TaskRequestError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The floor lies outside `ManualClock.supportedRange` (years 0001…9999), or is not a number. The instant is
    /// given as seconds since 1970, as in `ClockError.outOfRange`: Foundation traps describing a `Date` that is not
    /// a number.
    case floorOutOfRange(identifier: String, secondsSince1970: Double)

    public var description: String {
        switch self {
        case .floorOutOfRange(let identifier, let seconds):
            let range = ManualClock.supportedRange
            return "the earliestBeginDate of \(identifier), \(Date(timeIntervalSince1970: seconds).rfc3339UTC), lies outside the years the clock runs (\(range.lowerBound.rfc3339UTC) up to \(range.upperBound.addingTimeInterval(-1).rfc3339UTC)), so the task could never launch; give a floor in those years"
        }
    }

    /// The description, so that `localizedDescription` gives the message.
    public var errorDescription: String? { description }
}
