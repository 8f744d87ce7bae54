import SpecDiagnostics

extension Array where Element == Diagnostic {
    /// The positions of the first error of each spec file that has one, in order: the files that did not run (or,
    /// under `--strict`, had a warning), as the summary counts them and the reports' "Needs attention" lists them
    /// (the HTML links each by its position, `#dN`).
    public var firstErrorOfEachFile: [Int] {
        var files = Set<String>()
        return indices.filter { self[$0].severity == .error && files.insert(self[$0].location?.file ?? "").inserted }
    }
}
