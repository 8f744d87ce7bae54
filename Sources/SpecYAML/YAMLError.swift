/// Why a YAML source could not be read (beyond what it holds: that is the spec parser's concern).
public struct YAMLError: Error, Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// libyaml's scanner or parser refused the text.
        case syntax
        /// The bytes are not UTF-8.
        case notUTF8
        /// The bytes are UTF-16 or UTF-32 (an editor's "Unicode"), not UTF-8.
        case wideEncoding
        /// A character YAML does not allow anywhere (a control character other than tab and line breaks).
        case forbiddenCharacter
        /// A character libyaml reads otherwise than editors show it: U+2028, U+2029 or U+0085 (a line break to YAML 1.1
        /// only), or a byte order mark starting a line inside the file.
        case misreadCharacter
        /// Nodes nested deeper than the limit.
        case tooDeep
        /// Aliases expand to more nodes than the limit (an "alias bomb").
        case aliasExpansion
        /// An alias names an anchor that was never defined.
        case unknownAlias
        /// The file is larger than the limit.
        case tooLarge
    }

    public var kind: Kind
    /// One sentence: what is wrong and what to do.
    public var message: String
    public var mark: Mark
    /// libyaml's context ("while parsing a block mapping") and where it began, when it gives one.
    public var context: String?
    public var contextMark: Mark?

    public init(kind: Kind, message: String, mark: Mark, context: String? = nil, contextMark: Mark? = nil) {
        self.kind = kind
        self.message = message
        self.mark = mark
        self.context = context
        self.contextMark = contextMark
    }
}

extension YAMLError {
    /// A file of `byteCount` bytes, more than `limit`: refused before it is read.
    public static func tooLarge(byteCount: Int, limit: Int) -> YAMLError {
        YAMLError(
            kind: .tooLarge,
            message: "the file is \(byteCount) bytes, more than the limit of \(limit); split it or raise the limit with --max-file-size",
            mark: Mark(line: 1, column: 1))
    }
}
