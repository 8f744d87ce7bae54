import Foundation
import SpecDiagnostics
import SpecLint
import SpecModel
import SpecParser
import SpecResults
import Testing
@testable import SpecRunner

/// An `instant-order` error that names the line out of place gives the instant to write there; written as told, the
/// spec must parse and pass (the black-box review's F5: "list the occurrences in order", applied, took three rounds).
/// The corpus files hold the mistakes and their zoneinfo predictions; the advice is applied by text, as a reader would.
@Suite struct OrderAdviceAppliedTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SpecParserTests/Invalid")

    @Test(arguments: [
        ("occurrences-out-of-order-by-utc-local-digits", 17, "2011-12-31T00:00:00+14:00"),
        ("occurrences-out-of-order-by-a-day-its-key-names", 17, "2027-10-03T01:45:00+10:30"),
        // A second review's: the later of a repeated 01:45 written with `Z` (15:15Z); a short line a day early (no key).
        ("occurrences-out-of-order-by-utc-local-digits-in-an-overlap", 18, "2027-04-04T01:45:00+10:30"),
        ("occurrences-out-of-order-by-a-day-without-a-key", 17, "2027-10-03T01:45:00+10:30"),
        // A third review's: a slot the gap moved, written an hour on with the old offset; the one the list lacks.
        ("occurrences-out-of-order-by-a-missing-occurrence", 20, "2027-10-03T02:30:00+11:00"),
        // A fourth review's: the first line, bounded by the window's `after`.
        ("occurrences-out-of-order-by-a-first-line-the-window-places", 18, "2027-10-03T02:30:00+11:00"),
    ])
    func theInstantToWriteMakesTheSpecPass(name: String, line: Int, meant: String) throws {
        let (text, error) = try Self.orderError(name)
        #expect(error.location?.line == line)
        #expect(error.message.hasSuffix("write \(meant), which puts the list in order"), "\(error.message)")
        // Written as told: the instant on that line replaced by the one the message gives.
        var lines = text.components(separatedBy: "\n")
        let written = try #require(lines[line - 1].firstMatch(of: /at: ([^,}]+)/)?.1 ?? lines[line - 1].firstMatch(of: /- (\S+)/)?.1)
        lines[line - 1] = lines[line - 1].replacingOccurrences(of: String(written), with: meant)
        let applied = lines.joined(separator: "\n")
        let result = try RecurrenceVerdictTests.runOnCore(applied, path: "\(name).yaml")
        #expect(result.status == .passed, "\(result.message ?? "")")
    }

    /// A corpus file's text and its `instant-order` error.
    static func orderError(_ name: String) throws -> (String, Diagnostic) {
        let text = try String(contentsOf: corpus.appendingPathComponent("\(name).yaml"), encoding: .utf8)
        return (text, try #require(SpecParser().parse(path: "\(name).yaml", bytes: Array(text.utf8)).diagnostics.first { $0.code == "instant-order" }))
    }

    /// Two occurrences listed the wrong way round, swapped as told; a last line's date typo written as the occurrence
    /// the message offers; a line at an instant another line lists, removed as told: each passes (the corpus files'
    /// comments give the zoneinfo instants).
    @Test func aSwapATypoAndACopyDoneAsToldPass() throws {
        var (text, error) = try Self.orderError("occurrences-out-of-order")
        #expect(error.message.hasSuffix("swap this line and line 12"), "\(error.message)")
        var lines = text.components(separatedBy: "\n")
        lines.swapAt(11, 12)
        #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "swap.yaml").status == .passed)

        (text, error) = try Self.orderError("occurrences-last-line-a-date-typo")
        #expect(error.message.hasSuffix("write 2027-03-30T02:30:00+02:00, which puts the list in order"), "\(error.message)")
        let written = text.replacingOccurrences(of: "    - 2027-03-25T02:30:00+01:00", with: "    - 2027-03-30T02:30:00+02:00")
        #expect(try RecurrenceVerdictTests.runOnCore(written, path: "typo.yaml").status == .passed)

        (text, error) = try Self.orderError("order-error-at-an-instant-listed-already")
        #expect(error.location?.line == 11 && error.message.hasSuffix("remove this line"), "\(error.message)")
        lines = text.components(separatedBy: "\n")
        lines.remove(at: 10)
        #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "copy.yaml").status == .passed)
    }

    /// A `~2` line written at the first reading, told the instant its key names, and two keyed lines whose instants
    /// are exchanged, told the instant to write on each: written as told, each passes (the corpus files' comments give
    /// the zoneinfo instants). Removed as a copy, the first lost its occurrence; swapped, the second moved its keys.
    @Test func aKeyedLineAndExchangedInstantsWrittenAsToldPass() throws {
        var (text, error) = try Self.orderError("occurrences-out-of-order-keyed-for-another-reading")
        #expect(error.message.contains("names the occurrence at 2027-10-31T02:00:00+00:00"), "\(error.message)")
        var applied = text.replacingOccurrences(of: "{at: 2027-10-31T02:00:00+02:00, key: troll-fall-hourly/v1/2027-10-31T02:00~2}",
                                                with: "{at: 2027-10-31T02:00:00+00:00, key: troll-fall-hourly/v1/2027-10-31T02:00~2}")
        #expect(applied != text)
        #expect(try RecurrenceVerdictTests.runOnCore(applied, path: "troll.yaml").status == .passed)

        (text, error) = try Self.orderError("occurrences-instants-exchanged-between-keyed-lines")
        #expect(error.message.hasSuffix("write 2027-10-31T02:30:00+01:00 on this line and 2027-10-31T02:30:00+02:00 on line 20"), "\(error.message)")
        var lines = text.components(separatedBy: "\n")
        lines[19] = lines[19].replacingOccurrences(of: "02:30:00+01:00", with: "02:30:00+02:00")
        lines[20] = lines[20].replacingOccurrences(of: "02:30:00+02:00", with: "02:30:00+01:00")
        applied = lines.joined(separator: "\n")
        #expect(try RecurrenceVerdictTests.runOnCore(applied, path: "berlin.yaml").status == .passed)
    }

    /// Two lines that are not neighbours the wrong way round: swapped as told (lines without keys), or each given the
    /// other's instant (keyed lines, their keys in place), each passes (the corpus files' comments give the zoneinfo
    /// instants). They were told "list the occurrences in order" twice, and the keyed ones an `unmatchable-key`
    /// warning whose fix the next round reversed.
    @Test func twoLinesApartSwappedOrRewrittenAsToldPass() throws {
        var (text, error) = try Self.orderError("occurrences-out-of-order-two-lines-apart")
        #expect(error.location?.line == 20 && error.message.hasSuffix("swap this line and line 17"), "\(error.message)")
        var lines = text.components(separatedBy: "\n")
        lines.swapAt(16, 19)
        #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "swap.yaml").status == .passed)

        (text, error) = try Self.orderError("occurrences-instants-exchanged-between-keyed-lines-apart")
        #expect(error.location?.line == 22
                && error.message.hasSuffix("write 2027-11-01T02:30:00+01:00 on this line and 2027-10-29T02:30:00+02:00 on line 18"), "\(error.message)")
        lines = text.components(separatedBy: "\n")
        lines[21] = lines[21].replacingOccurrences(of: "2027-10-29T02:30:00+02:00", with: "2027-11-01T02:30:00+01:00")
        lines[17] = lines[17].replacingOccurrences(of: "2027-11-01T02:30:00+01:00", with: "2027-10-29T02:30:00+02:00")
        let applied = lines.joined(separator: "\n")
        #expect(applied != text)
        #expect(try RecurrenceVerdictTests.runOnCore(applied, path: "berlin.yaml").status == .passed)
    }

    /// Block items (`- at: …` / `key: …`) are named as items, so that a swap or a removal takes the `key:` line too (a
    /// review swapped the `at:` lines alone, as told, and got two key mismatches): swapped whole as told, it passes.
    /// The corpus file's comment gives the zoneinfo instants.
    @Test func blockItemsSwappedWholeAsToldPass() throws {
        let (flow, _) = try Self.orderError("occurrences-out-of-order-two-lines-apart")
        let text = flow.replacing(/\ {4}- (\S+)\n/) { (match: Regex<(Substring, Substring)>.Match) in
            "    - at: \(match.output.1)\n      key: k/v1/\(match.output.1.prefix(10))\n"
        }.replacingOccurrences(of: "schedule:\n", with: "schedule:\n  id: k\n")
        let error = try #require(SpecParser().parse(path: "block.yaml", bytes: Array(text.utf8)).diagnostics.first { $0.code == "instant-order" })
        #expect(error.message.hasSuffix("swap this item (lines 24–25) and the item on lines 18–19"), "\(error.message)\n\(text)")
        var lines = text.components(separatedBy: "\n")
        lines.swapAt(17, 23)
        lines.swapAt(18, 24)
        #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "block.yaml").status == .passed, "\(lines)")
    }

    /// A skipped wall time written with the winter offset above the line of its policy's instant is the line told,
    /// to go (it stood on the right line below it, "list the occurrences in order"); removed as told, the spec passes.
    /// Where its policy's instant is listed nowhere and fits, that instant is told to write: written, it passes. zoneinfo:
    /// Berlin springs forward at 2027-03-28T01:00Z; next-valid-time gives 03:00+02:00 for 02:30.
    @Test func aSkippedWallTimeAbovePolicysLineRemovedOrWrittenAsToldPasses() throws {
        let (text, error) = try Self.orderError("occurrences-out-of-order-by-a-skipped-wall-time-listed-by-its-policy")
        #expect(error.location?.line == 19 && error.message.hasSuffix("which line 20 lists already: remove this line"), "\(error.message)")
        var lines = text.components(separatedBy: "\n")
        lines.remove(at: 18)
        #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "gap.yaml").status == .passed)

        let twoTimes = """
            spec: two times across the spring gap
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: ["02:30", "03:15"]}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-27T12:00:00+01:00, through: 2027-03-28T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-28T02:30:00+01:00
                - 2027-03-28T03:15:00+02:00
            """
        let told = try #require(SpecParser().parse(path: "two.yaml", bytes: Array(twoTimes.utf8)).diagnostics.first { $0.code == "instant-order" })
        #expect(told.location?.line == 6 && told.message.hasSuffix("gives 2027-03-28T03:00:00+02:00 for it: write that, which puts the list in order"),
                "\(told.message)")
        #expect(told.notes.isEmpty, "\(told.notes)")
        let written = twoTimes.replacingOccurrences(of: "- 2027-03-28T02:30:00+01:00", with: "- 2027-03-28T03:00:00+02:00")
        #expect(try RecurrenceVerdictTests.runOnCore(written, path: "two.yaml").status == .passed)
    }

    /// A case's two results are told to swap only where the schedule reads and finds them in the other order: beside a
    /// weekday typo, a cases review was told to list a Sunday first, which its Monday-and-Thursday rule never gives
    /// (a date typo for the Thursday). With the weekday fixed, the search from the first result is named (the 18th).
    /// zoneinfo: New York is at -04:00 from 2027-03-14; 2027-03-14 is a Sunday, 03-15 a Monday, 03-18 a Thursday.
    @Test func aCaseSwapIsOfferedOnlyWhereTheScheduleReads() throws {
        let text = """
            spec: ny weekly
            schedule: {timezone: America/New_York, rule: {every: week, on: [monday, thurday], at: "09:00"}, nonexistent: skip, repeated: first}
            cases:
              - name: Monday and Thursday after the change
                after: 2027-03-11T12:00:00-05:00
                next: [2027-03-15T09:00:00-05:00, 2027-03-14T09:00:00-04:00]
            """
        func order(_ text: String) throws -> String {
            try #require(SpecParser().parse(path: "ny.yaml", bytes: Array(text.utf8)).diagnostics.first { $0.code == "instant-order" }).message
        }
        let typo = try order(text)
        #expect(!typo.contains("wrong way round") && typo.hasSuffix("a search only finds later instants, so list them in order"), "\(typo)")
        let fixed = try order(text.replacingOccurrences(of: "thurday", with: "thursday"))
        #expect(fixed.contains("from the result before it the search finds 2027-03-18T09:00:00-04:00"), "\(fixed)")
    }

    /// A case's two results the wrong way round, one with an offset slip, are told the swap with the reading to write
    /// (a cases review was told to write the search's find after the other result, and the next round to add this one
    /// back); written as told, the spec passes (the corpus file's comment gives the zoneinfo instants).
    @Test func aCaseSwapWithAnOffsetSlipWrittenAsToldPasses() throws {
        let (text, error) = try Self.orderError("case-next-swapped-with-an-offset-slip")
        #expect(error.message.hasSuffix("list 2027-10-03T02:45:00+11:00 first, then 2027-10-04T02:15:00+11:00"), "\(error.message)")
        let applied = text.replacingOccurrences(of: "next: [2027-10-04T02:15:00+11:00, 2027-10-03T02:45:00+10:30]",
                                                with: "next: [2027-10-03T02:45:00+11:00, 2027-10-04T02:15:00+11:00]")
        #expect(applied != text)
        #expect(try RecurrenceVerdictTests.runOnCore(applied, path: "lord-howe.yaml").status == .passed)
    }

    /// A case's result out of order behind a result written with an offset the zone does not have then is told the
    /// cursor is the slip, and the cursor's note gives its reading: written as the note says, the spec passes (it was
    /// told to write what the search finds after the slipped instant, and applied with the note, the list was wrong
    /// again). The corpus file's comment gives the zoneinfo instants.
    @Test func aCasesCursorSlipWrittenAsItsNoteSaysPasses() throws {
        let (text, error) = try Self.orderError("case-next-out-of-order-by-the-cursors-offset-slip")
        #expect(error.message.hasSuffix("that result is the slip (see the note on it)"), "\(error.message)")
        let note = try #require(error.notes.first?.message)
        let meant = try #require(note.firstMatch(of: /write (\S+),/)?.1)
        #expect(meant == "2011-12-31T00:00:00+14:00", "\(note)")
        let applied = text.replacingOccurrences(of: "next: [2011-12-31T00:00:00-10:00", with: "next: [\(meant)")
        #expect(applied != text)
        #expect(try RecurrenceVerdictTests.runOnCore(applied, path: "apia.yaml").status == .passed)
    }

    /// A case's first result at its `Z` cursor, whose digits meant local time, is told the 'after' to write (it was told
    /// to remove the result); written as told, the spec passes. The corpus file's comment gives the zoneinfo instants.
    @Test func aUTCAfterAtItsFirstResultWrittenAsToldPasses() throws {
        let (text, error) = try Self.orderError("case-next-at-a-utc-after-meant-as-local")
        let after = try #require(error.message.firstMatch(of: /write 'after: ([^']+)'/)?.1)
        #expect(after == "2027-10-31T01:00:00+02:00", "\(error.message)")
        let applied = text.replacingOccurrences(of: "after: 2027-10-31T01:00:00Z", with: "after: \(after)")
        #expect(applied != text)
        #expect(try RecurrenceVerdictTests.runOnCore(applied, path: "berlin.yaml").status == .passed)
    }

    /// A line that does not read leaves the other lines' order error told as in a list read whole (it was "list the
    /// occurrences in order"): the swap, applied with the bad line fixed, passes. zoneinfo: Berlin's 02:30 is +01:00 up
    /// to the 27th, skipped on the 28th, +02:00 from the 29th.
    @Test func anUnreadableLineLeavesTheOthersOrderAdvice() throws {
        let text = """
            spec: Berlin nightly with a bad line
            schedule: {timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-26T00:00:00+01:00, through: 2027-03-31T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-26T02:30:00+01:00
                - 2027-03-27T02:3O:00+01:00
                - 2027-03-30T02:30:00+02:00
                - 2027-03-29T02:30:00+02:00
                - 2027-03-31T02:30:00+02:00
            """
        let diagnostics = SpecParser().parse(path: "bad.yaml", bytes: Array(text.utf8)).diagnostics
        #expect(diagnostics.map(\.code) == ["invalid-instant", "instant-order"], "\(diagnostics)")
        let order = try #require(diagnostics.first { $0.code == "instant-order" })
        #expect(order.location?.line == 9 && order.message.hasSuffix("swap this line and line 8"), "\(order.message)")
        var lines = text.components(separatedBy: "\n")
        lines[6] = lines[6].replacingOccurrences(of: "02:3O", with: "02:30")
        lines.swapAt(7, 8)
        #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "bad.yaml").status == .passed)
    }

    /// A case's first two results the wrong way round, beside a `Z` cursor whose digits meant local time, are told
    /// the swap and the 'after' to write: both done, the spec passes (told to remove the second result, a review lost
    /// a wanted one, and the `Z` was never named). The corpus file's comment gives the zoneinfo instants.
    @Test func aSwapBesideAUTCAfterDoneAsToldPasses() throws {
        let (text, error) = try Self.orderError("case-next-swapped-beside-a-utc-after-meant-as-local")
        #expect(error.message.contains("list 2011-12-29T23:00:00-10:00 first, then 2011-12-31T00:00:00+14:00; and the case's 'after' is UTC"),
                "\(error.message)")
        let after = try #require(error.message.firstMatch(of: /write 'after: ([^']+)'/)?.1)
        let applied = text.replacingOccurrences(of: "after: 2011-12-29T22:30:00Z", with: "after: \(after)")
            .replacingOccurrences(of: "[2011-12-31T00:00:00+14:00, 2011-12-29T23:00:00-10:00,", with: "[2011-12-29T23:00:00-10:00, 2011-12-31T00:00:00+14:00,")
        #expect(applied != text)
        #expect(try RecurrenceVerdictTests.runOnCore(applied, path: "apia.yaml").status == .passed)
    }

    /// A reading the `repeated` policy does not give, whose policy reading the window does not hold, is told to go
    /// (it was told to write that reading before the first line, and a review got `outside-window`); removed, the spec
    /// passes. The corpus file's comment gives the zoneinfo instants.
    @Test func aReadingOutsideTheWindowRemovedAsToldPasses() throws {
        let (text, error) = try Self.orderError("occurrences-out-of-order-by-a-reading-the-window-does-not-hold")
        #expect(error.location?.line == 19 && error.message.hasSuffix("which the window does not hold: remove the line"), "\(error.message)")
        var lines = text.components(separatedBy: "\n")
        lines.remove(at: 18)
        #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "troll.yaml").status == .passed)
    }

    /// A `Z` line whose local reading is an occurrence that belongs above the line before it is told where (it was "list
    /// the occurrences in order", which names neither slip where it stands below next-valid-time's 03:00 under `skip`).
    /// Moved as told, the first passes; the second's run then tells the policy's line to go, and removed, it passes (the
    /// corpus files' comments give the zoneinfo instants).
    @Test func aUTCLineMovedWhereItsLocalReadingBelongsPasses() throws {
        for name in ["occurrences-out-of-order-by-utc-local-digits-elsewhere", "occurrences-out-of-order-by-utc-local-digits-below-a-policy-instant"] {
            let (text, error) = try Self.orderError(name)
            #expect(error.location?.line == 17 && error.message.hasSuffix("if you meant 02:30 local time, that is 2027-03-13T02:30:00-05:00, "
                + "which belongs before line 16: write that there and remove this line"), "\(error.message)")
            var lines = text.components(separatedBy: "\n")
            lines.remove(at: 16)
            lines.insert("    - 2027-03-13T02:30:00-05:00", at: 15)
            let moved = try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "\(name).yaml")
            guard name.hasSuffix("elsewhere") else {
                #expect(moved.status == .failed && moved.message?.contains("2027-03-14 03:00 EDT (-04:00) is what 'nonexistent: next-valid-time' gives, "
                    + "not this test's 'nonexistent: skip'") == true, "\(moved.message ?? "")")
                lines.remove(at: 16)
                #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "\(name).yaml").status == .passed)
                continue
            }
            #expect(moved.status == .passed, "\(moved.message ?? "")")
        }
    }

    /// Another gap policy's instant above the right line (next-valid-time's 03:00 under `skip`) is told what the
    /// schedule's policy gives for that night, and to go (it was "list the occurrences in order"; swapped as told, the
    /// run then told it to go). Removed as told, the spec passes; under `shift-forward`, told the instant to write,
    /// which does not fit in its place there, it is told nothing new (zoneinfo: the corpus file's comment).
    @Test func anotherPolicysInstantRemovedAsToldPasses() throws {
        let (text, error) = try Self.orderError("occurrences-out-of-order-by-another-policys-instant")
        #expect(error.location?.line == 16 && error.message.hasSuffix("what 'nonexistent: next-valid-time' gives for 02:30 on 2027-03-14, "
            + "a wall time the zone skips; 'nonexistent: skip' gives no occurrence for it: remove this line"), "\(error.message)")
        var lines = text.components(separatedBy: "\n")
        lines.remove(at: 15)
        #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "ny.yaml").status == .passed)
        // Under shift-backward the night's 02:30 is 01:30 EST (06:30Z), after the 13th's line below: the line is told
        // what the policy gives and where it belongs; written there as told, the spec passes.
        let backward = text.replacingOccurrences(of: "nonexistent: skip", with: "nonexistent: shift-backward")
        let told = try #require(SpecParser().parse(path: "ny.yaml", bytes: Array(backward.utf8)).diagnostics.first { $0.code == "instant-order" })
        #expect(told.location?.line == 16 && told.message.hasSuffix("'nonexistent: shift-backward' gives 2027-03-14T01:30:00-05:00 for it, "
            + "which belongs after line 17: write that there and remove this line"), "\(told.message)")
        lines = backward.components(separatedBy: "\n")
        lines.insert("    - 2027-03-14T01:30:00-05:00", at: 17)
        lines.remove(at: 15)
        #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "ny.yaml").status == .passed)
    }

    /// A skipped wall time below its place is told where its policy's instant belongs (it was told nothing, the
    /// instant not fitting between its neighbours); written there as told, the spec passes. zoneinfo: Berlin springs
    /// forward at 2027-03-28T01:00Z, so 02:30+01:00 that night is 01:30Z (03:30 CEST) and next-valid-time gives
    /// 03:00+02:00 (01:00Z), between the 27th's 02:30+01:00 and the 29th's 02:30+02:00.
    @Test func aSkippedWallTimeBelowItsPlaceWrittenWhereToldPasses() throws {
        let text = """
            spec: berlin
            schedule: {id: b, timezone: Europe/Berlin, rule: {every: day, at: "02:30"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-27T00:00:00+01:00, through: 2027-03-30T12:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-27T02:30:00+01:00
                - 2027-03-29T02:30:00+02:00
                - 2027-03-28T02:30:00+01:00
                - 2027-03-30T02:30:00+02:00
            """
        let error = try #require(SpecParser().parse(path: "b.yaml", bytes: Array(text.utf8)).diagnostics.first { $0.code == "instant-order" })
        #expect(error.location?.line == 8 && error.message.hasSuffix("'nonexistent: next-valid-time' gives 2027-03-28T03:00:00+02:00 for it, "
            + "which belongs after line 6: write that there and remove this line"), "\(error.message)")
        var lines = text.components(separatedBy: "\n")
        lines.remove(at: 7)
        lines.insert("    - 2027-03-28T03:00:00+02:00", at: 6)
        #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "b.yaml").status == .passed)
    }

    /// Two pairs out of order, apart: each is judged by its own neighbours (a review's swap and `Z` line were told "list
    /// the occurrences in order" twice; sorted as told, the `Z` line went last and was then outside the window). Done as
    /// told, both at once, the spec passes. zoneinfo: Berlin springs forward at 2027-03-28T01:00Z; 00:30 and 01:30 CET
    /// are 23:30Z (the 27th) and 00:30Z, 03:30, 04:30 and 05:30 CEST are 01:30Z, 02:30Z and 03:30Z; 04:30Z is 06:30 CEST.
    @Test func twoPairsApartEachToldItsOwnFixPass() throws {
        let text = """
            spec: berlin hourly
            schedule: {id: h, timezone: Europe/Berlin, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: first}
            window: {after: 2027-03-28T00:00:00+01:00, through: 2027-03-28T06:00:00+02:00}
            expect:
              occurrences:
                - 2027-03-28T00:30:00+01:00
                - {at: 2027-03-28T03:30:00+02:00, key: h/v1/2027-03-28T03:30}
                - 2027-03-28T01:30:00+01:00
                - 2027-03-28T04:30:00Z
                - 2027-03-28T05:30:00+02:00
            """
        let errors = SpecParser().parse(path: "h.yaml", bytes: Array(text.utf8)).diagnostics.filter { $0.code == "instant-order" }
        #expect(errors.map(\.location?.line) == [8, 9], "\(errors.map(\.message))")
        #expect(errors.first?.message.hasSuffix("the two are listed the wrong way round: swap this line and line 7") == true, "\(errors.map(\.message))")
        #expect(errors.last?.message.hasSuffix("if you meant 04:30 local time, write 2027-03-28T04:30:00+02:00, which puts the list in order") == true,
                "\(errors.map(\.message))")
        var lines = text.components(separatedBy: "\n")
        lines.swapAt(6, 7)
        lines[8] = lines[8].replacingOccurrences(of: "04:30:00Z", with: "04:30:00+02:00")
        #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "h.yaml").status == .passed)
    }

    /// A case's first result before its `Z` cursor, whose local reading's searches find it among others, is told the
    /// 'after' to write and what the searches find from it, as the next result's error says too (it was told to write
    /// the searches from the UTC 'after' as the list; both done, the case failed). Written as told, it passes. zoneinfo:
    /// Almaty moved from +06:00 to +05:00 at 2024-03-01 00:00 local (18:00Z), so 23:30 on 02-29 is 17:30Z and 18:30Z;
    /// 20:00Z is 01:00 on 03-01 there, 20:00+06:00 is 14:00Z.
    @Test func aUTCAfterPastItsFirstResultIsToldItsLocalSearches() throws {
        let text = """
            spec: almaty
            schedule: {timezone: Asia/Almaty, rule: {every: day, at: "23:30"}, nonexistent: skip, repeated: both}
            cases:
              - name: the repeated 23:30 on leap day
                after: 2024-02-29T20:00:00Z
                next: [2024-02-29T23:30:00+05:00, 2024-02-29T23:30:00+06:00, 2024-03-01T23:30:00+06:00]
            """
        let errors = SpecParser().parse(path: "almaty.yaml", bytes: Array(text.utf8)).diagnostics.filter { $0.code == "instant-order" }
        #expect(errors.count == 2 && errors.allSatisfy { $0.message.contains("write 'after: 2024-02-29T20:00:00+06:00'") }, "\(errors.map(\.message))")
        #expect(errors.first?.message.hasSuffix("from which the searches find 2024-02-29T23:30:00+06:00, 2024-02-29T23:30:00+05:00 and "
            + "2024-03-01T23:30:00+05:00") == true, "\(errors.first?.message ?? "")")
        let applied = text.replacingOccurrences(of: "after: 2024-02-29T20:00:00Z", with: "after: 2024-02-29T20:00:00+06:00")
            .replacingOccurrences(of: "next: [2024-02-29T23:30:00+05:00, 2024-02-29T23:30:00+06:00, 2024-03-01T23:30:00+06:00]",
                                  with: "next: [2024-02-29T23:30:00+06:00, 2024-02-29T23:30:00+05:00, 2024-03-01T23:30:00+05:00]")
        #expect(try RecurrenceVerdictTests.runOnCore(applied, path: "almaty.yaml").status == .passed)
    }

    /// An instant without an offset on a repeated wall time under `both`, beside a line that lists the second reading,
    /// is told to be the first; written as told, the spec passes (it was told to list the second again).
    @Test func anOffsetlessFirstReadingWrittenAsToldPasses() throws {
        let name = "instant-without-offset-beside-its-other-reading"
        let text = try String(contentsOf: Self.corpus.appendingPathComponent("\(name).yaml"), encoding: .utf8)
        let error = try #require(SpecParser().parse(path: "\(name).yaml", bytes: Array(text.utf8)).diagnostics.first { $0.code == "instant-without-offset" })
        #expect(error.message.hasSuffix("write this line as {at: 2027-10-31T01:15:00+01:00, key: d/v1/2027-10-31}, the first"), "\(error.message)")
        let applied = text.replacingOccurrences(of: "{at: 2027-10-31T01:15:00, key", with: "{at: 2027-10-31T01:15:00+01:00, key")
        #expect(try RecurrenceVerdictTests.runOnCore(applied, path: "dublin.yaml").status == .passed)
        // A block item (`- at: …` / `key: …`) is told its two lines, not `{at: …, key: …}` in place of its `at:` line,
        // which its own `key:` line below then broke (a third review's Casablanca spec).
        let block = text.replacingOccurrences(of: "    - {at: 2027-10-31T01:15:00, key: d/v1/2027-10-31}",
                                              with: "    - at: 2027-10-31T01:15:00\n      key: d/v1/2027-10-31")
        #expect(block != text)
        let blockError = try #require(SpecParser().parse(path: "\(name).yaml", bytes: Array(block.utf8)).diagnostics.first { $0.code == "instant-without-offset" })
        #expect(blockError.message.hasSuffix("write at: 2027-10-31T01:15:00+01:00 on this line and key: d/v1/2027-10-31 on line 10, the first"),
                "\(blockError.message)")
        let blockApplied = block.replacingOccurrences(of: "- at: 2027-10-31T01:15:00\n", with: "- at: 2027-10-31T01:15:00+01:00\n")
        #expect(blockApplied != block)
        #expect(try RecurrenceVerdictTests.runOnCore(blockApplied, path: "dublin.yaml").status == .passed)
    }

    /// A `~2` line written at the first reading and listed above the first reading's own line is told the instant its
    /// key names and where the line goes (`duplicate-instant`); done as told, the spec passes (told only "write that on
    /// line 16", a review then had to swap the two). zoneinfo: New York's 01:30 on 2027-11-07 is 05:30Z (-04:00) and
    /// 06:30Z (-05:00).
    @Test func aSecondReadingWrittenAndMovedAsToldPasses() throws {
        let text = Self.secondReadingAboveTheFirst
        let file = SpecParser().parse(path: "ny.yaml", bytes: Array(text.utf8))
        let told = SpecLinter().diagnostics(for: file).map(\.message).joined(separator: "\n")
        #expect(told.contains("ny/v1/2027-11-07T01:30~2 is the occurrence at 2027-11-07T01:30:00-05:00: write that on line 8 "
            + "and move the line after line 9"), "\(told)")
        var lines = text.components(separatedBy: "\n")
        let moved = lines.remove(at: 7).replacingOccurrences(of: "01:30:00-04:00", with: "01:30:00-05:00")
        lines.insert(moved, at: 8)
        #expect(try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "ny.yaml").status == .passed)
        // In block form (`- at: …` / `key: …`), the line goes after the first reading's last line, its `key:`.
        let block = text.replacing(/- \{at: ([^,]+), key: ([^}]+)\}/) { (match: Regex<(Substring, Substring, Substring)>.Match) in
            "- at: \(match.output.1)\n      key: \(match.output.2)"
        }
        let blockTold = SpecLinter().diagnostics(for: SpecParser().parse(path: "ny.yaml", bytes: Array(block.utf8))).map(\.message).joined(separator: "\n")
        #expect(blockTold.contains("write that on line 10 and move the item after line 13"), "\(blockTold)")
    }

    static let secondReadingAboveTheFirst = """
            spec: New York hourly through the autumn overlap
            schedule: {id: ny, timezone: America/New_York, rule: {every: hour, minute: 30}, nonexistent: skip, repeated: both}
            window: {after: 2027-11-06T23:00:00-04:00, through: 2027-11-07T03:00:00-05:00}
            expect:
              occurrences:
                - {at: 2027-11-06T23:30:00-04:00, key: ny/v1/2027-11-06T23:30}
                - {at: 2027-11-07T00:30:00-04:00, key: ny/v1/2027-11-07T00:30}
                - {at: 2027-11-07T01:30:00-04:00, key: ny/v1/2027-11-07T01:30~2}
                - {at: 2027-11-07T01:30:00-04:00, key: ny/v1/2027-11-07T01:30}
                - {at: 2027-11-07T02:30:00-05:00, key: ny/v1/2027-11-07T02:30}

            """

    /// A line the drop rule removes is told to go, and without it the spec passes (a review, offered the next day's
    /// 04:00, wrote it and failed on the window). See the corpus file's comment for the zoneinfo instants.
    @Test func aDroppedLineRemovedAsToldPasses() throws {
        let name = "occurrences-out-of-order-by-a-dropped-candidate"
        let (text, error) = try Self.orderError(name)
        #expect(error.location?.line == 17)
        #expect(error.message.hasSuffix("; remove the line"), "\(error.message)")
        var lines = text.components(separatedBy: "\n")
        lines.remove(at: 16)
        let result = try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "\(name).yaml")
        #expect(result.status == .passed, "\(result.message ?? "")")
    }

    /// The readings of a repeated wall time that `repeated: last` does not give, listed beside the ones it gives, are
    /// named together, each to remove; removed as told, the spec passes. See the corpus file for the zoneinfo instants.
    @Test func readingsThePolicyDoesNotGiveRemovedAsToldPass() throws {
        let name = "occurrences-out-of-order-by-readings-the-policy-does-not-give"
        let (text, error) = try Self.orderError(name)
        #expect(error.location?.line == 20)
        #expect(error.message.hasSuffix("which line 21 lists: remove the line; line 18, 2027-10-31T01:30:00+02:00, is the same kind of "
            + "reading, listed beside the one the policy gives: remove it too"), "\(error.message)")
        var lines = text.components(separatedBy: "\n")
        lines.remove(at: 19)
        lines.remove(at: 17)
        let result = try RecurrenceVerdictTests.runOnCore(lines.joined(separator: "\n"), path: "\(name).yaml")
        #expect(result.status == .passed, "\(result.message ?? "")")
    }

    /// A step written with the first reading of a repeated wall time, before the clock, is told the later reading;
    /// written as told, the scenario passes (see the corpus file for the zoneinfo instants).
    @Test func aStepsLaterReadingWrittenAsToldPasses() async throws {
        let (text, error) = try Self.orderError("steps-out-of-order-by-the-first-reading-of-a-repeated-time")
        #expect(error.message.hasSuffix("if the later one is meant, write 2027-11-07T01:40:00-05:00, which is not before it"), "\(error.message)")
        let applied = text.replacingOccurrences(of: "{at: 2027-11-07T01:40:00-04:00,", with: "{at: 2027-11-07T01:40:00-05:00,")
        #expect(try await LifecycleExecutorTests.failures(applied).isEmpty)
    }

    /// A case's `after` written with `Z` and local digits, before its `next`, is told its local reading; written as
    /// told, the case passes (see the corpus file for the zoneinfo instants).
    @Test func aCaseCursorsLocalReadingWrittenAsToldPasses() throws {
        let (text, error) = try Self.orderError("case-after-written-in-utc-with-local-digits")
        #expect(error.message.hasSuffix("write 'after: 2027-03-28T03:00:00+02:00', from which the search finds this one"), "\(error.message)")
        let applied = text.replacingOccurrences(of: "after: 2027-03-28T03:00:00Z", with: "after: 2027-03-28T03:00:00+02:00")
        #expect(try RecurrenceVerdictTests.runOnCore(applied, path: "case.yaml").status == .passed)
    }

    /// A line keyed by another date than its own that is right (Nuuk's 2027-03-27 23:30 under next-valid-time is
    /// 2027-03-28 00:00, keyed 03-27) is not told to move to its key's date, though that instant (03-27 00:00-02:00,
    /// 02:00Z) would fit between its neighbours: it is the rule's occurrence as written. The line after it, written
    /// 2027-03-27T20:00:00-02:00 (22:00Z on 03-27, no occurrence of the rule), keeps the error; keyed 03-28, it is not
    /// told to write 03-28 20:00 either, which is no occurrence: it is told the one occurrence between the line before
    /// it and the window's `through` that the list lacks, 03-28 23:30 (-01:00), the date its key names.
    /// zoneinfo: 03-26 23:30 is -02:00 (03-27 01:30Z); 03-28 00:00 is -01:00 (01:00Z); 23:30 on 03-27 does not exist;
    /// 03-28 23:30 is -01:00.
    @Test func aRightLineKeyedByAnotherDateIsNotBlamed() throws {
        let text = """
            spec: Nuuk gap
            schedule: {id: nuuk, timezone: America/Nuuk, rule: {every: day, at: "23:30"}, nonexistent: next-valid-time, repeated: first}
            window: {after: 2027-03-26T00:00:00-02:00, through: 2027-03-29T00:00:00-01:00}
            expect:
              occurrences:
                - {at: 2027-03-26T23:30:00-02:00, key: nuuk/v1/2027-03-26}
                - {at: 2027-03-28T00:00:00-01:00, key: nuuk/v1/2027-03-27}
                - {at: 2027-03-27T20:00:00-02:00, key: nuuk/v1/2027-03-28}

            """
        for text in [text, text.replacingOccurrences(of: "{at: 2027-03-27T20:00:00-02:00, key: nuuk/v1/2027-03-28}", with: "2027-03-27T20:00:00-02:00")] {
            let file = SpecParser().parse(path: "nuuk.yaml", bytes: Array(text.utf8))
            let errors = file.diagnostics.filter { $0.code == "instant-order" }
            #expect(errors.count == 1)
            #expect(errors.first?.location?.line == 8)
            #expect(errors.first?.message == "2027-03-27T20:00:00-02:00 is earlier than 2027-03-28T00:00:00-01:00 before it; it is 2027-03-27 20:00 (-02:00) "
                        + "in America/Nuuk, no occurrence of the rule; the rule's one occurrence between the line before it and the window's 'through' "
                        + "that the list lacks has key nuuk/v1/2027-03-28; if this line is that one, write 2027-03-28T23:30:00-01:00, which puts the list in order",
                    "\(errors)")
            let applied = text.replacingOccurrences(of: "2027-03-27T20:00:00-02:00", with: "2027-03-28T23:30:00-01:00")
            #expect(try RecurrenceVerdictTests.runOnCore(applied, path: "nuuk.yaml").status == .passed, "applied as told, the spec passes")
        }
    }
}
