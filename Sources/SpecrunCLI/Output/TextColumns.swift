/// Plain-text columns for terminal output: cells separated by two spaces, trailing spaces removed.
enum TextColumns {
    /// Each row on its own line after `indent`; a row's last cell does not widen its column, since nothing after
    /// it needs aligning.
    static func aligned(_ rows: [[String]], indent: String = "  ") -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count - 1 ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            var line = indent
            for (column, cell) in row.enumerated() {
                line += cell + (column == row.count - 1 ? "" : String(repeating: " ", count: widths[column] - cell.count + 2))
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line + "\n"
        }.joined()
    }
}
