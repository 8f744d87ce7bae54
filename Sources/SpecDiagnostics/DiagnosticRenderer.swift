/// Renders diagnostics the way compilers do: `file:line:column: error: message`, the source line, a caret.
public struct DiagnosticRenderer: Sendable {
    public var color: Bool

    public init(color: Bool = false) {
        self.color = color
    }

    /// Every text that comes from the user (paths, quoted values, the source line) is written with its control
    /// characters made visible: a spec from another hand cannot drive the reader's terminal.
    public func render(_ diagnostic: Diagnostic) -> String {
        var out = ""
        if let location = diagnostic.location {
            out += paint(ControlCharacters.visible(location.description) + ":", .bold) + " "
        }
        out += paint(diagnostic.severity.rawValue + ":", style(for: diagnostic.severity)) + " "
        out += paint(ControlCharacters.visible(diagnostic.message), .bold)
        if let line = diagnostic.sourceLine, let location = diagnostic.location {
            out += "\n" + sourceAndCaret(line, column: location.column, length: diagnostic.length)
        }
        for note in diagnostic.notes {
            out += "\n"
            if let location = note.location {
                out += paint(ControlCharacters.visible(location.description) + ":", .bold) + " "
            }
            out += paint("note:", .dim) + " " + ControlCharacters.visible(note.message)
        }
        return out
    }

    /// The source line and, under it, a caret line that keeps the line's tabs and counts wide characters (Chinese,
    /// Japanese, Korean) as the two columns a terminal gives them, so the caret sits under the right character;
    /// the line is cut at the caret before its control characters are made visible, so the caret
    /// still points at what the column names.
    private func sourceAndCaret(_ line: String, column: Int, length: Int) -> String {
        let before = line.prefix(max(0, column - 1))
        let rest = line.dropFirst(before.count)
        let marked = rest.prefix(max(1, min(length, rest.count)))
        let visibleBefore = ControlCharacters.visible(String(before))
        let visibleMarked = ControlCharacters.visible(String(marked))
        let visibleLine = visibleBefore + visibleMarked + ControlCharacters.visible(String(rest.dropFirst(marked.count)))
        let prefix = visibleBefore.map { $0 == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.of($0)) }.joined()
        let marks = "^" + String(repeating: "~", count: max(0, DisplayWidth.of(visibleMarked) - 1))
        return visibleLine + "\n" + prefix + paint(marks, .green)
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
