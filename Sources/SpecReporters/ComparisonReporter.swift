import Foundation
import SpecResults

/// The text `specrun compare` prints: environment differences (time-zone data first), then each kind of change
/// with both statuses and, where the instants moved, both lists side by side.
public struct ComparisonReporter: Sendable {
    public var color: Bool
    public var glyphs: Glyphs

    public init(color: Bool = false, glyphs: Glyphs = .unicode) {
        self.color = color
        self.glyphs = glyphs
    }

    public func render(_ comparison: RunComparison, oldName: String, newName: String) -> String {
        var out = "Comparing \(oldName) (\(describe(comparison.old.environment))) with \(newName) (\(describe(comparison.new.environment)))\n"
        if comparison.environmentChanges.isEmpty {
            out += "\nEnvironment: no differences\n"
        } else {
            out += "\nEnvironment\n"
            let width = comparison.environmentChanges.map(\.field.count).max() ?? 0
            for change in comparison.environmentChanges {
                out += "  " + change.field.padding(toLength: width, withPad: " ", startingAt: 0)
                    + "  " + change.old + " " + glyphs.arrow + " " + change.new + "\n"
            }
        }
        for kind in RunComparison.Change.Kind.allCases {
            let changes = comparison.changes(kind)
            guard !changes.isEmpty else { continue }
            out += "\n" + paint(title(kind) + " (\(changes.count))", kind == .newlyFailing ? "1;31" : "1") + "\n"
            for change in changes {
                out += "  " + change.id.replacingOccurrences(of: " › ", with: glyphs.separator)
                if let old = change.old, let new = change.new, old.status != new.status {
                    out += "  " + old.status.rawValue + " " + glyphs.arrow + " " + new.status.rawValue
                }
                out += "\n"
                if let message = change.new?.message, kind == .newlyFailing {
                    out += "      " + message + "\n"
                }
                if let old = change.old, let new = change.new, old.actual != new.actual, kind != .added, kind != .removed {
                    out += instants("was", old.actual) + instants("now", new.actual)
                }
            }
        }
        let counts = RunComparison.Change.Kind.allCases.compactMap { kind -> String? in
            let n = comparison.changes(kind).count
            return n == 0 ? nil : "\(n) \(kind.rawValue)"
        }
        out += "\n" + (counts.isEmpty ? "no changes" : counts.joined(separator: ", "))
        out += comparison.regressed ? paint(" — regressed", "1;31") : " — no regressions"
        return out + "\n"
    }

    private func title(_ kind: RunComparison.Change.Kind) -> String {
        kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
    }

    private func instants(_ label: String, _ instants: [ResultInstant]) -> String {
        let shown = instants.prefix(6).map { "\($0.local) [\($0.utc)]" }
        let more = instants.count > 6 ? ", " + glyphs.ellipsis + " \(instants.count - 6) more" : ""
        return "      \(label): " + (shown.isEmpty ? "none" : shown.joined(separator: ", ")) + more + "\n"
    }

    private func describe(_ environment: Environment) -> String {
        "Swift \(environment.swiftVersion), tzdata \(environment.tzdataVersion)"
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
