/// The folder part of a path, as text: what `NSString.deletingLastPathComponent` gives, without its trap.
///
/// swift-corelibs-foundation (Swift 6.3.1) traps on a relative path of one character (`a`, `a/`, `é`), so
/// `specrun init a` and a spec file named `n` on the command line crashed specrun. This reads the text itself; it is
/// the one place every module (the parser's fixture paths, the lint, the command line's outputs) takes a folder from.
public enum ParentFolder {
    /// `a/b` → `a`, `a/b/` → `a`, `/a` → `/`, `a` → `` (the current folder), `/` → `/`.
    public static func of(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var folder = text[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
