/// A path that starts with `~`, which reached specrun because the shell did not expand it: bash expands `~` only at
/// the start of a word, so `--json=~/results.json` or a quoted `'~/specs'` arrives as it is.
///
/// Foundation's `URL(fileURLWithPath:)` expands such a path to the user's home (from the password database, whatever
/// HOME says) while `rename` and `open` take it as a folder named `~`: `--artifacts=~/out` made folders in the home
/// and then failed. A file or folder really named `~` is written `./~`.
enum UnexpandedHome {
    /// Refuses a path to write that starts with `~`; `option` names it as the user gave it (`--json`, `init DIR`).
    static func check(_ path: String, option: String) throws(UsageError) {
        guard path.hasPrefix("~") else { return }
        throw UsageError("the path '\(path)' (\(option)) starts with '~', which the shell did not expand (it does not "
            + "after '=' or inside quotes); write the full path, or \(Self.spaced(path, option: option)).")
    }

    /// The advice for a path to read that was not found, when it starts with `~`; "" otherwise.
    static func hint(for path: String) -> String {
        guard path.hasPrefix("~") else { return "" }
        return " The shell did not expand its '~' (it does not after '=' or inside quotes): write the full path."
    }

    private static func spaced(_ path: String, option: String) -> String {
        option.hasPrefix("-") ? "\(option) \(path) with a space and no quotes" : "\(path) without quotes"
    }
}
