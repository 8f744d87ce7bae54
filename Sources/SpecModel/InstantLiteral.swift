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
    /// The text of the line the instant is written on, so a lint can show it without the file at hand.
    public var sourceLine: String?

    public init(date: Date, text: String, writtenOffset: Int?, location: SourceLocation, sourceLine: String? = nil) {
        self.date = date
        self.text = text
        self.writtenOffset = writtenOffset
        self.location = location
        self.sourceLine = sourceLine
    }
}
