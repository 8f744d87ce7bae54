/// Decoding and encoding errors whose text starts with where they are (`rule.on[1]: …`), so that printing
/// `debugDescription` alone names the field, and says what to write instead.
enum CodingFailure {
    /// `rule.on[1]`: keys joined by dots, positions in brackets; empty at the top.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    /// `path: message`, or the message alone at the top.
    static func located(_ message: String, at codingPath: [any CodingKey]) -> String {
        let place = path(codingPath)
        return place.isEmpty ? message : "\(place): \(message)"
    }

    /// A value that is there but wrong: `DecodingError.dataCorrupted` at `codingPath`.
    static func corrupted(_ message: String, at codingPath: [any CodingKey], underlying: (any Error)? = nil) -> DecodingError {
        .dataCorrupted(DecodingError.Context(
            codingPath: codingPath, debugDescription: located(message, at: codingPath), underlyingError: underlying))
    }

    /// A required field that is not there: `DecodingError.keyNotFound`.
    static func missing(_ key: FieldKey, in codingPath: [any CodingKey], _ message: String) -> DecodingError {
        .keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: located(message, at: codingPath)))
    }

    /// Every key of `container` must be one of `allowed`; the first other one (in key order) is refused, naming
    /// the fields that belong there.
    static func refuseUnknownKeys(
        in container: KeyedDecodingContainer<FieldKey>, allowed: [String], of what: String
    ) throws(DecodingError) {
        let unknown = container.allKeys.map(\.stringValue).filter { !allowed.contains($0) }.sorted()
        guard let first = unknown.first else { return }
        let list = allowed.map { "'\($0)'" }.joined(separator: ", ")
        throw corrupted("'\(first)' is not a field of \(what); its fields are \(list)", at: container.codingPath + [FieldKey(first)])
    }

    /// A spelled value (`skip`, `last-day`) read as one of `Value`'s cases, or refused listing them.
    static func decodeSpelled<Value: RawRepresentable & CaseIterable>(
        _ type: Value.Type, forKey key: FieldKey, in container: KeyedDecodingContainer<FieldKey>, what: String
    ) throws -> Value where Value.RawValue == String {
        let list = Value.allCases.map(\.rawValue).joined(separator: ", ")
        let text = try decode(String.self, forKey: key, in: container, expected: "one of \(list)")
        guard let value = Value(rawValue: text) else {
            throw corrupted("'\(text)' is not \(what); write one of \(list)", at: container.codingPath + [key])
        }
        return value
    }

    /// `container.decode`, with a wrong type or a null told as `path: expected <what>, not <found>` instead of
    /// Foundation's "Expected to decode Int but found a string instead.".
    static func decode<Value: Decodable>(
        _ type: Value.Type, forKey key: FieldKey, in container: KeyedDecodingContainer<FieldKey>, expected what: String
    ) throws -> Value {
        do {
            return try container.decode(type, forKey: key)
        } catch DecodingError.typeMismatch(let type, let context) where context.codingPath.count == container.codingPath.count + 1 {
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: context.codingPath, debugDescription: located("expected \(what)", at: context.codingPath),
                underlyingError: context.underlyingError))
        } catch let error where Value.self == Int.self && !(error is DecodingError) {
            // JSONDecoder reads 1.5 or 1e30 as an Int by throwing its own error, which becomes "The given data was not
            // valid JSON." at no path once it leaves the decoder.
            let path = container.codingPath + [key]
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path, debugDescription: located("expected \(what)", at: path), underlyingError: error))
        } catch DecodingError.valueNotFound(let type, let context) where context.codingPath.count == container.codingPath.count + 1 {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: context.codingPath, debugDescription: located("expected \(what), not null", at: context.codingPath),
                underlyingError: context.underlyingError))
        }
    }

    /// Throws `keyNotFound` with `message` unless `container` has `key`.
    static func require(_ key: FieldKey, in container: KeyedDecodingContainer<FieldKey>, _ message: String) throws(DecodingError) {
        guard container.contains(key) else { throw missing(key, in: container.codingPath, message) }
    }
}
