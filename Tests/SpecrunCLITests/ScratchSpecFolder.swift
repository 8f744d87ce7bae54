import Foundation

/// A temporary folder of spec files for one test, removed by `remove()`.
struct ScratchSpecFolder {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    var path: String { root.path }

    func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A script other tests' children must not hold open: Linux refuses to run a file some process has open for
    /// writing ("Text file busy"), and a child another test starts while `write` holds the file open inherits the
    /// descriptor unless it is close-on-exec. So the script is written close-on-exec under a temporary name and
    /// renamed into place, ready to run.
    @discardableResult
    func writeExecutable(_ name: String, _ text: String) throws -> String {
        let target = path(name)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let temporary = target + ".\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, target) == 0 else {
            unlink(temporary)
            throw POSIXError(.EIO)
        }
        return target
    }

    func read(_ name: String) -> Data? {
        FileManager.default.contents(atPath: path(name))
    }

    func entries(_ folder: String = "") -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? path : path(folder)))?.sorted() ?? []
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// A passing spec: a daily 12:00 UTC schedule searched from `day` (UTC has no DST change, so the next
    /// occurrence is plainly the same day's noon).
    static func quickSpec(_ name: String, day: Int = 1) -> String {
        let date = String(format: "2027-01-%02d", day)
        return """
            spec: \(name)
            schedule:
              timezone: UTC
              rule: {every: day, at: "12:00"}
              nonexistent: skip
              repeated: first
            cases:
              - name: noon
                after: \(date)T00:00:00Z
                next: \(date)T12:00:00Z

            """
    }
}
