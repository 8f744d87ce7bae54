import Testing
@testable import SpecYAML

/// Each limit at its boundary: the limit itself is allowed, one more is refused at the place it was crossed.
@Suite struct YAMLLimitsTests {
    @Test func defaultsAreTenMebibytesSixtyFourLevelsAndOneHundredThousandNodes() {
        #expect(YAMLLimits.default == YAMLLimits(maxBytes: 10_485_760, maxDepth: 64, maxNodes: 100_000))
    }

    @Test func aFileOfExactlyTheSizeLimitIsReadAndOneByteMoreIsRefused() throws {
        let text = "a: b\n"   // 5 bytes
        #expect(YAMLReader.read(text, limits: YAMLLimits(maxBytes: 5)).errors.first == nil)
        let refused = try #require(YAMLReader.read(text, limits: YAMLLimits(maxBytes: 4)).errors.first)
        #expect(refused.kind == .tooLarge)
        #expect(refused.mark == Mark(line: 1, column: 1))
        #expect(refused.message == "the file is 5 bytes, more than the limit of 4; split it or raise the limit with --max-file-size")
    }

    @Test func nestingAtTheDepthLimitIsReadAndOneLevelMoreIsRefusedAtItsBracket() throws {
        let limits = YAMLLimits(maxDepth: 3)
        #expect(YAMLReader.read("[[[x]]]\n", limits: limits).errors.first == nil)
        let refused = try #require(YAMLReader.read("[[[[x]]]]\n", limits: limits).errors.first)
        #expect(refused.kind == .tooDeep)
        #expect(refused.mark == Mark(line: 1, column: 4))
        #expect(refused.message == "nesting is deeper than 3 levels, the limit --max-depth sets (specrun's own specs need at most 5; the default is 64): raise it")
    }

    /// Too deep ends the reading: libyaml checks every open flow level at each token, so reading on to the end of
    /// 200,000 `[` on one line (to find the next document) took 452 s and heard no signal. The documents read before it
    /// are kept; `SpecParser` reads those after a later `---` on their own (SpecParserTests).
    @Test func tooDeepEndsTheStreamWithNoErrorAfterIt() throws {
        let text = "a: 1\n---\nx: " + String(repeating: "[a, ", count: 200_000) + "\n---\nb: 2\n"
        let stream = YAMLReader.read(text)
        #expect(stream.documentErrors.isEmpty)
        let error = try #require(stream.error)
        #expect(error.kind == .tooDeep)
        #expect(error.mark == Mark(line: 3, column: 256))
        #expect(stream.documents.count == 1)
    }

    @Test func blockNestingCountsLikeFlowNesting() throws {
        let text = "a:\n  b:\n    c:\n      d: x\n"   // four mappings deep
        #expect(YAMLReader.read(text, limits: YAMLLimits(maxDepth: 4)).errors.first == nil)
        let refused = try #require(YAMLReader.read(text, limits: YAMLLimits(maxDepth: 3)).errors.first)
        #expect(refused.kind == .tooDeep)
        #expect(refused.mark == Mark(line: 4, column: 7))
    }

    @Test func scalarsAndCollectionsEachCountAsOneNode() throws {
        // The list and its two items: three nodes.
        #expect(YAMLReader.read("[a, b]\n", limits: YAMLLimits(maxNodes: 3)).errors.first == nil)
        let refused = try #require(YAMLReader.read("[a, b]\n", limits: YAMLLimits(maxNodes: 2)).errors.first)
        #expect(refused.kind == .aliasExpansion)
        #expect(refused.mark == Mark(line: 1, column: 5))
        // No alias to remove: the advice is to split the document (a review was told to remove aliases it had none of).
        #expect(refused.message == "the document has more than 2 nodes, more than a spec needs; check that it is the spec meant (a generated file?), or raise the limit with --max-nodes")
    }

    @Test func anAliasCountsEveryNodeOfWhatItNames() throws {
        // The outer list (1), the anchored list with x and y (3), then the alias expands to 3 more: 7.
        let text = "- &a [x, y]\n- *a\n"
        #expect(YAMLReader.read(text, limits: YAMLLimits(maxNodes: 7)).errors.first == nil)
        let refused = try #require(YAMLReader.read(text, limits: YAMLLimits(maxNodes: 6)).errors.first)
        #expect(refused.kind == .aliasExpansion)
        #expect(refused.mark == Mark(line: 2, column: 3))
        #expect(refused.message == "the document expands to more than 6 nodes (aliases included); remove the repeated aliases or raise the limit with --max-nodes")
    }

    @Test func theNodeBudgetIsPerDocument() {
        let text = "[a, b]\n---\n[c, d]\n---\n[e, f]\n"
        let stream = YAMLReader.read(text, limits: YAMLLimits(maxNodes: 3))
        #expect(stream.errors.first == nil)
        #expect(stream.documents.count == 3)
    }

    /// The command line allows --max-depth up to 1000; a tree that deep must also be released without
    /// overflowing the stack (a release per level) on a test's thread, which may be smaller than the main one.
    @Test func aThousandLevelsReadAndReleaseWhenTheLimitAllowsThem() throws {
        let text = "spec: " + String(repeating: "[", count: 999) + "x" + String(repeating: "]", count: 999) + "\n"
        var depth = 0
        do {
            let stream = YAMLReader.read(text, limits: YAMLLimits(maxDepth: 1_000))
            #expect(stream.errors.first == nil)
            var node = try #require(stream.documents.first?.root.mapping?.first?.value)
            while let items = node.sequence {
                depth += 1
                node = try #require(items.first)
            }
        }
        #expect(depth == 999)
    }
}
