import Testing
@testable import SpecYAML

@Suite struct YAMLReaderTests {
    @Test func plainTimeStaysText() throws {
        let stream = YAMLReader.read("at: 02:30\nn: 0150\nb: yes\n")
        #expect(stream.errors.first == nil)
        let entries = try #require(stream.documents.first?.root.mapping)
        #expect(entries.map { $0.value.scalar?.value } == ["02:30", "0150", "yes"])
    }

    @Test func marksAreOneBased() throws {
        let stream = YAMLReader.read("spec: a\nschedule:\n  timezone: Europe/Berlin\n")
        let entries = try #require(stream.documents.first?.root.mapping)
        #expect(entries[0].key.mark == Mark(line: 1, column: 1))
        let inner = try #require(entries[1].value.mapping)
        #expect(inner[0].key.mark == Mark(line: 3, column: 3))
        #expect(inner[0].value.mark == Mark(line: 3, column: 13))
    }

    @Test func multipleDocumentsKeepTheirStart() {
        let stream = YAMLReader.read("spec: a\n---\nspec: b\n---\nspec: c\n")
        #expect(stream.documents.count == 3)
        #expect(stream.documents.map(\.start.line) == [1, 2, 4])
    }

    /// Empty documents are not kept: a 10 MB file of 2.5 million `---` lines held 490 MB of them (the second hunt of
    /// the thirty-seventh session); one with a tag or a value (`~`) is kept, and a comment is nothing.
    @Test func emptyDocumentsAreNotKept() {
        let stream = YAMLReader.read("---\n---\nspec: a\n---\n# nothing\n---\n!!str\n---\n~\n---\n")
        #expect(stream.documents.map(\.start.line) == [2, 6, 8])
        #expect(YAMLReader.read(String(repeating: "---\n", count: 10_000)).documents.isEmpty)
    }

    @Test func documentsBeforeASyntaxErrorAreKept() throws {
        let stream = YAMLReader.read("spec: a\n---\nspec: [b\n")
        #expect(stream.documents.count == 1)
        let error = try #require(stream.errors.first)
        #expect(error.kind == .syntax)
        #expect(error.mark.line >= 3)
    }

    @Test func aliasesResolveToTheAnchoredNode() throws {
        let stream = YAMLReader.read("base: &b {every: day, at: \"02:30\"}\ncopy: *b\n")
        let entries = try #require(stream.documents.first?.root.mapping)
        #expect(entries[1].value.mapping?.count == 2)
        #expect(entries[1].value.mapping?[1].value.scalar?.value == "02:30")
    }

    @Test func aliasBombIsAnErrorNotAHang() throws {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(refs)]\n"
        }
        let stream = YAMLReader.read(text)
        #expect(stream.errors.first?.kind == .aliasExpansion)
    }

    @Test func deepNestingIsAnError() {
        let text = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let stream = YAMLReader.read(text)
        #expect(stream.errors.first?.kind == .tooDeep)
        #expect(stream.errors.first?.mark.line == 1)
    }

    @Test func unknownAliasIsAnError() {
        let stream = YAMLReader.read("a: *missing\n")
        #expect(stream.errors.first != nil)
    }

    /// An anchor belongs to its document (YAML 1.2, 3.2.2.2): an alias cannot reach back into the document before,
    /// so each document of a multi-spec file reads the same alone as after others.
    @Test func anAliasCannotNameAnAnchorOfAnEarlierDocument() throws {
        let stream = YAMLReader.read("a: &x 1\n---\nb: *x\n")
        #expect(stream.documents.count == 1)
        let error = try #require(stream.errors.first)
        #expect(error.kind == .unknownAlias)
        #expect(error.mark == Mark(line: 3, column: 4))
        // It was told to define '&x' first, which it had: a document earlier.
        #expect(error.message.contains("an anchor of an earlier document (line 1)"), "\(error.message)")
        #expect(error.message.contains("define '&x' again in this document"))
        let undefined = try #require(YAMLReader.read("a: &x 1\n---\nb: *y\n").errors.first)
        #expect(undefined.message == "the alias '*y' names no anchor defined before it; define '&y' first")
    }

    /// An unknown alias or a document past the node bound drops its own document only: the file's later documents are
    /// read (they vanished with it, unseen: "0 passed, 1 invalid spec file" for a file of two specs).
    @Test func aDocumentDroppedForAnAliasLeavesTheNextOnesRead() throws {
        let stream = YAMLReader.read("a: *nothing\n---\nb: 1\n---\nc: [*x, *x]\n---\nd: 2\n", limits: YAMLLimits(maxNodes: 4))
        #expect(stream.error == nil)
        #expect(stream.documentErrors.map(\.kind) == [.unknownAlias, .unknownAlias])
        #expect(stream.documents.compactMap { $0.root.mapping?.first?.key.scalar?.value } == ["b", "d"])
        var bomb = "x: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
        for level in 1...6 { bomb += "a\(level): &a\(level) [\(Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", "))]\n" }
        let afterBomb = YAMLReader.read(bomb + "---\nspec: next\n")
        #expect(afterBomb.documentErrors.map(\.kind) == [.aliasExpansion])
        #expect(afterBomb.documents.count == 1)
    }

    /// An alias written before its anchor was told to define the anchor, which was defined, below: it is told that
    /// YAML defines an anchor before its aliases, with the anchor's line.
    @Test func anAliasBeforeItsAnchorIsToldWhereTheAnchorIs() throws {
        let error = try #require(YAMLReader.read("a: {zone: *berlin}\nb: &berlin Europe/Berlin\n").documentErrors.first)
        #expect(error.message == "the alias '*berlin' comes before its anchor '&berlin' (line 2), and YAML defines an anchor before the "
            + "aliases that name it; move the anchored node above the alias, or write its value here")
    }

    /// A plain alias's copies are recorded, node by node, with the alias's place; an alias a merge key names is a
    /// merge's (`MergeRecord.copies`), not recorded twice.
    @Test func aPlainAliasRecordsWhatItCopiesAndAMergeDoesNot() throws {
        let stream = YAMLReader.read("a: &m {x: 1}\nb: *m\nc: {<<: *m}\nd: {<<: [*m]}\n")
        #expect(stream.merges.aliasCopies[Mark(line: 1, column: 8)] == [Mark(line: 2, column: 4)])
        #expect(stream.merges.aliasCopies[Mark(line: 1, column: 11)] == [Mark(line: 2, column: 4)])
        #expect(stream.merges.copies[Mark(line: 1, column: 8)]?.count == 2)
    }

    /// What aliases copy is recorded within a budget: walked whole, an alias bomb's copies made each bomb document cost
    /// 10 ms, so a file of them read for minutes (the hostile-input hunt: 5,000 documents, 49 s).
    @Test func theAliasRecordOfABombIsBounded() {
        let bomb = "[&a [x, x, x, x, x, x, x, x, x, x], &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a], "
            + "&c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b], &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]]\n"
        let stream = YAMLReader.read(Array(repeating: bomb, count: 200).joined(separator: "---\n"))
        #expect(stream.documents.count == 200)
        #expect(stream.merges.aliasCopies.values.reduce(0) { $0 + $1.count } <= 50_000)
    }

    /// An anchor of a dropped document, written after what dropped it, is still named to the next document's alias
    /// as an earlier document's (it was told to define what was defined).
    @Test func anAnchorOfADroppedDocumentIsAnEarlierDocumentsToo() throws {
        let stream = YAMLReader.read("- *nope\n- &a b\n---\nc: *a\n")
        #expect(stream.documentErrors.map(\.kind) == [.unknownAlias, .unknownAlias])
        #expect(stream.documentErrors.last?.message.contains("names an anchor of an earlier document (line 2)") == true)
    }

    /// An anchor name given to a second node is YAML 1.2's (the aliases after it copy the second) and refused by
    /// PyYAML: it is read, and recorded with both places and how many aliases copied the first. Each document has its
    /// own anchors, so the same name in the next document is not a second node.
    @Test func anAnchorNameGivenTwiceIsRecordedAndTheLaterNodeIsCopied() throws {
        let stream = YAMLReader.read("- &a {x: 1}\n- *a\n- *a\n- &a [2]\n- *a\n- &b 3\n---\n- &b 4\n")
        #expect(stream.errors.first == nil)
        #expect(stream.reusedAnchors == [ReusedAnchor(name: "a", first: Mark(line: 1, column: 3), again: Mark(line: 4, column: 3), aliasesBetween: 2,
                                                      aliasesAfter: 1)])
        let items = try #require(stream.documents.first?.root.sequence)
        #expect(items[1].mapping != nil && items[4].sequence != nil)
        // A third node of the name is recorded with the first two, not as a pair of its own.
        let three = YAMLReader.read("a: &s 1\nb: {c: &s 2, d: &s 3}\n").reusedAnchors
        #expect(three.map { [$0.first.line, $0.first.column, $0.again.line, $0.again.column] } == [[1, 4, 2, 8]])
        #expect(three.first?.later == [Mark(line: 2, column: 17)])
    }

    /// An alias spelled another way than its anchor is offered the anchor; one inside its own anchor's node is told
    /// that YAML defines the anchor only at the node's end (it was told to define what it is inside).
    @Test func anUnknownAliasIsToldTheAnchorItLikelyMeans() throws {
        let spelled = try #require(YAMLReader.read("a: &new-york {x: 1}\nb: {<<: *new_york}\n").errors.first)
        #expect(spelled.message == "the alias '*new_york' names no anchor defined before it; did you mean '*new-york'?")
        let misspelt = try #require(YAMLReader.read("a: &defaults {x: 1}\nb: {<<: *defualts}\n").errors.first)
        #expect(misspelt.message == "the alias '*defualts' names no anchor defined before it; did you mean '*defaults'?")
        #expect(try #require(YAMLReader.read("a: &defaults {x: 1}\nb: *xyz\n").errors.first).message.hasSuffix("define '&xyz' first"))
        let inside = try #require(YAMLReader.read("- &ny {name: a, <<: *ny}\n").errors.first)
        #expect(inside.message.hasPrefix("the alias '*ny' is inside the node anchored '&ny', which YAML defines only at its end"), "\(inside.message)")
    }

    /// A merged mapping counts the nodes it holds: a chain of mappings each merging the one before (cases sharing
    /// overrides) stays as large as PyYAML's reading of it. Counting the copies' overridden keys again at every alias,
    /// the 157th link passed the 100,000-node bound. An alias bomb through merge lists holds no more than its keys.
    @Test func aChainOfMergesCountsWhatItHolds() throws {
        var text = "c0: &c0 {a: 1, b: 2, c: 3, d: 4}\n"
        for link in 1...2_000 { text += "c\(link): &c\(link) {<<: *c\(link - 1), a: \(link)}\n" }
        let stream = YAMLReader.read(text)
        #expect(stream.errors.first == nil, "\(String(describing: stream.errors.first))")
        let last = try #require(stream.documents.first?.root.mapping?.last?.value.mapping)
        #expect(last.map { "\($0.key.scalar!.value)=\($0.value.scalar!.value)" } == ["b=2", "c=3", "d=4", "a=2000"])
        var bomb = "m0: &m0 {a: 1, b: 2}\n"
        for level in 1...12 { bomb += "m\(level): &m\(level) {<<: [\(Array(repeating: "*m\(level - 1)", count: 10).joined(separator: ", "))], b: \(level)}\n" }
        #expect(YAMLReader.read(bomb).errors.first == nil)
        var listBomb = "l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 { listBomb += "l\(level): &l\(level) {<<: {k: v}, items: [\(Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", "))]}\n" }
        #expect(YAMLReader.read(listBomb).errors.first?.kind == .aliasExpansion)
    }

    /// The keys of a mapping after its merges, as `key=value` texts in order.
    private func merged(_ text: String, _ key: String) throws -> [String] {
        let stream = YAMLReader.read(text)
        #expect(stream.errors.first == nil, "\(String(describing: stream.errors.first))")
        let root = try #require(stream.documents.first?.root.mapping)
        let entries = try #require(root.first { $0.key.scalar?.value == key }?.value.mapping)
        return entries.map { "\($0.key.scalar?.value ?? "?")=\($0.value.scalar?.value ?? $0.value.kindDescription)" }
    }

    /// YAML's merge key: the mapping's own keys win wherever they are written, then the earlier merged mapping's;
    /// merged keys take the place of the `<<`.
    @Test func aMergeKeyCopiesTheKeysTheMappingDoesNotWrite() throws {
        let base = "base: &b {timezone: Europe/Berlin, repeated: first, nonexistent: skip}\n"
        #expect(try merged(base + "s: {rule: r, <<: *b, repeated: both}\n", "s")
                == ["rule=r", "timezone=Europe/Berlin", "nonexistent=skip", "repeated=both"])
        #expect(try merged(base + "o: &o {repeated: last, limit: 5}\ns: {<<: [*o, *b]}\n", "s")
                == ["repeated=last", "limit=5", "timezone=Europe/Berlin", "nonexistent=skip"])
        #expect(try merged("s:\n  <<: {a: 1}\n  b: 2\n", "s") == ["a=1", "b=2"])
        #expect(try merged(base + "s: {!!merge <<: *b}\n", "s").count == 3)
        // A merge inside the anchored mapping was resolved where it was written, and travels with it.
        #expect(try merged(base + "t: &t {<<: *b, limit: 9}\ns: {<<: *t, repeated: both}\n", "s")
                == ["timezone=Europe/Berlin", "nonexistent=skip", "limit=9", "repeated=both"])
        // Two merge keys are a key written twice (PyYAML lets the later win): neither merges, for the parser to tell.
        #expect(try merged("s:\n  <<: {a: 1}\n  <<: {a: 2, b: 3}\n", "s") == ["<<=a mapping", "<<=a mapping"])
    }

    @Test func aMergedKeyKeepsTheMarkWhereItIsWritten() throws {
        let stream = YAMLReader.read("base: &b\n  timezone: Europe/Berlin\ns:\n  <<: *b\n")
        let root = try #require(stream.documents.first?.root.mapping)
        let entry = try #require(root[1].value.mapping?.first)
        #expect(entry.key.mark == Mark(line: 2, column: 3))
    }

    /// Only a plain `<<` merges (or one tagged `!!merge`); the spec parser tells the rest.
    @Test(arguments: ["s: {\"<<\": {a: 1}}\n", "s: {'<<': {a: 1}}\n", "s: {!!str <<: {a: 1}}\n",
                      "s: {<<: text}\n", "s: {<<: [{a: 1}, 5]}\n", "s: {<<: }\n", "s: {<<<: {a: 1}}\n"])
    func whatIsNoMergeStaysAKey(text: String) throws {
        let keys = try merged(text, "s").map { $0.prefix { $0 != "=" } }
        #expect(keys.count == 1 && keys[0].hasPrefix("<<"), "\(keys)")
    }

    @Test func aMergeKeyAsAValueOrAListItemIsText() throws {
        let stream = YAMLReader.read("a: <<\nb: [<<]\n")
        let root = try #require(stream.documents.first?.root.mapping)
        #expect(root[0].value.scalar?.value == "<<")
        #expect(root[1].value.sequence?.first?.scalar?.value == "<<")
    }

    @Test func invalidUTF8NamesItsPlace() {
        let bytes = Array("spec: a\nname: caf".utf8) + [0xE9] + Array("\n".utf8)
        let stream = YAMLReader.read(bytes)
        #expect(stream.errors.first?.kind == .notUTF8)
        #expect(stream.errors.first?.mark == Mark(line: 2, column: 10))
    }

    @Test(arguments: [
        ([0xFF, 0xFE, 0x73, 0x00], "UTF-16 (little-endian)"), ([0xFE, 0xFF, 0x00, 0x73], "UTF-16 (big-endian)"),
        ([0x73, 0x00, 0x70, 0x00], "UTF-16 (little-endian)"), ([0x00, 0x73, 0x00, 0x70], "UTF-16 (big-endian)"),
        ([0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian)"), ([0x00, 0x00, 0xFE, 0xFF], "UTF-32 (big-endian)"),
        ([0x73, 0x00, 0x00, 0x00], "UTF-32 (little-endian)"), ([0x00, 0x00, 0x00, 0x73], "UTF-32 (big-endian)"),
    ] as [([UInt8], String)])
    func aFileInAWideEncodingIsNamedNotQuoted(prefix: [UInt8], encoding: String) {
        let stream = YAMLReader.read(prefix + [0x0A, 0x00])
        #expect(stream.errors.first?.kind == .wideEncoding)
        #expect(stream.errors.first?.message.hasPrefix("the file is \(encoding), not UTF-8") == true, "\(String(describing: stream.errors.first))")
    }

    @Test func utf8WithAByteOrderMarkIsNoWideEncoding() {
        #expect(YAMLReader.read([0xEF, 0xBB, 0xBF] + Array("spec: a\n".utf8)).errors.first == nil)
        #expect(YAMLReader.read("a\n").errors.first == nil)
    }

    @Test func tabIndentationIsASyntaxError() {
        let stream = YAMLReader.read("schedule:\n\ttimezone: Europe/Berlin\n")
        #expect(stream.errors.first?.kind == .syntax)
        #expect(stream.errors.first?.mark.line == 2)
    }

    @Test func emptyTextHasNoDocuments() {
        #expect(YAMLReader.read("").documents.isEmpty)
        #expect(YAMLReader.read("# only a comment\n").documents.isEmpty)
    }

    @Test func oversizedInputIsRefusedBeforeParsing() {
        let stream = YAMLReader.read("a: b\n", limits: YAMLLimits(maxBytes: 3))
        #expect(stream.errors.first?.kind == .tooLarge)
    }

    @Test func quotedStylesAreKept() throws {
        let stream = YAMLReader.read("a: 'x'\nb: \"y\"\nc: z\n")
        let styles = try #require(stream.documents.first?.root.mapping).map { $0.value.scalar?.style }
        #expect(styles == [.singleQuoted, .doubleQuoted, .plain])
    }

    @Test func largeFlatCollectionsReadWhole() throws {
        let list = "items: [" + Array(repeating: "x", count: 99_000).joined(separator: ", ") + "]\n"
        let entries = try #require(YAMLReader.read(list).documents.first?.root.mapping)
        #expect(entries[0].value.sequence?.count == 99_000)

        let mapping = (0..<40_000).map { "k\($0): v\n" }.joined()
        let keys = try #require(YAMLReader.read(mapping).documents.first?.root.mapping)
        #expect(keys.count == 40_000)
        #expect(keys.last?.key.scalar?.value == "k39999")
        #expect(keys.last?.value.mark == Mark(line: 40_000, column: 9))
    }
    /// libyaml (YAML 1.1) takes U+2028, U+2029 and U+0085 for line breaks, which editors do not show: pasted into a
    /// comment, the rest of the line became YAML; in a quoted name, every later line number was one too many. They are
    /// refused where they are, in the file's own line and column, and the documents before them are kept.
    @Test(arguments: [("\u{2028}", "U+2028"), ("\u{2029}", "U+2029"), ("\u{85}", "U+0085")])
    func aLineBreakOnlyYAML11SeesIsRefusedAtItsPlace(character: String, code: String) throws {
        for text in ["spec: a\n---\n# comment\(character)b: c\nd: e\n", "spec: a\n---\nname: \"x\(character)y\"\nd: e\n",
                     "spec: a\n---\nname: plain\(character)text\n"] {
            let stream = YAMLReader.read(text)
            let error = try #require(stream.errors.first, "\(text.debugDescription)")
            #expect(error.kind == .misreadCharacter)
            #expect(error.message.contains("(\(code)"), "\(error.message)")
            #expect(error.mark.line == 3)
            #expect(stream.documents.count == 1, "the document before it is kept")
        }
        // A syntax error before it keeps its own place.
        #expect(YAMLReader.read("a: b: c\n# x\(character)y\n").errors.first?.kind == .syntax)
    }

    @Test func aByteOrderMarkStartingALineInsideTheFileIsRefusedThere() throws {
        let stream = YAMLReader.read([0xEF, 0xBB, 0xBF] + Array("spec: a\nb: c\n---\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("spec: d\nb: c\n".utf8))
        let error = try #require(stream.errors.first)
        #expect(error.kind == .misreadCharacter)
        #expect(error.message.contains("byte order mark (U+FEFF)"))
        #expect(error.mark == Mark(line: 4, column: 1))
        #expect(stream.documents.count == 1)
    }

    @Test func marksOfBytesCountLineEndsAsSourceTextDoes() {
        let bytes = Array("a\r\nb\rc\nd".utf8)
        #expect(YAMLReader.mark(atByte: bytes.count - 1, in: bytes) == Mark(line: 4, column: 1))
        #expect(YAMLReader.mark(atByte: 4, in: [0xEF, 0xBB, 0xBF] + Array("ab".utf8)) == Mark(line: 1, column: 2))
    }

    /// Only the alias's own anchor, written after it, changes what an unknown alias is told: another anchor below it
    /// leaves "define it first" (mutation A7, any later anchor taken for the alias's, told '*paris' comes before
    /// '&paris' for an alias '*berlin').
    @Test func anotherAnchorAfterAnUnknownAliasLeavesItsMessage() throws {
        let error = try #require(YAMLReader.read("a: {zone: *berlin}\nb: &paris Europe/Paris\n").documentErrors.first)
        #expect(error.message == "the alias '*berlin' names no anchor defined before it; define '&berlin' first")
    }
}
