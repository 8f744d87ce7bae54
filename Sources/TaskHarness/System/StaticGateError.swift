import Foundation

/// Why an `Info.plist` could not be read as a static gate.
public struct StaticGateError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    public let path: String
    public let reason: String
    /// The file holds more bytes than the reader's limit.
    public let tooLarge: Bool

    public init(path: String, reason: String, tooLarge: Bool = false) {
        self.path = path
        self.reason = reason
        self.tooLarge = tooLarge
    }

    public var description: String { "\(path): \(reason)" }

    /// The description, so that `localizedDescription` gives the message.
    public var errorDescription: String? { description }
}
