import Foundation
import Recurrence

extension Date {
    /// RFC 3339 for an instant the clock can reach; `1e+300 s since 1970` for one it cannot (or not a number), which
    /// no calendar can write.
    var clockText: String {
        ManualClock.supportedRange.contains(self) ? rfc3339UTC : "\(timeIntervalSince1970) s since 1970"
    }
}
