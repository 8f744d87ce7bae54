import Foundation
import SpecResults
@testable import SpecrunCLI
import Testing

/// Selecting tests whose names, tags and paths are French, Russian or Chinese: `--filter`, `--tag`, `--shard` and
/// `--last-failed` treat an accented name the same whether it is spelled composed (NFC, what editors on Linux and
/// Windows write) or decomposed (NFD, what a macOS file name holds and what copying one gives).
struct NonASCIISelectionTests {
    private static func nfd(_ text: String) -> String { text.decomposedStringWithCanonicalMapping }

    /// A passing spec in each language, in folders named in Cyrillic and CJK, and one with an accented file name.
    private func folder() throws -> ScratchSpecFolder {
        let folder = try ScratchSpecFolder()
        try folder.write("Тесты/москва.yaml", "tags: [русский]\n" + ScratchSpecFolder.quickSpec("Синхронизация ночью", day: 1))
        try folder.write("排程/每日.yaml", "tags: [中文, 夏令時間]\n" + ScratchSpecFolder.quickSpec("每天同步", day: 2))
        try folder.write("été.yaml", "tags: [été]\n" + ScratchSpecFolder.quickSpec("Élément d’été", day: 3))
        return folder
    }

    private func listed(_ folder: ScratchSpecFolder, _ arguments: String...) async -> [String] {
        await listed(folder, arguments)
    }

    private func listed(_ folder: ScratchSpecFolder, _ arguments: [String]) async -> [String] {
        let run = await CommandRun.run([folder.path, "--list"] + arguments)
        #expect(run.status == ExitStatus.success, "\(run.err)")
        return run.out.split(separator: "\n").map { String($0.dropFirst(folder.path.count + 1)) }
    }

    @Test(arguments: [
        ("москва", ["Тесты/москва.yaml › Синхронизация ночью › noon › core"]),
        ("[А-Яа-я]+ ночью", ["Тесты/москва.yaml › Синхронизация ночью › noon › core"]),
        ("\\p{Han}{4}", ["排程/每日.yaml › 每天同步 › noon › core"]),
        ("/排程/", ["排程/每日.yaml › 每天同步 › noon › core"]),
        ("(?i)ÉLÉMENT", ["été.yaml › Élément d’été › noon › core"]),
    ])
    func aCyrillicOrCJKFilterSelectsByTheId(filter: String, ids: [String]) async throws {
        let folder = try folder()
        defer { folder.remove() }
        #expect(await listed(folder, "--filter", filter) == ids)
    }

    @Test func aFilterTypedDecomposedMatchesAComposedName() async throws {
        let folder = try folder()
        defer { folder.remove() }
        let filter = Self.nfd("Élément d’été")
        #expect(filter.unicodeScalars.count == "Élément d’été".unicodeScalars.count + 4)
        #expect(await listed(folder, "--filter", filter) == ["été.yaml › Élément d’été › noon › core"])
        #expect(await listed(folder, "--filter", "(?i)" + Self.nfd("élément")) == ["été.yaml › Élément d’été › noon › core"])
    }

    @Test func aDecomposedFileNameIsMatchedByAComposedFilter() async throws {
        let folder = try ScratchSpecFolder()
        defer { folder.remove() }
        try folder.write(Self.nfd("déjà-vu.yaml"), ScratchSpecFolder.quickSpec(Self.nfd("Déjà vu"), day: 4))
        let ids = await listed(folder, "--filter", "déjà")
        #expect(ids.count == 1)
        #expect(ids.first == Self.nfd("déjà-vu.yaml › Déjà vu › noon › core"))
    }

    @Test(arguments: [["русский"], ["夏令時間"], ["été"], ["été".decomposedStringWithCanonicalMapping], ["中文", "été"]])
    func aNonASCIITagSelectsItsSpecs(tags: [String]) async throws {
        let folder = try folder()
        defer { folder.remove() }
        let expected = [
            "русский": "Тесты/москва.yaml › Синхронизация ночью › noon › core",
            "夏令時間": "排程/每日.yaml › 每天同步 › noon › core", "中文": "排程/每日.yaml › 每天同步 › noon › core",
            "été": "été.yaml › Élément d’été › noon › core",
        ]
        let ids = await listed(folder, tags.flatMap { ["--tag", $0] })
        #expect(Set(ids) == Set(tags.map { expected[$0.precomposedStringWithCanonicalMapping]! }))
    }

    /// The same file, its name spelled decomposed on one machine (macOS) and composed on another, falls in the same
    /// shard on both: shards of one suite run on different machines still cover every test once.
    @Test(arguments: 2...7)
    func aDecomposedAndAComposedIdFallInTheSameShard(count: Int) {
        let composed = "specs/été/déjà-vu.yaml › Synchronisation d’été › première › core"
        let decomposed = Self.nfd(composed)
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        let shards = (1...count).map { Shard(index: $0, count: count) }
        #expect(shards.filter { $0.contains(id: composed) } == shards.filter { $0.contains(id: decomposed) })
        #expect(shards.filter { $0.contains(id: composed) }.count == 1)
    }

    @Test func anASCIIIdKeepsItsShard() {
        // FNV-1a of the bytes, as before: composing changes nothing for ASCII, so no existing shard moves.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "specs/a.yaml › A › noon › core".utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        #expect(Shard.stableHash("specs/a.yaml › A › noon › core") == hash)
    }

    @Test func everyShardOfANonASCIISuiteTogetherListsEveryTestOnce() async throws {
        let folder = try folder()
        defer { folder.remove() }
        let all = await listed(folder)
        #expect(all.count == 3)
        var union: [String] = []
        for index in 1...3 {
            let run = await CommandRun.run(folder.path, "--list", "--shard", "\(index)/3")
            union += run.out.split(separator: "\n").map { String($0.dropFirst(folder.path.count + 1)) }
        }
        #expect(union.sorted() == all.sorted())
    }

    @Test func lastFailedRerunsACJKAndACyrillicFailure() async throws {
        let folder = try folder()
        defer { folder.remove() }
        try folder.write("排程/失敗.yaml", ScratchSpecFolder.quickSpec("故意失敗", day: 5)
            .replacingOccurrences(of: "next: 2027-01-05T12:00:00Z", with: "next: 2027-01-05T13:00:00Z"))
        try folder.write("Тесты/ошибка.yaml", ScratchSpecFolder.quickSpec("Ошибка", day: 6)
            .replacingOccurrences(of: "next: 2027-01-06T12:00:00Z", with: "next: 2027-01-06T13:00:00Z"))
        let results = folder.path("результаты.json")
        let first = await CommandRun.run(folder.path, "--json", results)
        #expect(first.status == ExitStatus.testFailure)
        #expect(await listed(folder, "--last-failed", results).sorted() == [
            "Тесты/ошибка.yaml › Ошибка › noon › core",
            "排程/失敗.yaml › 故意失敗 › noon › core",
        ])
    }

    @Test(arguments: [("ete", "été"), ("ETE", "été"), ("русски", "русский")])
    func aTagTypedWithoutItsAccentsIsSuggested(typed: String, tag: String) async throws {
        let folder = try folder()
        defer { folder.remove() }
        let run = await CommandRun.run(folder.path, "--tag", typed)
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: no spec has the tag '\(typed)'; did you mean '\(tag)'? Tags in these specs: "), "\(run.err)")
    }

    /// Tags are selected in any case: `--tag ÉTÉ` selects `été` as `--tag dst` selects `DST` (the lint read `DST` as
    /// `dst`, and `--tag dst` left it out: a review).
    @Test(arguments: [("ÉTÉ", "été"), ("РУССКИЙ", "русский")])
    func aTagTypedInCapitalsSelectsIt(typed: String, tag: String) async throws {
        let folder = try folder()
        defer { folder.remove() }
        #expect(await listed(folder, "--tag", typed) == (await listed(folder, "--tag", tag)))
        #expect(!(await listed(folder, "--tag", tag)).isEmpty)
    }

    /// Simplified and Traditional spellings of one word are different tags (tags are compared as written, but for case), but the
    /// tag typed in the other script is what was meant, as a tag typed without its accents is: it is offered, before a
    /// tag one character away. `--tag 夏令時間` offered the Japanese `夏時間` (one edit) over `夏令时间` (two).
    @Test func aTagTypedInTheOtherChineseScriptIsOfferedItsSpelling() async throws {
        let folder = try folder()
        defer { folder.remove() }
        let run = await CommandRun.run(folder.path, "--tag", "夏令时间")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.hasPrefix("specrun: error: no spec has the tag '夏令时间'; did you mean '夏令時間'? Tags in these specs: "), "\(run.err)")
        let typed = await CommandRun.run(folder.path, "--exclude-tag", "夏令時閒", "--list")
        #expect(typed.err.contains("Did you mean '夏令時間'?"), "a typo is still a typo: \(typed.err)")
        // Beside a Japanese tag one character away, the Simplified tag is what `夏令時間` meant.
        let both = try ScratchSpecFolder()
        defer { both.remove() }
        try both.write("東京.yaml", "tags: [夏時間]\n" + ScratchSpecFolder.quickSpec("東京の同期", day: 4))
        try both.write("上海.yaml", "tags: [夏令时间]\n" + ScratchSpecFolder.quickSpec("上海同步", day: 5))
        let traditional = await CommandRun.run(both.path, "--tag", "夏令時間")
        #expect(traditional.err.hasPrefix("specrun: error: no spec has the tag '夏令時間'; did you mean '夏令时间'?"), "\(traditional.err)")
        let japanese = await CommandRun.run(both.path, "--tag", "夏時间")
        #expect(japanese.err.hasPrefix("specrun: error: no spec has the tag '夏時间'; did you mean '夏時間'?"), "\(japanese.err)")
    }

    /// The same typo in `--exclude-tag` excluded nothing and said nothing: it warns, and the run goes on.
    @Test func anExcludedTagNoSpecHasIsWarnedAboutAndTheRunGoesOn() async throws {
        let folder = try folder()
        defer { folder.remove() }
        let run = await CommandRun.run(folder.path, "--exclude-tag", "ete", "--exclude-tag", "русский", "--list")
        #expect(run.status == ExitStatus.success)
        #expect(run.err == "specrun: warning: --exclude-tag 'ete' excludes nothing: no spec in these files has that tag. Did you mean 'été'?\n", "\(run.err)")
        #expect(run.out.split(separator: "\n").count == 2)
    }

    /// Without a UTF-8 locale the report draws an id's '›' as '>', and a pattern copied from it matched nothing.
    @Test func aFilterWithTheReportsASCIISeparatorIsToldTheRealOne() async throws {
        let folder = try folder()
        defer { folder.remove() }
        let run = await CommandRun.run(folder.path, "--filter", "noon > core")
        #expect(run.status == ExitStatus.invalidInput)
        #expect(run.err.contains("Ids separate their parts with '›' (U+203A), which the report shows as '>' where the terminal is not UTF-8; write '›' or '.' there."), "\(run.err)")
        #expect(await listed(folder, "--filter", "noon . core").count == 3)
    }
}
