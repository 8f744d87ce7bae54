import SpecDiagnostics

/// A value read from a spec, with the place it is written (so a failed comparison can point at it).
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
