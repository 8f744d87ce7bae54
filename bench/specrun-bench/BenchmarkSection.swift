/// One group of measurements `specrun-bench` can run; each section lives in its own file.
///
/// To add a section: write a type conforming to this protocol in a new file and list it in `main.swift`.
protocol BenchmarkSection {
    /// The name `--section` selects and the report prints.
    var name: String { get }
    /// One line: what the section measures.
    var summary: String { get }
    /// Runs the measurements; `quick` runs fewer rounds (for a smoke run, not for figures).
    func run(quick: Bool) throws -> [Measurement]
}

/// One printed figure: a name, a value and its unit, and what was measured.
struct Measurement {
    var name: String
    var value: Double
    var unit: String
    var detail: String

    var line: String {
        let number = value >= 100 ? String(Int(value.rounded())) : String((value * 10).rounded() / 10)
        return "  " + name.padding(toLength: 52, withPad: " ", startingAt: 0) + " "
            + String(repeating: " ", count: max(0, 8 - number.count)) + number + " " + unit + "   " + detail
    }
}
