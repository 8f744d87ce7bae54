import Foundation
#if canImport(_FoundationICU)
internal import _FoundationICU
#endif

/// A regular expression in ICU's syntax — the engine `NSRegularExpression` runs — whose every search stops at ICU's
/// own time limit instead of backtracking for ever.
///
/// `NSRegularExpression` offers no time limit, and ICU backtracks: `--filter '(.*a){30}'` ran for minutes on one test id
/// of 40 letters, and ignored SIGTERM meanwhile (a black-box review, 2026-12-04). A shape check
/// (`NestedRepetition`) refuses the common catastrophic patterns up front; this is the bound behind it, for those a
/// shape check cannot see. The limit counts ICU's match steps (`uregex_setTimeLimit`: 10,000 engine steps each), not
/// the clock, so a search is stopped after the same work on every machine. Where the toolchain has no `_FoundationICU`
/// module the searches run through `NSRegularExpression`, unbounded.
public final class BoundedRegex: @unchecked Sendable {
    /// A search stopped at the time limit (or by ICU's backtracking stack limit): the pattern backtracks too much on
    /// this text to say whether it matches.
    public struct TimedOut: Error, Equatable {}

    /// ICU's limit for one search, in its units of 10,000 match steps: about 1 to 3 seconds on this machine's cores
    /// (measured: 100 units in 20 ms). A pattern that does not backtrack needs a few units for a megabyte.
    public static let defaultTimeLimit: Int32 = 10_000

    /// The pattern as written.
    public let pattern: String
    /// The number of capture groups.
    public let groupCount: Int
    private let timeLimit: Int32
    #if canImport(_FoundationICU)
    /// Compiled once; each search works on a clone (a `URegularExpression` is not safe to share between threads).
    private let compiled: OpaquePointer
    #else
    private let expression: NSRegularExpression
    #endif

    /// Nil when ICU does not compile `pattern` (callers tell why with `NSRegularExpression`'s and Swift's parsers).
    public init?(_ pattern: String, timeLimit: Int32 = BoundedRegex.defaultTimeLimit) {
        self.pattern = pattern
        self.timeLimit = timeLimit
        #if canImport(_FoundationICU)
        var status = U_ZERO_ERROR
        let units = Array(pattern.utf16)
        guard let compiled = swift_uregex_open(units, Int32(units.count), 0, nil, &status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return nil
        }
        let groups = swift_uregex_groupCount(compiled, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue else {
            swift_uregex_close(compiled)
            return nil
        }
        self.compiled = compiled
        groupCount = Int(groups)
        #else
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
        self.expression = expression
        groupCount = expression.numberOfCaptureGroups
        #endif
    }

    deinit {
        #if canImport(_FoundationICU)
        swift_uregex_close(compiled)
        #endif
    }

    /// Whether the pattern matches somewhere in `text`.
    public func firstMatch(in text: String) throws(TimedOut) -> Bool {
        var found = false
        try search(Array(text.utf16), all: false) { _ in found = true }
        return found
    }

    /// Every match in `text`, in order, as NSRegularExpression's `matches(in:)` finds them: the whole match's range,
    /// then each group's (`NSNotFound` where a group takes no part), in UTF-16 offsets.
    public func matches(in text: String) throws(TimedOut) -> [[NSRange]] {
        var matches: [[NSRange]] = []
        try search(Array(text.utf16), all: true) { matches.append($0) }
        return matches
    }

    private func search(_ units: [UInt16], all: Bool, _ found: ([NSRange]) -> Void) throws(TimedOut) {
        #if canImport(_FoundationICU)
        // ICU counts a text's length in an Int32: a longer one is not searched (a redaction then masks it whole).
        guard units.count <= Int(Int32.max) else { throw TimedOut() }
        var status = U_ZERO_ERROR
        guard let regex = swift_uregex_clone(compiled, &status) else { throw TimedOut() }
        defer { swift_uregex_close(regex) }
        swift_uregex_setTimeLimit(regex, timeLimit, &status)
        var failed = false
        // An empty text still needs a valid pointer: one unit of storage, of which none is the text.
        let storage = units.isEmpty ? [0] : units
        storage.withUnsafeBufferPointer { buffer in
            swift_uregex_setText(regex, buffer.baseAddress, Int32(units.count), &status)
            var more = swift_uregex_find(regex, 0, &status) != 0
            while status.rawValue <= U_ZERO_ERROR.rawValue, more {
                var ranges: [NSRange] = []
                for group in 0...Int32(groupCount) {
                    let start = swift_uregex_start(regex, group, &status)
                    let end = swift_uregex_end(regex, group, &status)
                    ranges.append(start < 0 ? NSRange(location: NSNotFound, length: 0) : NSRange(location: Int(start), length: Int(end - start)))
                }
                found(ranges)
                guard all else { return }
                more = swift_uregex_findNext(regex, &status) != 0
            }
            failed = status.rawValue > U_ZERO_ERROR.rawValue
        }
        if failed { throw TimedOut() }
        #else
        let text = String(decoding: units, as: UTF16.self)
        let range = NSRange(location: 0, length: units.count)
        if !all {
            if let match = expression.firstMatch(in: text, range: range) { found((0...groupCount).map(match.range(at:))) }
            return
        }
        for match in expression.matches(in: text, range: range) { found((0...groupCount).map(match.range(at:))) }
        #endif
    }
}
