import Recurrence
import SpecModel
import SpecResults

/// The expanded plan: one item per spec / case / engine, in file order, each with its stable id.
///
/// Within a spec, items are ordered by line (the window on the spec's line, each case on its own), then by id (so
/// engines by name): the order results and `specrun merge` use.
public struct TestPlan: Sendable {
    public var items: [PlanItem]

    public init(items: [PlanItem]) {
        self.items = items
    }

    /// Expands specs into items.
    ///
    /// Without an explicit engine choice, a spec runs on its own `engines:` (default: core). With one
    /// (`--engine`), it runs on the chosen engines that it lists (all of them when it lists none).
    public init(specs: [Spec], engines: [EngineName]?) {
        var items: [PlanItem] = []
        for spec in specs {
            switch spec.body {
            case .recurrence(let recurrence):
                let specEngines: [EngineName] = switch (spec.engines, engines) {
                case (nil, nil): [.core]
                case (let own?, nil): own
                case (nil, let chosen?): chosen
                case (let own?, let chosen?): chosen.filter(own.contains)
                }
                var specItems: [PlanItem] = []
                // Each item's `line`, known here: asking the item copies the spec's body for each (perf of
                // `specrun --jobs 2` on the bench corpus: about half of planning, on the main thread).
                var lines: [Int] = []
                for engine in specEngines {
                    if recurrence.expect != nil {
                        specItems.append(PlanItem(spec: spec, target: .window, engine: engine))
                        lines.append(spec.location.line)
                    }
                    for index in recurrence.cases.indices {
                        specItems.append(PlanItem(spec: spec, target: .case(index), engine: engine))
                        lines.append(recurrence.cases[index].location.line)
                    }
                }
                // Results are ordered by file, line, then id (docs/reports.md), and `specrun merge` restores that
                // order from the shards: so the plan uses it too, and a merge of all shards equals one run.
                // Lines that already rise need no ids (building them is most of planning a big suite).
                if !zip(lines, lines.dropFirst()).allSatisfy({ $0 < $1 }) {
                    specItems = specItems.map { ($0.line, $0.id, $0) }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
                }
                items += specItems
            case .lifecycle:
                items.append(PlanItem(spec: spec, target: .scenario, engine: nil))
            }
        }
        self.items = items
    }
}

/// One test to run: a spec's window, one of its cases, or a lifecycle scenario, on one engine.
public struct PlanItem: Sendable {
    public var spec: Spec
    public var target: Target
    /// Nil for lifecycle scenarios, which run on the task harness.
    public var engine: EngineName?

    public enum Target: Sendable, Hashable {
        case window
        case `case`(Int)
        case scenario
    }

    public init(spec: Spec, target: Target, engine: EngineName?) {
        self.spec = spec
        self.target = target
        self.engine = engine
    }

    public var caseSpec: CaseSpec? {
        guard case .case(let index) = target, case .recurrence(let recurrence) = spec.body else { return nil }
        return recurrence.cases[index]
    }

    public var caseName: String? { caseSpec?.name }

    /// `file › spec › case › engine`.
    public var id: String { id(caseName: caseName) }

    /// `id` for a caller that already holds the case's name (`caseSpec` copies the spec's body out of its box).
    func id(caseName: String?) -> String {
        TestResult.makeID(file: spec.location.file, spec: spec.name, caseName: caseName, engine: engine?.rawValue)
    }

    /// The spec's tags, then its case's own (a case's tags add to the spec's).
    public var tags: [String] { Self.tags(of: spec, caseSpec) }

    /// `tags` for a caller that already holds `caseSpec`.
    static func tags(of spec: Spec, _ caseSpec: CaseSpec?) -> [String] {
        guard let own = caseSpec?.tags, !own.isEmpty else { return spec.tags }
        return spec.tags + own.filter { !spec.tags.contains($0) }
    }

    /// The line results name: the case's line for a case, else the spec's.
    public var line: Int { line(caseSpec) }

    /// `line` for a caller that already holds `caseSpec`.
    func line(_ caseSpec: CaseSpec?) -> Int { caseSpec?.location.line ?? spec.location.line }
}
