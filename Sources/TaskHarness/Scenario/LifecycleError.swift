import Foundation
import Recurrence

/// Why the harness itself could not carry out a scenario step (as opposed to a lifecycle error the scenario raised).
public enum LifecycleError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The scenario asked the clock to go backwards (or a timer looped).
    case clock(ClockError)
    /// A store could not be opened or read.
    case storage(SQLiteError)
    /// The per-scenario folder could not be created.
    case folder(String)
    /// The schedule could not give the next occurrence: why (an instant as the schedule's wall time), and the
    /// schedule's error when it threw one (a reporter names the setting to change: `limit:` for a search bound).
    case recurrence(String, RecurrenceError? = nil)
    /// The configuration cannot describe a scenario.
    case invalidConfiguration(String)
    /// A step after `finish()`.
    case finished
    /// The machine failed under the scenario (a full disk, a file-size limit): it cannot be judged.
    case environment(EnvironmentFailure)

    public var description: String {
        switch self {
        case .clock(let error): error.description
        case .storage(let error): "the harness could not use its database: \(error); " + Self.advice(for: error)
        case .folder(let reason): "the harness could not create its scenario folder for the SQLite stores: \(reason); "
            + "set TMPDIR to a folder you may write to (or leave it unset for /tmp)"
        case .recurrence(let reason, _): "the schedule gave no next occurrence: \(reason)"
        case .invalidConfiguration(let reason): reason
        case .finished: "the scenario already finished; start a new simulation"
        case .environment(let failure): failure.description
        }
    }

    /// What to do about a store error: a full disk or a file-size limit is not cured by making the folder writable.
    static func advice(for error: SQLiteError) -> String {
        EnvironmentFailure.advice(for: error) ?? "check the temporary folder is writable"
    }

    /// The description, so that `localizedDescription` gives the message.
    public var errorDescription: String? { description }
}
