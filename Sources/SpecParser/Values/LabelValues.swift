import Foundation
import SpecDiagnostics
import SpecModel
import SpecYAML

/// `tags:` and `skip:`, read alike on a spec and on a case.
extension ValueReader {
    /// `tags: [dst, europe]` (or one tag alone); nil entries were reported.
    func tags(_ node: Node) -> [String]? {
        guard let items = list(node, field: "tags", singleAllowed: true, expected: "a list of tags, e.g. [dst, europe]") else { return nil }
        return items.compactMap { item in
            guard let tag = text(item, field: "tags", expected: "a tag such as dst") else { return nil }
            // Full-width punctuation, invisible and control characters are not printable ASCII: such a tag (nearly
            // all) skips the look-ups per character below (0.4 % of a 10,000-spec run's CPU profile).
            if tag.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return tag }
            // A tab or another control character (`"t\tab"`, `"t\e[1mB"`, written as escapes) cannot be typed after
            // `--tag` as it is shown (`t\u{9}ab`): refused as the invisible characters below are.
            if let control = tag.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                log.report(.invalidTag, at: item,
                           "the tag '\(ControlCharacters.visible(tag))' holds the control character U+\(String(format: "%04X", control.value)), "
                               + "which no --tag can name as it is shown; write the tag without it")
                return nil
            }
            // `[中文，上海]`: a full-width comma is no separator to YAML, and `--tag 上海` would find nothing.
            if let comma = tag.unicodeScalars.first(where: { FullWidth.punctuation[$0]?.ascii == "," }) {
                log.report(.wrongKind, at: item,
                           "'\(tag)' is one tag: \(FullWidth.describe(comma)); type it in ASCII: [\(FullWidth.ascii(tag, punctuationOnly: true) ?? tag)]")
                return nil
            }
            // `上海　` (an input method's ideographic space): `--tag 上海` would find nothing, and did-you-mean
            // would offer a tag that looks exactly like the one typed.
            if let index = tag.unicodeScalars.firstIndex(where: { TypographicSlip.invisibleSpaces[$0] != nil }) {
                let trimmed = String(String.UnicodeScalarView(tag.unicodeScalars.filter { TypographicSlip.invisibleSpaces[$0] == nil }))
                log.report(.invalidTag, at: item,
                           "the tag '\(tag)' holds \(TypographicSlip.named(tag.unicodeScalars[index])), which does not show; "
                            + "delete it" + (trimmed.isEmpty ? "" : ": \(trimmed)"))
                return nil
            }
            return tag
        }
    }

    /// `skip: "reason"`; `true`/`false` are refused, because a skipped test must say why. `what` is what is skipped
    /// ("the spec", "the case").
    func skipReason(_ node: Node, what: String = "the spec") -> String? {
        guard let reason = text(node, field: "skip", expected: "the reason to skip, e.g. \"waits for tzdata 2027b\"") else {
            return nil
        }
        if node.scalar?.style == .plain, ["true", "false", "yes", "no", "on", "off"].contains(reason.lowercased()) {
            log.report(.unknownValue, at: node,
                       "'skip' takes the reason to skip, not '\(reason)'; write e.g. skip: \"waits for tzdata 2027b\", or remove the key to run \(what)")
            return nil
        }
        return reason
    }
}
