import Foundation

/// Where app-side code reads "now": the harness injects a `ManualClock`, never the machine's clock.
public protocol TimeSource: Sendable {
    /// The current instant as this source sees it.
    var now: Date { get }
}
