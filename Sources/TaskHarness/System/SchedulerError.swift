import Foundation

/// A lifecycle error: something the real system would refuse, or crash the app for, recorded with its code.
///
/// The code is the word a spec's `expect.errors` lists (`not-permitted`, `late-registration`, …); the message is one
/// sentence saying what happened and what to do.
public struct SchedulerError: Error, Sendable, Hashable, CustomStringConvertible, DiagnosticErrorType, LocalizedError {
    /// The error codes, as written in specs.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The identifier is not in `BGTaskSchedulerPermittedIdentifiers`, or `UIBackgroundModes` lacks its mode.
        case notPermitted = "not-permitted"
        /// Submit for an identifier that has no launch handler registered in this process.
        case notRegistered = "not-registered"
        /// `register` after launch finished (the real system crashes the app).
        case lateRegistration = "late-registration"
        /// A second `register` for the same identifier in one process (the real system crashes the app).
        case duplicateRegistration = "duplicate-registration"
        /// More pending requests of a kind than allowed (1 refresh, 10 processing).
        case tooManyPending = "too-many-pending"
        /// Background work cannot be scheduled: Background App Refresh is off, or the Simulator.
        case unavailable
        /// The system has a pending request for an identifier but no launch handler is registered for it.
        case noLaunchHandler = "no-launch-handler"
        /// A launch step for an identifier with no pending request: the system has nothing to launch.
        case noPendingRequest = "no-pending-request"
        /// A refresh launch after the user force-quit the app from the app switcher and before the user opened it
        /// again: the system launches none of the app's refresh tasks in that time.
        case appForceQuit = "app-force-quit"
        /// A launch step earlier than the pending request's `earliestBeginDate`: the system never does that.
        case launchBeforeEarliestBegin = "launch-before-earliest-begin"
        /// An expire step with no running task for the identifier.
        case notRunning = "not-running"
        /// A registration while no process is running.
        case processNotRunning = "process-not-running"
    }

    public let code: Code
    public let identifier: String
    /// The manual clock's instant when the error was raised.
    public let at: Date
    public let message: String
    /// The request's earliest begin date, for `launch-before-earliest-begin` (the floor the launch came before);
    /// nil for other errors and for a floor past the clock's years (a retry grown to `RetryPolicy.longestDelay`).
    public let earliestBegin: Date?
    /// For `not-permitted`: what the static gate found missing, so a caller that gave the gate in another form than
    /// an Info.plist (a spec's inline lists) can say where to add it in that form.
    public let gateRefusal: StaticGate.GateRefusal?

    public init(code: Code, identifier: String, at: Date, message: String, earliestBegin: Date? = nil,
                gateRefusal: StaticGate.GateRefusal? = nil) {
        self.code = code
        self.identifier = identifier
        self.at = at
        self.message = message
        self.earliestBegin = earliestBegin
        self.gateRefusal = gateRefusal
    }

    public var description: String { "\(code.rawValue): \(message)" }

    public var diagnosticType: String { code.rawValue }

    /// The description, so that `localizedDescription` gives the message.
    public var errorDescription: String? { description }
}
