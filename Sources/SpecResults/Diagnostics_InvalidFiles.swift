import SpecDiagnostics

extension Array where Element == Diagnostic {
    /// The positions of the first error of each spec file that has one, in order: the files that did not run (or,
    /// under `--strict`, had a warning), as the summary counts them and the reports' "Needs attention" lists them
    /// (the HTML links each by its position, `#dN`).
    public var firstErrorOfEachFile: [Int] {
        var files = Set<String>()
        return indices.filter { self[$0].severity == .error && files.insert(self[$0].location?.file ?? "").inserted }
    }

    /// ` (and 4 more errors in the file)` after the first error of a file with five, or nothing: "Needs attention"
    /// names a file's first error only, and a reader fixed it and ran again to meet the next.
    public func moreErrors(inFileOf diagnostic: Diagnostic) -> String {
        let file = diagnostic.location?.file ?? ""
        let more = lazy.filter { $0.severity == .error && ($0.location?.file ?? "") == file }.count - 1
        return more > 0 ? " (and \(more) more error\(more == 1 ? "" : "s") in the file)" : ""
    }
}
