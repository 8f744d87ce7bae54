/// Why an `Info.plist` could not be read as a static gate.
public struct StaticGateError: Error, Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
