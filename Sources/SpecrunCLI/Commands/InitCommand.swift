import Foundation
import SpecModel
import SpecResults

/// `specrun init [DIR]`: writes a commented starter folder of specs that pass, and the schema for editors.
/// It never overwrites a file.
struct InitCommand {
    let io: CommandIO

    static let options: [OptionSpec] = [
        OptionSpec(name: "help", short: "h", help: "Show this help."),
    ]

    static var help: String {
        """
        OVERVIEW: Write a starter folder: three commented specs that pass (two schedules, one background task), a README, and the schema for editors.

        USAGE: specrun init [DIR]

        ARGUMENTS:
          DIR                  The folder to write into (default: specs); created if missing. Existing files are
                               never overwritten, and a folder that already holds spec files (or more than
                               \(Self.folderLimit) folders to look through) is left alone: init stops before
                               writing anything.

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
                throw UsageError("give one folder to write into, not \(parsed.positionals.count); e.g. 'specrun init specs'.")
            }
            try UnexpandedHome.check(parsed.positionals.first ?? "", option: "init DIR")
            directory = SpecDiscovery.normalized(parsed.positionals.first ?? "specs")
            // "" + "/README.md" would write into the root folder.
            guard !directory.isEmpty else {
                throw UsageError("the folder to write into is empty (''); name one, e.g. 'specrun init specs'.")
            }
            let existing = StarterSpecs.files.map { directory + "/" + $0.name }.filter { FileManager.default.fileExists(atPath: $0) }
            guard existing.isEmpty else {
                let names = existing.map { "'\($0)'" }.joined(separator: ", ")
                throw UsageError("\(names) already \(existing.count == 1 ? "exists" : "exist"); init never overwrites a file, so nothing was written. Choose a new folder, e.g. \(Self.initCommand(Self.freeFolder(beside: directory))).")
            }
            if let earlier = Self.starterAbove(directory) {
                throw UsageError("'\(earlier)' is a starter spec already, in a folder above '\(directory)'; a second starter below it would repeat its spec names in one run, so nothing was written. Choose a new folder outside it, e.g. \(Self.initCommand(Self.freeFolder(beside: ParentFolder.of(earlier)))).")
            }
            // The starter stands alone: in a folder of other specs, one run would mix them (and, for a second
            // starter below the first, repeat its spec names, which is an error).
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
               let reason = Self.notAlone(directory) {
                throw UsageError("\(reason), so nothing was written. Choose a new folder outside your spec folders, e.g. \(Self.initCommand(Self.freeFolder(beside: directory))).")
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
                io.writeProblem(.error, "\(error.description); \(written.count) of \(StarterSpecs.files.count) files were written.")
                return ExitStatus.invalidInput
            }
        }
        let next = TextColumns.aligned([
            ["read and lint them, without running:", "specrun check \(ShellWord.quoted(directory))"],
            ["run them (all three specs pass):", "specrun \(ShellWord.quoted(directory))"],
            ["what Berlin does at 02:30 in 2027:", "specrun explain Europe/Berlin 2027 --at 02:30"],
        ])
        io.writeOut("Wrote \(written.count) files:\n" + written.map { "  \($0)\n" }.joined() + "\nNext:\n" + next)
        return ExitStatus.success
    }

    /// How many folders init looks through for spec files before it gives up and leaves the folder alone.
    static let folderLimit = 2_000

    /// Why the starter cannot go into the existing folder `directory` (it holds a spec, or init cannot tell),
    /// or nil when it can.
    ///
    /// The look stops at the first spec and after `folderLimit` folders: `specrun init /proc` once walked all of
    /// `/proc` and, through `/proc/self/root`, the whole disk. Past the limit the answer is no: a folder with
    /// thousands of folders in it is not a new starter's place, and writing into an unknown tree is the one
    /// outcome that cannot be undone by choosing another folder.
    static func notAlone(_ directory: String, folderLimit: Int = folderLimit) -> String? {
        switch SpecDiscovery.firstEntry(in: directory, folderLimit: folderLimit) {
        case .none:
            nil
        case .spec(let path):
            "'\(directory)' already holds spec files ('\(path)'); the starter goes in a folder of its own"
        case .unreadable(let path):
            "'\(directory)' holds '\(path)', which init cannot look into for spec files (it cannot be read, or its name is not UTF-8); the starter goes in a folder of its own"
        case .tooManyFolders:
            "'\(directory)' holds more than \(folderLimit) folders, more than init looks through for spec files; the starter goes in a folder of its own"
        }
    }

    /// A starter spec file written by an earlier `init` in a folder above `directory`, if there is one.
    /// A relative `directory` is read from `currentDirectory`.
    static func starterAbove(_ directory: String, from currentDirectory: String = FileManager.default.currentDirectoryPath) -> String? {
        let specs = StarterSpecs.files.filter { $0.name.hasSuffix(".yaml") }
        // From the absolute path: the parent of a relative 'specs' is '', which would look in no folder at all.
        let absolute = directory.hasPrefix("/")
            ? directory : currentDirectory + "/" + directory
        var folder = ParentFolder.of(absolute)
        for _ in 0..<64 where !folder.isEmpty {
            for spec in specs {
                let path = folder == "/" ? "/" + spec.name : folder + "/" + spec.name
                if let data = FileManager.default.contents(atPath: path), data.elementsEqual(spec.text.utf8) { return path }
            }
            let parent = ParentFolder.of(folder)
            guard parent != folder else { break }
            folder = parent
        }
        return nil
    }

    /// `'specrun init /tmp/x'`; a folder the shell would split is quoted inside instead, so the command can be
    /// pasted: `specrun init '/tmp/новый проект/starter-specs'`.
    static func initCommand(_ folder: String) -> String {
        let word = ShellWord.quoted(folder)
        return word == folder ? "'specrun init \(folder)'" : "specrun init \(word)"
    }

    /// `starter-specs` beside `directory` (or `starter-specs-2`, … when taken): a folder init could write into.
    static func freeFolder(beside directory: String) -> String {
        let parent = ParentFolder.of(directory)
        let base = parent.isEmpty || parent == "." ? "starter-specs" : parent == "/" ? "/starter-specs" : parent + "/starter-specs"
        var candidate = base
        var number = 2
        while FileManager.default.fileExists(atPath: candidate), number < 100 {
            candidate = "\(base)-\(number)"
            number += 1
        }
        return candidate
    }
}
