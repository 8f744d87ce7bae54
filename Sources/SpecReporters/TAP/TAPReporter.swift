import SpecDiagnostics
import SpecResults

/// TAP: one test point per spec / case / engine (and one per invalid spec file), with a YAML diagnostics block for
/// everything that did not simply pass.
///
/// - The stream declares `TAP version 13`: it uses nothing that version 14 added (no subtests, no pragmas), and Perl's
///   `prove` before Test::Harness 3.48 (Perl 5.40) stops at a `TAP version 14` line, failing a run that passed.
/// - `skipped` and `not-run` → `ok … # SKIP reason`.
/// - `known-deviation` → `not ok … # TODO known deviation …`: TAP's TODO means "expected to fail, does not fail the
///   run", exactly a known deviation.
/// - `fixed-deviation` → `ok … # TODO …`: a TODO that passes is reported by TAP harnesses as unexpectedly passing,
///   which is what a fixed deviation is. Under `--strict` it is a plain `not ok` (it fails the run).
/// - The run's notes (`# note: …`) and warnings on spec files are `#` comments.
/// - Results that are not a whole run (tests not run, shards missing, a merge of shards that read other files or
///   selected other tests) end in `Bail out!`, after every test point, so a harness fails them.
public struct TAPReporter: Sendable {
    public init() {}

    /// The whole TAP stream, ending in a newline.
    public func render(_ run: RunResult) -> String {
        var points: [Point] = []
        let renderer = DiagnosticRenderer(color: false)
        let invalid = Dictionary(grouping: run.diagnostics.filter { $0.severity == .error }) { $0.location?.file ?? "" }
        for file in invalid.keys.sorted() {
            let errors = invalid[file] ?? []
            var fields: [(String, YAML)] = [
                ("message", .text(errors.count == 1 ? errors[0].message : "\(errors.count) errors in the spec file")),
                ("severity", .text("fail")),
                ("status", .text("invalid-spec")),
            ]
            if let location = errors.first?.location {
                fields.append(("at", .map([("file", .text(location.file)), ("line", .number(location.line)),
                                           ("column", .number(location.column))])))
            }
            fields.append(("diagnostics", .list(errors.map { .text(renderer.render($0)) })))
            points.append(point(ok: false, description: "\(file) › spec file", directive: nil, yaml: fields))
        }
        for test in run.tests {
            points.append(point(for: test, strict: run.strict))
        }
        var out = "TAP version 13\n1..\(points.count)\n"
        // How the results were put together (a merge, a shard missing): a comment, as warnings are.
        for note in run.notes {
            out += "# note: " + ControlCharacters.visible(note.replacingOccurrences(of: "\n", with: " ")) + "\n"
        }
        for diagnostic in run.diagnostics where diagnostic.severity != .error {
            for line in renderer.render(diagnostic).split(separator: "\n", omittingEmptySubsequences: false) {
                out += "# " + ControlCharacters.visible(String(line)) + "\n"
            }
        }
        for (index, point) in points.enumerated() {
            out += point.status + " \(index + 1)" + point.rest
        }
        // Results that are not a whole run (a run stopped by a signal, its tests `ok … # SKIP not run`; a merge that
        // lacks a shard or exits 1): `prove` said PASS (a CI review). `Bail out!` (TAP 13 and 14: the harness stops and
        // the run fails) after every test point, so each is still read and counted.
        if let reason = Self.bailOutReason(run) {
            out += "Bail out! " + ControlCharacters.visible(reason.replacingOccurrences(of: "\n", with: " ")) + "\n"
        }
        return out
    }

    /// Why the results are not a whole run, for the `Bail out!` line; nil for a whole run.
    static func bailOutReason(_ run: RunResult) -> String? {
        run.missingShardsSentence ?? run.notWholeRunReasons.first.map { "these results are not a whole run: \($0)" }
    }

    /// Writes the stream to `output`.
    public func write(_ run: RunResult, to output: inout some TextOutputStream) {
        output.write(render(run))
    }

    private func point(for test: TestResult, strict: Bool) -> Point {
        let firstLine = test.message?.split(separator: "\n").first.map(String.init)
        let reason = test.deviationReason.map { ": \($0)" } ?? ""
        switch test.status {
        case .passed:
            return point(ok: true, description: test.id, directive: nil, yaml: nil)
        case .skipped:
            return point(ok: true, description: test.id, directive: "SKIP " + (firstLine ?? "skipped"), yaml: nil)
        case .notRun:
            return point(ok: true, description: test.id, directive: "SKIP not run" + (firstLine.map { ": \($0)" } ?? ""),
                         yaml: nil)
        case .knownDeviation:
            return point(ok: false, description: test.id,
                         directive: "TODO known deviation on \(test.engine ?? "this engine")\(reason)",
                         yaml: fields(test, severity: "todo"))
        case .fixedDeviation where !strict:
            return point(ok: true, description: test.id,
                         // The declared reason before the advice: after it, it read as the advice's own (a review).
                         directive: "TODO fixed deviation" + (test.deviationReason.map { " (declared: \($0))" } ?? "")
                            + ", \(FixedDeviationAdvice.advice(test))", yaml: nil)
        case .fixedDeviation:
            var yaml = fields(test, severity: "fail")
            yaml[0] = ("message", .text("passed although the spec declares a known deviation\(reason); "
                + FixedDeviationAdvice.advice(test)))
            return point(ok: false, description: test.id, directive: nil, yaml: yaml)
        case .failed:
            return point(ok: false, description: test.id, directive: nil, yaml: fields(test, severity: "fail"))
        case .error:
            return point(ok: false, description: test.id, directive: nil, yaml: fields(test, severity: "error"))
        }
    }

    /// The YAML diagnostics of a test that did not pass: message first, then place, instants, diff, zone, lifecycle.
    private func fields(_ test: TestResult, severity: String) -> [(String, YAML)] {
        var fields: [(String, YAML)] = [
            ("message", .text(test.message ?? test.status.rawValue)),
            ("severity", .text(severity)),
            ("status", .text(test.status.rawValue)),
            ("at", .map([("file", .text(test.file)), ("line", .number(test.line))])),
        ]
        if let engine = test.engine { fields.append(("engine", .text(engine))) }
        if let zone = test.timeZone { fields.append(("zone", .text(zone))) }
        // A scenario whose schedule moved (`change-schedule`) names every zone it took, the first first (a hunt read
        // `zone: Europe/Berlin` for a failure in Lord Howe).
        if let lifecycle = test.lifecycle, lifecycle.changesZone, let first = test.timeZone {
            var zones = [first]
            for change in lifecycle.scheduleChanges where !zones.contains(change.timeZone) { zones.append(change.timeZone) }
            fields.append(("zones", .list(zones.map { .text($0) })))
        }
        if let reason = test.deviationReason { fields.append(("deviation", .text(reason))) }
        let text = FailureText(glyphs: .unicode)
        if !test.expected.isEmpty || !test.actual.isEmpty {
            fields.append(("expected", .list(test.expected.map { .text(text.instant($0)) })))
            fields.append(("actual", .list(test.actual.map { .text(text.instant($0)) })))
        }
        if !test.diff.isEmpty {
            fields.append(("diff", .list(text.diffLines(test.diff).map { .text($0.text) })))
        }
        if let context = test.toldZoneContext {
            fields.append(("transitions", .list(context.transitions.map { .text(text.zoneSentence(context.zone, $0)) })))
        }
        if let lifecycle = test.lifecycle {
            fields.append(("runs", .list(RunFolding(limit: text.maxShownLines).entries(lifecycle.runs).map { entry in
                let index: Int
                switch entry {
                case .folded(let count, let notCompleted): return .text(RunFolding.foldedText(count: count, notCompleted: notCompleted))
                case .run(let shown): index = shown
                }
                let run = lifecycle.runs[index]
                var entries: [(String, YAML)] = []
                if let planned = run.planned { entries.append(("planned", .text(planned.offsetForm))) }
                if let actual = run.actual { entries.append(("actual", .text(actual.offsetForm))) }
                if let key = run.key { entries.append(("key", .text(key))) }
                entries.append(("outcome", .text(run.outcome)))
                if let reason = run.reason { entries.append(("reason", .text(reason))) }
                return .map(entries)
            })))
            if !lifecycle.scheduleChanges.isEmpty {
                fields.append(("schedule-changes", .list(lifecycle.scheduleChanges.map { change in
                    var entries: [(String, YAML)] = [("at", .text(change.at.offsetForm)), ("change", .text(change.change)),
                                                     ("timezone", .text(change.timeZone)), ("previous-timezone", .text(change.previousTimeZone)),
                                                     ("version", .number(change.version))]
                    if let line = change.line { entries.append(("line", .number(line))) }
                    return .map(entries)
                })))
            }
            // The first `maxShownLines` of a list, then how many more (the JSON lists every one); nothing when empty.
            func folded<Item>(_ key: String, _ items: [Item], more: (Int) -> String, _ entries: (Item) -> [(String, YAML)]) {
                guard !items.isEmpty else { return }
                let shown = items.prefix(text.maxShownLines)
                var list: [YAML] = shown.map { .map(entries($0)) }
                if items.count > shown.count { list.append(.text("\(more(items.count - shown.count)) not shown (the JSON results list every one)")) }
                fields.append((key, .list(list)))
            }
            folded("app-events", lifecycle.appEvents, more: { "\($0) more" }) { event in
                [("at", .text(event.at.offsetForm)), ("step", .text(event.step))]
                    + (event.detail.isEmpty ? [] : [("detail", .text(event.detail))]) + (event.line.map { [("line", .number($0))] } ?? [])
            }
            // A refused launch step is no run: listed after the runs, as the terminal lists it.
            folded("refused-launches", lifecycle.refusedLaunches, more: { "\($0) more refused launch\($0 == 1 ? "" : "es")" }) { launch in
                [("at", .text(launch.at.offsetForm)), ("identifier", .text(launch.identifier)), ("error", .text(text.refusal(launch)))]
                    + (launch.earliestBegin.map { [("earliest-begin", .text($0.offsetForm))] } ?? [])
                    + (launch.line.map { [("line", .number($0))] } ?? [])
            }
            folded("other-errors", lifecycle.otherErrors, more: { "\($0) more error\($0 == 1 ? "" : "s")" }) { error in
                [("at", .text(error.at.offsetForm)), ("code", .text(error.code)), ("identifier", .text(error.identifier))]
                    + (error.line.map { [("line", .number($0))] } ?? []) + [("message", .text(error.message))]
            }
            let broken = lifecycle.expectations.filter { !$0.passed }.map {
                YAML.text("\($0.name): expected \($0.expected), actual \($0.actual)")
            } + lifecycle.invariants.filter { !$0.passed }.map {
                YAML.text($0.name + ($0.detail.map { ": \($0)" } ?? ""))
            }
            if !broken.isEmpty { fields.append(("broken", .list(broken))) }
        }
        if !test.diagnostics.isEmpty {
            let renderer = DiagnosticRenderer(color: false)
            fields.append(("diagnostics", .list(test.diagnostics.map { .text(renderer.render($0)) })))
        }
        return fields
    }

    /// A test point without its number, which is given once all points are known.
    private struct Point {
        var status: String
        var rest: String
    }

    private func point(ok: Bool, description: String, directive: String?, yaml: [(String, YAML)]?) -> Point {
        var line = " - " + Self.escapeDescription(description)
        if let directive {
            line += " # " + ControlCharacters.visible(directive).replacingOccurrences(of: "\n", with: " ")
        }
        line += "\n"
        if let yaml {
            line += "  ---\n" + YAML.map(yaml).lines(indent: 2).joined(separator: "\n") + "\n  ...\n"
        }
        return Point(status: ok ? "ok" : "not ok", rest: line)
    }

    /// TAP 14: `\` and `#` in a description are escaped with a backslash; a description is one line.
    static func escapeDescription(_ text: String) -> String {
        ControlCharacters.visible(text)
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "#", with: "\\#")
    }

    /// The small YAML subset the diagnostics blocks need; every string is double-quoted, so nothing is re-typed.
    indirect enum YAML {
        case text(String)
        case number(Int)
        case list([YAML])
        case map([(String, YAML)])

        func lines(indent: Int) -> [String] {
            let pad = String(repeating: " ", count: indent)
            switch self {
            case let .text(value): return [pad + Self.quoted(value)]
            case let .number(value): return [pad + "\(value)"]
            case let .list(items):
                if items.isEmpty { return [pad + "[]"] }
                return items.flatMap { item -> [String] in
                    if case let .text(value) = item { return [pad + "- " + Self.listItem(Self.quoted(value))] }
                    var itemLines = item.lines(indent: indent + 2)
                    itemLines[0] = pad + "- " + itemLines[0].dropFirst(indent + 2)
                    return itemLines
                }
            case let .map(entries):
                return entries.flatMap { key, value -> [String] in
                    switch value {
                    case .text, .number: return [pad + key + ": " + value.lines(indent: 0)[0]]
                    case let .list(items) where items.isEmpty: return [pad + key + ": []"]
                    case .list, .map: return [pad + key + ":"] + value.lines(indent: indent + 2)
                    }
                }
            }
        }

        /// A quoted list item that Perl's TAP::Parser::YAMLish also reads as a string: it takes `- "word: rest"` (the
        /// first run of non-blanks, then `:` and a blank) for a one-key map and dies on the quote. That colon is
        /// written `\x3A`, which every YAML reader turns back into `:`.
        static func listItem(_ quoted: String) -> String {
            var scalars = Array(quoted.unicodeScalars)
            func isBlank(_ index: Int) -> Bool { index >= scalars.count || scalars[index] == " " || scalars[index] == "\t" }
            while true {
                var end = 0
                while end < scalars.count, !isBlank(end) { end += 1 }
                var colon: Int?
                if end >= 2, scalars[end - 1] == ":" {
                    colon = end - 1
                } else {
                    var next = end
                    while next < scalars.count, isBlank(next) { next += 1 }
                    if end > 0, next < scalars.count, scalars[next] == ":", isBlank(next + 1) { colon = next }
                }
                guard let colon else { return String(String.UnicodeScalarView(scalars)) }
                scalars.replaceSubrange(colon...colon, with: Array("\\x3A".unicodeScalars))
            }
        }

        /// A YAML double-quoted scalar: `\`, `"`, control characters and YAML's extra line breaks escaped.
        static func quoted(_ value: String) -> String {
            var out = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\\": out += "\\\\"
                case "\"": out += "\\\""
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                default:
                    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                        || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF
                        // Direction overrides and isolates, escaped as the test line and every other report shows them.
                        || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
    }
}
