/// Renders diagnostics the way compilers do: `file:line:column: error: message [code]`, the source line, a caret.
///
/// The code in brackets at the end of the headline names the diagnostic's entry in `docs/diagnostics.md` (and is the
/// `code` of the JSON results); the start of the line stays `file:line:column: severity: `, which CI tools parse.
public struct DiagnosticRenderer: Sendable {
    public var color: Bool

    public init(color: Bool = false) {
        self.color = color
    }

    /// The pieces of a rendered diagnostic, for an output that draws the caret line itself: HTML pads the caret
    /// with the source text before it, hidden, so that the caret sits under the right character in any font
    /// (a browser's Chinese glyph is not exactly two monospace columns, as a terminal's is).
    public struct Layout: Sendable {
        /// A line that names a place: `file:line:column: label: message [code]`, user text with control characters
        /// visible.
        public struct Line: Sendable {
            public var place: String?
            /// The severity (`error`, `warning`) or `note`.
            public var label: String
            public var message: String
            /// The diagnostic's code, on its headline only (a note has none).
            public var code: String?

            /// ` [code]`, or nothing.
            public var codeSuffix: String { code.map { " [" + $0 + "]" } ?? "" }

            public var text: String { (place.map { $0 + ": " } ?? "") + label + ": " + message + codeSuffix }
        }

        public var headline: Line
        /// The source line, and the part of it before the caret.
        public var source: (line: String, beforeCaret: String)?
        /// `^~~~`, as wide as the marked text.
        public var marks: String
        public var notes: [Line]
    }

    /// Every text that comes from the user (paths, quoted values, the source line) is written with its control
    /// characters made visible: a spec from another hand cannot drive the reader's terminal.
    public func render(_ diagnostic: Diagnostic) -> String {
        let layout = layout(diagnostic)
        var out = paint(layout.headline, label: style(for: diagnostic.severity), message: .bold)
        if let source = layout.source {
            let padding = source.beforeCaret.map { $0 == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.of($0)) }.joined()
            out += "\n" + source.line + "\n" + padding + paint(layout.marks, .green)
        }
        for note in layout.notes {
            out += "\n" + paint(note, label: .dim, message: nil)
        }
        return out
    }

    /// The diagnostic's pieces without color. The source line is cut at the caret before its control characters
    /// are made visible, so the caret still points at what the column names; wide characters (Chinese, Japanese,
    /// Korean) in the marked text count as the two columns a terminal gives them.
    public func layout(_ diagnostic: Diagnostic) -> Layout {
        func line(_ location: SourceLocation?, _ label: String, _ message: String, code: String? = nil) -> Layout.Line {
            Layout.Line(place: location.map { ControlCharacters.visible($0.description) }, label: label,
                        message: ControlCharacters.visible(message), code: code.map { ControlCharacters.visible($0) })
        }
        let headline = line(diagnostic.location, diagnostic.severity.rawValue, diagnostic.message,
                            code: diagnostic.code.isEmpty ? nil : diagnostic.code)
        let notes = diagnostic.notes.map { line($0.location, "note", $0.message) }
        guard let text = diagnostic.sourceLine, let location = diagnostic.location else {
            return Layout(headline: headline, source: nil, marks: "", notes: notes)
        }
        // Columns count code points (as libyaml does), not characters: a letter with a combining accent (`é` as macOS
        // spells it) or an emoji sequence (👨‍👩‍👧, five code points) is one character of several code points.
        let scalars = text.unicodeScalars
        // A caret past the end of the line shown (a very long line, cut) would point at nothing: no source line then.
        guard let cut = scalars.index(scalars.startIndex, offsetBy: max(0, location.column - 1), limitedBy: scalars.endIndex)
        else { return Layout(headline: headline, source: nil, marks: "", notes: notes) }
        let before = String(String.UnicodeScalarView(scalars[..<cut]))
        let rest = String(String.UnicodeScalarView(scalars[cut...]))
        let marked = rest.prefix(max(1, min(diagnostic.length, rest.count)))
        let visibleBefore = ControlCharacters.visible(String(before), keepingTabs: true)
        let visibleMarked = ControlCharacters.visible(String(marked), keepingTabs: true)
        let visibleLine = visibleBefore + visibleMarked + ControlCharacters.visible(String(rest.dropFirst(marked.count)), keepingTabs: true)
        let marks = "^" + String(repeating: "~", count: max(0, DisplayWidth.of(visibleMarked) - 1))
        return Layout(headline: headline, source: (visibleLine, visibleBefore), marks: marks, notes: notes)
    }

    /// `place:` in bold, `label:` in its style, the message and its code in `message`'s style (or plain).
    private func paint(_ line: Layout.Line, label: Style, message: Style?) -> String {
        let place = line.place.map { paint($0 + ":", .bold) + " " } ?? ""
        let text = line.message + line.codeSuffix
        return place + paint(line.label + ":", label) + " " + (message.map { paint(text, $0) } ?? text)
    }

    private enum Style: String {
        case bold = "1", red = "1;31", yellow = "1;33", green = "32", dim = "2", cyan = "1;36"
    }

    private func style(for severity: Severity) -> Style {
        switch severity {
        case .error: .red
        case .warning: .yellow
        case .note: .cyan
        }
    }

    private func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
