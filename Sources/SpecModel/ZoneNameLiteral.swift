import SpecDiagnostics

/// A `timezone:` value as the author wrote it, and where: the parser resolves the zone itself; the name as written
/// is kept for what a lint says about the writing (an old tzdata name such as `Europe/Kiev`).
public struct ZoneNameLiteral: Sendable, Hashable {
    public var text: String
    public var location: SourceLocation
    /// The text of the line the name is written on, so a lint can show it without the file at hand.
    public var sourceLine: String?
    /// How many columns the caret line underlines (the quotes too, when the name is quoted).
    public var length: Int

    public init(text: String, location: SourceLocation, sourceLine: String? = nil, length: Int) {
        self.text = text
        self.location = location
        self.sourceLine = sourceLine
        self.length = length
    }
}
