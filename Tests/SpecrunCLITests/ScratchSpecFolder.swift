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
