import SpecDiagnostics
import SpecModel
import SpecParser
import Testing

/// What `instant-without-offset` tells for an expected occurrence at a wall time that happens twice: the instant the
/// spec's (or the case's own) `repeated` policy gives, and under `both` only the readings that are occurrences. A
/// black-box review applied "the first" of the two readings offered under `repeated: last`, and under `both` where the
/// schedule drops the first, and both runs failed. Instants checked with Python's zoneinfo:
/// Dublin 2027-10-31 01:30 is +01:00 (00:30Z), then +00:00 (01:30Z); Troll goes back two hours, from 03:00+02:00 to
/// 01:00+00:00 (01:00Z) on 2027-10-31, so its 02:00 is +02:00 (00:00Z), then +00:00 (02:00Z), and its first 01:00 is
/// 2027-10-30T23:00Z.
@Suite struct OffsetlessRepeatedAdviceTests {
    static func message(_ text: String) throws -> String {
        let file = SpecParser().parse(path: "spec.yaml", bytes: Array(text.utf8))
        let offsetless = file.diagnostics.filter { $0.code == "instant-without-offset" }
        try #require(offsetless.count == 1, "\(file.diagnostics.map(\.message))")
        return offsetless[0].message
    }

    static func dublin(repeated: String, expected: String = "- 2027-10-31T01:30:00", window: String = "{after: 2027-10-30T12:00:00+01:00, through: 2027-10-31T12:00:00+00:00}",
                       cases: String = "") -> String {
        """
        spec: Dublin daily 01:30
        schedule: {id: dublin, timezone: Europe/Dublin, rule: {every: day, at: "01:30"}, nonexistent: skip, repeated: \(repeated)}
        window: \(window)
        expect:
          occurrences:
            \(expected)
        \(cases)
        """
    }

    @Test func underLastTheSecondIsTheOneToWrite() throws {
        let message = try Self.message(Self.dublin(repeated: "last"))
        #expect(message == "the instant '2027-10-31T01:30:00' has no offset, and 01:30 happens twice in Europe/Dublin on 2027-10-31; "
            + "under this spec's 'repeated: last', 01:30 on 2027-10-31 is 2027-10-31T01:30:00+00:00: write that")
    }

    @Test func underFirstTheFirstIsTheOneToWrite() throws {
        let message = try Self.message(Self.dublin(repeated: "first"))
        #expect(message.hasSuffix("under this spec's 'repeated: first', 01:30 on 2027-10-31 is 2027-10-31T01:30:00+01:00: write that"))
    }

    /// The long form's `at:` is an expected occurrence too.
    @Test func theLongFormsInstantIsAnOccurrence() throws {
        let message = try Self.message(Self.dublin(repeated: "last", expected: "- {at: 2027-10-31T01:30:00, key: dublin/v1/2027-10-31}"))
        #expect(message.hasSuffix("under this spec's 'repeated: last', 01:30 on 2027-10-31 is 2027-10-31T01:30:00+00:00: write that"))
    }

    @Test func aCasesOwnRepeatedPolicyIsTheOneNamed() throws {
        let message = try Self.message(Self.dublin(repeated: "last", expected: "- 2027-10-30T01:30:00+01:00", cases: """
            cases:
              - {name: first, repeated: first, after: 2027-10-31T00:00:00+01:00, next: 2027-10-31T01:30:00}
            """))
        #expect(message.hasSuffix("under this case's 'repeated: first', 01:30 on 2027-10-31 is 2027-10-31T01:30:00+01:00: write that"))
    }

    /// A case that overrides another policy searches under the spec's `repeated`.
    @Test func aCaseWithoutItsOwnRepeatedPolicyIsToldTheSpecs() throws {
        let message = try Self.message(Self.dublin(repeated: "last", expected: "- 2027-10-30T01:30:00+01:00", cases: """
            cases:
              - {name: shifted, nonexistent: shift-forward, after: 2027-10-31T00:00:00+01:00, next: 2027-10-31T01:30:00}
            """))
        #expect(message.hasSuffix("under this spec's 'repeated: last', 01:30 on 2027-10-31 is 2027-10-31T01:30:00+00:00: write that"))
    }

    /// Under `both` a daily time's two instants are occurrences, each with its own key: a window's line is given the
    /// long form with it (a line without its key is `repeated-without-key`'s warning next, a second round), a case's
    /// `next`, which takes no key, the instant.
    @Test func underBothEachReadingIsOfferedWithItsKey() throws {
        let message = try Self.message(Self.dublin(repeated: "both"))
        #expect(message == "the instant '2027-10-31T01:30:00' has no offset, and 01:30 happens twice in Europe/Dublin on 2027-10-31; "
            + "under this spec's 'repeated: both' both are occurrences, each with its own key, and both are to be listed: write this "
            + "line as {at: 2027-10-31T01:30:00+01:00, key: dublin/v1/2027-10-31}, the first, and list the second after it, "
            + "{at: 2027-10-31T01:30:00+00:00, key: dublin/v1/2027-10-31~2}")
        let next = try Self.message(Self.dublin(repeated: "both", expected: "- 2027-10-30T01:30:00+01:00", cases: """
            cases:
              - {name: both, after: 2027-10-31T00:00:00+01:00, next: 2027-10-31T01:30:00}
            """))
        #expect(next.hasSuffix("write this line as 2027-10-31T01:30:00+01:00 (key dublin/v1/2027-10-31), the first, and list the second "
            + "after it, 2027-10-31T01:30:00+00:00 (key dublin/v1/2027-10-31~2)"), "\(next)")
    }

    /// Troll's hourly 02:00 under `both`: its first instant (00:00Z) is not later than the 01:00 slot's second (01:00Z),
    /// so the schedule drops it, and only the second is offered.
    @Test func underBothADroppedReadingIsNotOffered() throws {
        let message = try Self.message("""
            spec: Troll hourly
            schedule: {id: troll, timezone: Antarctica/Troll, rule: {every: hour, minute: 0}, nonexistent: skip, repeated: both}
            window: {after: 2027-10-31T00:30:00+00:00, through: 2027-10-31T02:30:00+00:00}
            expect:
              occurrences:
                - {at: 2027-10-31T01:00:00+00:00, key: troll/v1/2027-10-31T01:00~2}
                - 2027-10-31T02:00:00
            """)
        #expect(message == "the instant '2027-10-31T02:00:00' has no offset, and 02:00 happens twice in Antarctica/Troll on 2027-10-31; "
            + "under this spec's 'repeated: both', 02:00 on 2027-10-31 gives one occurrence, 2027-10-31T02:00:00+00:00 "
            + "(key troll/v1/2027-10-31T02:00~2): write this line as {at: 2027-10-31T02:00:00+00:00, key: troll/v1/2027-10-31T02:00~2}; the first "
            + "02:00, 2027-10-31T02:00:00+02:00, is dropped: it is not "
            + "later than the occurrence before it, 2027-10-31T01:00:00+00:00 (troll/v1/2027-10-31T01:00~2)")
        #expect(!message.contains("for the first"))
    }

    /// A window's bound is no occurrence: both readings, as before.
    @Test func aWindowBoundIsOfferedBothReadings() throws {
        let message = try Self.message(Self.dublin(repeated: "last", expected: "- 2027-10-30T01:30:00+01:00",
                                                   window: "{after: 2027-10-29T12:00:00+01:00, through: 2027-10-31T01:30:00}"))
        #expect(message == "the instant '2027-10-31T01:30:00' has no offset, and 01:30 happens twice in Europe/Dublin on 2027-10-31: "
            + "write 2027-10-31T01:30:00+01:00 for the first, or 2027-10-31T01:30:00+00:00 for the second")
    }

    /// A wall time the rule does not give is no occurrence under any policy: both readings, as for a bound.
    @Test func aWallTimeTheRuleDoesNotGiveIsOfferedBothReadings() throws {
        let message = try Self.message(Self.dublin(repeated: "both", expected: "- 2027-10-31T01:45:00"))
        #expect(message.hasSuffix(": write 2027-10-31T01:45:00+01:00 for the first, or 2027-10-31T01:45:00+00:00 for the second"))
    }
}
