import Foundation

/// Writes an `Encodable` value as the results document's JSON — keys sorted by their UTF-8 bytes, two-space
/// indentation, `"key": value` — in chunks, as it goes, instead of building the whole document first.
///
/// The bytes are those of `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`) laid out by `JSONLayout`, which is
/// how the document was first written; `JSONStreamEncoderTests` compares the two. Foundation's encoder builds a tree
/// of the whole document before writing a byte: for 10,000 specs that was about 500 MB and 3.5 s
/// (bench/specrun-bench, section end-to-end). Here a value's members are kept as references until its container
/// is written, in key order, each member encoded only when its turn comes, so memory stays that of one test result.
struct JSONStreamEncoder {
    /// Bytes collected before they are handed to `flush`.
    var chunkSize = 1 << 16

    /// Encodes `value`, handing the bytes to `flush` in chunks of about `chunkSize`; no final newline.
    ///
    /// A chunk ends between two members, never inside a string, so each chunk is valid UTF-8 on its own.
    func encode(_ value: some Encodable, flush: ([UInt8]) throws -> Void) throws {
        let encoder = ValueEncoder()
        try value.encode(to: encoder)
        guard let member = encoder.result else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Top-level \(type(of: value)) did not encode any values."))
        }
        try withoutActuallyEscaping(flush) { flush in
            var output = Output(chunkSize: chunkSize, flush: flush)
            try output.write(member, indent: 0)
            try output.finish()
        }
    }

    /// Encodes `value` into one byte array.
    func bytes(_ value: some Encodable) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var encoder = self
        encoder.chunkSize = .max
        try encoder.encode(value) { bytes += $0 }
        return bytes
    }
}

/// A value as far as it is known before it is written: a scalar already formatted, an `Encodable` not yet encoded,
/// or a container whose members are themselves members.
private enum Member {
    case null
    case literal(String)  // numbers, true, false
    case string(String)
    case value(any Encodable)
    case keyed(KeyedStore)
    case unkeyed(UnkeyedStore)
    case encoder(ValueEncoder)  // a super encoder: whatever it was given

    static func number(_ value: Double, _ codingPath: [any CodingKey]) throws -> Member {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        // Whole numbers well inside 2^53 (epoch seconds): `description` is the integer's digits and ".0".
        if value.rounded(.towardZero) == value, abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            return .literal(Int(value).description)
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .literal(text)
    }

    static func number(_ value: Float, _ codingPath: [any CodingKey]) throws -> Member {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "Unable to encode Float.\(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .literal(text)
    }

    /// The member for an `Encodable`: the types `JSONEncoder` writes in its own way, else the value, encoded later.
    static func of(_ value: some Encodable) -> Member {
        switch value {
        case let string as String: .string(string)
        case let url as URL: .string(url.absoluteString)
        case let data as Data: .string(data.base64EncodedString())
        case let decimal as Decimal: .literal(decimal.description)
        default: .value(value)
        }
    }
}

private final class KeyedStore {
    /// In the order they were set; a key set twice is in here twice (`order` keeps the last).
    private(set) var members: [(key: String, value: Member)] = []
    /// The `CodingKey` type that set the members, when it was one type: objects of one type share their key order.
    var shape: ObjectIdentifier?
    private var allASCII = true

    func set(_ value: Member, for key: String) {
        if allASCII, !key.utf8.allSatisfy({ $0 < 0x80 }) { allASCII = false }
        members.append((key, value))
    }

    func member(for key: String) -> Member? {
        members.last { $0.key == key }?.value
    }

    /// Records the `CodingKey` type writing into this store; two types writing into one store share no order.
    func mark(shape type: Any.Type) {
        let id = ObjectIdentifier(type)
        if members.isEmpty && !mixedShapes, shape == nil {
            shape = id
        } else if shape != id {
            shape = nil
            mixedShapes = true
        }
    }
    private var mixedShapes = false

    /// The indices of the members to write, by the UTF-8 bytes of their keys (as `JSONEncoder` sorts them on Linux);
    /// of a key set twice, the last. For ASCII keys String's `<` is that order, and much faster.
    func order() -> [Int] {
        var order = Array(members.indices)
        if allASCII {
            order.sort { members[$0].key == members[$1].key ? $0 < $1 : members[$0].key < members[$1].key }
        } else {
            order.sort {
                members[$0].key == members[$1].key
                    ? $0 < $1 : members[$0].key.utf8.lexicographicallyPrecedes(members[$1].key.utf8)
            }
        }
        var kept: [Int] = []
        kept.reserveCapacity(order.count)
        for index in order {
            if let last = kept.last, members[last].key == members[index].key {
                kept[kept.count - 1] = index
            } else {
                kept.append(index)
            }
        }
        return kept
    }
}

/// Remembers the key order of the last few key lists of each `CodingKey` type: results hold hundreds of thousands of
/// instants with the same five keys, and sorting them each time was the encoder's largest cost.
private struct KeyOrderCache {
    private var entries: [ObjectIdentifier: [(keys: [String], order: [Int])]] = [:]

    mutating func order(of store: KeyedStore) -> [Int] {
        guard let shape = store.shape else { return store.order() }
        let count = store.members.count
        if let known = entries[shape]?.first(where: { entry in
            entry.keys.count == count && entry.keys.indices.allSatisfy { entry.keys[$0] == store.members[$0].key }
        }) {
            return known.order
        }
        let order = store.order()
        var list = entries[shape] ?? []
        if list.count >= 8 { list.removeFirst() }
        list.append((store.members.map(\.key), order))
        entries[shape] = list
        return order
    }
}

private final class UnkeyedStore {
    var elements: [Member] = []
}

/// The `Encoder` one value's `encode(to:)` writes into; it keeps what it was given as a `Member`.
private final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private(set) var result: Member?

    init(codingPath: [any CodingKey] = []) {
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let store: KeyedStore
        if case .keyed(let existing)? = result {
            store = existing
        } else {
            store = KeyedStore()
            result = .keyed(store)
        }
        store.mark(shape: Key.self)
        return KeyedEncodingContainer(KeyedWriter<Key>(store: store, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let store: UnkeyedStore
        if case .unkeyed(let existing)? = result {
            store = existing
        } else {
            store = UnkeyedStore()
            result = .unkeyed(store)
        }
        return UnkeyedWriter(store: store, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueWriter(encoder: self)
    }

    fileprivate func setSingle(_ member: Member) {
        result = member
    }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let store: KeyedStore
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { store.set(.null, for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { store.set(.literal(value ? "true" : "false"), for: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { store.set(.string(value), for: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { store.set(try .number(value, codingPath + [key]), for: key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) throws { store.set(try .number(value, codingPath + [key]), for: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { store.set(.literal(value.description), for: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { store.set(.literal(value.description), for: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { store.set(.literal(value.description), for: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { store.set(.literal(value.description), for: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { store.set(.literal(value.description), for: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { store.set(.literal(value.description), for: key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { store.set(.literal(value.description), for: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { store.set(.literal(value.description), for: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { store.set(.literal(value.description), for: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { store.set(.literal(value.description), for: key.stringValue) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { store.set(.of(value), for: key.stringValue) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested: KeyedStore
        if case .keyed(let existing)? = store.member(for: key.stringValue) {
            nested = existing
        } else {
            nested = KeyedStore()
            store.set(.keyed(nested), for: key.stringValue)
        }
        nested.mark(shape: NestedKey.self)
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(store: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: UnkeyedStore
        if case .unkeyed(let existing)? = store.member(for: key.stringValue) {
            nested = existing
        } else {
            nested = UnkeyedStore()
            store.set(.unkeyed(nested), for: key.stringValue)
        }
        return UnkeyedWriter(store: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: "super")
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key.stringValue)
    }

    private func superEncoder(named name: String) -> any Encoder {
        let encoder = ValueEncoder(codingPath: codingPath)
        store.set(.encoder(encoder), for: name)
        return encoder
    }
}

private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let store: UnkeyedStore
    let codingPath: [any CodingKey]
    var count: Int { store.elements.count }

    mutating func encodeNil() throws { store.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { store.elements.append(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { store.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws { store.elements.append(try .number(value, codingPath)) }
    mutating func encode(_ value: Float) throws { store.elements.append(try .number(value, codingPath)) }
    mutating func encode(_ value: Int) throws { store.elements.append(.literal(value.description)) }
    mutating func encode(_ value: Int8) throws { store.elements.append(.literal(value.description)) }
    mutating func encode(_ value: Int16) throws { store.elements.append(.literal(value.description)) }
    mutating func encode(_ value: Int32) throws { store.elements.append(.literal(value.description)) }
    mutating func encode(_ value: Int64) throws { store.elements.append(.literal(value.description)) }
    mutating func encode(_ value: UInt) throws { store.elements.append(.literal(value.description)) }
    mutating func encode(_ value: UInt8) throws { store.elements.append(.literal(value.description)) }
    mutating func encode(_ value: UInt16) throws { store.elements.append(.literal(value.description)) }
    mutating func encode(_ value: UInt32) throws { store.elements.append(.literal(value.description)) }
    mutating func encode(_ value: UInt64) throws { store.elements.append(.literal(value.description)) }
    mutating func encode<T: Encodable>(_ value: T) throws { store.elements.append(.of(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = KeyedStore()
        store.elements.append(.keyed(nested))
        nested.mark(shape: NestedKey.self)
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(store: nested, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = UnkeyedStore()
        store.elements.append(.unkeyed(nested))
        return UnkeyedWriter(store: nested, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = ValueEncoder(codingPath: codingPath)
        store.elements.append(.encoder(encoder))
        return encoder
    }
}

private struct SingleValueWriter: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.setSingle(.null) }
    mutating func encode(_ value: Bool) throws { encoder.setSingle(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { encoder.setSingle(.string(value)) }
    mutating func encode(_ value: Double) throws { encoder.setSingle(try .number(value, codingPath)) }
    mutating func encode(_ value: Float) throws { encoder.setSingle(try .number(value, codingPath)) }
    mutating func encode(_ value: Int) throws { encoder.setSingle(.literal(value.description)) }
    mutating func encode(_ value: Int8) throws { encoder.setSingle(.literal(value.description)) }
    mutating func encode(_ value: Int16) throws { encoder.setSingle(.literal(value.description)) }
    mutating func encode(_ value: Int32) throws { encoder.setSingle(.literal(value.description)) }
    mutating func encode(_ value: Int64) throws { encoder.setSingle(.literal(value.description)) }
    mutating func encode(_ value: UInt) throws { encoder.setSingle(.literal(value.description)) }
    mutating func encode(_ value: UInt8) throws { encoder.setSingle(.literal(value.description)) }
    mutating func encode(_ value: UInt16) throws { encoder.setSingle(.literal(value.description)) }
    mutating func encode(_ value: UInt32) throws { encoder.setSingle(.literal(value.description)) }
    mutating func encode(_ value: UInt64) throws { encoder.setSingle(.literal(value.description)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        switch Member.of(value) {
        case .value:
            // Encode the wrapped value into this same encoder, as `JSONEncoder` does.
            try value.encode(to: encoder)
        case let member:
            encoder.setSingle(member)
        }
    }
}

/// The bytes written so far, flushed in chunks; writes members in the results layout.
private struct Output {
    let chunkSize: Int
    let flush: ([UInt8]) throws -> Void
    var bytes: [UInt8] = []
    private var keyOrders = KeyOrderCache()

    init(chunkSize: Int, flush: @escaping ([UInt8]) throws -> Void) {
        self.chunkSize = chunkSize
        self.flush = flush
        bytes.reserveCapacity(min(chunkSize, 1 << 20) + 1024)
    }

    mutating func finish() throws {
        if !bytes.isEmpty { try flush(bytes) }
        bytes.removeAll()
    }

    mutating func write(_ member: Member, indent: Int) throws {
        switch member {
        case .null:
            bytes += "null".utf8
        case .literal(let text):
            bytes += text.utf8
        case .string(let text):
            writeString(text)
        case .value(let value):
            let encoder = ValueEncoder()
            try value.encode(to: encoder)
            // A value that encodes nothing is written as an empty object, as `JSONEncoder` does.
            try write(encoder.result ?? .keyed(KeyedStore()), indent: indent)
        case .encoder(let encoder):
            try write(encoder.result ?? .keyed(KeyedStore()), indent: indent)
        case .keyed(let store):
            guard !store.members.isEmpty else {
                bytes += "{}".utf8
                return
            }
            bytes.append(UInt8(ascii: "{"))
            for (position, index) in keyOrders.order(of: store).enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                writeString(store.members[index].key)
                bytes += ": ".utf8
                try write(store.members[index].value, indent: indent + 1)
                if bytes.count >= chunkSize { try drain() }
            }
            newline(indent)
            bytes.append(UInt8(ascii: "}"))
        case .unkeyed(let store):
            guard !store.elements.isEmpty else {
                bytes += "[]".utf8
                return
            }
            bytes.append(UInt8(ascii: "["))
            for (index, element) in store.elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                try write(element, indent: indent + 1)
                if bytes.count >= chunkSize { try drain() }
            }
            newline(indent)
            bytes.append(UInt8(ascii: "]"))
        }
    }

    private mutating func drain() throws {
        try flush(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func newline(_ indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<indent { bytes += [0x20, 0x20] }
    }

    /// A JSON string as `JSONEncoder` writes it: `"` and `\` escaped, control characters as `\n`, `\t`, … or
    /// `\u00XX`; `/` and everything from U+007F up as is.
    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes += [0x5C, UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [0x5C, 0x5C]
                case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
                case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
                case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
                case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
                case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes += [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
