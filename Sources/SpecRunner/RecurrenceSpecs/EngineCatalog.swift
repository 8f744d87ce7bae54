import Recurrence
import SpecModel

/// Maps engine names in specs to the engines that implement them.
public struct EngineCatalog: Sendable {
    public init() {}

    func engine(_ name: EngineName) -> (any RecurrenceEngine)? {
        switch name {
        case .core: CoreEngine()
        case .foundation: FoundationEngine()
        }
    }
}
