/// Renders diagnostics the way compilers do: `file:line:column: error: message`, the source line, a caret.
public struct DiagnosticRenderer: Sendable {
    public var color: Bool

    public init(color: Bool = false) {
        self.color = color
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var out = ""
        if let location = diagnostic.location {
            out += paint(location.description + ":", .bold) + " "
        }
        out += paint(diagnostic.severity.rawValue + ":", style(for: diagnostic.severity)) + " "
        out += paint(diagnostic.message, .bold)
        if let line = diagnostic.sourceLine, let location = diagnostic.location {
            out += "\n" + line + "\n" + caretLine(under: line, column: location.column, length: diagnostic.length)
        }
        for note in diagnostic.notes {
            out += "\n"
            if let location = note.location {
                out += paint(location.description + ":", .bold) + " "
            }
            out += paint("note:", .dim) + " " + note.message
        }
        return out
    }

    /// The caret line keeps the tabs of the source line so the caret sits under the right character.
    private func caretLine(under line: String, column: Int, length: Int) -> String {
        let prefix = line.prefix(max(0, column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        let available = max(1, line.count - (column - 1))
        let marks = "^" + String(repeating: "~", count: max(0, min(length, available) - 1))
        return prefix + paint(marks, .green)
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
