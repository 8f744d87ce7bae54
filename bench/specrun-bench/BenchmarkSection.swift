/// One group of measurements `specrun-bench` can run; each section lives in its own file.
///
/// To add a section: write a type conforming to this protocol in a new file and list it in `main.swift`.
protocol BenchmarkSection {
    /// The name `--section` selects and the report prints.
    var name: String { get }
    /// One line: what the section measures.
    var summary: String { get }
    /// Runs the measurements; `context.quick` runs fewer rounds on a small corpus (a smoke run, not figures).
    func run(_ context: BenchmarkContext) throws -> [Measurement]
}

/// What every section may use: the round count and the generated corpus.
struct BenchmarkContext {
    /// One round on a small corpus: a smoke run, not figures.
    var quick: Bool
    /// The generated corpus (written on first use by `bench/corpus/generate.py`).
    var corpus: Corpus

    /// Rounds for a measurement: `full` normally, one under `--quick`.
    func rounds(_ full: Int) -> Int { quick ? 1 : full }
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

/// A failure a section reports instead of figures: one sentence that says what to do.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
