/// The stages of the sync job, in their order: download → parse → write.
public enum JobStage: String, Sendable, Hashable, CaseIterable, Comparable {
    case download
    case parse
    /// One short transaction: items, cursor and updated-at together.
    case write

    public static func < (lhs: JobStage, rhs: JobStage) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
