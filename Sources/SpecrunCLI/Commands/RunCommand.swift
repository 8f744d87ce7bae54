import Foundation
import SpecDiagnostics
import SpecModel
import SpecParser
import SpecReporters
import SpecResults
import SpecRunner
import TaskHarness

/// `specrun [run] [options] PATH...`: read every spec, run the plan, report, exit 0 / 1 / 2.
struct RunCommand {
    let io: CommandIO
    let commandLine: [String]

    static let options: [OptionSpec] = [
        OptionSpec(name: "help", short: "h", help: "Show this help."),
        OptionSpec(name: "version", help: "Show specrun's version."),
        OptionSpec(name: "strict", help: "Treat warnings (lint) as errors, and fixed known deviations as failures."),
        OptionSpec(name: "quiet", short: "q", help: "Print only failures, errors, the warnings they point at, and the summary; no progress."),
        OptionSpec(name: "verbose", short: "v", help: "Show what each passing test checked (a spec's occurrences with keys, a scenario's runs), and every diagnostic, copies and all."),
        OptionSpec(name: "color", valueName: "WHEN", help: "Color the report: auto (default: a terminal, or FORCE_COLOR; never with NO_COLOR), always, never.",
                   allowedValues: ["auto", "always", "never"]),
        OptionSpec(name: "engine", valueName: "NAME", help: "Run recurrence specs on core, foundation or all (default: each spec's engines, else core).",
                   allowedValues: ["core", "foundation", "all"]),
        OptionSpec(name: "jobs", short: "j", valueName: "N", help: "Run N specs at once (default: the number of cores)."),
        OptionSpec(name: "filter", valueName: "REGEX", help: "Run only tests whose id (file › spec › case › engine) matches."),
        OptionSpec(name: "tag", valueName: "TAG", help: "Run only specs with this tag (repeatable: any of them).", repeatable: true),
        OptionSpec(name: "exclude-tag", valueName: "TAG", help: "Skip specs with this tag (repeatable).", repeatable: true),
        OptionSpec(name: "shard", valueName: "I/N", help: "Run shard I of N (by a stable hash of each test id)."),
        OptionSpec(name: "list", help: "Print the expanded plan (one test id per line) without running it."),
        OptionSpec(name: "fail-fast", help: "Stop at the first failure in plan order (--max-failures 1)."),
        OptionSpec(name: "max-failures", valueName: "N", help: "Stop at the Nth failure in plan order: the same tests run at any --jobs."),
        OptionSpec(name: "last-failed", valueName: "RESULTS.json", help: "Run only the tests that failed or errored in RESULTS.json (from --json); of a --strict run, its fixed deviations too."),
        ResultsFile.sizeOption,
        OptionSpec(name: "timeout", valueName: "SECONDS", help: "Report a test that runs longer as an error, up to 86400 (default: 10)."),
    ] + RunLimits.options + ResultOutputs.options + RedactionOptions.options

    static var help: String {
        """
        OVERVIEW: Run YAML specs of schedules and background-task lifecycles; report what passed.

        USAGE: specrun [options] PATH...
               specrun COMMAND [options] …   (see 'specrun COMMAND --help')

        COMMANDS:
        \(SpecrunCommand.commandsHelp)

        ARGUMENTS:
          PATH                 A spec file, or a folder searched recursively for *.yaml and *.yml.

        OPTIONS:
        \(OptionParser(options: options).helpLines().joined(separator: "\n"))

        EXIT STATUS:
          0    every test passed (known deviations included)
          1    a test failed
          2    a spec file or the command line was invalid (every valid spec still ran)
          130  interrupted (SIGINT); 143 terminated (SIGTERM); 128 + N for SIGHUP, SIGQUIT, SIGUSR1,
               SIGUSR2, SIGALRM, SIGXCPU: results written for what finished

        """
    }

    func execute(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        var configuration: RunConfiguration
        do {
            parsed = try OptionParser(options: Self.options).parse(arguments)
            if parsed.flag("help") {
                io.writeOut(Self.help)
                return ExitStatus.success
            }
            if parsed.flag("version") {
                // The build ID in full, as the results' `specrunBuild` and `readelf -n` write it, so one can be matched.
                io.writeOut("specrun \(SpecrunCommand.version)" + (BuildIdentity.current.map { " (build \($0))" } ?? "") + "\n")
                return ExitStatus.success
            }
            configuration = try RunConfiguration(parsed, environment: io.environment)
        } catch {
            return usageFailure(error)
        }
        for warning in configuration.readWarnings { io.writeProblem(.warning, warning) }

        // From here on a signal stops the run instead of killing it: reading many files takes time too.
        SignalTrap.install(environment: io.environment)
        let stopPoint = TestStopPoint(environment: io.environment)
        let loaded = SpecLoader(
            strict: configuration.strict, parser: configuration.limits.parser, jobs: configuration.jobs,
            shouldStop: { SignalTrap.received != nil }, fileRead: { stopPoint.reached(.firstFileRead) },
            namedFiles: configuration.namedFiles
        ).load(configuration.files)
        // Diagnostics' source lines are masked with the lines around them, read again from their files (few).
        let sources = SourceContextReader(maxBytes: configuration.limits.yaml.maxBytes).lookup
        let fullPlan = TestPlan(specs: loaded.specs, engines: configuration.engines)
        // Masked ids numbered over the whole plan, so that every shard and rerun numbers a test alike.
        let maskedIDs = MaskedTestIDs(planIDs: fullPlan.items.map(\.id), redaction: configuration.redaction)
        if configuration.lastFailed != nil {
            // Archived ids may be masked: each selects the tests whose ids this run's redaction masks to it.
            let matched = LastFailedMatch.resolve(
                configuration.lastFailedTests, plan: fullPlan, specs: loaded.specs, redaction: configuration.redaction, ids: maskedIDs)
            configuration.lastFailedTests = matched.tests
            if let first = matched.shared.first, let path = configuration.lastFailed {
                // Told apart only by their order: reordered specs rerun another one. The lines say whether they moved.
                let count = matched.shared.count
                let moved = matched.shared.filter { $0.lineNow != nil && $0.lineNow != $0.line }
                let lines = moved.first.map { "it failed on line \($0.line), and the test rerun as it is on line \($0.lineNow!) now: "
                    + "if those specs were reordered, it is another one" }
                    ?? "the test rerun as it is on line \(first.line), where it failed (after two such specs swap places, the other "
                        + "one is there)"
                io.writeProblem(moved.isEmpty ? .note : .warning, configuration.redaction.mask(ControlCharacters.visible(count == 1
                    ? "the test that failed in '\(path)', '\(first.id)', is one of \(first.count) tests whose names are masked alike, "
                        + "told apart only by their order in the plan; \(lines). To run one by its own name: --filter "
                        + "'<unmasked name>' without --last-failed (a filter reads names unmasked; the number is not in them)."
                    : "\(count) tests that failed in '\(path)' are each one of several tests whose names are masked alike (e.g. "
                        + "'\(first.id)', one of \(first.count)), told apart only by their order in the plan; "
                        + (moved.isEmpty ? "each test rerun is on the line its failure was on" : "\(moved.count) of them are on "
                            + "other lines now (e.g. \(lines))") + ". To run one by its own name: --filter '<unmasked name>' without "
                        + "--last-failed (a filter reads names unmasked; the number is not in them).")))
            }
            // A failure whose file was renamed or split, or given by another path, is found by its spec, case and engine.
            let relocated = LastFailedMatch.relocate(configuration.lastFailedTests, plan: fullPlan, redaction: configuration.redaction)
            configuration.lastFailedTests = relocated.tests
            if let first = relocated.moved.first, let path = configuration.lastFailed {
                let count = relocated.moved.count
                let file = { (id: String) in id.components(separatedBy: " › ")[0] }
                let files = "'\(file(first.from))' → '\(file(first.to))'"
                // "Found", not "rerun": a filter, tag or shard may still leave it out, which the notes below say.
                io.writeProblem(.note, configuration.redaction.mask(count == 1
                    ? "1 test that failed in '\(path)' is in another file now, found there by its spec, case and engine: "
                        + "\(files) (a renamed or split file, or a run started from another folder)."
                    : "\(count) tests that failed in '\(path)' are in other files now, found there by their spec, case and "
                        + "engine, e.g. \(files) (a renamed or split file, or a run started from another folder)."))
            }
            if let first = relocated.ambiguous.first, let path = configuration.lastFailed {
                // Names masked alike (or a copy): which test it is cannot be told, and the refusal's "run from that
                // folder" would not help (a review).
                let count = relocated.ambiguous.count
                let which = count == 1 ? "1 test that failed in '\(path)' ('\(first.id)') is" : "\(count) tests that failed in '\(path)' are"
                io.writeProblem(.note, configuration.redaction.mask(
                    "\(which) not found by spec, case and engine either: \(first.candidates) tests of this run have those names "
                    + "(masked alike, or copied); select the one meant with --filter."))
            }
            configuration.selection.ids = Set(configuration.lastFailedTests.map(\.id))
        }
        let plan: TestPlan
        do {
            plan = try configuration.selection.apply(to: fullPlan)
        } catch .filterTimedOut(let id) {
            return usageFailure(UsageError(NestedRepetition.timedOut(source: configuration.selection.filter ?? "", option: "--filter", text: "the test id '\(id)'")))
        } catch {
            // RunConfiguration.checkFilter refused a bad pattern already; this stays for a pattern Foundation refuses later.
            return usageFailure(UsageError("the value '\(configuration.selection.filter ?? "")' is not allowed for '--filter': it is not a valid regular expression; fix it, e.g. --filter 'Berlin.*spring'."))
        }
        let coverage = configuration.lastFailed.map { _ in
            LastFailedCoverage(failed: configuration.lastFailedTests, specs: loaded.specs, plan: fullPlan, selected: plan,
                               files: configuration.files)
        }
        if let problem = EmptySelection.engineProblem(specs: loaded.specs, plan: fullPlan, engines: configuration.engines) {
            return usageFailure(problem)
        }
        if let problem = EmptySelection.problem(plan: fullPlan, selected: plan, selection: configuration.selection,
                                                lastFailed: configuration.lastFailed, coverage: coverage, engineGiven: configuration.engineGiven) {
            return usageFailure(problem)
        }
        for warning in EmptySelection.unmatchedExclusions(plan: fullPlan, selection: configuration.selection) {
            io.writeProblem(.warning, configuration.redaction.mask(warning))
        }
        if let path = configuration.lastFailed, configuration.selection.ids?.isEmpty == true {
            io.writeProblem(.note, "no test failed or errored in '\(path)'; nothing to run.")
        }
        if let path = configuration.lastFailed, configuration.lastFailedNotRun > 0 {
            // Rerunning the failures of a run that stopped early looks green while the rest never ran (a review).
            let count = configuration.lastFailedNotRun
            io.writeProblem(.note, configuration.redaction.mask(
                "'\(path)' also holds \(count) test\(count == 1 ? "" : "s") that did not run (its run stopped early: --max-failures, "
                + "--fail-fast or a signal); --last-failed reruns only its failures: run without it to run \(count == 1 ? "that one" : "those") too."))
        }
        if let path = configuration.lastFailed, let coverage {
            for note in coverage.notes(path: path, selection: configuration.selection, engineGiven: configuration.engineGiven) {
                io.writeProblem(.note, configuration.redaction.mask(note))
            }
        }
        if configuration.listOnly {
            if let signal = SignalTrap.received { return SignalTrap.exitStatus(for: signal) }
            // Stdout keeps only the ids (for scripts); why a file's tests are missing goes to stderr, as a run would say it.
            let shown = configuration.quiet ? loaded.diagnostics.filter { $0.severity == .error } : loaded.diagnostics
            let renderer = DiagnosticRenderer(color: io.useColorOnStderr(configuration.colorChoice))
            for diagnostic in shown {
                io.writeError(renderer.render(diagnostic.redacted(by: configuration.redaction, sources: sources)) + "\n\n")
            }
            io.writeOut(plan.items.map { ControlCharacters.visible(maskedIDs.maskedID($0.id, by: configuration.redaction)) + "\n" }.joined())
            return loaded.diagnostics.contains { $0.severity == .error } ? ExitStatus.invalidInput : ExitStatus.success
        }

        let scenarioFolders = ScenarioFolderTracker()
        let runner = SpecRunner(options: .init(
            occurrenceLimit: configuration.limits.occurrences, monotonicNanoseconds: io.monotonicNanoseconds,
            fixtureByteLimit: configuration.limits.yaml.maxBytes, scenarioFolders: scenarioFolders,
            strict: configuration.strict))
        let progress = ProgressLine(io: io, enabled: ProgressLine.shows(io: io, quiet: configuration.quiet))
        let execution = PlanExecution(runner: runner, settings: .init(
            jobs: configuration.jobs,
            timeout: configuration.timeout,
            maxFailures: configuration.maxFailures,
            shouldStop: { SignalTrap.received != nil },
            progress: { done, total in progress.update(done: done, total: total) },
            firstResult: { stopPoint.reached(.firstResult) }))
        let (tests, stop) = await execution.run(plan)
        progress.finish()

        let environment = EnvironmentProbe(io: io).environment(
            // With the zones a scenario's schedule moved to (`change-schedule`).
            zones: Set(tests.compactMap(\.timeZone) + tests.flatMap { $0.lifecycle?.scheduleChanges.map(\.timeZone) ?? [] }).sorted(),
            specPaths: configuration.paths,
            commandLine: RedactionOptions.maskingPatterns(in: commandLine),
            notesGitRefusal: ResultOutputs(parsed).writesAny)
        // Masked once, here: every reporter below renders the same redacted results.
        // `files` holds the files read (docs/results.schema.json): a file a signal kept from being read is named in
        // the notes instead, and merging such results with a complete shard must not claim it was read.
        let unread = Set(loaded.unread)
        let budgetNote = Self.budgetNote(stop, tests)
        let result = RunResult(
            environment: environment, files: unread.isEmpty ? configuration.files : configuration.files.filter { !unread.contains($0) },
            diagnostics: loaded.diagnostics, tests: tests,
            strict: configuration.strict, notes: Self.unreadNote(loaded.unread, of: configuration.files) + configuration.savedAsTextNote + budgetNote,
            shard: configuration.selection.shard
        ).pointingFailuresAtWarnings().redacted(by: configuration.redaction, jobs: configuration.jobs, sources: sources, ids: maskedIDs)

        let glyphs = Glyphs.preferred(environment: io.environment)
        io.writeOut(TerminalReporter(color: io.useColor(configuration.colorChoice), quiet: configuration.quiet, glyphs: glyphs,
                                     verbose: configuration.verbose,
                                     diagnosticsPerFile: configuration.verbose ? nil : DiagnosticDigest.defaultPerFile).render(result))
        if io.environment["GITHUB_ACTIONS"] == "true" {
            io.writeOut(GitHubAnnotationsReporter(filePath: io.annotationPath).render(result))
        }
        let problems = ResultOutputs(parsed).write(result, jobs: configuration.jobs, midWrite: { stopPoint.reached(.midWrite) })
        for problem in problems {
            io.writeProblem(.error, problem)
        }
        StepSummary.append(run: result, io: io, specFiles: configuration.files)
        // Not masked (writeProblem): the pattern's own search would mask the warning whole; it quotes no pattern.
        for warning in RedactionOptions.timedOutWarnings(configuration.redaction) {
            io.writeError("specrun: warning: \(warning)\n")
        }
        let status: Int32
        if case .noThreads(let code) = stop {
            io.writeProblem(.error, ThreadLimit.problem(code))
            status = ExitStatus.invalidInput
        } else if let signal = SignalTrap.received {
            let name = SignalTrap.name(of: signal)
            let notRun = tests.filter { $0.status == .notRun }.count
            let unread = loaded.unread.isEmpty ? "" : "; \(loaded.unread.count) of \(configuration.files.count) spec files were not read"
            let finished = tests.count - notRun
            io.writeError("specrun: stopped by \(name): \(finished) test\(finished == 1 ? "" : "s") finished, \(notRun) "
                + "\(notRun == 1 ? "was" : "were") not run (marked not-run in the results)\(unread)\n")
            status = SignalTrap.exitStatus(for: signal)
        } else if let note = budgetNote.first {
            // Said where a signal's stop is said, not only on each test's line (a review saw only the not-run count).
            io.writeError("specrun: \(note)\n")
            status = problems.isEmpty ? result.summary.exitStatus(strict: configuration.strict) : ExitStatus.invalidInput
        } else if !problems.isEmpty {
            status = ExitStatus.invalidInput
        } else {
            status = result.summary.exitStatus(strict: configuration.strict)
        }
        BackgroundRelease.release((consume loaded, consume fullPlan, consume plan, consume tests, consume result))
        // A scenario abandoned at --timeout, or stopped by a signal, may still be on its last step: its folder of
        // SQLite files in TMPDIR was left behind when the process ended first.
        scenarioFolders.removeUnfinished()
        return status
    }

    private func usageFailure(_ error: UsageError) -> Int32 {
        io.usageFailure(error)
    }

    /// The results' note when a signal came while spec files were read: their tests are not in the results at all
    /// (not even as not-run), so a reader must be told they are missing, and which files to look at first.
    /// The run's note when the failure budget stopped it: where, and how many tests it left.
    static func budgetNote(_ stop: PlanExecution.Stop?, _ tests: [TestResult]) -> [String] {
        guard case .failureBudget(let budget)? = stop else { return [] }
        let notRun = tests.filter { $0.status == .notRun }.count
        // Reached at the last test, it stopped nothing ("0 tests were not run", a CI review).
        guard notRun > 0 else { return [] }
        return ["the run stopped at its \(budget == 1 ? "first failure (--fail-fast / --max-failures 1)" : "failure number \(budget) (--max-failures \(budget))"), "
            + "counted in plan order: \(notRun) test\(notRun == 1 ? " was" : "s were") not run (marked not-run in the results)"]
    }

    static func unreadNote(_ unread: [String], of files: [String]) -> [String] {
        guard let first = unread.first else { return [] }
        let more = unread.count > 1 ? " and \(unread.count - 1) more" : ""
        return ["the run was stopped while spec files were read: \(unread.count) of \(files.count) were not read "
            + "(\(first)\(more)), " + RunResult.unreadFilesNoteEnding]
    }
}
