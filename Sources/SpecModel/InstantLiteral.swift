import Foundation
import SpecDiagnostics

/// An RFC 3339 instant as the author wrote it: the absolute instant, the text, and the written offset.
///
/// Comparison is always by `date`; the text and offset are kept for messages and for the offset lint.
public struct InstantLiteral: Sendable, Hashable {
    public var date: Date
    public var text: String
    /// The written offset in seconds east of UTC; nil when the author wrote `Z`.
    public var writtenOffset: Int?
    public var location: SourceLocation

    public init(date: Date, text: String, writtenOffset: Int?, location: SourceLocation) {
        self.date = date
        self.text = text
        self.writtenOffset = writtenOffset
        self.location = location
    }
}
