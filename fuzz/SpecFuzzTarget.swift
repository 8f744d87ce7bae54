import Foundation
import Recurrence
import SpecDiagnostics
import SpecLint
import SpecModel
import SpecParser

/// libFuzzer's entry: one input is one spec file's bytes, read as `specrun` reads a file.
///
/// Reading (the parser reads the YAML itself), parsing, the cross-file name check, the lint and the rendering of
/// every diagnostic all run, then the core engine runs every recurrence spec the parser accepted — its window and
/// each case's searches, with every override — so a crash, an overflow, a sanitizer report or a hang anywhere on
/// that path is found. The limits are the defaults except the file size (libFuzzer's `-max_len` bounds the input
/// instead) and the occurrences per window (2,000 instead of 100,000, to keep each input fast; past it the engine
/// ends with its error, as a run does). The Foundation engine is left out: it is Foundation's code, and too slow
/// for a fuzzer (milliseconds per month-rule occurrence).
@_cdecl("LLVMFuzzerTestOneInput")
public func specFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let file = SpecParser().parse(path: "fuzz.yaml", bytes: bytes)
    // Two copies of the same file: the duplicate-name check then has names to compare across files.
    let files = SpecLinter().lint(DuplicateSpecNames.rejecting(in: [file, file]))
    let renderer = DiagnosticRenderer()
    var rendered = 0
    for diagnostic in files.flatMap(\.diagnostics) {
        rendered &+= renderer.render(diagnostic).utf8.count
    }
    for spec in file.specs {
        if case .recurrence(let recurrence) = spec.body { rendered &+= runCore(recurrence) }
    }
    return rendered < 0 ? 1 : 0
}

/// Runs a spec as the runner's core engine does: the window, then each case's chained searches. Returns a count
/// of what was produced (its keys' and wall times' lengths), so nothing is optimised away.
private func runCore(_ recurrence: RecurrenceSpec) -> Int {
    var produced = 0
    func schedule(_ overrides: CaseSpec.Overrides) -> Schedule? { try? recurrence.schedule.schedule(overriding: overrides) }
    func count(_ occurrence: Occurrence, in zone: TimeZone) {
        let offset = zone.secondsFromGMT(for: occurrence.date)
        produced &+= occurrence.key.description.utf8.count &+ WallTimeText.local(occurrence.date, offset: offset).time.utf8.count
    }
    if let window = recurrence.window, window.through.date > window.after.date, let schedule = schedule(.init()) {
        if let occurrences = try? schedule.occurrences(in: Window(after: window.after.date, through: window.through.date), limit: 2_000) {
            for occurrence in occurrences { count(occurrence, in: schedule.timeZone) }
        }
    }
    for caseSpec in recurrence.cases {
        guard let schedule = schedule(caseSpec.overrides) else { continue }
        var cursor = caseSpec.after.date
        for _ in 0..<max(1, caseSpec.next.count) {
            guard let next = try? schedule.next(after: cursor) else { break }
            count(next, in: schedule.timeZone)
            cursor = next.date
        }
    }
    return produced
}

/// libFuzzer calls this once before any input. Parsing one recurrence spec and one lifecycle scenario here builds
/// the parser's lazily initialised globals (the key catalog, the zone list, the abbreviation cache); otherwise the
/// first input that reaches them would seem to "leak" them to LeakSanitizer, which cannot follow Swift's tagged
/// pointers from those globals to their strings.
@_cdecl("LLVMFuzzerInitialize")
public func specFuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    let warmUp = """
        spec: warm-up recurrence
        tags: [dst]
        schedule: {id: w, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: both}
        window: {after: 2027-03-27T00:00:00+01:00, through: 2027-03-30T00:00:00+02:00}
        expect: {occurrences: [2027-03-27T02:30:00+01:00, {at: 2027-03-29T02:30:00+02:00, key: w/v1/2027-03-29}]}
        cases:
          - {name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00, timezone: Europe/Berln}
        ---
        spec: warm-up lifecycle
        task: {identifier: com.example.app.refresh, kind: refresh, permitted: [com.example.app.refresh], background-modes: [fetch]}
        job: {items: ["1"], stages: [download, parse, write]}
        schedule: {id: w, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
        app: {retry: {backoff: exponential, delay: 1m}}
        system: {availability: available}
        clock: 2027-03-29T00:00:00+02:00
        steps:
          - {at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, fail: {stage: write, error: disk-full}}
          - {at: 2027-03-29T03:00:00+02:00, advance: 1m}
        expect: {completed: [false], store: {items: [], commits: 0}, runs: [{key: w/v1/2027-03-29}], log: {never: ["x"]}, errors: [], unknown-key: 1}
        """
    _ = specFuzzTestOneInput(Array(warmUp.utf8), warmUp.utf8.count)
    return 0
}
