import Foundation
import Recurrence
import Testing
@testable import TaskHarness

/// Whatever the system does — launches at any time, expirations during any stage, faults, process deaths,
/// relaunches, cancellations — a well-written app (the reference job and the thin adapter, no flaws) keeps every
/// invariant of harness-model.md, and the harness neither traps nor hangs. Scenarios are drawn from a fixed seed, so
/// a failure names a reproducible scenario.
@Suite struct RandomScenarioTests {
    /// xorshift64*: a small deterministic generator, so the same scenarios are drawn on every run.
    struct Draws: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
    }

    enum Step: CustomStringConvertible {
        case launch(after: Int, LaunchPlan)
        case advance(Int)
        case expire
        case relaunch
        case terminate
        case forceQuit
        case openApp
        case availability(SchedulerAvailability)
        case update
        case cancel
        case submit(after: Int)
        case setItems([String])

        var description: String {
            switch self {
            case .launch(let after, let plan):
                "launch +\(after)s" + (plan.expireDuring.map { " expire during \($0)" } ?? "")
                    + (plan.fault.map { " fail \($0.stage)" } ?? "") + (plan.interrupt.map { " interrupt \($0)" } ?? "")
            case .advance(let seconds): "advance \(seconds)s"
            case .expire: "expire"
            case .relaunch: "relaunch"
            case .terminate: "terminate"
            case .forceQuit: "force-quit"
            case .openApp: "open-app"
            case .availability(let value): "availability \(value.rawValue)"
            case .update: "update-app"
            case .cancel: "cancel"
            case .submit(let after): "submit +\(after)s"
            case .setItems(let items): "items \(items)"
            }
        }
    }

    static func steps(_ draws: inout Draws) -> [Step] {
        (0..<Int.random(in: 3...12, using: &draws)).map { _ in
            switch Int.random(in: 0..<24, using: &draws) {
            case 0..<9:
                var plan = LaunchPlan()
                switch Int.random(in: 0..<6, using: &draws) {
                case 0: plan.expireDuring = JobStage.allCases.randomElement(using: &draws)
                case 1: plan.fault = InjectedFault(stage: JobStage.allCases.randomElement(using: &draws)!, errorType: "disk-full")
                case 2: plan.interrupt = .afterWrite
                case 3: plan.interrupt = .during(JobStage.allCases.randomElement(using: &draws)!)
                default: break
                }
                return .launch(after: Int.random(in: 0...(3 * 86_400), using: &draws), plan)
            case 9, 10: return .advance(Int.random(in: 1...(2 * 86_400), using: &draws))
            case 11: return .expire
            case 12, 13: return .relaunch
            case 14: return .terminate
            case 15: return .cancel
            case 16, 17: return .submit(after: Int.random(in: 0...86_400, using: &draws))
            case 20: return .forceQuit
            case 21: return .openApp
            case 22: return .availability(Bool.random(using: &draws) ? .refreshDisabled : .available)
            case 23: return .update
            default: return .setItems((0..<Int.random(in: 0...3, using: &draws)).map { "i\($0)" })
            }
        }
    }

    /// What one scenario gave: the report, and whether its last launch was killed in the middle of a stage.
    struct Outcome {
        let report: LifecycleReport
        let lastLaunchKilledMidStage: Bool
        let launches: Int
    }

    /// Runs `steps` against the app `configuration` describes, advancing the manual clock as the steps say.
    static func run(_ steps: [Step], _ configuration: LifecycleConfiguration) async throws -> Outcome {
        let simulation = try await LifecycleSimulation(configuration)
        var now = configuration.clockStart
        var lastLaunchKilledMidStage = false
        var launches = 0
        for step in steps {
            switch step {
            case .launch(let after, let plan):
                now = now.addingTimeInterval(Double(after))
                if case .launched = try await simulation.launch(Fixture.refresh, at: now, plan: plan) {
                    launches += 1
                    if case .during? = plan.interrupt { lastLaunchKilledMidStage = true } else { lastLaunchKilledMidStage = false }
                }
            case .advance(let seconds):
                now = now.addingTimeInterval(Double(seconds))
                try await simulation.advance(to: now)
            case .expire: await simulation.expire(Fixture.refresh)
            case .relaunch: try await simulation.relaunch()
            case .terminate: await simulation.terminate()
            case .forceQuit: try await simulation.forceQuit()
            case .openApp: try await simulation.openApp()
            case .availability(let value): try await simulation.setAvailability(value)
            case .update: try await simulation.updateApp(AppUpdate())
            case .cancel: await simulation.cancel(Fixture.refresh)
            case .submit(let after):
                // The app submits only while its process runs; otherwise the step is a no-op, as in a spec.
                _ = try? await simulation.submit(Fixture.refresh, earliestBeginDate: now.addingTimeInterval(Double(after)))
            case .setItems(let items): await simulation.setItems(items)
            }
        }
        return Outcome(report: await simulation.finish(), lastLaunchKilledMidStage: lastLaunchKilledMidStage, launches: launches)
    }

    /// Half the scenarios follow a nightly schedule across the autumn change, with both repeated 02:30s.
    static func configuration(index: Int) throws -> LifecycleConfiguration {
        var configuration = Fixture.configuration(items: ["42", "43"])
        if index % 2 == 0 {
            configuration.schedule = ScheduleOccurrences(try Schedule(
                id: "nightly-sync", rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!),
                timeZone: TimeZone(identifier: "Europe/Berlin")!, nonexistent: .nextValidTime, repeated: .both))
            configuration.clockStart = instant("2027-10-29T12:00:00+02:00")
        }
        return configuration
    }

    @Test func aWellWrittenAppKeepsEveryInvariantWhateverTheSystemDoes() async throws {
        var draws = Draws(state: 0x5EED_2027)
        var launches = 0, checked = 0
        for index in 0..<120 {
            let steps = Self.steps(&draws)
            let outcome = try await Self.run(steps, Self.configuration(index: index))
            let report = outcome.report
            launches += outcome.launches
            checked += report.checks.count
            #expect(report.failedChecks.isEmpty, "scenario \(index): \(steps) → \(report.failedChecks)")
            #expect(report.defects.isEmpty, "scenario \(index): \(steps) → \(report.defects)")
            // A process killed in the middle of a stage cannot remove its temporary files; the next run does. So only
            // a scenario whose last launch died that way may end with some.
            if !outcome.lastLaunchKilledMidStage {
                #expect(report.temporaryFiles.isEmpty, "scenario \(index): \(steps)")
            }
        }
        // The draws reach real work: launches that ran the job, and every invariant checked each time.
        #expect(launches > 150)
        #expect(checked >= 120 * 8)
    }

    /// Apps with each flaw of the job and of the adapter break invariants by design; whatever the system does, the
    /// harness must still finish every scenario with a report (no trap, no hang, no lifecycle error), and the flaws
    /// must show: across the draws, each one breaks something.
    @Test func everyFlawedAppStillGivesAReport() async throws {
        var draws = Draws(state: 0xF1A3_2027)
        let apps: [(String, (inout LifecycleConfiguration) -> Void)] =
            SyncJob.Flaw.allCases.map { flaw in ("job \(flaw.rawValue)", { $0.jobFlaws = [flaw] }) }
            + FlawedRefreshAdapter.Flaw.allCases.map { flaw in ("adapter \(flaw.rawValue)", { $0.adapter = .flawed(flaw) }) }
        for (name, flaw) in apps {
            var broken = 0
            for index in 0..<16 {
                let steps = Self.steps(&draws)
                var configuration = try Self.configuration(index: index)
                flaw(&configuration)
                let report = try await Self.run(steps, configuration).report
                if !report.failedChecks.isEmpty || !report.defects.isEmpty || !report.temporaryFiles.isEmpty { broken += 1 }
            }
            #expect(broken > 0, "\(name): 16 random scenarios and nothing broke")
        }
    }
}
