/// Which files a spec may name as fixtures (`task.info-plist`): only inside its spec tree, or anywhere.
///
/// A spec file's tree is the widest folder named on the command line that holds the file (`specs` for
/// `specrun specs/`), or the file's own folder when no named folder holds it (the file was named directly).
/// Inside means inside once symbolic links are resolved and `..` is applied: an absolute path, a `../` that climbs
/// out, and a symbolic link in the tree that points out of it are all refused (docs/limits.md, "Fixture paths").
public enum FixtureScope: Sendable, Hashable {
    /// Fixtures inside the spec tree only; `roots` are the folders named on the command line (none: each file's folder).
    case specTree(roots: [String])
    /// Any readable file (`--allow-outside-fixtures`).
    case anywhere

    /// Each spec file's own folder: what a file named directly gets, and the default of `SpecParser`.
    public static let specFolder = FixtureScope.specTree(roots: [])
}
