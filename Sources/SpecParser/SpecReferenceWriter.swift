/// Writes `docs/spec-reference.md` from `SpecKeyCatalog` (placeholder until the page is generated).
public struct SpecReferenceWriter: Sendable {
    public init() {}

    public func render() -> String { "" }
}
