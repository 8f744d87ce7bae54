import Foundation
import Testing

/// The ```swift blocks of docs/recurrence.md and docs/harness.md stay true: they are, byte for byte, the programs
/// in `Examples/` (which `swift build` compiles), and running each program prints exactly the pages' ```text blocks.
@Suite("docs/*.md swift examples")
struct DocExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("the page's swift blocks are its example program, byte for byte", arguments: DocPage.all)
    func blocksAreTheProgram(page: DocPage) throws {
        let blocks = try page.blocks()
        #expect(!blocks.isEmpty, "\(page.path) has no ```swift block")
        let program = try String(contentsOf: Self.root.appendingPathComponent(page.programPath), encoding: .utf8)
        #expect(program == blocks.map(\.code).joined(separator: "\n"),
                "\(page.programPath) differs from the ```swift blocks of \(page.path); run python3 tools/doc-examples.py")
    }

    @Test("running the page's program prints the page's text blocks", arguments: DocPage.all)
    func programPrintsTheTextBlocks(page: DocPage) async throws {
        let expected = try page.blocks().compactMap(\.output).joined()
        let (status, output, errors) = try Self.run(page.executable)
        #expect(status == 0, "\(page.executable) exited with \(status): \(errors)")
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }
            .map { "line \($0.offset + 1): the page shows \"\($0.element.0)\", the program printed \"\($0.element.1)\"" }
            ?? "the page shows \(expectedLines.count) lines, the program printed \(actualLines.count)"
        #expect(output == expected, "\(page.executable) does not print what \(page.path) shows; \(firstDifference)")
    }

    /// Runs an example program built next to this test binary (or in the package's `.build/debug`).
    static func run(_ executable: String) throws -> (Int32, String, String) {
        var candidates: [URL] = []
        for binary in [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap({ $0 }) {
            var directory = binary.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent(executable))
                directory.deleteLastPathComponent()
            }
        }
        candidates.append(root.appendingPathComponent(".build/debug/\(executable)"))
        guard let url = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw ProgramMissing(name: executable)
        }
        let process = Process()
        process.executableURL = url
        let output = Pipe()
        // Errors go to a file, so a long message can never fill a pipe nobody reads while the output is read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("doc-example-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorText = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), errorText)
    }

    struct ProgramMissing: Error, CustomStringConvertible {
        let name: String
        var description: String { "\(name) was not found next to the test binary or in .build/debug; run 'swift build --build-tests'" }
    }
}

/// One documentation page whose ```swift blocks form a program.
struct DocPage: Sendable, CustomTestStringConvertible {
    let path: String
    let executable: String
    var programPath: String { "Examples/\(executable)/main.swift" }
    var testDescription: String { path }

    static let all = [
        DocPage(path: "docs/recurrence.md", executable: "recurrence-doc-examples"),
        DocPage(path: "docs/harness.md", executable: "harness-doc-examples"),
    ]

    /// A ```swift block and, when a ```text block follows it (blank lines between allowed), what it prints.
    struct Block {
        var code: String
        var output: String?
    }

    /// The page's blocks, by the rule tools/doc-examples.py also follows: fences are whole lines.
    func blocks() throws -> [Block] {
        let text = try String(contentsOf: DocExampleTests.root.appendingPathComponent(path), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var index = 0
        func fenced(from start: Int) -> (body: String, end: Int) {
            let end = lines[(start + 1)...].firstIndex(of: "```") ?? lines.count
            return (lines[(start + 1)..<end].map { $0 + "\n" }.joined(), end)
        }
        while index < lines.count {
            if lines[index] == "```swift" {
                let code = fenced(from: index)
                var block = Block(code: code.body)
                index = code.end + 1
                var next = index
                while next < lines.count, lines[next].isEmpty { next += 1 }
                if next < lines.count, lines[next] == "```text" {
                    let output = fenced(from: next)
                    block.output = output.body
                    index = output.end + 1
                }
                blocks.append(block)
            } else {
                index += 1
            }
        }
        return blocks
    }
}
