import Foundation

/// The locale variables (`LC_ALL`, `LC_*`, `LANG`), made readable before anything reads them.
///
/// ICU (inside Foundation) takes its default locale from them, and a value that is no locale name made it crash:
/// `LANG=Europe/Berlin` (a zone where a locale belongs) or a 12-letter word, and every lifecycle scenario and every
/// Foundation-engine test ended the run in a segmentation fault, with no results file (the forty-fifth session's
/// argument fuzzing). specrun's output does not depend on the locale, so such a value is replaced by `C.UTF-8`, for
/// this process and the git it runs.
public enum LocaleEnvironment {
    /// The variables ICU and Foundation read a locale from: `LANG` and the POSIX categories (not every `LC_` name:
    /// terminals forward `LC_TERMINAL=iTerm2`, which is no locale and left alone).
    static let categories: Set<String> = ["LANG", "LC_ALL", "LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE", "LC_MONETARY",
                                          "LC_MESSAGES", "LC_PAPER", "LC_NAME", "LC_ADDRESS", "LC_TELEPHONE", "LC_MEASUREMENT",
                                          "LC_IDENTIFICATION"]

    static func localeVariables(in environment: [String: String]) -> [String] {
        environment.keys.filter(categories.contains).sorted()
    }

    /// What replaces a value that is no locale name.
    static let replacement = "C.UTF-8"

    /// Whether `value` reads as a POSIX locale name: `C`, `POSIX`, or a language of 1–8 letters, with parts of 1–8
    /// letters or digits after `_` or `-`, then an optional `.codeset` and `@modifier`. Empty is unset.
    public static func isLocaleName(_ value: String) -> Bool {
        if value.isEmpty || value == "C" || value == "POSIX" { return true }
        var name = Substring(value)
        if let at = name.firstIndex(of: "@") {
            let modifier = name[name.index(after: at)...]
            guard !modifier.isEmpty, modifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "=_-".contains($0)) }) else { return false }
            name = name[..<at]
        }
        if let dot = name.firstIndex(of: ".") {
            let codeset = name[name.index(after: dot)...]
            guard !codeset.isEmpty, codeset.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-".contains($0)) }) else { return false }
            name = name[..<dot]
        }
        if name == "C" || name == "POSIX" { return true }
        let parts = name.split(separator: "_", omittingEmptySubsequences: false).flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        guard let language = parts.first, (1...8).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// Replaces, in this process's environment, every locale variable whose value is no locale name. Call it first,
    /// before Foundation reads a locale.
    public static func prepareProcess() {
        let environment = ProcessInfo.processInfo.environment
        for name in localeVariables(in: environment) where !isLocaleName(environment[name] ?? "") {
            setenv(name, replacement, 1)
        }
    }
}
