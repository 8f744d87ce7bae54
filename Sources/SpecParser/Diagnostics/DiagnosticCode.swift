/// The stable code of every diagnostic the spec parser reports (`docs/diagnostics.md` lists each with an example).
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable {
    // Reading the file.
    case emptyFile = "empty-file"
    case notUTF8 = "not-utf8"
    case fileTooLarge = "file-too-large"
    case yamlSyntax = "yaml-syntax"
    case tooDeep = "too-deep"
    case aliasExpansion = "alias-expansion"
    case unknownAlias = "unknown-alias"
    /// A warning: an anchor name given to a second node of one document (`ReusedAnchor`).
    case reusedAnchor = "reused-anchor"
    /// A warning: a YAML tag specrun does not read (`UnreadTag`).
    case unreadTag = "unread-tag"

    // The shape of a document.
    case wrongKind = "wrong-kind"
    case unknownKey = "unknown-key"
    case missingKey = "missing-key"
    case duplicateKey = "duplicate-key"
    case conflictingKeys = "conflicting-keys"
    case emptyValue = "empty-value"

    // Values.
    case unknownValue = "unknown-value"
    case invalidNumber = "invalid-number"
    case invalidInstant = "invalid-instant"
    case instantWithoutOffset = "instant-without-offset"
    case invalidTime = "invalid-time"
    case invalidDuration = "invalid-duration"
    case invalidWeekday = "invalid-weekday"
    case unknownTimeZone = "unknown-time-zone"
    case unsupportedTimeZone = "unsupported-time-zone"
    case invalidRule = "invalid-rule"
    case foreignRule = "foreign-rule"
    case invalidStep = "invalid-step"
    case invalidDate = "invalid-date"
    case emptyWindow = "empty-window"
    case windowTooLong = "window-too-long"
    case instantOrder = "instant-order"
    case unusedKey = "unused-key"

    // Whole specs.
    case nothingToCheck = "nothing-to-check"
    case duplicateCaseName = "duplicate-case-name"
    case duplicateSpecName = "duplicate-spec-name"
    case duplicateTestID = "duplicate-test-id"
    case invalidTag = "invalid-tag"

    // Lifecycle scenarios.
    case unknownTask = "unknown-task"
    case duplicateTask = "duplicate-task"
    case invalidName = "invalid-name"
    case invalidStages = "invalid-stages"
    case fixtureOutsideTree = "fixture-outside-tree"
    case overlapWithItself = "overlap-with-itself"
}
