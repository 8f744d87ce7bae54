import Foundation
import SpecReporters
import SpecResults

/// `specrun merge A.json B.json … -o ALL.json`: one results file from the shards of a run.
struct MergeCommand {
    let io: CommandIO

    static let options: [OptionSpec] = [
        OptionSpec(name: "help", short: "h", help: "Show this help."),
        OptionSpec(name: "output", short: "o", valueName: "FILE", help: "Where to write the merged JSON results (required)."),
        ResultsFile.sizeOption,
    ] + ResultOutputs.options.filter { $0.name != "json" } + RedactionOptions.options

    static var help: String {
        """
        OVERVIEW: Merge partial results (the shards of one run) into one results file, in plan order.

        USAGE: specrun merge SHARD.json... -o ALL.json [options]

        OPTIONS:
        \(OptionParser(options: options).helpLines().joined(separator: "\n"))

        EXIT STATUS:
          0  merged; 1  merged, but not a whole run: shards are missing (the inputs ran --shard I/N and some
             I of 1…N is not among them), tests did not run (a shard was stopped), the shards read other
             spec files (another commit) or selected other tests; 2  a file or the command line is invalid

        """
    }

    func execute(_ arguments: [String]) -> Int32 {
        do {
            let parsed = try OptionParser(options: Self.options).parse(arguments)
            if parsed.flag("help") {
                io.writeOut(Self.help)
                return ExitStatus.success
            }
            let redaction = try RedactionOptions.redaction(parsed)
            let maxBytes = try ResultsFile.maxBytes(parsed)
            guard let output = parsed.value("output") else {
                throw UsageError("say where to write the merged results with -o FILE, e.g. 'specrun merge shard-*.json -o all.json'.")
            }
            guard !parsed.positionals.isEmpty else {
                throw UsageError("give the results files to merge, e.g. 'specrun merge shard-1.json shard-2.json -o all.json'.")
            }
            var outputs = ResultOutputs(parsed)
            outputs.json = output
            outputs.jsonOption = "-o"
            try outputs.checkPaths(against: [], inputs: parsed.positionals)
            // One file named twice (a glob and a path, a copy-paste) is read once and said so.
            var paths: [String] = []
            var repeated: [String] = []
            var seen = Set<String>()
            for path in parsed.positionals {
                if seen.insert(FileIdentity.of(path)).inserted {
                    paths.append(path)
                } else if !repeated.contains(path) {
                    repeated.append(path)
                }
            }
            var shards: [RunResult] = []
            var editedNotes: [String] = []
            for path in paths {
                let reading = try ResultsFile.reading(path, maxBytes: maxBytes)
                for warning in reading.warnings { io.writeProblem(.warning, redaction.mask(warning)) }
                var shard = reading.run
                // Read by an older build, a newer shard's fields were ignored without saying they are lost: an older
                // specrun's merge wrote the refused launches and the shard of today's shards nowhere. Only then: a
                // summary edited by hand, which the reader recomputes, drops nothing (a CI review was sent to look
                // for another specrun).
                if reading.ignoredFields {
                    io.writeProblem(.warning, redaction.mask("the merged results leave out what this specrun ignored in \(path); "
                        + "merge with the specrun that wrote it (or a newer one) to keep it"))
                }
                // Written before results recorded their shard: it was called a whole run whose tests "may repeat
                // those of the shards", and a shard missing from such a merge went unnoticed.
                if let fromCommandLine = ShardSelection.shardFromCommandLine(of: shard) { shard.shard = fromCommandLine }
                // Tests deleted from a shard by hand (`tests: []` under a summary of 295) merged with exit 0: the count
                // the file itself records says tests are missing.
                if let total = reading.writtenTotal, total != shard.tests.count {
                    editedNotes.append("\(path) holds \(shard.tests.count) test\(shard.tests.count == 1 ? "" : "s"), but its summary counts "
                        + "\(total) (tests deleted or added by hand?); merge the results files as specrun wrote them, as "
                        + RunResult.editedTestsNoteEnding)
                }
                shards.append(shard)
            }
            // In shard order, then by path: the same files given in another order (a glob puts shard-10 before shard-2,
            // an artifact download any order) make the same merge, down to the environment and the notes.
            let order = shards.indices.sorted { a, b in
                let first = shards[a].heldShards?.map(\.index).min() ?? Int.max
                let second = shards[b].heldShards?.map(\.index).min() ?? Int.max
                return first != second ? first < second : paths[a] < paths[b]
            }
            shards = order.map { shards[$0] }
            paths = order.map { paths[$0] }
            var merged = try RunResult.merging(shards, labels: paths)
            // The environment (its command line too) is the first shard's: say the document is a merge, and of what.
            merged.notes.insert(Self.mergedNote(paths: paths, shards: shards), at: 0)
            merged.notes += ShardSelection.notes(for: shards.map(\.environment.commandLine), labels: paths,
                                                 sharded: shards.map { $0.heldShards != nil })
            merged.notes += editedNotes
            merged = merged.redacted(by: redaction)
            // Checked again once merged: the artifacts' folder is named after the toolchain the first shard records.
            try outputs.checkPaths(against: [], inputs: paths, artifactsFolder: ReportArtifacts.folderName(for: merged.environment))
            merged.notes += repeated.map { redaction.mask("\($0) is given more than once; it was merged once") }
            let problems = outputs.write(merged)
            for problem in problems { io.writeProblem(.error, problem) }
            guard problems.isEmpty else { return ExitStatus.invalidInput }
            let summary = merged.summary
            // The counts of a run's closing line (known deviations, errors, invalid files…): a reviewer's merge of four
            // shards said "1038 passed, 0 failed" where each shard had also said its known deviations.
            let counts = TerminalReporter(color: false).renderSummary(merged)
            io.writeOut("merged \(shards.count) results file\(shards.count == 1 ? "" : "s") into \(redaction.mask(output)): \(summary.total) test\(summary.total == 1 ? "" : "s"), \(counts)\n")
            StepSummary.append(run: merged, io: io)
            // New notes, and those an input carried that make the merge incomplete (its exit status 1 said nothing else).
            let newNotes = merged.notes.dropFirst().filter { note in
                !shards.contains { $0.notes.contains(note) } || note.hasSuffix(RunResult.otherSpecFilesNoteEnding)
                    || note.hasSuffix(RunResult.unreadFilesNoteEnding) || note.hasSuffix(RunResult.mixedSelectionsNoteEnding)
                    || note.hasSuffix(RunResult.editedTestsNoteEnding)
            }
            for note in newNotes.prefix(10) { io.writeProblem(.warning, note) }
            if newNotes.count > 10 {
                io.writeProblem(.warning, "\(newNotes.count - 10) more note\(newNotes.count == 11 ? "" : "s") in \(output)")
            }
            // A run stopped before its end (SIGTERM, a cancelled job) left tests not run: said, and not a whole run.
            if summary.notRun > 0 {
                io.writeProblem(.warning, "\(summary.notRun) test\(summary.notRun == 1 ? "" : "s") did not run (a run was stopped before its "
                    + "end): the merged results are not a whole run; run \(summary.notRun == 1 ? "it" : "them") again")
            }
            // A shard that never uploaded (its job died before), shards that read other spec files (another commit between
            // them) or selected other tests (an extra `--tag`: the tests it left out ran in no shard), a merge of such a
            // merge: none may turn into a smaller report that looks whole.
            return merged.isIncomplete || summary.notRun > 0 ? ExitStatus.testFailure : ExitStatus.success
        } catch let error as UsageError {
            return io.usageFailure(error, command: "merge")
        } catch {
            return io.usageFailure(UsageError("the results cannot be merged: \(error)."), command: "merge")
        }
    }

    /// How the note that says a document is a merge starts.
    static let mergedNotePrefix = RunResult.mergedNotePrefix

    /// `merged from 3 results files: s1.json (shard 1/3), …; the environment and command line shown are those of the first listed,
    /// s1.json`: the files are listed in merge order (shards first), not the command line's, so the first is named.
    static func mergedNote(paths: [String], shards: [RunResult]) -> String {
        let listed = zip(paths, shards).prefix(10).map { path, shard in
            path + (shard.heldShards.map { " (shard\($0.count == 1 ? "" : "s") \(Shard.listed($0)))" } ?? "")
        }.joined(separator: ", ") + (paths.count > 10 ? ", and \(paths.count - 10) more" : "")
        let count = "\(shards.count) results file\(shards.count == 1 ? "" : "s")"
        return mergedNotePrefix + "\(count): \(listed)" + (shards.count > 1 ? "; the environment and command line shown are those of the first listed, \(paths[0])" : "")
    }
}
