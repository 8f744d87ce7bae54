import Foundation
import JSONSchemaTesting
import SpecParser
import SpecYAML
import Testing

/// The spec schema (`specrun schema`) against every spec in `specs/`, specs the parser accepts in every way they
/// can be written, and specs it must refuse. Documents are typed the YAML 1.2 core way, as VS Code's YAML
/// extension types them: `at: 02:30` is a string, `version: 1` a number.
@Suite struct SpecSchemaTests {
    static let validator = JSONSchemaValidator(root: try! JSONValue.parse(SpecSchemaWriter().render()))

    /// Every document of a YAML text, as an editor's validator sees it, with the problems the schema finds.
    static func problems(in text: String) -> [[String]] {
        YAMLReader.read(Array(text.utf8)).documents.map { validator.validate(YAMLCoreSchema.json($0.root)) }
    }

    static var specFiles: [String] {
        let root = SpecFixtures.repositoryRoot.appendingPathComponent("specs")
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".yaml") || path.hasSuffix(".yml") { files.append("specs/" + path) }
        }
        return files.sorted()
    }

    @Test func theSchemaUsesOnlyKeywordsTheValidatorChecks() {
        // An unknown keyword is a violation of every instance, so an empty object exposes it.
        #expect(Self.validator.validate(.object([:])).allSatisfy { !$0.contains("unsupported schema keyword") })
        #expect(Self.validator.validate(.null).isEmpty, "an empty document (a trailing ---) is ignored by the parser")
    }

    @Test func thereAreSpecFilesToCheck() {
        #expect(Self.specFiles.count >= 20)
    }

    @Test(arguments: specFiles)
    func everySpecInTheRepositoryIsValidAgainstTheSchema(path: String) throws {
        let text = try String(contentsOf: SpecFixtures.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        let stream = YAMLReader.read(Array(text.utf8))
        #expect(stream.error == nil)
        #expect(!stream.documents.isEmpty)
        for (index, document) in stream.documents.enumerated() {
            let problems = Self.validator.validate(YAMLCoreSchema.json(document.root))
            #expect(problems.isEmpty, "\(path), document \(index + 1) (line \(document.start.line)): \(problems)")
        }
    }

    /// Each text is a spec the parser accepts; the schema must accept it too, however the scalars are typed.
    @Test(arguments: [
        ("unquoted wall time", "rule: {every: day, at: 02:30}"),
        ("one-digit hour", "rule: {every: day, at: 9:00}"),
        ("seconds in the wall time", "rule: {every: day, at: \"02:30:15\"}"),
        ("shorthand daily", "rule: daily 02:30"),
        ("shorthand weekly", "rule: weekly mon,thu 09:00"),
        ("weekly with one day alone, any case", "rule: {every: week, on: Mon, at: \"09:00\"}"),
        ("monthly last day", "rule: {every: month, day: last, at: \"02:30\"}"),
        ("monthly day as quoted digits", "rule: {every: month, day: \"31\", at: \"02:30\", missing-day: skip}"),
        ("yearly with a month name", "rule: {every: year, month: feb, day: 29, at: \"12:00\", missing-day: last-day}"),
        ("hourly", "rule: {every: hour, minute: 15, second: 30}"),
        ("version and limit as numbers", "version: 3\n  limit: 500\n  rule: daily 02:30"),
        ("version as quoted digits", "version: \"2\"\n  rule: daily 02:30"),
        ("a name that YAML types as a number", "id: 2027\n  rule: daily 02:30"),
    ])
    func specsTheParserAcceptsAreAccepted(_ what: String, _ scheduleLines: String) {
        let text = """
            spec: accepted
            tags: dst
            engines: core
            schedule:
              timezone: Europe/Berlin
              nonexistent: skip
              repeated: first
              \(scheduleLines)
            cases:
              - name: c
                after: 2027-03-28T00:00:00+01:00
                next: 2027-03-29T02:30:00+02:00

            """
        let parsed = SpecFixtures.parse(text)
        #expect(parsed.diagnostics.filter { $0.severity == .error }.isEmpty, "\(what): the parser must accept it: \(parsed.diagnostics)")
        #expect(Self.problems(in: text) == [[]], "\(what)")
    }

    @Test func specsWithoutPoliciesAreAcceptedForIntervalRules() {
        let text = """
            spec: interval
            schedule:
              timezone: Europe/Berlin
              rule: every 90m from 2027-03-27T02:30:00+01:00
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28t05:00:00.5+02:00}
            expect:
              occurrences:
                - 2027-03-28T01:00:00+01:00
                - {at: 2027-03-28T03:30:00+02:00, key: interval/v1/2027-03-28T01:30:00Z}
                - 2027-03-28 05:00:00+02:00
            ---
            """
        #expect(SpecFixtures.parse(text).diagnostics.isEmpty)
        #expect(Self.problems(in: text) == [[], []])
    }

    @Test func lifecycleScenariosAreAcceptedLooselyUntilTheirKeysAreDefined() {
        let text = """
            spec: Expiration during parse leaves no trace
            task: {identifier: com.example.app.refresh, kind: refresh}
            clock: 2027-03-29T00:00:00+02:00
            steps: [{at: 2027-03-29T02:31:00+02:00, launch: com.example.app.refresh, expire: during parse}]
            expect: {completed: [false], temp-files: 0}

            """
        #expect(Self.problems(in: text) == [[]])
        #expect(Self.problems(in: "spec: s\ntask: {}\nwindow: {}\n").first?.contains("$: unexpected property window") == true)
    }

    static let refusedBase = """
        spec: refused
        schedule:
          timezone: Europe/Berlin
          rule: {every: day, at: "02:30"}
          nonexistent: skip
          repeated: first
        cases: [{name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]

        """

    /// Each edit (replace the first text with the second in `refusedBase`) makes a spec the parser refuses; the
    /// schema must refuse it too, with a problem that names the place.
    @Test(arguments: [
        ("an unknown key", "  timezone:", "  timezon:", "unexpected property timezon"),
        ("skip without a reason", "spec: refused\n", "spec: refused\nskip: true\n", "$.skip: expected string or number"),
        ("a wall time out of range", "\"02:30\"}", "\"25:30\"}", "$.schedule.rule"),
        ("a key of another rule form", "every: day,", "every: day, on: [monday],", "$.schedule.rule"),
        ("a calendar rule without its policies", "  nonexistent: skip\n  repeated: first\n", "", "$.schedule: missing required nonexistent"),
        ("an unknown policy", "repeated: first", "repeated: twice", "$.schedule.repeated: \"twice\" is not one of"),
        ("an instant without an offset", "after: 2027-03-28T00:00:00+01:00", "after: 2027-03-28T00:00:00", "$.cases[0].after"),
        ("a window without expect", "cases:", "window: {after: 2027-03-27T00:00:00Z, through: 2027-03-30T00:00:00Z}\ncases:", "window requires expect"),
        ("expect without a window", "cases:", "expect: {occurrences: []}\ncases:", "expect requires window"),
        ("a case with next and error", "next: 2027-03-29T02:30:00+02:00}", "next: 2027-03-29T02:30:00+02:00, error: no-occurrence}", "oneOf"),
        ("nothing to check", "cases: [{name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]\n", "", "anyOf"),
        ("a version that is not a number", "  timezone:", "  version: one\n  timezone:", "$.schedule.version"),
        ("an empty engine list", "spec: refused\n", "spec: refused\nengines: []\n", "$.engines"),
        ("an interval of 1.5h", "rule: {every: day, at: \"02:30\"}", "rule: {interval: 1.5h, from: 2027-03-27T00:00:00Z}", "$.schedule.rule"),
        ("a name that is empty", "spec: refused", "spec:", "$.spec: expected string"),
        ("a mapping where a list belongs", "cases: [{name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}]",
         "cases: {name: c, after: 2027-03-28T00:00:00+01:00, next: 2027-03-29T02:30:00+02:00}", "$.cases: expected array"),
    ])
    func specsTheParserRefusesAreRefused(_ what: String, _ find: String, _ replacement: String, _ expected: String) {
        #expect(Self.refusedBase.contains(find), "\(what): the edit must apply")
        let text = Self.refusedBase.replacingOccurrences(of: find, with: replacement)
        let parsed = SpecFixtures.parse(text)
        #expect(parsed.diagnostics.contains { $0.severity == .error }, "\(what): the parser must refuse it")
        let problems = Self.problems(in: text).flatMap { $0 }
        #expect(problems.contains { $0.contains(expected) }, "\(what): \(problems)")
    }

    @Test func theBaseOfTheRefusedSpecsIsValid() {
        #expect(SpecFixtures.parse(Self.refusedBase).diagnostics.isEmpty)
        #expect(Self.problems(in: Self.refusedBase) == [[]])
    }

    @Test func theCommittedSchemaIsTheGeneratedOne() throws {
        let committed = try String(contentsOf: SpecFixtures.repositoryRoot.appendingPathComponent("docs/spec.schema.json"), encoding: .utf8)
        #expect(committed == SpecSchemaWriter().render(),
                "docs/spec.schema.json is stale; regenerate it: swift run specrun schema > docs/spec.schema.json")
    }
}
