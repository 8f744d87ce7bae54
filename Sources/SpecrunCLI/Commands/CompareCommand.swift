import Foundation
import SpecReporters
import SpecResults

/// `specrun compare OLD.json NEW.json`: per spec, case and engine, what regressed and what changed.
struct CompareCommand {
    let io: CommandIO

    static let options: [OptionSpec] = [
        OptionSpec(name: "help", short: "h", help: "Show this help."),
        OptionSpec(name: "color", valueName: "WHEN", help: "Color the report: auto, always, never.", allowedValues: ["auto", "always", "never"]),
        ResultsFile.sizeOption,
    ] + RedactionOptions.options

    static var help: String {
        """
        OVERVIEW: Compare two results files — typically one suite on two toolchains: newly failing, not run, newly
        passing, newly deviating, newly skipped, other status changes, changed instants, keys and lifecycle runs, and
        environment differences (the time-zone data version first).

        USAGE: specrun compare OLD.json NEW.json

        OPTIONS:
        \(OptionParser(options: options).helpLines().joined(separator: "\n"))

        EXIT STATUS:
          0  nothing regressed; 1  a test fails in NEW that did not in OLD (a fixed deviation of a NEW run made with --strict too),
             or did not run in NEW (interrupted, stopped early, or its spec file invalid), or a spec file is newly
             invalid, or NEW holds only part of the suite (a shard, a merge missing one, tests not run, or a
             narrower selection — --engine, --filter, tags, paths — than OLD's); 2  a file or the command line is
             invalid

        """
    }

    func execute(_ arguments: [String]) -> Int32 {
        do throws(UsageError) {
            let parsed = try OptionParser(options: Self.options).parse(arguments)
            if parsed.flag("help") {
                io.writeOut(Self.help)
                return ExitStatus.success
            }
            let redaction = try RedactionOptions.redaction(parsed)
            let maxBytes = try ResultsFile.maxBytes(parsed)
            guard parsed.positionals.count == 2 else {
                throw UsageError("give two results files, the old one first: 'specrun compare old.json new.json'.")
            }
            let warn = { (warning: String) in io.writeProblem(.warning, redaction.mask(warning)) }
            let old = try ResultsFile.read(parsed.positionals[0], maxBytes: maxBytes, warn: warn).redacted(by: redaction)
            let new = try ResultsFile.read(parsed.positionals[1], maxBytes: maxBytes, warn: warn).redacted(by: redaction)
            // Limits and `--timeout` change results with no toolchain change: named beside the environment.
            let settingChanges = RecordedRunSettings(commandLine: old.environment.commandLine).flatMap { before in
                RecordedRunSettings(commandLine: new.environment.commandLine).map { before.changes(to: $0) }
            } ?? []
            // What each run selected, from its command line: NEW lacking tests OLD ran because it selected fewer
            // (`--engine core` against `all`, a `--filter`) cannot show that nothing regressed. Each missing test is
            // judged where NEW would hold it, so a renamed folder hides no narrower selection.
            let comparison: RunComparison
            if let before = ShardSelection(commandLine: old.environment.commandLine),
               let after = ShardSelection(commandLine: new.environment.commandLine) {
                // One spec folder each, under two names: a rename, even where no test's name tells it (names masked
                // alike, a folder of invalid files only).
                let moves = before.paths.count == 1 && after.paths.count == 1 ? [(old: before.paths[0], new: after.paths[0])] : []
                comparison = RunComparison(old: old, new: new, selectionDifferences: before.differences(from: after),
                                           mayExclude: after.exclusion(), settingChanges: settingChanges, specPathMoves: moves)
            } else {
                comparison = RunComparison(old: old, new: new, settingChanges: settingChanges)
            }
            let color = io.useColor(parsed.value("color"))
            // The paths are masked as every text of the results is (a folder named after a token is still a token).
            let render = { (color: Bool) in
                ComparisonReporter(color: color, glyphs: Glyphs.preferred(environment: io.environment))
                    .render(comparison, oldName: redaction.mask(parsed.positionals[0]), newName: redaction.mask(parsed.positionals[1]))
            }
            let text = render(color)
            io.writeOut(text)
            if let summaryPath = StepSummary.path(io) {
                // The summary's is the text without color: rendered again only when the terminal's has it.
                let plain = color ? render(false) : text
                let heading = "\(comparison.fails ? "❌" : "✅") specrun compare: \(comparison.fails ? "something regressed or did not run" : "nothing regressed")"
                StepSummary.append(StepSummary.fenced(plain, heading: heading), to: summaryPath, io: io)
            }
            if !comparison.incompleteNew.isEmpty {
                io.writeProblem(.warning, "\(parsed.positionals[1]) holds only part of the suite (\(comparison.incompleteNew.joined(separator: "; "))), "
                    + "so the comparison cannot show that nothing regressed; compare a NEW that ran the whole suite OLD ran "
                    + "(every shard merged, nothing interrupted, the same selection).")
            }
            return comparison.fails ? ExitStatus.testFailure : ExitStatus.success
        } catch {
            return io.usageFailure(error, command: "compare")
        }
    }
}
