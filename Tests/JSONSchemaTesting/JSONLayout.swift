/// Lays out compact JSON text with two-space indentation, `"key": value` and `[]` / `{}` for empty containers.
///
/// Works on the bytes `JSONEncoder` wrote without re-reading numbers or strings, so values stay exactly as
/// encoded; only whitespace outside strings is added. With `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`)
/// it makes the reference the results writer (`ResultsJSONWriter`) is compared with: how the document was first
/// written.
public enum JSONLayout {
    public static func pretty(_ compact: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(compact)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var depth = 0
        var inString = false
        var escaped = false
        var index = 0
        func newline() {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
        while index < bytes.count {
            let byte = bytes[index]
            defer { index += 1 }
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index + 1 < bytes.count, bytes[index + 1] == closing {
                    out.append(closing)
                    index += 1
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline()
            case UInt8(ascii: ":"):
                out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                out.append(byte)
            }
        }
        return out
    }
}
