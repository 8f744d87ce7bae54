import Foundation
import SpecDiagnostics
import SpecResults

/// A fixed run with one test of every status, a diff across Berlin's spring gap, an autumn overlap, a lifecycle
/// scenario, spec-file diagnostics and text that every format must escape.
///
/// Every instant below is written three ways (UTC, offset form, abbreviation) and cross-checked against Python's
/// zoneinfo by `CrossCheck/fixture-instants.py`, which reads this file: run it after editing an instant.
enum RunResultFixture {
    static let berlinSpring = "specs/recurrence/berlin-spring.yaml"
    static let edgeCases = "specs/recurrence/edge-cases.yaml"
    static let catchUp = "specs/lifecycle/catch-up.yaml"
    static let typo = "specs/invalid/typo.yaml"

    /// An instant in Europe/Berlin. `local` is derived from the offset form, so a mistake shows up in the cross-check.
    static func berlin(_ utc: String, _ offsetForm: String, _ abbreviation: String, key: String? = nil) -> ResultInstant {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: utc) else { fatalError("fixture instant \(utc) is not RFC 3339") }
        // "2027-03-28T03:00:00+02:00" → "2027-03-28 03:00 CEST (+02:00)"
        let wall = offsetForm.prefix(16).replacingOccurrences(of: "T", with: " ")
        let offset = offsetForm.suffix(6)
        return ResultInstant(
            utc: utc, epochSeconds: date.timeIntervalSince1970, offsetForm: offsetForm,
            local: "\(wall) \(abbreviation) (\(offset))", key: key
        )
    }

    /// Berlin, spring 2027: at 2027-03-28T01:00:00Z the wall clock jumps from 02:00 CET (+01:00) to 03:00 CEST (+02:00).
    static let springTransition = ZoneContext.Transition(
        at: berlin("2027-03-28T01:00:00Z", "2027-03-28T03:00:00+02:00", "CEST"),
        offsetBefore: 3600, offsetAfter: 7200, localBefore: "02:00", localAfter: "03:00",
        abbreviationBefore: "CET", abbreviationAfter: "CEST"
    )

    /// Berlin, autumn 2027: at 2027-10-31T01:00:00Z the wall clock falls back from 03:00 CEST (+02:00) to 02:00 CET (+01:00).
    static let autumnTransition = ZoneContext.Transition(
        at: berlin("2027-10-31T01:00:00Z", "2027-10-31T02:00:00+01:00", "CET"),
        offsetBefore: 7200, offsetAfter: 3600, localBefore: "03:00", localAfter: "02:00",
        abbreviationBefore: "CEST", abbreviationAfter: "CET"
    )

    static let environment = Environment(
        os: "Linux", osVersion: "Debian GNU/Linux 12 (bookworm)", architecture: "x86_64", swiftVersion: "6.3.1",
        foundation: "swift-foundation 6.3.1", tzdataVersion: "2025b", zones: ["Europe/Berlin"],
        specrunVersion: "0.1.0", gitCommit: "8438e77c0ffee", startTime: "2026-05-04T08:00:00Z",
        commandLine: ["specrun", "--engine", "all", "specs/"]
    )

    static func id(_ file: String, _ spec: String, _ caseName: String? = nil, _ engine: String? = nil) -> String {
        TestResult.makeID(file: file, spec: spec, caseName: caseName, engine: engine)
    }

    // MARK: specs/lifecycle/catch-up.yaml

    static let catchUpSpec = "Nightly refresh catches up across the spring change"

    /// Planned 02:30 each night; the 29th's launch came at 04:00 and expired; the 30th never launched.
    static let catchUpFailed = TestResult(
        id: id(catchUp, catchUpSpec), file: catchUp, line: 1, spec: catchUpSpec, tags: ["lifecycle", "dst"],
        status: .failed, duration: 0.031, timeZone: "Europe/Berlin",
        message: "3 expectations not met and 1 invariant broken.",
        zoneContext: ZoneContext(zone: "Europe/Berlin", transitions: [springTransition]),
        lifecycle: LifecycleResult(
            runs: [
                .init(
                    planned: berlin("2027-03-27T01:30:00Z", "2027-03-27T02:30:00+01:00", "CET"),
                    actual: berlin("2027-03-27T01:31:00Z", "2027-03-27T02:31:00+01:00", "CET"),
                    key: "nightly-sync/v1/2027-03-27", outcome: "completed"
                ),
                .init(
                    planned: berlin("2027-03-29T00:30:00Z", "2027-03-29T02:30:00+02:00", "CEST"),
                    actual: berlin("2027-03-29T02:00:00Z", "2027-03-29T04:00:00+02:00", "CEST"),
                    key: "nightly-sync/v1/2027-03-29", outcome: "expired", reason: "write: cancelled"
                ),
                .init(
                    planned: berlin("2027-03-30T00:30:00Z", "2027-03-30T02:30:00+02:00", "CEST"),
                    actual: nil, key: "nightly-sync/v1/2027-03-30", outcome: "missed"
                ),
            ],
            invariants: [
                .init(name: "one completion per launch", passed: true),
                .init(name: "no temp files after a cancel", passed: false,
                      detail: "1 temp file left: sync-2027-03-29.partial"),
                .init(name: "success implies commit", passed: true),
            ],
            expectations: [
                .init(name: "completed", expected: "[true, false, true]", actual: "[true, false]", passed: false, line: 18),
                .init(name: "side-effects", expected: "2", actual: "1", passed: false, line: 19),
                .init(name: "temp-files", expected: "0", actual: "0", passed: true, line: 20),
                // The instant the spec writes, kept beside its text so the picture can draw it (zoneinfo: 01:00Z is
                // 03:00 CEST on 2027-03-29).
                .init(name: "runs[2].actual", expected: "2027-03-29T03:00:00+02:00",
                      actual: "2027-03-29T04:00:00+02:00 (planned, key as expected)", passed: false, line: 22,
                      expectedInstant: berlin("2027-03-29T01:00:00Z", "2027-03-29T03:00:00+02:00", "CEST")),
            ],
            // A launch step at 02:20 CEST (00:20Z), before the request's floor 02:30 CEST (00:30Z): refused, no run.
            refusedLaunches: [
                .init(at: berlin("2027-03-29T00:20:00Z", "2027-03-29T02:20:00+02:00", "CEST"),
                      identifier: "com.example.app.refresh", error: "launch-before-earliest-begin",
                      earliestBegin: berlin("2027-03-29T00:30:00Z", "2027-03-29T02:30:00+02:00", "CEST"), line: 12),
            ]
        )
    )

    static let expirationSpec = "Expiration during parse leaves no trace"

    static let expirationPassed = TestResult(
        id: id(catchUp, expirationSpec), file: catchUp, line: 30, spec: expirationSpec, tags: ["lifecycle"],
        status: .passed, duration: 0.012,
        lifecycle: LifecycleResult(
            runs: [.init(
                planned: nil, actual: berlin("2027-03-29T00:31:00Z", "2027-03-29T02:31:00+02:00", "CEST"),
                key: nil, outcome: "expired"
            )],
            invariants: [
                .init(name: "one completion per launch", passed: true),
                .init(name: "no temp files after a cancel", passed: true),
            ],
            expectations: [.init(name: "completed", expected: "[false]", actual: "[false]", passed: true)]
        )
    )

    // MARK: specs/recurrence/berlin-spring.yaml

    static let nightlySpec = "Nightly sync at 02:30 in Berlin across the spring change"

    /// 02:30 on the 28th does not exist (02:00 → 03:00), so `skip` gives the 27th, 29th and 30th.
    static let nightlyOccurrences = [
        berlin("2027-03-27T01:30:00Z", "2027-03-27T02:30:00+01:00", "CET", key: "nightly-sync/v1/2027-03-27"),
        berlin("2027-03-29T00:30:00Z", "2027-03-29T02:30:00+02:00", "CEST", key: "nightly-sync/v1/2027-03-29"),
        berlin("2027-03-30T00:30:00Z", "2027-03-30T02:30:00+02:00", "CEST", key: "nightly-sync/v1/2027-03-30"),
    ]

    static let nightlyPassed = TestResult(
        id: id(berlinSpring, nightlySpec, nil, "core"), file: berlinSpring, line: 1, spec: nightlySpec,
        engine: "core", tags: ["dst", "europe"], status: .passed, duration: 0.004, timeZone: "Europe/Berlin",
        expected: nightlyOccurrences, actual: nightlyOccurrences,
        diff: nightlyOccurrences.map { DiffLine(kind: .same, expected: $0, actual: $0) }
    )

    static let policySpec = "Berlin 02:30, one search per policy"

    static let gapSkippedPassed = TestResult(
        id: id(berlinSpring, policySpec, "spring gap skipped", "core"), file: berlinSpring, line: 26,
        spec: policySpec, caseName: "spring gap skipped", engine: "core", tags: ["dst"], status: .passed,
        duration: 0.002, timeZone: "Europe/Berlin",
        expected: [berlin("2027-03-29T00:30:00Z", "2027-03-29T02:30:00+02:00", "CEST")],
        actual: [berlin("2027-03-29T00:30:00Z", "2027-03-29T02:30:00+02:00", "CEST")]
    )

    /// `next-valid-time` must give T itself, 03:00 CEST; the engine under test shifted forward to 03:30 instead.
    static let firstValidFailed = TestResult(
        id: id(berlinSpring, policySpec, "spring gap, first valid time", "core"), file: berlinSpring, line: 29,
        spec: policySpec, caseName: "spring gap, first valid time", engine: "core", tags: ["dst"], status: .failed,
        duration: 0.003, timeZone: "Europe/Berlin",
        message: "The next occurrence after 2027-03-28T00:00:00+01:00 is not the expected one.",
        expected: [berlin("2027-03-28T01:00:00Z", "2027-03-28T03:00:00+02:00", "CEST")],
        actual: [berlin("2027-03-28T01:30:00Z", "2027-03-28T03:30:00+02:00", "CEST")],
        diff: [
            DiffLine(kind: .missing, expected: berlin("2027-03-28T01:00:00Z", "2027-03-28T03:00:00+02:00", "CEST"), actual: nil,
                     expectedLine: 31),
            DiffLine(kind: .unexpected, expected: nil, actual: berlin("2027-03-28T01:30:00Z", "2027-03-28T03:30:00+02:00", "CEST")),
        ],
        zoneContext: ZoneContext(zone: "Europe/Berlin", transitions: [springTransition])
    )

    static let firstValidFixed = TestResult(
        id: id(berlinSpring, policySpec, "spring gap, first valid time", "foundation"), file: berlinSpring, line: 29,
        spec: policySpec, caseName: "spring gap, first valid time", engine: "foundation", tags: ["dst"],
        status: .fixedDeviation, duration: 0.002, timeZone: "Europe/Berlin",
        deviationReason: "Calendar .nextTime returned 04:00 on Swift 5.10",
        expected: [berlin("2027-03-28T01:00:00Z", "2027-03-28T03:00:00+02:00", "CEST")],
        actual: [berlin("2027-03-28T01:00:00Z", "2027-03-28T03:00:00+02:00", "CEST")]
    )

    /// 02:30 happens twice on 2027-10-31 (CEST, then CET an hour later); `both` wants both, Foundation gave one.
    static let autumnKnown = TestResult(
        id: id(berlinSpring, policySpec, "autumn, both, three searches", "foundation"), file: berlinSpring, line: 33,
        spec: policySpec, caseName: "autumn, both, three searches", engine: "foundation", tags: ["dst"],
        status: .knownDeviation, duration: 0.002, timeZone: "Europe/Berlin",
        message: "1 expected occurrence was not produced.",
        deviationReason: "Calendar has no repeatedTimePolicy for both; two searches skip the second 02:30",
        expected: [
            berlin("2027-10-31T00:30:00Z", "2027-10-31T02:30:00+02:00", "CEST", key: "berlin/v1/2027-10-31"),
            berlin("2027-10-31T01:30:00Z", "2027-10-31T02:30:00+01:00", "CET", key: "berlin/v1/2027-10-31~2"),
            berlin("2027-11-01T01:30:00Z", "2027-11-01T02:30:00+01:00", "CET", key: "berlin/v1/2027-11-01"),
        ],
        actual: [
            berlin("2027-10-31T00:30:00Z", "2027-10-31T02:30:00+02:00", "CEST", key: "berlin/v1/2027-10-31"),
            berlin("2027-11-01T01:30:00Z", "2027-11-01T02:30:00+01:00", "CET", key: "berlin/v1/2027-11-01"),
        ],
        diff: [
            DiffLine(
                kind: .same,
                expected: berlin("2027-10-31T00:30:00Z", "2027-10-31T02:30:00+02:00", "CEST", key: "berlin/v1/2027-10-31"),
                actual: berlin("2027-10-31T00:30:00Z", "2027-10-31T02:30:00+02:00", "CEST", key: "berlin/v1/2027-10-31")
            ),
            DiffLine(
                kind: .missing,
                expected: berlin("2027-10-31T01:30:00Z", "2027-10-31T02:30:00+01:00", "CET", key: "berlin/v1/2027-10-31~2"),
                actual: nil
            ),
            DiffLine(
                kind: .same,
                expected: berlin("2027-11-01T01:30:00Z", "2027-11-01T02:30:00+01:00", "CET", key: "berlin/v1/2027-11-01"),
                actual: berlin("2027-11-01T01:30:00Z", "2027-11-01T02:30:00+01:00", "CET", key: "berlin/v1/2027-11-01")
            ),
        ],
        zoneContext: ZoneContext(zone: "Europe/Berlin", transitions: [autumnTransition])
    )

    // MARK: specs/recurrence/edge-cases.yaml

    static let yearEndSpec = "Leap day every year, searched from the end of 9999"

    /// A real run's error (`instant-out-of-range`, the window's end written with -12:00 on 9999-12-31), with a second
    /// line that carries a newline, quotes, `%`, `:`, `,` and an ESC control character: every format must escape them.
    static let yearEndError = TestResult(
        id: id(edgeCases, yearEndSpec), file: edgeCases, line: 1, spec: yearEndSpec, tags: ["bounds"], status: .error,
        duration: 0.001, timeZone: "Europe/Berlin",
        message: "no search can start from the window end, which is in the year 10000 (see below)"
            + "\nwritten: {after: 9999-12-30T00:00:00Z, through: \"9999-12-31T23:59:59-12:00\"}, 100% past the end\u{1B}.",
        diagnostics: [Diagnostic(
            code: "instant-out-of-range", severity: .error,
            location: SourceLocation(file: edgeCases, line: 7, column: 48),
            message: "the window end 10000-01-01T11:59:59Z is in the year 10000 once its offset is applied; "
                + "searches start no later than 9999-12-31T23:59:59Z, so write an earlier instant",
            sourceLine: "window: {after: 9999-12-30T00:00:00Z, through: 9999-12-31T23:59:59-12:00}", length: 25
        )]
    )

    static let saoPauloSpec = "São Paulo \"midnight\" change & <2018>"

    static let saoPauloSkipped = TestResult(
        id: id(edgeCases, saoPauloSpec), file: edgeCases, line: 12, spec: saoPauloSpec, tags: ["dst", "americas", "<b>"],
        status: .skipped, duration: 0, timeZone: "America/Sao_Paulo",
        message: "tzdata on this image predates the fix, see issue #12: 100% reproducible"
    )

    static let lordHoweSpec = "Lord Howe half-hour change"

    static let lordHoweNotRun = TestResult(
        id: id(edgeCases, lordHoweSpec), file: edgeCases, line: 20, spec: lordHoweSpec, tags: ["dst"],
        status: .notRun, duration: 0, timeZone: "Australia/Lord_Howe",
        message: "the run stopped after --max-failures 1"
    )

    // MARK: the run

    static let typoDiagnostic = Diagnostic(
        code: "unknown-key", severity: .error, location: SourceLocation(file: typo, line: 4, column: 3),
        message: "unknown key 'timezon' in schedule; did you mean 'timezone'?",
        sourceLine: "  timezon: Europe/Berlin", length: 7,
        notes: [.init(message: "allowed here: id, version, timezone, rule, nonexistent, repeated, limit")]
    )

    /// The window's end is written with +01:00, but Berlin is at +02:00 on 2027-03-30.
    static let offsetWarning = Diagnostic(
        code: "offset-mismatch", severity: .warning, location: SourceLocation(file: berlinSpring, line: 15, column: 12),
        message: "2027-03-30T12:00:00+01:00 is 2027-03-30 13:00 CEST (+02:00) in Europe/Berlin; "
            + "did you mean 2027-03-30T12:00:00+02:00?",
        sourceLine: "  through: 2027-03-30T12:00:00+01:00", length: 25
    )

    /// The tests in plan order: file, then line, then id.
    static let tests: [TestResult] = [
        catchUpFailed, expirationPassed,
        nightlyPassed, gapSkippedPassed, firstValidFailed, firstValidFixed, autumnKnown,
        yearEndError, saoPauloSkipped, lordHoweNotRun,
    ]

    static let run = RunResult(
        environment: environment,
        files: [typo, catchUp, berlinSpring, edgeCases],
        diagnostics: [typoDiagnostic, offsetWarning].sorted { $0.location! < $1.location! },
        tests: tests
    )
}
