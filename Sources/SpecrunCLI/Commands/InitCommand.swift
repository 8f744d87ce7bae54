import Foundation

/// `specrun init [DIR]`: writes a commented starter folder of specs that pass, and the schema for editors.
/// It never overwrites a file.
struct InitCommand {
    let io: CommandIO

    static let options: [OptionSpec] = [
        OptionSpec(name: "help", short: "h", help: "Show this help."),
    ]

    static var help: String {
        """
        OVERVIEW: Write a starter folder: two commented specs that pass, a README, and the schema for editors.

        USAGE: specrun init [DIR]

        ARGUMENTS:
          DIR                  The folder to write into (default: specs); created if missing. Existing files are
                               never overwritten: init stops before writing anything.

        OPTIONS:
        \(OptionParser(options: options).helpLines().joined(separator: "\n"))

        EXIT STATUS:
          0  written; 2  a file is already there, a file cannot be written, or the command line is invalid

        """
    }

    func execute(_ arguments: [String]) -> Int32 {
        let directory: String
        do throws(UsageError) {
            let parsed = try OptionParser(options: Self.options).parse(arguments)
            if parsed.flag("help") {
                io.writeOut(Self.help)
                return ExitStatus.success
            }
            guard parsed.positionals.count <= 1 else {
                throw UsageError("Give one folder to write into, not \(parsed.positionals.count); e.g. 'specrun init specs'.")
            }
            directory = SpecDiscovery.normalized(parsed.positionals.first ?? "specs")
            let existing = StarterSpecs.files.map { directory + "/" + $0.name }.filter { FileManager.default.fileExists(atPath: $0) }
            guard existing.isEmpty else {
                let names = existing.map { "'\($0)'" }.joined(separator: ", ")
                throw UsageError("\(names) already \(existing.count == 1 ? "exists" : "exist"); init never overwrites a file, so nothing was written. Choose another folder, e.g. 'specrun init specs/starter'.")
            }
        } catch {
            return io.usageFailure(error, command: "init")
        }

        var written: [String] = []
        for file in StarterSpecs.files {
            let path = directory + "/" + file.name
            do {
                try AtomicFile.write(Array(file.text.utf8), to: path)
                written.append(path)
            } catch {
                io.writeError("specrun: error: \(error.description); \(written.count) of \(StarterSpecs.files.count) files were written.\n")
                return ExitStatus.invalidInput
            }
        }
        let next = TextColumns.aligned([
            ["read and lint them, without running:", "specrun check \(directory)"],
            ["run them (both specs pass):", "specrun \(directory)"],
            ["the table the specs were written from:", "specrun explain Europe/Berlin 2027 --at 02:30"],
        ])
        io.writeOut("Wrote \(written.count) files:\n" + written.map { "  \($0)\n" }.joined() + "\nNext:\n" + next)
        return ExitStatus.success
    }
}
