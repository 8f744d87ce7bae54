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
            // Full-width punctuation and invisible characters are not ASCII: an ASCII tag (nearly all) skips the
            // two look-ups per character below (0.4 % of a 10,000-spec run's CPU profile).
            if tag.utf8.allSatisfy({ $0 < 0x80 }) { return tag }
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
