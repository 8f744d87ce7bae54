import Foundation
import Recurrence
import SpecDiagnostics

/// An RFC 3339 instant as the author wrote it: the absolute instant, the text, and the written offset.
///
/// Comparison is always by `date`; the text and offset are kept for messages and for the offset lint.
public struct InstantLiteral: Sendable, Hashable {
    public var date: Date
    public var text: String
    /// The written offset in seconds east of UTC; nil when the author wrote `Z`.
    public var writtenOffset: Int?
    /// The wall time its digits show: read at the offset written, `Z`'s as UTC. What an author meant when the offset is
    /// the slip (the zone's reading of these digits is then the instant meant).
    public var writtenWall: LocalDateTime {
        LocalDateTime(wallSeconds: Int(date.timeIntervalSince1970.rounded(.down)) + (writtenOffset ?? 0))
    }
    /// For a cursor written with `Z`: the first reading of its digits as `schedule`'s local time from which `searches`
    /// searches find `date` among their results (the cursor meant, where the `Z` is the slip); nil for a cursor with an
    /// offset, or where no reading finds it. The case reader's error and the offset lint's chain ask it alike.
    public func localReading(in schedule: Schedule, finding date: Date, searches: Int = 1) -> Date? {
        guard writtenOffset == nil else { return nil }
        var resolver = WallTimeResolver(timeZone: schedule.timeZone)
        return resolver.readings(writtenWall).first { reading in
            reading < date && schedule.searches(searches, after: reading).contains { $0.date == date }
        }
    }
    public var location: SourceLocation
    /// The text of the line the instant is written on, so a lint can show it without the file at hand.
    public var sourceLine: String? {
        get {
            switch line {
            case .text(let text): text
            case .inFile(let file, let number): file.line(number)
            }
        }
        set { line = .text(newValue) }
    }

    /// The line as given, or where to decode it from when asked: the parser's literals point into their file, so
    /// that only a diagnostic decodes a line (decoding one for each of a 10,000-spec run's 212,000 instants was an
    /// allocation and a copy each, for lines nearly never shown).
    private var line: Line

    private enum Line: Sendable {
        case text(String?)
        case inFile(any SourceLines, Int)
    }

    public init(date: Date, text: String, writtenOffset: Int?, location: SourceLocation, sourceLine: String? = nil) {
        self.date = date
        self.text = text
        self.writtenOffset = writtenOffset
        self.location = location
        self.line = .text(sourceLine)
    }

    /// The literal whose `sourceLine` is line `number` (1-based) of `file`, decoded when asked for.
    public init(date: Date, text: String, writtenOffset: Int?, location: SourceLocation, line number: Int, of file: any SourceLines) {
        self.date = date
        self.text = text
        self.writtenOffset = writtenOffset
        self.location = location
        self.line = .inFile(file, number)
    }

    /// Another line of the file this literal is written in (a key on the line below its instant), decoded when asked
    /// for; nil for a literal given its line as text, past the end and for an empty line.
    public func sourceLine(_ number: Int) -> String? {
        if number == location.line { return sourceLine }
        guard case .inFile(let file, _) = line else { return nil }
        return file.line(number)
    }

    /// As the synthesized conformance compared: every stored value, the source line by its text.
    public static func == (lhs: InstantLiteral, rhs: InstantLiteral) -> Bool {
        lhs.date == rhs.date && lhs.text == rhs.text && lhs.writtenOffset == rhs.writtenOffset
            && lhs.location == rhs.location && lhs.sourceLine == rhs.sourceLine
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(date)
        hasher.combine(text)
        hasher.combine(writtenOffset)
        hasher.combine(location)
        hasher.combine(sourceLine)
    }
}

/// A spec file's lines, decoded one at a time when asked for (`InstantLiteral.sourceLine`).
public protocol SourceLines: AnyObject, Sendable {
    /// The text of a 1-based line, as diagnostics show it; nil past the end and for an empty line.
    func line(_ number: Int) -> String?
}
