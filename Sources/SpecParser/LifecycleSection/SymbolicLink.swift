import Foundation

/// Reading a symbolic link itself, not what it points to: where a dangling link leads (fixture confinement judges
/// it there) and what a broken spec link names (the reader says so).
public enum SymbolicLink {
    /// Where the link at `path` points, as written in it; nil when `path` is not a symbolic link.
    public static func target(at path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
