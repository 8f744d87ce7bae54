import Foundation

/// A path or argument as it can be pasted into a POSIX shell: as it is when the shell would read it unchanged,
/// single-quoted otherwise (`'/tmp/новый проект'`).
public enum ShellWord {
    /// Letters, marks and digits of any script (Cyrillic, CJK, accented Latin, either spelling) and `- _ . / , + : @ % =`
    /// stand as they are; anything else (a space, a quote, `$`, `*`, `~` …) quotes the whole word.
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .decimalNumber:
                true
            default:
                "-_./,+:@%=".unicodeScalars.contains(scalar)
            }
        }
        if plain { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
