/// The stable code of every diagnostic about a spec file that the command reports before the parser reads it
/// (`docs/diagnostics.md` lists each, under "Reading the file").
public enum InputDiagnosticCode: String, Sendable, Hashable, CaseIterable {
    /// A file below a named folder reached through a symbolic link out of it.
    case outsideSpecTree = "outside-spec-tree"
    /// A name that is not a regular file, or cannot be opened or listed.
    case unreadableFile = "unreadable-file"
}
