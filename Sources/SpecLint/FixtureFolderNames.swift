import Foundation
import SpecDiagnostics
import Synchronization

/// The names of each folder a near fixture path was looked for in, read once per run and shared by every spec.
///
/// Specs of one folder that all miss the same fixture ask for the same folder's names: read, sorted and folded again
/// for each, 10,000 spec files in one folder took 44 s to check (each of them listed all 10,000 names).
final class FixtureFolderNames: Sendable {
    private let names = Mutex<[String: Suggestion.Candidates?]>([:])

    /// The first `limit` names of `folder` in sorted order, folded for did-you-mean, or nil when it cannot be listed;
    /// read the first time only.
    func sortedNames(of folder: String, limit: Int, fileManager: FileManager) -> Suggestion.Candidates? {
        if let known = names.withLock({ $0[folder] }) { return known }
        let listed = (try? fileManager.contentsOfDirectory(atPath: folder)).map {
            Suggestion.Candidates($0.sorted().prefix(limit))
        }
        names.withLock { $0[folder] = listed }
        return listed
    }
}
