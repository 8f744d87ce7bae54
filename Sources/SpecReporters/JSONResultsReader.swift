import Foundation
import SpecResults

/// Reads a results document written by `JSONReporter` (for `specrun report`, `merge` and `compare`).
public enum JSONResultsReader {
    /// Decodes `data`; `source` names the file in errors.
    public static func read(_ data: Data, source: String) throws(ResultsReadError) -> RunResult {
        do {
            return try JSONDecoder().decode(RunResult.self, from: data)
        } catch let error as DecodingError {
            throw ResultsReadError(source: source, problem: describe(error))
        } catch {
            throw ResultsReadError(source: source, problem: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .keyNotFound(key, context):
            let place = path(context.codingPath)
            return "missing \"\(key.stringValue)\"" + (place.isEmpty ? "" : " in \(place)")
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath, orRoot: true)) is not \(describe(type))"
        case let .valueNotFound(type, context):
            return "\(path(context.codingPath, orRoot: true)) is null where \(describe(type)) is needed"
        case let .dataCorrupted(context) where context.codingPath.isEmpty:
            return "not a JSON document (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))"
        case let .dataCorrupted(context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `tests[3].status`
    private static func path(_ codingPath: [any CodingKey], orRoot: Bool = false) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty && orRoot ? "the document" : text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }
}

/// A results file that could not be read: which file, what is wrong, and what to do.
public struct ResultsReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or other source) the document came from.
    public var source: String
    /// What is wrong, with the place inside the document (`tests[3].status`).
    public var problem: String

    public init(source: String, problem: String) {
        self.source = source
        self.problem = problem
    }

    public var description: String {
        "\(source): \(problem); give a results file written by `specrun --json` of this version."
    }
}
